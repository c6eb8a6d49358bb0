export default async function globalTeardown(): Promise<void> {
  await globalThis.__MALICE_PG_STOP__?.();
}
