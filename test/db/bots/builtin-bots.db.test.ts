/**
 * The built-in bots' list (src/players/builtin-bots.ts) and their accounts (created by migrations) agree: every
 * level in BUILTIN_BOTS has its account under the same fixed id and username, marked as a bot, with no password
 * anyone can sign in with, and every such bot account is a listed level. A new level is one entry there plus a
 * migration (docs/correspondence.md, "Adding a bot level"); this is what catches one without the other.
 */
import { BOT_NAMES } from '../../../src/engine';
import { BUILTIN_BOTS, builtinBotVersion } from '../../../src/players/builtin-bots';
import { freshDatabase, sql } from '../../support/service/database';

let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ url, drop } = await freshDatabase());
});
afterAll(async () => {
  await drop();
});

describe('BUILTIN_BOTS', () => {
  it('has, for every level, the account the migrations create: same id and username, a bot, no password', async () => {
    const accounts = await sql<{ id: string; username: string; username_key: string; password_hash: string }>(
      url,
      // The built-in accounts are the bots with no password: third-party bot accounts have one (a person's).
      `SELECT id, username, username_key, password_hash FROM players WHERE is_bot AND password_hash = '!' ORDER BY id`,
    );
    expect(accounts).toEqual(
      [...BUILTIN_BOTS]
        .sort((a, b) => a.playerId.localeCompare(b.playerId))
        .map((bot) => ({
          id: bot.playerId,
          username: bot.username,
          username_key: bot.username.toLowerCase(),
          password_hash: '!',
        })),
    );
  });

  it('names each level once (kind, id, username) and drives it with an engine bot that has a version', () => {
    for (const key of ['kind', 'playerId', 'username'] as const) {
      expect(new Set(BUILTIN_BOTS.map((bot) => bot[key].toLowerCase())).size).toBe(BUILTIN_BOTS.length);
    }
    for (const bot of BUILTIN_BOTS) {
      expect(BOT_NAMES).toContain(bot.engineBot);
      expect(builtinBotVersion(bot)).toMatch(new RegExp(`^${bot.engineBot}-\\d+$`));
    }
  });
});
