/**
 * An SMTP server on 127.0.0.1 for tests (the `smtp-server` package): it receives what the server sends with
 * nodemailer, parses each message with mailparser's `simpleParser`, and records it once the whole DATA was read
 * and answered 250, so a test asserts what arrived (envelope, raw text, subject, bodies, headers).
 *
 * Plain SMTP only: no TLS (`secure: false`, STARTTLS disabled — which also keeps smtp-server from warning about
 * its built-in certificate on stderr), AUTH PLAIN optional. Faults a sender's retries must survive are injected
 * per message: a refusal at the end of DATA (`failNext`), a refused recipient (`rejectRecipient`), a connection
 * dropped in the middle of DATA (`dropDuringData`), and the server going away (`stop`, then a new receiver on
 * the same `port`). test/unit/mail/smtp-receiver.test.ts holds it to nodemailer.
 */
import { Arrivals } from './arrivals';
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerError, type SMTPServerSession } from 'smtp-server';

/**
 * The refusals the receiver can answer, with their text: 4xx a temporary failure the sender retries, 5xx a
 * permanent one (RFC 5321 §4.2.2–4.2.3). 421 also closes the connection, as RFC 5321 §3.8 has it.
 */
export const SMTP_REFUSALS = {
  421: 'Service not available, closing transmission channel',
  450: 'Requested mail action not taken: mailbox unavailable',
  451: 'Requested action aborted: local error in processing',
  452: 'Requested action not taken: insufficient system storage',
  550: 'Requested action not taken: no such user',
  551: 'User not local',
  552: 'Requested mail action aborted: exceeded storage allocation',
  553: 'Requested action not taken: mailbox name not allowed',
  554: 'Transaction failed',
} as const;
export type SmtpRefusalCode = keyof typeof SMTP_REFUSALS;

/** The SMTP envelope: MAIL FROM (empty for the null sender) and every accepted RCPT TO, in order. */
export interface SmtpEnvelope {
  from: string;
  to: string[];
}

/** A message read in full: its envelope, its text as it came (dot-unstuffed, no final dot) and as parsed. */
export interface ReceivedMail {
  envelope: SmtpEnvelope;
  /** The user name of AUTH PLAIN, or null when the sender did not authenticate. */
  user: string | null;
  raw: string;
  /** mailparser's reading: `subject`, `text`, `html`, `headers` (a Map by lower-case name), `messageId`, … */
  parsed: ParsedMail;
  receivedAt: Date;
}

/** A message read in full and answered with a refusal (`failNext`) instead of 250. */
export interface RefusedMail extends ReceivedMail {
  code: SmtpRefusalCode;
}

/** A RCPT TO answered with a refusal (`rejectRecipient`). */
export interface RejectedRecipient {
  address: string;
  code: SmtpRefusalCode;
}

export interface SmtpReceiverOptions {
  /** The port on 127.0.0.1; 0 (the default) takes a free one. */
  port?: number;
  /**
   * The only AUTH PLAIN credentials taken (others are answered 535). Without them, any AUTH PLAIN is taken.
   * Authentication stays optional either way: a sender that does not authenticate is served too.
   */
  credentials?: { user: string; pass: string };
}

export interface SmtpReceiver {
  readonly port: number;
  /** Every message answered 250, in order of arrival. */
  readonly messages: readonly ReceivedMail[];
  /** Every message answered with a refusal at the end of DATA (`failNext`), in order of arrival. */
  readonly refused: readonly RefusedMail[];
  /** Every RCPT TO refused (`rejectRecipient`), in order of arrival. */
  readonly rejectedRecipients: readonly RejectedRecipient[];
  /** How many messages lost their connection in the middle of DATA (`dropDuringData`). */
  readonly dropped: number;
  /** Errors smtp-server reported (a client's connection failing); a test may assert there were none. */
  readonly errors: readonly Error[];
  /** The next `count` messages are answered `code` at the end of DATA, after being read in full. */
  failNext(count: number, code: SmtpRefusalCode): void;
  /** Every later RCPT TO of `address` (case-insensitive) is answered `code`: 550 is a hard bounce. */
  rejectRecipient(address: string, code: SmtpRefusalCode): void;
  /**
   * The next `count` messages lose their connection once the first bytes of DATA arrived, before any answer:
   * the sender sees the connection die, and nothing is recorded but `dropped`. It goes before `failNext`.
   */
  dropDuringData(count: number): void;
  /** The first message answered 250 (already arrived or still to come) that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops listening and closes every open connection at once; resolves once the port is free. */
  stop(): Promise<void>;
}

