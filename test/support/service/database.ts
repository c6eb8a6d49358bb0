import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrate, readMigrations } from '../../../src/db/migrator';

/** The Postgres the run uses (global-setup.ts): its maintenance database URL. */
export function adminUrl(): string {
  const url = process.env.MALICE_TEST_ADMIN_URL;
  if (!url)
    throw new Error('MALICE_TEST_ADMIN_URL is unset: run the service tests through jest (global-setup.ts)');
  return url;
}

export function urlFor(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Waits (at most 5 s) until no backend is connected to `database`. A test's pool that has just ended may still
 * have backends finishing their goodbye; `WITH (FORCE)` would terminate them, and the FATAL it sends reaches a
 * client that is still closing, as an error nobody listens for (seen as "terminating connection due to
 * administrator command" failing a file after its last test). FORCE stays for whatever is still there after that.
 */
async function backendsGone(admin: Client, database: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A fresh, migrated database for one test file; with `before`, migrated only up to that migration (a test of the
 * migration itself then runs it, or the rest).
 */
export async function freshDatabase(
  options: { readonly before?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `malice_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = urlFor(name);
  const before = options.before;
  await migrate(
    url,
    readMigrations().filter((migration) => before === undefined || migration.name < before),
  );
  return {
    url,
    drop: async () => {
      const client = new Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        await backendsGone(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs SQL directly (to inspect the log, or to tamper with it in a test). */
export async function sql<T extends object = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
