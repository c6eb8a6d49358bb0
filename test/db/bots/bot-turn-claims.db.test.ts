/**
 * Claims on a built-in bot's turn (src/bots/bot-turn-claims.repository.ts, migration 20261201140000_bot_turn_claims), on a
 * real Postgres with the statement the bot worker runs: of the copies that try to claim one decision at once,
 * exactly one wins; the claim holds until BOT_CLAIM_MS has passed, then another copy may take it; a claim for a
 * later version replaces the one before; the cleanups remove what they should and nothing else.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { BOT_CLAIM_MS, BotTurnClaims } from '../../../src/bots/bot-turn-claims.repository';
import { BUILTIN_BOTS } from '../../../src/players/builtin-bots';
import { freshDatabase, sql } from '../../support/service/database';

let url: string;
let drop: () => Promise<void>;
let pool: Pool;

beforeAll(async () => {
  ({ url, drop } = await freshDatabase());
  pool = new Pool({ connectionString: url, max: 8 });
});
afterAll(async () => {
  await pool.end();
  await drop();
});

const T0 = new Date('2026-12-01T12:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);

/** An active game row (the claim's foreign key needs one); nothing else about it matters here. */
async function newGame(): Promise<string> {
  const id = randomUUID();
  await sql(
    url,
    `INSERT INTO games (id, preset, options, seats, status, seed, seed_commitment, rules_version, created_by_id)
     VALUES ($1, 'classic', '{}', 2, 'ACTIVE', 'seed', 'commitment', 'test', $2)`,
    [id, BUILTIN_BOTS[0]!.playerId],
  );
  return id;
}

async function claimsOf(gameId: string): Promise<{ version: number; claimed_by: string }[]> {
  return sql(url, 'SELECT version, claimed_by FROM bot_turn_claims WHERE game_id = $1', [gameId]);
}

describe('claimBotTurn', () => {
  it('lets exactly one of several copies claiming the same decision at once win it', async () => {
    const copies = [...Array(6).keys()].map(() => new BotTurnClaims(pool));
    for (let round = 0; round < 10; round++) {
      const gameId = await newGame();
      const won = await Promise.all(copies.map((copy) => copy.claimBotTurn(gameId, 7, T0)));
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = copies[won.indexOf(true)]!;
      expect(await claimsOf(gameId)).toEqual([{ version: 7, claimed_by: winner.copyId }]);
    }
  });

  it('holds the claim until BOT_CLAIM_MS has passed; then another copy wins it', async () => {
    const gameId = await newGame();
    const [first, second] = [new BotTurnClaims(pool), new BotTurnClaims(pool)];
    expect(await first.claimBotTurn(gameId, 3, T0)).toBe(true);
    expect(await second.claimBotTurn(gameId, 3, at(BOT_CLAIM_MS - 1))).toBe(false);
    expect(await second.claimBotTurn(gameId, 3, at(BOT_CLAIM_MS))).toBe(true);
    // The first copy has lost it now, for the whole of the new claim.
    expect(await first.claimBotTurn(gameId, 3, at(2 * BOT_CLAIM_MS - 1))).toBe(false);
    expect(await claimsOf(gameId)).toEqual([{ version: 3, claimed_by: second.copyId }]);
  });

  it('lets the holder claim its own decision again (a retried run), extending the claim', async () => {
    const gameId = await newGame();
    const [holder, other] = [new BotTurnClaims(pool), new BotTurnClaims(pool)];
    expect(await holder.claimBotTurn(gameId, 4, T0)).toBe(true);
    expect(await holder.claimBotTurn(gameId, 4, at(BOT_CLAIM_MS - 10))).toBe(true);
    expect(await other.claimBotTurn(gameId, 4, at(BOT_CLAIM_MS + 10))).toBe(false);
  });

  it('replaces a claim for an earlier version (that decision was made), but never a later one', async () => {
    const gameId = await newGame();
    const [a, b] = [new BotTurnClaims(pool), new BotTurnClaims(pool)];
    expect(await a.claimBotTurn(gameId, 10, T0)).toBe(true);
    // a made its move at 10: the game is at 11, and whoever reads it first claims that decision.
    expect(await b.claimBotTurn(gameId, 11, at(5))).toBe(true);
    expect(await a.claimBotTurn(gameId, 11, at(6))).toBe(false);
    // A copy that read the game before the move holds a stale version: it cannot take the turn back.
    expect(await a.claimBotTurn(gameId, 10, at(7))).toBe(false);
    expect(await claimsOf(gameId)).toEqual([{ version: 11, claimed_by: b.copyId }]);
  });

  it('cleans up: expired claims and ended games’ claims, one game’s claim, a stopping copy’s own claims', async () => {
    const [a, b] = [new BotTurnClaims(pool), new BotTurnClaims(pool)];
    const [old, over, fresh, ended, mine] = await Promise.all([...Array(5).keys()].map(() => newGame()));
    await a.claimBotTurn(old!, 1, T0);
    await a.claimBotTurn(over!, 1, at(BOT_CLAIM_MS));
    await a.claimBotTurn(fresh!, 1, at(BOT_CLAIM_MS));
    await b.claimBotTurn(ended!, 1, at(BOT_CLAIM_MS));
    await b.claimBotTurn(mine!, 1, at(BOT_CLAIM_MS));
    await sql(url, `UPDATE games SET status = 'FINISHED' WHERE id = $1`, [over]);
    expect(await a.deleteStale(at(BOT_CLAIM_MS))).toBeGreaterThanOrEqual(2);
    expect(await claimsOf(old!)).toEqual([]);
    expect(await claimsOf(over!)).toEqual([]);
    expect(await claimsOf(fresh!)).toHaveLength(1);
    await a.forgetGame(ended!);
    expect(await claimsOf(ended!)).toEqual([]);
    await b.releaseAll();
    expect(await claimsOf(mine!)).toEqual([]);
    expect(await claimsOf(fresh!)).toEqual([{ version: 1, claimed_by: a.copyId }]);
  });
});
