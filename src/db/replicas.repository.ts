/**
 * The one statement the read replicas are asked (src/db/replicas.ts): is the server a standby still streaming from
 * its primary, and how far behind is its replay (docs/scaling.md#read-replicas). No table is read.
 */
import type { Pool } from 'pg';

/** What a replica says of itself. */
export interface ReplicaStatus {
  /** In recovery: a standby. False once promoted (or when the URL names a primary). */
  readonly inRecovery: boolean;
  /** A WAL receiver runs: the standby streams from its primary (it stalls, with no lag to show, without one). */
  readonly receiving: boolean;
  /**
   * Seconds since the commit of the last transaction replayed, while WAL is received that is not replayed yet;
   * 0 once replay has caught up with what was received; null when no transaction was replayed since it started
   * while WAL waits (how late it is cannot be told).
   */
  readonly lagSeconds: number | null;
}

// Lag is measured on the replica alone (no heartbeat table to write on the primary): received-but-not-replayed WAL
// makes it the age of the last replayed commit, which overstates it after the primary was idle (then replay catches
// up within moments and it is 0 again), never understates it. pg_stat_wal_receiver shows its row (its pid) to any
// role while a receiver runs; without one a standby is cut from its primary and would report 0 for ever.
const REPLICA_STATUS = `
  SELECT pg_is_in_recovery() AS in_recovery,
         EXISTS (SELECT 1 FROM pg_stat_wal_receiver) AS receiving,
         CASE
           WHEN NOT pg_is_in_recovery() THEN 0
           WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
           ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())
         END::float8 AS lag_seconds`;

/** Asks the replica behind `pool`; fails as its connection does. */
export async function replicaStatus(pool: Pool): Promise<ReplicaStatus> {
  const { rows } = await pool.query<{ in_recovery: boolean; receiving: boolean; lag_seconds: number | null }>(
    REPLICA_STATUS,
  );
  const row = rows[0]!;
  return { inRecovery: row.in_recovery, receiving: row.receiving, lagSeconds: row.lag_seconds };
}
