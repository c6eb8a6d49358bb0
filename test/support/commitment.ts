/**
 * The commitment of a chacha20-v2 game, computed the way docs/fairness.md tells a reader to, with node:crypto
 * and no engine code: SHA-256 of the length-prefixed fields ("malice/v2/commitment", seed).
 */
import { createHash } from 'node:crypto';

export function fieldsEncoded(fields: readonly string[]): Buffer {
  return Buffer.concat(
    fields.flatMap((field) => {
      const bytes = Buffer.from(field, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return [length, bytes];
    }),
  );
}

export function commitmentOf(seed: string): string {
  return createHash('sha256')
    .update(fieldsEncoded(['malice/v2/commitment', seed]))
    .digest('hex');
}
