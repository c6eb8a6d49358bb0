/**
 * The one transaction helper of the service's hand-written SQL (Prisma's own `$transaction` is for Prisma calls):
 * `work` runs on one pooled connection between BEGIN and COMMIT, and the transaction rolls back if it throws.
 */
import type { Pool, PoolClient } from 'pg';
import { databaseFailureOf } from './connection-errors';

export async function transaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
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
    client.release(broken);
  }
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
