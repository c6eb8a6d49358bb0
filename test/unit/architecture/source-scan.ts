/** What the architecture tests share to read the source: the files of src/, and Prisma's delegate methods. */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Every TypeScript file of src/ (generated code left out), by its path from the repository's root. */
export function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (relative !== 'src/generated') walk(relative);
      } else if (entry.name.endsWith('.ts')) {
        files.set(relative, fs.readFileSync(path.join(ROOT, relative), 'utf8'));
      }
    }
  };
  walk('src');
  return files;
}

/** Prisma's delegate methods (`prisma.<model>.<method>`), as the architecture tests read calls of them. */
export const PRISMA_READS = [
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
] as const;

export const PRISMA_WRITES = [
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
] as const;

/** The writes that name their rows by `data` rather than by `where`. */
export const PRISMA_BY_DATA = ['create', 'createMany', 'createManyAndReturn'] as const;
