/**
 * The header of a backup file, read without a database, as `npm run restore` reads it first
 * (src/backup/restore.ts): the backup tests check what a backup says of itself. Test-only, so it lives here; the
 * format's own reader and parser (src/backup/format.ts) do the work.
 */
import * as fs from 'node:fs';
import { createGunzip } from 'node:zlib';
import {
  BackupFileError,
  type BackupHeader,
  LineReader,
  MAX_HEADER_BYTES,
  parseHeader,
} from '../../src/backup/format';

export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const input = fs.createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  try {
    const line = await new LineReader(input.pipe(gunzip)).line(MAX_HEADER_BYTES);
    if (line === null) throw new BackupFileError('it is empty');
    return parseHeader(line);
  } finally {
    input.destroy();
  }
}
