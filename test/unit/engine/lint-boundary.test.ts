import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const ESLINT = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

/** The ids of the rules `code` breaks when it stands at `filePath` (linted from stdin, no file is written). */
function brokenRules(filePath: string, code: string): string[] {
  const run = spawnSync(
    process.execPath,
    [ESLINT, '--stdin', '--stdin-filename', filePath, '--format', 'json'],
    {
      cwd: ROOT,
      input: code,
      encoding: 'utf8',
    },
  );
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; severity: number }[] }[];
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2)
    .map((message) => message.ruleId ?? '');
}

/**
 * The engine is a pure library (docs/tools.md): the lint config refuses
 * framework imports inside src/engine.
 */
describe('lint: src/engine imports nothing from the service stack', () => {
  it.each(['@nestjs/common', '@prisma/client', 'graphql', 'pg', 'class-validator'])(
    'refuses %s in src/engine',
    (name) => {
      const code = `import * as framework from '${name}';\n\nexport const used = framework;\n`;
      expect(brokenRules('src/engine/probe.ts', code)).toContain('no-restricted-imports');
    },
  );

  it('allows the same import outside src/engine (in the API, where GraphQL belongs: fences.test.ts)', () => {
    const code = `import * as framework from 'graphql';\n\nexport const used = framework;\n`;
    expect(brokenRules('src/games/api/probe.ts', code)).not.toContain('no-restricted-imports');
  });
});
