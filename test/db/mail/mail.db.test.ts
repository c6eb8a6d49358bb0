/**
 * E-mail (docs/correspondence.md#e-mail) through the real service, real Postgres and a real SMTP server on
 * 127.0.0.1 (test/support/smtp-receiver.ts, smtp-server + mailparser): a verified address by a signed link that
 * expires; event mails with one-click unsubscribe (RFC 8058) followed as a mail program would; the daily digest;
 * a notice to the old address; retries with the same Message-ID when the SMTP server refuses for now, is down
 * between messages (nothing lost, nothing twice) or dies during DATA (at most one more copy, the same Message-ID);
 * a hard bounce stopping mail; the caps on verification mail; and no mail at all without SMTP.
 *
 * MAIL_INTERVAL_MS is an hour: mail goes out on the wake-up a queued mail causes, or when a test runs a pass.
 */
import { generateKeyPairSync } from 'node:crypto';
import { MailRepository } from '../../../src/mail/mail.repository';
import { MailWorker } from '../../../src/mail/mail-worker';
import { codeOf, dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import {
  approve,
  authorizationRequest,
  exchange,
  pkce,
  refresh,
  registerApp,
  tokenPair,
} from '../../support/service/oauth';
import { joinGame, readGame } from '../../support/service/play';
import { ReceivedMail, SmtpReceiver, startSmtpReceiver } from '../../support/smtp-receiver';

let smtp: SmtpReceiver;
let app: InProcessApp;

/** An app copy that mails through the test's SMTP server, on the manual clock, passes run only when asked. */
function mailEnv(): Record<string, string> {
  return {
    CLOCK: 'manual',
    SWEEP_INTERVAL_MS: '0',
    MAIL_INTERVAL_MS: '3600000',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Malice <play@malice.example>',
    PUBLIC_URL: 'https://play.malice.example',
  };
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  app = await startAppInProcess({ env: mailEnv() });
});
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

const worker = (): MailWorker => app.get(MailWorker);

/** A link from a mail, followed on the test's server (the mail names PUBLIC_URL). */
function onApp(link: string): string {
  const url = new URL(link);
  return `${app.url}${url.pathname}${url.search}`;
}

function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https://play\\.malice\\.example${path}\\?t=[A-Za-z0-9_.-]+`).exec(
    mail.parsed.text ?? '',
  );
  if (match === null) throw new Error(`no ${path} link in:\n${mail.parsed.text}`);
  return match[0];
}

/** List-Unsubscribe and List-Unsubscribe-Post as mailparser reads them (under `list`). */
function listHeaders(mail: ReceivedMail): { unsubscribe: string | undefined; post: string | undefined } {
  const list = mail.parsed.headers.get('list') as
    { unsubscribe?: { url?: string }; 'unsubscribe-post'?: { name?: string } } | undefined;
  return { unsubscribe: list?.unsubscribe?.url, post: list?.['unsubscribe-post']?.name };
}

async function setAddress(token: string, address: string, target: InProcessApp = app) {
  return target.gql<{ setEmailAddress: { address: string; verified: boolean } }>(
    token,
    'mutation($a: String!) { setEmailAddress(address: $a) { address verified } }',
    { a: address },
  );
}

/** Registers `name` with a verified address `<name>@mail.example`; its token. */
async function verifiedPlayer(name: string): Promise<string> {
  const token = await register(app, name);
  const address = `${name}@mail.example`;
  dataOf(await setAddress(token, address));
  const mail = await smtp.waitFor((candidate) => candidate.envelope.to.includes(address));
  expect((await fetch(onApp(linkIn(mail, '/mail/verify')))).status).toBe(200);
  return token;
}

async function mailSettings(token: string, args: string): Promise<void> {
  dataOf(await app.gql(token, `mutation { updateNotificationSettings(${args}) { timeZone } }`));
}

async function outbox(address: string): Promise<{ kind: string; status: string }[]> {
  return sql(
    app.databaseUrl,
    `SELECT m.kind, m.status FROM mail_outbox m JOIN mail_addresses a ON a.player_id = m.player_id
      WHERE a.address = $1 ORDER BY m.id`,
    [address],
  );
}

