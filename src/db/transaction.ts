/**
 * The one transaction helper of the service's hand-written SQL (Prisma's own `$transaction` is for Prisma calls):
 * `work` runs on one pooled connection between BEGIN and COMMIT, and the transaction rolls back if it throws.
 * What must happen only once the change is committed — announcing it to the other app copies — is registered with
 * `afterCommit` by the code that writes it, deep inside `work`, and runs after the COMMIT; never after a rollback.
 */
import type { Pool, PoolClient } from 'pg';
import { databaseFailureOf } from './connection-errors';

/** What runs once a transaction commits: must not reject (it is told nothing of a failure, the change stands). */
export type CommitEffect = () => Promise<void>;

/** The effects waiting for the commit of each open transaction, by its client. */
const pending = new WeakMap<object, CommitEffect[]>();

/**
 * Runs `effect` once the transaction on `client` commits, after the COMMIT, in the order registered; never if it
 * rolls back. `client` must be one `transaction` handed out (an error otherwise: the effect would never run).
 */
export function afterCommit(client: Pick<PoolClient, 'query'>, effect: CommitEffect): void {
  const effects = pending.get(client);
  if (effects === undefined) throw new Error('afterCommit outside a transaction: the effect would never run');
  effects.push(effect);
}

export async function transaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  const effects: CommitEffect[] = [];
  let result: T;
  try {
    await client.query('BEGIN');
    pending.set(client, effects);
    result = await work(client);
    await client.query('COMMIT');
  } catch (error) {
    // A connection that failed (or timed out: its statement may still be running), or any while the database is
    // known down, is dropped without waiting for a ROLLBACK that would fail too, so the caller hears of it now;
    // Postgres rolls back an open transaction whose connection is gone. A busy pool says nothing about this
    // connection: it rolls back as usual. A connection that cannot even roll back is not handed to the next caller.
    const failure = databaseFailureOf(error);
    broken =
      (failure !== null && failure !== 'busy') ||
      (await client.query('ROLLBACK').then(
        () => false,
        () => true,
      ));
    throw error;
  } finally {
    pending.delete(client);
    client.release(broken);
  }
  // Committed, and the connection is back in the pool: the effects hold none of it.
  for (const effect of effects) await effect();
  return result;
}

/** A transaction that commits only when `work` returns true (false: nothing happened, roll back). */
export async function transactionIf(
  pool: Pool,
  work: (client: PoolClient) => Promise<boolean>,
): Promise<boolean> {
  const rolledBack = new Error('rolled back');
  try {
    return await transaction(pool, async (client) => {
      if (!(await work(client))) throw rolledBack;
      return true;
    });
  } catch (error) {
    if (error === rolledBack) return false;
    throw error;
  }
}
