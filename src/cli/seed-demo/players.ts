/**
 * The pool of demo players: `demo_0001` … as bot accounts. Players a previous run created are reused (their
 * ids, ratings and history carry on); missing ones are created. Every demo account has the password
 * DEMO_PASSWORD: one argon2id hash, computed once and shared, because hashing a thousand passwords at the
 * service's cost (m = 19 MiB, t = 2) would take longer than the rest of a small run.
 */
import { hash as argon2Hash } from '@node-rs/argon2';
import type { ClientBase } from 'pg';
import type { PresetName } from '../../engine';
import { CopyBuffer } from '../../db/copy';
import { PoolPlayer, demoUsername, derivedUuid, hashUnit, poolPlayer } from './plan';
import { RatingRow } from './ratings';
import { RunWindow, signedUpAt } from './timeline';

export const DEMO_PASSWORD = 'demo password';

/** A name in the pool is taken by an account that is not a demo bot: refuse rather than play it. */
export class PoolConflictError extends Error {}

export interface Pool {
  readonly players: readonly PoolPlayer[];
  /** How many of them this run created. */
  readonly created: number;
}

interface PlayerRow {
  id: string;
  username: string;
  username_key: string;
  is_bot: boolean;
}

/** The pool of `size` players, creating the missing ones (inside the caller's transaction). */
export async function ensurePool(client: ClientBase, size: number, window: RunWindow): Promise<Pool> {
  const usernames = Array.from({ length: size }, (_, position) => demoUsername(position));
  const keys = usernames.map((username) => username.toLowerCase());
  const found = await existingPlayers(client, keys);
  const missing = usernames.filter((username) => !found.has(username.toLowerCase()));
  if (missing.length > 0) {
    const passwordHash = await argon2Hash(DEMO_PASSWORD);
    const rows = new CopyBuffer('players', [
      'id',
      'username',
      'username_key',
      'password_hash',
      'is_bot',
      'created_at',
    ]);
    for (const username of missing) {
      const key = username.toLowerCase();
      const createdAt = signedUpAt(window, hashUnit('malice-demo-signup', key));
      rows.add([derivedUuid('malice-demo-player', key), username, key, passwordHash, true, createdAt]);
    }
    await rows.send(client);
  }
  const all = missing.length > 0 ? await existingPlayers(client, keys) : found;
  const players = keys.map((key) => {
    const row = all.get(key);
    if (row === undefined) throw new Error(`demo player ${key} was not created`);
    return poolPlayer(row.id, row.username);
  });
  return { players, created: missing.length };
}

async function existingPlayers(client: ClientBase, keys: readonly string[]): Promise<Map<string, PlayerRow>> {
  const { rows } = await client.query<PlayerRow>(
    'SELECT id, username, username_key, is_bot FROM players WHERE username_key = ANY($1::text[])',
    [keys],
  );
  const human = rows.find((row) => !row.is_bot);
  if (human !== undefined) {
    throw new PoolConflictError(
      `the demo name ${human.username} belongs to an account that is not a bot: seed another database`,
    );
  }
  return new Map(rows.map((row) => [row.username_key, row]));
}

interface RatingDbRow {
  player_id: string;
  preset: PresetName;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  updated_at: Date;
}

/** The stored ratings of the pool's players: where this run's rating changes start from. */
export async function poolRatings(client: ClientBase, pool: readonly PoolPlayer[]): Promise<RatingRow[]> {
  const { rows } = await client.query<RatingDbRow>(
    `SELECT player_id, preset, rating, deviation, volatility, games, updated_at
       FROM ratings WHERE player_id = ANY($1::uuid[])`,
    [pool.map((player) => player.id)],
  );
  return rows.map((row) => ({
    playerId: row.player_id,
    preset: row.preset,
    rating: { rating: row.rating, deviation: row.deviation, volatility: row.volatility },
    games: row.games,
    updatedAt: row.updated_at,
  }));
}
