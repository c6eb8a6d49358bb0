/**
 * The floor: what a move costs the database at the least. Each floor client owns one `games` row and runs, per
 * "move", the transaction a command needs — append one event, move the version on with the optimistic guard —
 * through a plain node-postgres Pool and nothing else: no HTTP, no GraphQL, no ORM, no engine.
 *
 *   BEGIN
 *   INSERT INTO game_events (game_id, seq, type, payload, actor_id, created_at) VALUES (…, now())
 *   UPDATE games SET version = version + 1, current_seat = …, updated_at = now() WHERE id = $1 AND version = $2
 *   COMMIT
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { nowMs } from '../stats';
import { FloorRecorder } from './recorder';

const INSERT_EVENT =
  'INSERT INTO game_events (game_id, seq, type, payload, actor_id, created_at) VALUES ($1, $2, $3, $4, $5, now())';
const UPDATE_GAME =
  'UPDATE games SET version = version + 1, current_seat = $3, updated_at = now() WHERE id = $1 AND version = $2';

/** A real event of the size the service stores (docs/notation.md). */
const PAYLOAD = JSON.stringify({ type: 'played', seat: 0, move: '7H-c2', card: '7H', slot: 2 });

export class FloorClient {
  private version = 0;

  private constructor(
    private readonly pool: Pool,
    readonly gameId: string,
    private readonly actorId: string,
  ) {}

  /** Inserts the client's own active game row (the columns the service fills, with dummy values). */
  static async create(pool: Pool, index: number): Promise<FloorClient> {
    const gameId = randomUUID();
    const actorId = randomUUID();
    await pool.query(
      `INSERT INTO games (id, preset, options, seats, status, version, current_seat, seed, seed_commitment,
                          rules_version, created_by_id, started_at)
       VALUES ($1, 'classic', '{}', 2, 'ACTIVE', 0, 0, $2, $3, 'floor', $4, now())`,
      [gameId, `floor-${index}`, `floor-${index}-commitment`, actorId],
    );
    return new FloorClient(pool, gameId, actorId);
  }

  async runUntil(deadline: number, recorder: FloorRecorder): Promise<void> {
    while (nowMs() < deadline) await this.transaction(recorder);
  }

  /** Transactions committed by this client, warm-up included: its row's version. */
  get committed(): number {
    return this.version;
  }

  private async transaction(recorder: FloorRecorder): Promise<void> {
    const start = nowMs();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(INSERT_EVENT, [this.gameId, this.version + 1, 'played', PAYLOAD, this.actorId]);
      const updated = await client.query(UPDATE_GAME, [this.gameId, this.version, (this.version + 1) % 2]);
      if (updated.rowCount !== 1) {
        await client.query('ROLLBACK');
        recorder.conflicts++;
        const row = await client.query<{ version: number }>('SELECT version FROM games WHERE id = $1', [
          this.gameId,
        ]);
        this.version = row.rows[0]?.version ?? this.version;
        return;
      }
      await client.query('COMMIT');
      this.version++;
      recorder.transactionMs.push(nowMs() - start);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const code = (error as { code?: unknown }).code;
      recorder.error(typeof code === 'string' ? `PG_${code}` : 'PG_ERROR');
    } finally {
      client.release();
    }
  }
}
