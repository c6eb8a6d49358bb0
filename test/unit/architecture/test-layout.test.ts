/**
 * docs/testing.md: tests live by tier, then module, and the file name's suffix (which jest.config.js turns into the
 * tier that runs it) must say the same tier as the folder, so that a test is never run by one tier while filed
 * under another.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TEST = path.join(ROOT, 'test');

const TIERS = ['unit', 'db', 'e2e'] as const;
type Tier = (typeof TIERS)[number];

/** The tier a file's name puts it in (jest.config.js), or null for a helper. */
function tierOfName(name: string): Tier | null {
  if (name.endsWith('.db.test.ts')) return 'db';
  if (name.endsWith('.e2e.test.ts')) return 'e2e';
  if (name.endsWith('.test.ts')) return 'unit';
  return null;
}

/** The tier a file's folder puts it in, or null where tests may not live (the helpers' folders). */
function tierOfFolder(relative: string): Tier | null {
  const [top, ...rest] = relative.split('/');
  const inSupport = relative.split('/').includes('support');
  if (inSupport) return null;
  switch (top) {
    case 'unit':
    case 'db':
    case 'e2e':
      // Tier, then module: a test sits in a module's folder, never directly in the tier's.
      return rest.length >= 2 ? top : null;
    case 'browser':
      return 'e2e';
    default:
      return null;
  }
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [path.relative(TEST, full).split(path.sep).join('/')];
  });
}

describe('test/ is laid out by tier, then module (docs/testing.md)', () => {
  const files = filesUnder(TEST);
  const tests = files.filter((file) => tierOfName(path.basename(file)) !== null);

  it('finds the tests of every tier', () => {
    for (const tier of TIERS)
      expect(tests.some((file) => tierOfName(path.basename(file)) === tier)).toBe(true);
  });

  it("every test's folder says the tier its suffix says", () => {
    const misfiled = tests
      .filter((file) => tierOfFolder(file) !== tierOfName(path.basename(file)))
      .map(
        (file) => `test/${file}: ${tierOfName(path.basename(file))} by name, ${tierOfFolder(file)} by folder`,
      );
    expect(misfiled).toEqual([]);
  });

  it('tells misfiled tests apart (the check above can fail)', () => {
    expect(tierOfFolder('unit/games/life.db.test.ts')).toBe('unit');
    expect(tierOfName('life.db.test.ts')).toBe('db');
    expect(tierOfFolder('unit/life.test.ts')).toBeNull();
    expect(tierOfFolder('service/games.db.test.ts')).toBeNull();
    expect(tierOfFolder('support/service/app.ts')).toBeNull();
    expect(tierOfFolder('browser/table.e2e.test.ts')).toBe('e2e');
    expect(tierOfFolder('e2e/app/smoke.e2e.test.ts')).toBe('e2e');
  });
});