it('verifies an address by a signed link that expires, in the player’s language', async () => {
  const token = await register(app, 'mail_ann');
  await mailSettings(token, 'language: SV');
  const answer = dataOf(await setAddress(token, '  Ann@Mail.EXAMPLE ')).setEmailAddress;
  expect(answer).toEqual({ address: 'Ann@mail.example', verified: false });
  const mail = await smtp.waitFor((candidate) => candidate.envelope.to.includes('Ann@mail.example'));
  expect(mail.parsed.subject).toBe('Bekräfta din e-postadress för Malice');
  expect(mail.parsed.from?.value).toEqual([{ name: 'Malice', address: 'play@malice.example' }]);
  expect(mail.parsed.messageId).toMatch(/^<mail-\d+@malice\.example>$/);
  expect(mail.parsed.html).toContain('href="https://play.malice.example/mail/verify?t=');
  const link = linkIn(mail, '/mail/verify');

  // A forged link verifies nothing.
  const forged = link.replace(/t=([A-Za-z0-9_-]+)/, (_whole, body: string) => `t=${body.slice(0, -2)}xx`);
  expect((await fetch(onApp(forged))).status).toBe(400);
  const followed = await fetch(onApp(link));
  expect(followed.status).toBe(200);
  expect(await followed.text()).toMatch(/confirmed/);
  expect(
    dataOf(await app.gql<{ emailAddress: { verified: boolean } }>(token, '{ emailAddress { verified } }')),
  ).toEqual({
    emailAddress: { verified: true },
  });

  // A link of a day ago no longer works.
  const other = await register(app, 'mail_ann2');
  dataOf(await setAddress(other, 'ann2@mail.example'));
  const late = await smtp.waitFor((candidate) => candidate.envelope.to.includes('ann2@mail.example'));
  app.clock().advance(25 * 3_600_000);
  const expired = await fetch(onApp(linkIn(late, '/mail/verify')));
  expect(expired.status).toBe(400);
  expect(await expired.text()).toMatch(/expired/);
});

it('mails a chosen kind with a one-click unsubscribe that a mail program can follow', async () => {
  const ben = await verifiedPlayer('mail_ben');
  const cat = await register(app, 'mail_cat');
  await mailSettings(ben, 'mailKinds: [CHALLENGE_RECEIVED, YOUR_TURN]');
  const gameId = dataOf(
    await app.gql<{ createGame: { id: string } }>(
      cat,
      'mutation { createGame(input: { preset: CLASSIC, opponent: "mail_ben", daysPerMove: 3 }) { id } }',
    ),
  ).createGame.id;
  const mail = await smtp.waitFor(
    (candidate) =>
      candidate.envelope.to.includes('mail_ben@mail.example') &&
      candidate.parsed.subject !== undefined &&
      /challenged/.test(candidate.parsed.subject),
  );
  expect(mail.parsed.text).toContain('mail_cat challenges you to a game.');
  expect(mail.parsed.text).toContain(`https://play.malice.example/games/${gameId}`);
  expect(mail.raw).not.toMatch(/seed|hand/i);
  const unsubscribe = linkIn(mail, '/mail/unsubscribe');
  expect(listHeaders(mail)).toEqual({ unsubscribe, post: 'List-Unsubscribe=One-Click' });

  // A GET (a link scanner) only asks; the one-click POST unsubscribes that kind, and only it.
  const page = await fetch(onApp(unsubscribe));
  expect(await page.text()).toContain('<form method="post"');
  const kinds = async () =>
    dataOf(
      await app.gql<{ notificationSettings: { mailKinds: string[] } }>(
        ben,
        '{ notificationSettings { mailKinds } }',
      ),
    ).notificationSettings.mailKinds;
  expect(await kinds()).toEqual(['YOUR_TURN', 'CHALLENGE_RECEIVED']);
  const posted = await fetch(onApp(unsubscribe), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status).toBe(200);
  expect(await kinds()).toEqual(['YOUR_TURN']);

  // The game starts: "your turn" is mailed to Ben if he is to move, at most once a game in 12 hours.
  await joinGame(app, ben, gameId);
  if ((await readGame(app, ben, gameId)).isMyTurn) {
    const turn = await smtp.waitFor(
      (candidate) =>
        candidate.envelope.to.includes('mail_ben@mail.example') &&
        /Your turn/.test(candidate.parsed.subject ?? ''),
    );
    expect(turn.parsed.text).toMatch(/It is your turn against mail_cat\. 2 days left\./);
  }
});

