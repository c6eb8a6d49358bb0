/** Stops the run's embedded Postgres once, however many projects named this teardown. */
export default async function globalTeardown(): Promise<void> {
  const stop = globalThis.__MALICE_PG_STOP__;
  globalThis.__MALICE_PG_STOP__ = undefined;
  await stop?.();
}
