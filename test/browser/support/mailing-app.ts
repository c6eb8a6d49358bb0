/**
 * The compiled server sending mail to a real SMTP server on 127.0.0.1 (test/support/smtp-receiver.ts), with
 * PUBLIC_URL its own origin, so the links in its mails open in the test's browser on the page's own origin (where
 * the page keeps its session). The port is chosen before the server starts, since PUBLIC_URL must name it.
 */
import * as net from 'node:net';
import { type TestApp, startTestApp } from '../../support/service/app';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from '../../support/smtp-receiver';

export interface MailingApp {
  readonly app: TestApp;
  readonly smtp: SmtpReceiver;
  /** Stops the server, then the SMTP server. */
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 now (the system's choice for port 0, given back at once). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startMailingApp(env: Record<string, string> = {}): Promise<MailingApp> {
  const smtp = await startSmtpReceiver();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let app: TestApp;
  try {
    app = await startTestApp({
      env: {
        PORT: String(port),
        PUBLIC_URL: origin,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Malice <play@malice.example>',
        ...env,
      },
    });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  if (app.url !== origin) throw new Error(`the server serves at ${app.url}, not at its PUBLIC_URL ${origin}`);
  return {
    app,
    smtp,
    async stop() {
      await app.stop();
      await smtp.stop();
    },
  };
}

/** The link to `path` (e.g. `/mail/verify`) in a mail's text, on `origin`; throws, with the text, when none is. */
export function linkIn(mail: ReceivedMail, origin: string, path: string): string {
  const escaped = `${origin}${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?t=[A-Za-z0-9_.-]+`).exec(mail.parsed.text ?? '');
  if (match === null)
    throw new Error(`no ${origin}${path} link in the mail "${mail.parsed.subject}":\n${mail.parsed.text}`);
  return match[0];
}