it('sends the daily digest at the player’s minute, once a day, only when a game waits', async () => {
  const dan = await verifiedPlayer('mail_dan');
  const eve = await register(app, 'mail_eve');
  const gameId = dataOf(
    await app.gql<{ createGame: { id: string } }>(
      eve,
      'mutation { createGame(input: { preset: CLASSIC, opponent: "mail_dan" }) { id } }',
    ),
  ).createGame.id;
  await joinGame(app, dan, gameId);
  const mover = (await readGame(app, dan, gameId)).isMyTurn ? 'mail_dan' : 'mail_eve';
  if (mover !== 'mail_dan') {
    // Only Dan has an address: make it his turn by having Eve pass hers.
    dataOf(await app.gql(eve, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: gameId }));
  }
  // Dan's digest minute is the one just past (UTC, his default zone): due now.
  const now = app.clock().now();
  const minute = (now.getUTCHours() * 60 + now.getUTCMinutes() + 1439) % 1440;
  await mailSettings(dan, `digestMinute: ${minute}`);
  await worker().sendDue();
  if (mover === 'mail_dan') {
    const digest = await smtp.waitFor(
      (candidate) =>
        candidate.envelope.to.includes('mail_dan@mail.example') &&
        /waiting for your move/.test(candidate.parsed.subject ?? ''),
    );
    expect(digest.parsed.text).toContain(`https://play.malice.example/games/${gameId}`);
    expect(listHeaders(digest).post).toBe('List-Unsubscribe=One-Click');
    await worker().sendDue();
    expect((await outbox('mail_dan@mail.example')).filter((mail) => mail.kind === 'DIGEST')).toEqual([
      { kind: 'DIGEST', status: 'SENT' },
    ]);
  } else {
    // The game ended: nothing waits, so no digest is queued.
    expect((await outbox('mail_dan@mail.example')).filter((mail) => mail.kind === 'DIGEST')).toEqual([]);
  }
});

it('tells the old address when a verified one is replaced, and caps verification mail', async () => {
  const fay = await verifiedPlayer('mail_fay');
  dataOf(await setAddress(fay, 'fay.new@mail.example'));
  const notice = await smtp.waitFor(
    (candidate) =>
      candidate.envelope.to.includes('mail_fay@mail.example') &&
      /changed/.test(candidate.parsed.subject ?? ''),
  );
  expect(notice.parsed.text).toContain('fay.new@mail.example');
  await smtp.waitFor((candidate) => candidate.envelope.to.includes('fay.new@mail.example'));
  // Two more to the new address are allowed in a day (three in all); the next is refused, changing nothing.
  dataOf(await setAddress(fay, 'fay.new@mail.example'));
  dataOf(await setAddress(fay, 'fay.new@mail.example'));
  const capped = await setAddress(fay, 'fay.new@mail.example');
  expect(codeOf(capped)).toBe('RATE_LIMITED');
});

it('retries with the same Message-ID: refused for now, down between messages, cut during DATA; a bounce stops mail', async () => {
  const gil = await register(app, 'mail_gil');
  // What earlier tests queued goes first, so that the refusal below meets this test's mail.
  await worker().sendDue();
  // Refused for now (451): the same mail is sent again later.
  smtp.failNext(1, 451);
  dataOf(await setAddress(gil, 'gil@mail.example'));
  await worker().sendDue();
  expect(smtp.refused.map((mail) => mail.envelope.to)).toContainEqual(['gil@mail.example']);
  const refusedId = smtp.refused.at(-1)!.parsed.messageId;
  app.clock().advance(2 * 60_000);
  await worker().sendDue();
  const retried = await smtp.waitFor((mail) => mail.envelope.to.includes('gil@mail.example'));
  expect(retried.parsed.messageId).toBe(refusedId);

  // Down between messages: nothing is lost, and nothing comes twice.
  const port = smtp.port;
  await smtp.stop();
  const hal = await register(app, 'mail_hal');
  const ida = await register(app, 'mail_ida');
  dataOf(await setAddress(hal, 'hal@mail.example'));
  dataOf(await setAddress(ida, 'ida@mail.example'));
  await worker().sendDue();
  smtp = await startSmtpReceiver({ port });
  app.clock().advance(2 * 60_000);
  await worker().sendDue();
  for (const address of ['hal@mail.example', 'ida@mail.example']) {
    await smtp.waitFor((mail) => mail.envelope.to.includes(address));
    expect(smtp.messages.filter((mail) => mail.envelope.to.includes(address))).toHaveLength(1);
  }

  // Cut during DATA: no 250 came, so it is sent again — one copy here, with the same Message-ID.
  smtp.dropDuringData(1);
  const jon = await register(app, 'mail_jon');
  dataOf(await setAddress(jon, 'jon@mail.example'));
  await worker().sendDue();
  expect(smtp.dropped).toBe(1);
  app.clock().advance(2 * 60_000);
  await worker().sendDue();
  const jonMails = smtp.messages.filter((mail) => mail.envelope.to.includes('jon@mail.example'));
  expect(jonMails).toHaveLength(1);
  expect(jonMails[0]!.parsed.messageId).toMatch(/^<mail-\d+@malice\.example>$/);

  // A hard bounce (550 to RCPT TO): the address is marked, and no more mail is queued for it.
  smtp.rejectRecipient('kim@mail.example', 550);
  const kim = await register(app, 'mail_kim');
  dataOf(await setAddress(kim, 'kim@mail.example'));
  await worker().sendDue();
  expect(
    dataOf(await app.gql<{ emailAddress: { bounced: boolean } }>(kim, '{ emailAddress { bounced } }'))
      .emailAddress.bounced,
  ).toBe(true);
  expect(await outbox('kim@mail.example')).toEqual([{ kind: 'VERIFY', status: 'FAILED' }]);
  // Set again (the mailbox fixed), it starts over: the bounce cleared, a new link to verify.
  smtp.rejectRecipient('kim@mail.example', 550);
  const again = dataOf(
    await app.gql<{ setEmailAddress: { verified: boolean; bounced: boolean } }>(
      kim,
      'mutation { setEmailAddress(address: "kim@mail.example") { verified bounced } }',
    ),
  ).setEmailAddress;
  expect(again).toEqual({ verified: false, bounced: false });
});