/** An error smtp-server answers with `code` and the code's text. */
function refusal(code: SmtpRefusalCode): SMTPServerError {
  return Object.assign(new Error(SMTP_REFUSALS[code]), { responseCode: code });
}

export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const arrivals = new Arrivals<ReceivedMail>('mail', () => summary());
  const messages = arrivals.items;
  const refused: RefusedMail[] = [];
  const rejectedRecipients: RejectedRecipient[] = [];
  const errors: Error[] = [];
  const failures: SmtpRefusalCode[] = [];
  const rejections = new Map<string, SmtpRefusalCode>();
  let drops = 0;
  let dropped = 0;
  // The client's socket by its port (every client is on 127.0.0.1): smtp-server hands its handlers the session,
  // not the socket, and dropDuringData and stop need the socket itself.
  const sockets = new Map<number, Socket>();

  const record = (mail: ReceivedMail): void => arrivals.add(mail);

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const { credentials } = options;
      if (
        credentials !== undefined &&
        (auth.username !== credentials.user || auth.password !== credentials.pass)
      )
        return callback(null, { message: 'Authentication credentials invalid', responseCode: 535 });
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      const code = rejections.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      rejectedRecipients.push({ address: address.address, code });
      callback(refusal(code));
    },
    onData(stream, session, callback) {
      const socket = sockets.get(session.remotePort);
      const drop = drops > 0 && socket !== undefined;
      if (drop) drops -= 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (drop && !socket.destroyed) {
          dropped += 1;
          socket.destroy();
        }
      });
      // smtp-server ends the stream with an error when the connection closes in the middle of DATA.
      stream.on('error', () => undefined);
      stream.on('end', () => {
        if (drop) return;
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then(
          (parsed) => {
            // A connection closed while the message was parsed (a stop) gets no answer: nothing is recorded.
            if (socket === undefined || socket.destroyed) return;
            const mail: ReceivedMail = {
              envelope: envelopeOf(session),
              user: typeof session.user === 'string' ? session.user : null,
              raw: raw.toString('utf8'),
              parsed,
              receivedAt: new Date(),
            };
            const code = failures.shift();
            if (code === undefined) {
              // smtp-server writes the 250 within this call, so the message is recorded once it was answered
              // and before the sender can read the answer.
              callback();
              record(mail);
            } else {
              callback(refusal(code));
              refused.push({ ...mail, code });
            }
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  server.on('error', (error) => errors.push(error));
  server.server.on('connection', (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.once('close', () => sockets.delete(port));
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    messages,
    refused,
    rejectedRecipients,
    get dropped() {
      return dropped;
    },
    errors,
    failNext(count, code) {
      for (let i = 0; i < count; i += 1) failures.push(code);
    },
    rejectRecipient(address, code) {
      rejections.set(address.toLowerCase(), code);
    },
    dropDuringData(count) {
      drops += count;
    },
    waitFor(predicate, timeoutMs = 5000) {
      return arrivals.waitFor(predicate, timeoutMs);
    },
    async stop() {
      arrivals.stop('SMTP receiver stopped');
      // smtp-server's close waits for open connections (30 s by default) before it ends them: end them now.
      const closed = new Promise<void>((resolve) => server.close(resolve));
      for (const socket of sockets.values()) socket.destroy();
      await closed;
    },
  };

  /** What arrived, for an error: each message's envelope and subject, the refusals and drops. */
  function summary(): string {
    const describe = (mail: ReceivedMail): string =>
      `${JSON.stringify(mail.parsed.subject ?? null)} ${mail.envelope.from} → ${mail.envelope.to.join(', ')}`;
    const received = messages.map(describe);
    return [
      `${messages.length} received${received.length > 0 ? `: ${received.join('; ')}` : ''}`,
      `${refused.length} refused${refused.length > 0 ? `: ${refused.map((mail) => `${mail.code} ${describe(mail)}`).join('; ')}` : ''}`,
      `${rejectedRecipients.length} recipients rejected${rejectedRecipients.length > 0 ? `: ${rejectedRecipients.map(({ address, code }) => `${code} ${address}`).join(', ')}` : ''}`,
      `${dropped} dropped during DATA`,
    ].join(', ');
  }
}

function envelopeOf(session: SMTPServerSession): SmtpEnvelope {
  const { mailFrom, rcptTo } = session.envelope;
  return { from: mailFrom === false ? '' : mailFrom.address, to: rcptTo.map(({ address }) => address) };
}
