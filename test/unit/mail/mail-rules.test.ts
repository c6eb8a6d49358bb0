/**
 * The rules of e-mail (src/mail/mail-policy.ts), its signed links (src/mail/link-signing.ts) and its words
 * (src/mail/mail-message.ts): which addresses are taken, what an SMTP answer means (a mail is sent again only when
 * no 250 came after DATA), when the digest is due, links nobody can forge, and mails in the player's language.
 */
import { readLink, signLink } from '../../../src/mail/link-signing';
import { composeMail } from '../../../src/mail/mail-message';
import { MAX_MAIL_ATTEMPTS, checkAddress, digestDue, mailVerdict } from '../../../src/mail/mail-policy';
import { DEFAULT_SETTINGS } from '../../../src/notifications/notification-settings';

const now = new Date('2026-12-07T09:30:00Z');

describe('addresses', () => {
  it('takes an address, trimmed, its domain lower-cased; refuses what is none', () => {
    expect(checkAddress('  Ann.Smith+malice@Example.COM ')).toBe('Ann.Smith+malice@example.com');
    for (const bad of [
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'a b@example.com',
      `${'a'.repeat(250)}@example.com`,
      'ann@ex<ample.com',
    ])
      expect(() => checkAddress(bad)).toThrow(/e-mail address/);
  });
});

describe('what an SMTP answer means', () => {
  it('no error is sent; 5xx to the recipient is a bounce; other 5xx fail; 4xx and silence are tried again', () => {
    expect(mailVerdict(null, 1, now)).toEqual({ kind: 'sent' });
    expect(mailVerdict({ responseCode: 550, command: 'RCPT TO', code: 'EENVELOPE' }, 1, now)).toEqual({
      kind: 'bounced',
    });
    expect(mailVerdict({ responseCode: 550, command: null, code: 'EENVELOPE' }, 1, now)).toEqual({
      kind: 'bounced',
    });
    expect(mailVerdict({ responseCode: 554, command: 'DATA', code: 'EMESSAGE' }, 1, now)).toEqual({
      kind: 'failed',
    });
    expect(mailVerdict({ responseCode: 451, command: 'DATA', code: 'EMESSAGE' }, 1, now)).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 60_000),
    });
    // The connection died (during DATA, say): no 250 came, so it may not have been taken — tried again.
    expect(mailVerdict({ responseCode: null, command: 'CONN', code: 'ECONNECTION' }, 2, now)).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 300_000),
    });
    expect(
      mailVerdict({ responseCode: 421, command: 'CONN', code: 'ECONNECTION' }, MAX_MAIL_ATTEMPTS, now),
    ).toEqual({
      kind: 'failed',
    });
  });
});

describe('the digest', () => {
  it('is due once a day, from the player’s digest minute in their time zone', () => {
    const stockholm = { ...DEFAULT_SETTINGS, timeZone: 'Europe/Stockholm', digestMinute: 10 * 60 };
    // 09:30 UTC is 10:30 in Stockholm.
    expect(digestDue(now, stockholm, null)).toBe(true);
    expect(digestDue(now, { ...stockholm, digestMinute: 11 * 60 }, null)).toBe(false);
    expect(digestDue(now, stockholm, new Date(now.getTime() - 3_600_000))).toBe(false);
    expect(digestDue(now, stockholm, new Date(now.getTime() - 24 * 3_600_000))).toBe(true);
    expect(digestDue(now, { ...stockholm, digestMinute: null }, null)).toBe(false);
  });
});

describe('signed links', () => {
  const claims = { use: 'unsubscribe', player: 'p1', kind: 'YOUR_TURN' } as const;
  it('read back what was signed, and nothing else', () => {
    const token = signLink('secret-a', claims);
    expect(readLink('secret-a', token)).toEqual(claims);
    expect(readLink('secret-b', token)).toBeNull();
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, player: 'p2' })).toString('base64url');
    expect(readLink('secret-a', `${forged}.${mac}`)).toBeNull();
    expect(readLink('secret-a', body)).toBeNull();
    expect(readLink('secret-a', `${token}.x`)).toBeNull();
  });
});

describe('a mail’s words', () => {
  const game = {
    url: 'https://play.example.com/games/g1',
    opponents: ['ann'],
    deadline: new Date(now.getTime() + 50 * 3_600_000),
  };
  it('say whose turn and how long is left, link the game, and offer to stop in text and HTML', () => {
    const mail = composeMail(
      { kind: 'YOUR_TURN', game },
      'en',
      now,
      'https://play.example.com/mail/unsubscribe?t=x',
    );
    expect(mail.subject).toBe('Your turn in Malice');
    expect(mail.text).toContain('It is your turn against ann. 2 days left.');
    expect(mail.text).toContain('Open the game: https://play.example.com/games/g1');
    expect(mail.text).toContain('Stop these mails: https://play.example.com/mail/unsubscribe?t=x');
    expect(mail.html).toContain('<a href="https://play.example.com/games/g1">Open the game</a>');
    expect(composeMail({ kind: 'YOUR_TURN', game }, 'sv', now, null).text).toContain(
      'Det är din tur mot ann. 2 dagar kvar.',
    );
    expect(composeMail({ kind: 'YOUR_TURN', game }, 'ru', now, null).subject).toBe('Ваш ход в Malice');
  });

  it('escape names in HTML, and a digest lists every game', () => {
    const mail = composeMail(
      {
        kind: 'DIGEST',
        games: [
          { ...game, opponents: ['<b>eve</b>'] },
          { ...game, url: 'https://play.example.com/games/g2' },
        ],
      },
      'en',
      now,
      null,
    );
    expect(mail.html).not.toContain('<b>eve</b>');
    expect(mail.html).toContain('&#60;b&#62;eve');
    expect(mail.text).toContain('2 games wait for your move:');
    expect(mail.text).toContain('https://play.example.com/games/g2');
  });
});
