/**
 * The backup file (docs/operations.md, "Backups"): gzip over lines of text.
 *
 * 1. A header, one line of JSON: the format and its version, when it was taken, the schema version (every
 *    migration applied, with its checksum), each table with its columns and row count, and each sequence.
 * 2. Each table's rows in the header's order, exactly `rows` lines of COPY text format (a row is one line: COPY
 *    escapes newlines inside values).
 * 3. An end line, one line of JSON.
 *
 * gzip's own CRC-32 and length catch a corrupt or cut file at its end; the counts and the end line catch a file
 * written wrong. A restore checks all of them inside its one transaction, so a bad file changes nothing.
 */
import type { SequenceValue, TableShape } from './catalog';

export const BACKUP_FORMAT = 'malice-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** The header line is small (names and counts); a longer first line is no backup. */
export const MAX_HEADER_BYTES = 1 << 20;

export interface AppliedMigration {
  readonly name: string;
  readonly checksum: string;
}

export interface BackupTable extends TableShape {
  readonly rows: number;
}

export interface BackupHeader {
  readonly format: typeof BACKUP_FORMAT;
  readonly formatVersion: typeof BACKUP_FORMAT_VERSION;
  /** When the snapshot was taken (ISO 8601). */
  readonly takenAt: string;
  /** The source server's `server_version`. */
  readonly postgres: string;
  /** The schema version: the last migration applied. */
  readonly schemaVersion: string;
  readonly migrations: readonly AppliedMigration[];
  readonly tables: readonly BackupTable[];
  readonly sequences: readonly SequenceValue[];
}

export interface BackupEnd {
  readonly end: typeof BACKUP_FORMAT;
  readonly tables: number;
}

/** The file is not a backup this version can read, or it is damaged. */
export class BackupFileError extends Error {}

/**
 * The session settings that fix how COPY text reads and writes values, on both ends whatever the server's
 * defaults: ISO dates, Postgres intervals, floats that read back exactly, UTF-8.
 */
export const COPY_SESSION =
  '-c DateStyle=ISO -c IntervalStyle=postgres -c extra_float_digits=3 -c client_encoding=UTF8';

export function endLine(header: BackupHeader): string {
  const end: BackupEnd = { end: BACKUP_FORMAT, tables: header.tables.length };
  return `${JSON.stringify(end)}\n`;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** Reads the header line, checking every field a restore relies on. */
export function parseHeader(line: string): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFileError('it does not begin with a Malice backup header');
  }
  const header = value as Partial<Record<keyof BackupHeader, unknown>> | null;
  if (header === null || typeof header !== 'object' || header.format !== BACKUP_FORMAT) {
    throw new BackupFileError('it does not begin with a Malice backup header');
  }
  if (header.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `it is in backup format version ${String(header.formatVersion)}; this version of Malice reads version ${BACKUP_FORMAT_VERSION}`,
    );
  }
  const bad = (what: string): never => {
    throw new BackupFileError(`its header is damaged (${what})`);
  };
  if (typeof header.takenAt !== 'string' || Number.isNaN(Date.parse(header.takenAt))) bad('takenAt');
  if (typeof header.postgres !== 'string') bad('postgres');
  if (!Array.isArray(header.migrations) || header.migrations.length === 0) bad('migrations');
  for (const migration of header.migrations as unknown[]) {
    const entry = migration as Partial<AppliedMigration> | null;
    if (typeof entry?.name !== 'string' || typeof entry.checksum !== 'string') bad('migrations');
  }
  const migrations = header.migrations as AppliedMigration[];
  if (header.schemaVersion !== migrations[migrations.length - 1]?.name) bad('schemaVersion');
  if (!Array.isArray(header.tables) || header.tables.length === 0) bad('tables');
  for (const table of header.tables as unknown[]) {
    const entry = table as Partial<BackupTable> | null;
    if (
      typeof entry?.name !== 'string' ||
      !NAME.test(entry.name) ||
      !Array.isArray(entry.columns) ||
      !entry.columns.every((column) => typeof column === 'string' && NAME.test(column)) ||
      !Number.isSafeInteger(entry.rows) ||
      (entry.rows as number) < 0
    ) {
      bad('tables');
    }
  }
  if (!Array.isArray(header.sequences)) bad('sequences');
  for (const sequence of header.sequences as unknown[]) {
    const entry = sequence as Partial<SequenceValue> | null;
    if (
      typeof entry?.name !== 'string' ||
      !NAME.test(entry.name) ||
      typeof entry.value !== 'string' ||
      !/^-?\d+$/.test(entry.value) ||
      typeof entry.isCalled !== 'boolean'
    ) {
      bad('sequences');
    }
  }
  return header as BackupHeader;
}

export function isEndLine(line: string, header: BackupHeader): boolean {
  try {
    const end = JSON.parse(line) as Partial<BackupEnd>;
    return end.end === BACKUP_FORMAT && end.tables === header.tables.length;
  } catch {
    return false;
  }
}

const NEWLINE = 0x0a;

/**
 * Reads the decompressed file as lines without copying the rows: a table's rows are handed on as the chunks
 * they came in (cut at the last row boundary), straight into COPY.
 */
export class LineReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  /** The next line (without its newline), or null at the end of the file. */
  async line(maxBytes: number): Promise<string | null> {
    for (;;) {
      const at = this.buffer.indexOf(NEWLINE);
      if (at >= 0) {
        const line = this.buffer.subarray(0, at).toString('utf8');
        this.buffer = this.buffer.subarray(at + 1);
        return line;
      }
      if (this.buffer.length > maxBytes) throw new BackupFileError('a line is longer than any backup writes');
      if (!(await this.fill())) {
        if (this.buffer.length > 0) throw new BackupFileError('it ends in the middle of a line');
        return null;
      }
    }
  }

  /** Exactly `count` lines, newlines included, as chunks; an error if the file ends before. */
  async *lines(count: number, table: string): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      let end = 0;
      while (left > 0) {
        const at = this.buffer.indexOf(NEWLINE, end);
        if (at < 0) break;
        end = at + 1;
        left -= 1;
      }
      if (end > 0) {
        const rows = this.buffer.subarray(0, end);
        this.buffer = this.buffer.subarray(end);
        yield rows;
      }
      if (left > 0 && !(await this.fill())) {
        throw new BackupFileError(`it ends ${left} of ${count} rows before the end of table ${table}`);
      }
    }
  }

  private async fill(): Promise<boolean> {
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR: a bad checksum, a cut file, not gzip at all) are the file's.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('Z_')) {
        throw new BackupFileError(`it is damaged or cut short (gzip: ${(error as Error).message})`);
      }
      throw error;
    }
    if (next.done === true) return false;
    this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value]);
    return true;
  }
}