it('without SMTP the feature is off and says so', async () => {
  const plain = await startAppInProcess({ databaseUrl: app.databaseUrl });
  try {
    const token = await register(plain, 'mail_off');
    const body = await plain.gql(
      token,
      'mutation { setEmailAddress(address: "off@mail.example") { address } }',
    );
    expect(codeOf(body)).toBe('FORBIDDEN');
    expect(body.errors![0]!.message).toMatch(/no SMTP server/);
  } finally {
    await plain.stop();
  }
});

it('two copies sending at once send each mail once', async () => {
  await worker().sendDue();
  const other = await startAppInProcess({ databaseUrl: app.databaseUrl, env: mailEnv() });
  try {
    // One time for both copies (this test's clock was moved on by the tests before): leases are judged by it.
    other.clock().advance(app.clock().now().getTime() - other.clock().now().getTime());
    const addresses = Array.from({ length: 12 }, (_, index) => `twin${index}@mail.example`);
    for (const [index, address] of addresses.entries()) {
      const copy = index % 2 === 0 ? app : other;
      dataOf(await setAddress(await register(copy, `mail_twin${index}`), address, copy));
    }
    await Promise.all([worker().sendDue(), other.get(MailWorker).sendDue(), worker().sendDue()]);
    for (const address of addresses) {
      await smtp.waitFor((mail) => mail.envelope.to.includes(address));
      expect(smtp.messages.filter((mail) => mail.envelope.to.includes(address))).toHaveLength(1);
    }
  } finally {
    await other.stop();
  }
});

