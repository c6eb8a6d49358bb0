/**
 * What moderation may do to whom (src/moderation/decisions.ts), and how `npm run admin` reads its command line
 * (src/cli/admin-args.ts): pure, without a database.
 */
import { UsageError, auditLine, parseAdminArgs } from '../../../src/cli/admin-args';
import { BUILTIN_BOTS } from '../../../src/players/builtin-bots';
import type { PlayerRecord } from '../../../src/players/players.service';
import {
  checkedReason,
  disableRefusal,
  enableRefusal,
  grantRefusal,
} from '../../../src/moderation/decisions';

const CREATED = new Date('2026-12-01T12:00:00Z');
const person: PlayerRecord = {
  id: '6b0c7f0e-0000-4000-8000-000000000001',
  username: 'mallory',
  isBot: false,
  createdAt: CREATED,
  deletedAt: null,
  isAdmin: false,
  disabledAt: null,
  guestSince: null,
};
const admin: PlayerRecord = {
  ...person,
  id: '6b0c7f0e-0000-4000-8000-000000000002',
  username: 'boss',
  isAdmin: true,
};
const CLI = { via: 'CLI' } as const;

describe('disableRefusal', () => {
  it('lets a person be disabled, by an admin or the command line', () => {
    expect(disableRefusal({ player: person, otherEnabledAdmins: 0 }, CLI)).toBeNull();
    expect(
      disableRefusal({ player: person, otherEnabledAdmins: 0 }, { via: 'API', playerId: admin.id }),
    ).toBeNull();
  });

  it('refuses a built-in bot, oneself, the last enabled admin, a deleted and a disabled account', () => {
    const bot = BUILTIN_BOTS[0]!;
    const builtin = { ...person, id: bot.playerId, username: bot.username, isBot: true };
    expect(disableRefusal({ player: builtin, otherEnabledAdmins: 1 }, CLI)?.code).toBe('FORBIDDEN');
    expect(
      disableRefusal({ player: admin, otherEnabledAdmins: 1 }, { via: 'API', playerId: admin.id })?.code,
    ).toBe('FORBIDDEN');
    expect(disableRefusal({ player: admin, otherEnabledAdmins: 0 }, CLI)?.message).toContain(
      'last enabled admin',
    );
    expect(disableRefusal({ player: admin, otherEnabledAdmins: 1 }, CLI)).toBeNull();
    expect(
      disableRefusal({ player: { ...person, deletedAt: CREATED }, otherEnabledAdmins: 1 }, CLI)?.code,
    ).toBe('NOT_FOUND');
    expect(
      disableRefusal({ player: { ...person, disabledAt: CREATED }, otherEnabledAdmins: 1 }, CLI)?.code,
    ).toBe('BAD_USER_INPUT');
  });
});

describe('enableRefusal and grantRefusal', () => {
  it('enables only a disabled account', () => {
    expect(enableRefusal({ ...person, disabledAt: CREATED })).toBeNull();
    expect(enableRefusal(person)?.code).toBe('BAD_USER_INPUT');
    expect(enableRefusal({ ...person, deletedAt: CREATED })?.code).toBe('NOT_FOUND');
  });

  it('grants the role to a live person only: never a bot account, a disabled or a deleted one', () => {
    expect(grantRefusal(person)).toBeNull();
    expect(grantRefusal({ ...person, isBot: true })?.code).toBe('FORBIDDEN');
    expect(grantRefusal({ ...person, disabledAt: CREATED })?.code).toBe('FORBIDDEN');
    expect(grantRefusal({ ...person, deletedAt: CREATED })?.code).toBe('NOT_FOUND');
  });
});

