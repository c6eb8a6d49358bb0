/**
 * Claims on a built-in bot's turn (migration 20261201140000_bot_turn_claims), and the only code that writes
 * `bot_turn_claims`: every app copy's bot worker hears
 * each bot YOUR_TURN, but only the copy that holds the game's claim for the version it decides on computes the
 * move and sends it. A decision of a search bot costs real CPU, so the others do not repeat it.
 *
 * The claim is only an economy, never what keeps a move from being applied twice: that is still the move path's
 * version guard and the `bot:<version>` clientMoveId (bot-move.ts). So a claim may safely run out while its copy
 * still works on the move: at worst two copies send the same move, as before claims existed.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';

/**
 * How long a claim holds. Far longer than a decision (a few hundred milliseconds at most) and its move's round
 * trip, so a live copy never loses its claim mid-turn; short enough that when the claiming copy dies, the
 * catch-up scan of another copy takes the turn up within half a minute.
 */
export const BOT_CLAIM_MS = 30_000;

/**
 * Takes the game's claim for `version`, or renews it, in one statement. It is taken when there is no claim, when
 * the claim there has expired, or when it is for an earlier version (that turn was played); it is renewed when
 * this copy already holds it for this version (a run of its own that is being retried). Otherwise the statement
 * changes nothing and returns no row: another copy holds the turn.
 */
const CLAIM_SQL = `
  INSERT INTO bot_turn_claims AS claim (game_id, version, claimed_by, claimed_until)
  VALUES ($1::uuid, $2, $3::uuid, $4::timestamptz + $5 * interval '1 millisecond')
  ON CONFLICT (game_id) DO UPDATE
     SET version = EXCLUDED.version, claimed_by = EXCLUDED.claimed_by, claimed_until = EXCLUDED.claimed_until
   WHERE claim.claimed_until <= $4::timestamptz
      OR claim.version < EXCLUDED.version
      OR (claim.version = EXCLUDED.version AND claim.claimed_by = EXCLUDED.claimed_by)
  RETURNING claimed_by`;

export class BotTurnClaims {
  constructor(
    private readonly pool: Pool,
    /** This copy's identity in bot_turn_claims. */
    readonly copyId: string = randomUUID(),
  ) {}

  /** True when this copy now holds the claim on `gameId` at `version` (see CLAIM_SQL), on the app clock's `now`. */
  async claimBotTurn(gameId: string, version: number, now: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(CLAIM_SQL, [gameId, version, this.copyId, now, BOT_CLAIM_MS]);
    return rowCount === 1;
  }

  /** Drops the game's claim, whoever holds it: the game is over, so no bot turn of it is left to claim. */
  async forgetGame(gameId: string): Promise<void> {
    await this.pool.query('DELETE FROM bot_turn_claims WHERE game_id = $1::uuid', [gameId]);
  }

  /**
   * The catch-up scan's cleanup: drops the claims that have expired by `now` (they count as none already) and
   * those of games no longer active (ended by a person's move, a timeout or an abort). The table holds only the
   * bot turns being played, so this is a short walk.
   */
  async deleteStale(now: Date): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM bot_turn_claims claim
        WHERE claim.claimed_until <= $1
           OR NOT EXISTS (SELECT 1 FROM games g WHERE g.id = claim.game_id AND g.status = 'ACTIVE')`,
      [now],
    );
    return rowCount ?? 0;
  }

  /** Gives up this copy's claims (a clean shutdown): another copy may take those turns up at once. */
  async releaseAll(): Promise<void> {
    await this.pool.query('DELETE FROM bot_turn_claims WHERE claimed_by = $1::uuid', [this.copyId]);
  }
}
