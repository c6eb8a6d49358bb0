/**
 * The tests' SMTP server (test/support/smtp-receiver.ts) against nodemailer's SMTP transport, the sender the
 * server uses: plain SMTP on 127.0.0.1, no TLS. What arrives is parsed and recorded once answered 250; what the
 * receiver is told to refuse (a 4xx or 5xx at the end of DATA, a refused recipient), a connection dropped in the
 * middle of DATA and a stopped receiver are what nodemailer reports as failures, with nothing recorded as received.
 */
import { spawnSync } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { SendMailOptions } from 'nodemailer/lib/mailer';
import type { SMTPSentMessageInfo, SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import { type SmtpReceiver, startSmtpReceiver } from '../../support/smtp-receiver';

const FROM = 'Malice <noreply@malice.test>';
const TO = 'ada@players.test';

/** nodemailer as the server will use it: SMTP in plain text to 127.0.0.1, never trying STARTTLS. */
function transport(
  port: number,
  auth?: { user: string; pass: string },
): Mail<SMTPSentMessageInfo, SMTPTransportOptions> {
  return createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, auth });
}

/** A message of its own subject to TO, sent on a new connection to `port`. */
function send(port: number, subject: string, extra: SendMailOptions = {}): Promise<SMTPSentMessageInfo> {
  return transport(port).sendMail({ from: FROM, to: TO, subject, text: subject, ...extra });
}

let receiver: SmtpReceiver;
beforeEach(async () => {
  receiver = await startSmtpReceiver();
});
afterEach(async () => {
  await receiver.stop();
});