describe('checkedReason', () => {
  it('trims a reason, and refuses one that is empty or longer than 500 characters', () => {
    expect(checkedReason('  spam  ')).toBe('spam');
    expect(checkedReason('é'.repeat(500))).toHaveLength(500);
    for (const reason of ['', '  \n ', 'x'.repeat(501)]) {
      expect(() => checkedReason(reason)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
    }
  });
});

describe('parseAdminArgs', () => {
  it('reads every command', () => {
    expect(parseAdminArgs([])).toEqual({ name: 'help' });
    expect(parseAdminArgs(['create-admin', 'boss'])).toEqual({ name: 'create-admin', username: 'boss' });
    expect(parseAdminArgs(['grant', 'carol'])).toEqual({ name: 'grant', username: 'carol' });
    expect(parseAdminArgs(['revoke', 'carol'])).toEqual({ name: 'revoke', username: 'carol' });
    expect(parseAdminArgs(['disable', 'mallory', '--reason', 'spam'])).toEqual({
      name: 'disable',
      username: 'mallory',
      reason: 'spam',
    });
    expect(parseAdminArgs(['disable', '--reason', 'spam', 'mallory'])).toMatchObject({ username: 'mallory' });
    expect(parseAdminArgs(['enable', 'mallory'])).toEqual({ name: 'enable', username: 'mallory' });
    expect(parseAdminArgs(['audit'])).toEqual({ name: 'audit', first: 50 });
    expect(parseAdminArgs(['audit', '--first', '100'])).toEqual({ name: 'audit', first: 100 });
  });

  it('refuses what it cannot read, a password on the command line included', () => {
    for (const args of [
      ['bogus'],
      ['create-admin'],
      ['create-admin', 'boss', 'hunter2-the-password'],
      ['create-admin', 'boss', '--password', 'hunter2'],
      ['disable', 'mallory'],
      ['disable', 'mallory', '--reason'],
      ['disable', 'mallory', 'eve', '--reason', 'spam'],
      ['audit', '--first', '101'],
      ['audit', '--first', 'x'],
    ]) {
      expect(() => parseAdminArgs(args)).toThrow(UsageError);
    }
  });
});

describe('auditLine', () => {
  it('prints an entry tab-separated, the command line and a game target spelled out', () => {
    const at = new Date('2026-12-02T09:00:00.000Z');
    expect(
      auditLine({
        id: '7',
        at,
        via: 'CLI',
        action: 'abortGame',
        actor: null,
        targetPlayer: null,
        targetGameId: 'g-1',
        targetTokenId: null,
        targetAppId: null,
        reason: 'dealt twice',
      }),
    ).toBe('2026-12-02T09:00:00.000Z\tCLI\tcommand line\tabortGame\tgame g-1\tdealt twice');
    expect(
      auditLine({
        id: '8',
        at,
        via: 'API',
        action: 'enableAccount',
        actor: admin,
        targetPlayer: person,
        targetGameId: null,
        targetTokenId: null,
        targetAppId: null,
        reason: null,
      }),
    ).toBe('2026-12-02T09:00:00.000Z\tAPI\tboss\tenableAccount\tmallory\t');
    // An ADMIN token made: named by its id, never by the token.
    expect(
      auditLine({
        id: '9',
        at,
        via: 'API',
        action: 'createAdminToken',
        actor: admin,
        targetPlayer: admin,
        targetGameId: null,
        targetTokenId: '0b6f4c2e-1d2a-4e5f-8a9b-0c1d2e3f4a5b',
        targetAppId: null,
        reason: null,
      }),
    ).toBe(
      '2026-12-02T09:00:00.000Z\tAPI\tboss\tcreateAdminToken\ttoken 0b6f4c2e-1d2a-4e5f-8a9b-0c1d2e3f4a5b\t',
    );
    // An app disabled: named by its client id, though its owner is the target player too.
    expect(
      auditLine({
        id: '10',
        at,
        via: 'API',
        action: 'disableApp',
        actor: admin,
        targetPlayer: person,
        targetGameId: null,
        targetTokenId: null,
        targetAppId: '5d1c9a7e-2b3f-4c6d-9e8f-7a6b5c4d3e2f',
        reason: 'phishing page',
      }),
    ).toBe(
      '2026-12-02T09:00:00.000Z\tAPI\tboss\tdisableApp\tapp 5d1c9a7e-2b3f-4c6d-9e8f-7a6b5c4d3e2f\tphishing page',
    );
  });
});