it('resets a forgotten password by a link mailed to the verified address: once, within the hour, ending every session', async () => {
  await worker().sendDue();
  const lea = await verifiedPlayer('mail_lea');
  // An app Lea approved: whoever knew the old password may have done it.
  const appOf = await registerApp(app, lea, {
    name: 'Lea’s App',
    redirectUris: ['https://lea.example.org/cb'],
  });
  const pair = pkce();
  const approved = await approve(
    app,
    lea,
    authorizationRequest(appOf.id, 'https://lea.example.org/cb', 'GAME_READ', pair),
  );
  const appTokens = tokenPair(
    await exchange(app, appOf.id, approved.code, 'https://lea.example.org/cb', pair.verifier),
  );
  const reset = (username: string) =>
    app.gql<{ requestPasswordReset: boolean }>(
      null,
      'mutation($u: String!) { requestPasswordReset(username: $u) }',
      {
        u: username,
      },
    );
  // Whoever asks learns nothing: an unknown account answers the same, and nothing is sent.
  expect(dataOf(await reset('mail_nobody'))).toEqual({ requestPasswordReset: true });
  expect(dataOf(await reset('mail_lea'))).toEqual({ requestPasswordReset: true });
  const mail = await smtp.waitFor(
    (candidate) =>
      candidate.envelope.to.includes('mail_lea@mail.example') &&
      /password/i.test(candidate.parsed.subject ?? ''),
  );
  const link = new RegExp('https://play\\.malice\\.example/reset-password\\?t=([A-Za-z0-9_.-]+)').exec(
    mail.parsed.text ?? '',
  );
  expect(link).not.toBeNull();
  const token = link![1]!;
  const choose = (password: string) =>
    app.gql(null, 'mutation($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) }', {
      t: token,
      p: password,
    });
  const weak = await choose('short');
  expect(codeOf(weak)).toBe('BAD_USER_INPUT');
  expect(weak.errors![0]!.extensions).toMatchObject({ field: 'newPassword' });
  expect(dataOf(await choose('a brand new passphrase 42'))).toEqual({ resetPassword: true });
  // Every session ended, and every app approved ended too (its refresh token issues nothing); the new password
  // signs in; the link works once.
  expect(codeOf(await app.gql(lea, '{ me { id } }'))).toBe('UNAUTHENTICATED');
  expect(codeOf(await app.gql(appTokens.accessToken, '{ me { id } }'))).toBe('UNAUTHENTICATED');
  expect((await refresh(app, appOf.id, appTokens.refreshToken)).body['error']).toBe('invalid_grant');
  const login = await app.gql<{ login: { token: string } }>(
    null,
    'mutation { login(username: "mail_lea", password: "a brand new passphrase 42") { token } }',
  );
  expect(dataOf(login).login.token).toBeTruthy();
  const again = await choose('another passphrase 4242');
  expect(codeOf(again)).toBe('BAD_USER_INPUT');
  expect(again.errors![0]!.message).toMatch(/used, or replaced/);

  // A link more than an hour old no longer works.
  dataOf(await reset('mail_lea'));
  const late = await smtp.waitFor(
    (candidate) =>
      candidate.envelope.to.includes('mail_lea@mail.example') &&
      /password/i.test(candidate.parsed.subject ?? '') &&
      candidate !== mail,
  );
  const lateToken = /reset-password\?t=([A-Za-z0-9_.-]+)/.exec(late.parsed.text ?? '')![1]!;
  app.clock().advance(61 * 60_000);
  const expired = await app.gql(
    null,
    'mutation($t: String!) { resetPassword(token: $t, newPassword: "yet another passphrase 7") }',
    {
      t: lateToken,
    },
  );
  expect(expired.errors![0]!.message).toMatch(/expired/);
});

it('a mail claimed by a copy that died goes once its lease runs out; DKIM signs when a key is set', async () => {
  await worker().sendDue();
  const signing = await startAppInProcess({
    databaseUrl: app.databaseUrl,
    env: {
      ...mailEnv(),
      DKIM_DOMAIN: 'malice.example',
      DKIM_SELECTOR: 'test',
      DKIM_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }) as string,
    },
  });
  try {
    signing.clock().advance(app.clock().now().getTime() - signing.clock().now().getTime());
    const mia = await register(signing, 'mail_mia');
    dataOf(await setAddress(mia, 'mia@mail.example', signing));
    const signed = await smtp.waitFor((mail) => mail.envelope.to.includes('mia@mail.example'));
    expect(signed.raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256;[\s\S]*d=malice\.example;[\s\S]*s=test;/m);

    // A copy claims a mail and dies before sending it (the claim, as its worker makes it, and nothing after).
    await register(app, 'mail_ned');
    const repository = app.get(MailRepository);
    const queuedAt = app.clock().now();
    await repository.changeAddress(
      (await sql<{ id: string }>(app.databaseUrl, "SELECT id FROM players WHERE username = 'mail_ned'"))[0]!
        .id,
      'ned@mail.example',
      null,
      queuedAt,
    );
    const claimed = await repository.claim(queuedAt, 6, 10, new Date(queuedAt.getTime() + 120_000), 0);
    expect(claimed.map((mail) => mail.kind)).toEqual(['VERIFY']);
    await worker().sendDue();
    expect(smtp.messages.filter((mail) => mail.envelope.to.includes('ned@mail.example'))).toEqual([]);
    app.clock().advance(121_000);
    await worker().sendDue();
    await smtp.waitFor((mail) => mail.envelope.to.includes('ned@mail.example'));
    expect(smtp.messages.filter((mail) => mail.envelope.to.includes('ned@mail.example'))).toHaveLength(1);
  } finally {
    await signing.stop();
  }
});
