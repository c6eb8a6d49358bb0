const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else names nothing (and must not reach a uuid column, where Postgres would fail). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
