/**
 * The backup file's reading (src/backup/format.ts): a header is checked field by field before a restore touches
 * a database, and a table's rows are handed on exactly as counted, whichever chunks they came in.
 */
import { Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupFileError,
  BackupHeader,
  LineReader,
  endLine,
  isEndLine,
  parseHeader,
} from '../../../src/backup/format';

const HEADER: BackupHeader = {
  format: BACKUP_FORMAT,
  formatVersion: BACKUP_FORMAT_VERSION,
  takenAt: '2026-12-02T06:00:00.000Z',
  postgres: '18.0',
  schemaVersion: '20261129000000_init',
  migrations: [{ name: '20261129000000_init', checksum: 'abc' }],
  tables: [{ name: 'games', columns: ['id', 'status'], rows: 2 }],
  sequences: [{ name: 'player_events_id_seq', value: '41', isCalled: true }],
};

function reader(chunks: readonly string[]): LineReader {
  return new LineReader(Readable.from(chunks.map((chunk) => Buffer.from(chunk))));
}

async function collect(lines: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of lines) parts.push(part);
  return Buffer.concat(parts).toString();
}

describe('parseHeader', () => {
  it('reads what a backup writes', () => {
    expect(parseHeader(JSON.stringify(HEADER))).toEqual(HEADER);
  });

  it.each([
    ['not JSON', 'hello', /does not begin with a Malice backup header/],
    ['another format', JSON.stringify({ ...HEADER, format: 'pg_dump' }), /does not begin/],
    ['a later format version', JSON.stringify({ ...HEADER, formatVersion: 2 }), /format version 2/],
    [
      'a schema version that is not the last migration',
      JSON.stringify({ ...HEADER, schemaVersion: 'x' }),
      /schemaVersion/,
    ],
    [
      'a negative row count',
      JSON.stringify({ ...HEADER, tables: [{ name: 'games', columns: ['id'], rows: -1 }] }),
      /tables/,
    ],
    [
      'a table name that could break out of its quotes',
      JSON.stringify({
        ...HEADER,
        tables: [{ name: 'games" ; DROP TABLE players; --', columns: ['id'], rows: 0 }],
      }),
      /tables/,
    ],
    [
      'a column name with a quote',
      JSON.stringify({ ...HEADER, tables: [{ name: 'games', columns: ['a"b'], rows: 0 }] }),
      /tables/,
    ],
    [
      'a sequence value that is no integer',
      JSON.stringify({ ...HEADER, sequences: [{ name: 's', value: '1.5', isCalled: true }] }),
      /sequences/,
    ],
    ['no tables', JSON.stringify({ ...HEADER, tables: [] }), /tables/],
  ])('refuses %s', (_, line, message) => {
    expect(() => parseHeader(line)).toThrow(BackupFileError);
    expect(() => parseHeader(line)).toThrow(message);
  });
});

describe('the end line', () => {
  it('is recognised for its own header only', () => {
    const line = endLine(HEADER).trimEnd();
    expect(isEndLine(line, HEADER)).toBe(true);
    expect(isEndLine(line, { ...HEADER, tables: [...HEADER.tables, ...HEADER.tables] })).toBe(false);
    expect(isEndLine('1\tplaying', HEADER)).toBe(false);
  });
});

describe('LineReader', () => {
  it('hands on exactly the counted rows, across chunk boundaries, and leaves the rest', async () => {
    const lines = reader(['head', 'er\nrow 1\nro', 'w 2\n', 'row 3\nend\n']);
    expect(await lines.line(100)).toBe('header');
    expect(await collect(lines.lines(3, 'games'))).toBe('row 1\nrow 2\nrow 3\n');
    expect(await lines.line(100)).toBe('end');
    expect(await lines.line(100)).toBeNull();
  });

  it('hands on nothing for an empty table', async () => {
    const lines = reader(['next\n']);
    expect(await collect(lines.lines(0, 'games'))).toBe('');
    expect(await lines.line(100)).toBe('next');
  });

  it('refuses a file that ends before a table does, or in the middle of a line', async () => {
    await expect(collect(reader(['row 1\nrow 2\n']).lines(3, 'games'))).rejects.toThrow(
      'it ends 1 of 3 rows before the end of table games',
    );
    await expect(reader(['half a line']).line(100)).rejects.toThrow('it ends in the middle of a line');
  });

  it('refuses a first line longer than any header', async () => {
    await expect(reader(['x'.repeat(200)]).line(100)).rejects.toThrow(
      'a line is longer than any backup writes',
    );
  });

  it("makes gzip's errors the file's: a cut file, and one that is not gzip", async () => {
    const zipped = gzipSync('header\nrow 1\n');
    const cut = new LineReader(Readable.from([zipped.subarray(0, zipped.length - 6)]).pipe(createGunzip()));
    await expect(collect(cut.lines(5, 'games'))).rejects.toThrow(/damaged or cut short \(gzip: /);
    const plain = new LineReader(Readable.from([Buffer.from('plain text\n')]).pipe(createGunzip()));
    await expect(plain.line(100)).rejects.toThrow(BackupFileError);
  });
});