describe('the tests’ SMTP receiver', () => {
  it('receives a message with text, HTML and List-Unsubscribe headers, and parses it', async () => {
    const arrival = receiver.waitFor((mail) => mail.parsed.subject === 'Your turn in g1');
    const before = Date.now();

    const info = await send(receiver.port, 'Your turn in g1', {
      text: 'Ada played 7H. Your turn: https://malice.test/games/g1',
      html: '<p>Ada played <b>7H</b>. <a href="https://malice.test/games/g1">Your turn</a></p>',
      headers: {
        'List-Unsubscribe': '<https://malice.test/unsubscribe/t0ken>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });

    expect(info.response).toMatch(/^250 /);
    expect(info.accepted).toEqual([TO]);
    const mail = await arrival;
    expect(receiver.messages).toEqual([mail]);
    expect(mail.envelope).toEqual({ from: 'noreply@malice.test', to: [TO] });
    expect(mail.user).toBeNull();
    expect(mail.receivedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(mail.receivedAt.getTime()).toBeLessThanOrEqual(Date.now());
    const { parsed } = mail;
    expect(parsed.messageId).toBe(info.messageId);
    expect(parsed.from?.value).toEqual([{ name: 'Malice', address: 'noreply@malice.test' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: TO }] });
    expect(parsed.text?.trim()).toBe('Ada played 7H. Your turn: https://malice.test/games/g1');
    expect(parsed.html).toBe(
      '<p>Ada played <b>7H</b>. <a href="https://malice.test/games/g1">Your turn</a></p>',
    );
    // mailparser gathers the List-* headers under `list` (RFC 2369, RFC 8058).
    expect(parsed.headers.get('list')).toEqual({
      unsubscribe: { url: 'https://malice.test/unsubscribe/t0ken' },
      'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' },
    });
    expect(mail.raw).toContain('List-Unsubscribe: <https://malice.test/unsubscribe/t0ken>\r\n');
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(receiver.refused).toEqual([]);
    expect(receiver.errors).toEqual([]);
  });

  it('answers the next message 451 when told to, then takes the one after', async () => {
    receiver.failNext(1, 451);

    await expect(send(receiver.port, 'first try')).rejects.toMatchObject({
      code: 'EMESSAGE',
      responseCode: 451,
    });
    expect(receiver.messages).toEqual([]);
    expect(receiver.refused).toMatchObject([
      { code: 451, envelope: { to: [TO] }, parsed: { subject: 'first try' } },
    ]);

    expect((await send(receiver.port, 'second try')).response).toMatch(/^250 /);
    expect(receiver.messages.map((mail) => mail.parsed.subject)).toEqual(['second try']);
    expect(receiver.refused).toHaveLength(1);
  });

  it('answers several messages a permanent 550 in a row', async () => {
    receiver.failNext(2, 550);
    for (const subject of ['one', 'two'])
      await expect(send(receiver.port, subject)).rejects.toMatchObject({ responseCode: 550 });
    await send(receiver.port, 'three');
    expect(receiver.refused.map(({ code, parsed }) => [code, parsed.subject])).toEqual([
      [550, 'one'],
      [550, 'two'],
    ]);
    expect(receiver.messages.map((mail) => mail.parsed.subject)).toEqual(['three']);
  });

  it('refuses a recipient it is told to refuse: a hard bounce for that address only', async () => {
    receiver.rejectRecipient('Gone@Players.test', 550);

    await expect(send(receiver.port, 'to nobody', { to: 'gone@players.test' })).rejects.toMatchObject({
      code: 'EENVELOPE',
      responseCode: 550,
      rejected: ['gone@players.test'],
    });
    expect(receiver.messages).toEqual([]);
    expect(receiver.rejectedRecipients).toEqual([{ address: 'gone@players.test', code: 550 }]);

    // With another recipient the message goes to that one, and nodemailer says which was refused.
    const info = await send(receiver.port, 'to both', { to: ['gone@players.test', TO] });
    expect({ accepted: info.accepted, rejected: info.rejected }).toEqual({
      accepted: [TO],
      rejected: ['gone@players.test'],
    });
    expect(receiver.messages.map(({ envelope }) => envelope)).toEqual([
      { from: 'noreply@malice.test', to: [TO] },
    ]);
    expect(receiver.rejectedRecipients).toHaveLength(2);
  });

  it('drops the connection in the middle of DATA when told to: the send fails and nothing is received', async () => {
    receiver.dropDuringData(2);
    // failNext waits behind the drops: they take the messages they are given, the refusal the one after.
    receiver.failNext(1, 451);

    // The connection dies once the first bytes are in. nodemailer sees it closed (ECONNECTION) when the receiver had
    // read all that came, or reset (ESOCKET) when bytes were left unread, as for a long message still being sent;
    // which one depends on the timing, and neither comes with an SMTP answer.
    for (const text of ['short', 'x'.repeat(200_000)]) {
      const cut = await send(receiver.port, 'cut off', { text }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(cut).toMatchObject({ code: expect.stringMatching(/^(ECONNECTION|ESOCKET)$/) });
      expect(cut).not.toHaveProperty('responseCode');
    }
    expect(receiver.dropped).toBe(2);
    expect(receiver.messages).toEqual([]);
    expect(receiver.refused).toEqual([]);

    await expect(send(receiver.port, 'refused')).rejects.toMatchObject({ responseCode: 451 });
    await send(receiver.port, 'whole');
    expect(receiver.dropped).toBe(2);
    expect(receiver.messages.map((mail) => mail.parsed.subject)).toEqual(['whole']);
  });

  it('takes AUTH PLAIN with its credentials, refuses others with 535, and serves a sender without AUTH', async () => {
    const secured = await startSmtpReceiver({ credentials: { user: 'malice', pass: 's3cret' } });
    try {
      const message = { from: FROM, to: TO, subject: 'authenticated', text: 'hello' };
      const wrong = transport(secured.port, { user: 'malice', pass: 'wrong' }).sendMail(message);
      await expect(wrong).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
      await transport(secured.port, { user: 'malice', pass: 's3cret' }).sendMail(message);
      await transport(secured.port).sendMail({ ...message, subject: 'anonymous' });
      expect(secured.messages.map(({ user, parsed }) => [user, parsed.subject])).toEqual([
        ['malice', 'authenticated'],
        [null, 'anonymous'],
      ]);
    } finally {
      await secured.stop();
    }
  });

  it('stops (the port refuses connections) and starts again on the same port', async () => {
    const { port } = receiver;
    await send(port, 'before');
    await receiver.stop();

    await expect(send(port, 'while stopped')).rejects.toMatchObject({ code: 'ESOCKET' });

    receiver = await startSmtpReceiver({ port });
    expect(receiver.port).toBe(port);
    await send(port, 'after');
    expect(receiver.messages.map((mail) => mail.parsed.subject)).toEqual(['after']);
  });

  it('closes an open connection at once when stopped, not after smtp-server’s 30 s grace', async () => {
    const client = net.connect(receiver.port, '127.0.0.1');
    const greeting = new Promise<string>((resolve) =>
      client.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.on('error', () => undefined);
    expect(await greeting).toMatch(/^220 .* ESMTP/);

    await receiver.stop();
    await closed;
    expect(client.destroyed).toBe(true);
  }, 10_000);

  it('waits for a message to come, and says what came when none matches in time', async () => {
    const second = receiver.waitFor((mail) => mail.parsed.subject === 'second');
    await send(receiver.port, 'first');
    await send(receiver.port, 'second');
    expect((await second).parsed.subject).toBe('second');
    // Already arrived: found at once.
    expect((await receiver.waitFor((mail) => mail.parsed.subject === 'first')).parsed.subject).toBe('first');

    receiver.failNext(1, 451);
    await expect(send(receiver.port, 'refused one')).rejects.toMatchObject({ responseCode: 451 });
    await expect(receiver.waitFor((mail) => mail.parsed.subject === 'third', 100)).rejects.toThrow(
      'no matching mail within 100 ms (2 received: "first" noreply@malice.test → ada@players.test; ' +
        '"second" noreply@malice.test → ada@players.test, 1 refused: 451 "refused one" noreply@malice.test → ' +
        'ada@players.test, 0 recipients rejected, 0 dropped during DATA)',
    );
  });

  it('rejects a pending wait when stopped', async () => {
    const waiting = receiver.waitFor(() => true);
    await receiver.stop();
    await expect(waiting).rejects.toThrow(/SMTP receiver stopped \(0 received/);
    receiver = await startSmtpReceiver();
  });
});

/**
 * nodemailer, smtp-server and mailparser on this Node, in a process of their own: a deprecation is printed once per
 * process, and jest's test `process` does not hear the process's own warnings, so stderr of a fresh process is what
 * shows one. CI runs the unit tier on Node 26 and 24 (docs/testing.md#node).
 */
describe('nodemailer, smtp-server and mailparser on this Node', () => {
  const TSX_CLI = require.resolve('tsx/cli');
  const RECEIVER = path.resolve(__dirname, '../../support/smtp-receiver.ts');
  const run = (script: string): { stdout: string; stderr: string; status: number | null } =>
    spawnSync(process.execPath, [TSX_CLI, '-e', script], { encoding: 'utf8', timeout: 60000 });

  it('print no warning while a message is sent, received, refused and parsed', () => {
    const script = `
      (async () => {
        const { createTransport } = require('nodemailer');
        const { startSmtpReceiver } = require(${JSON.stringify(RECEIVER)});
        const receiver = await startSmtpReceiver();
        const transport = createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });
        const message = { from: 'noreply@malice.test', to: 'ada@players.test', subject: 'hello', text: 'text',
          html: '<p>html</p>', headers: { 'List-Unsubscribe': '<https://malice.test/u>' } };
        receiver.failNext(1, 451);
        const refused = await transport.sendMail(message).then(() => null, (error) => error.responseCode);
        const info = await transport.sendMail(message);
        await receiver.stop();
        process.stdout.write(JSON.stringify({ refused, response: info.response.slice(0, 3),
          subjects: receiver.messages.map((m) => m.parsed.subject) }) + '\\n');
      })();
    `;
    const child = run(script);
    expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(child.stdout)).toEqual({ refused: 451, response: '250', subjects: ['hello'] });
  });

  it('would show a warning there: smtp-server’s own, for a server that could STARTTLS on its built-in key', () => {
    const child = run(`new (require('smtp-server').SMTPServer)({});`);
    expect(child.stderr).toMatch(/WARNING: smtp-server is using the built-in default TLS certificate/);
  });
});
