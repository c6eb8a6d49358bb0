/**
 * The fences between layers (eslint.config.mjs; docs/architecture.md, "Where a change to a game is decided" and
 * "Layout of a module"), held by linting small samples at fenced paths with ESLint's Node API (nothing is written:
 * `lintText` at a path), so that a fence cannot disappear unnoticed:
 * - domain code (src/*\/domain/, and the decider, the change and the command of src/games/write/) imports no Nest,
 *   GraphQL, pg or Prisma, no api/ or persistence/ file, and no API error class;
 * - only the API (api/, *.resolver.ts, *.types.ts) and the few files eslint.config.mjs lists import GraphQL,
 *   Nest's GraphQL binding or Apollo;
 * - outside the API and the Nest modules nothing imports an api/ file (services compare statuses with the domain
 *   vocabulary, not the API's enum objects).
 * Each fence is also shown letting through what it must, so the samples prove the paths, not only the rule.
 */
import * as path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const RULE = 'no-restricted-imports';

const eslint = new ESLint({ cwd: ROOT });

/** Whether `specifier`, imported by a sample at `filePath`, breaks the import fences. */
async function fenced(filePath: string, specifier: string): Promise<boolean> {
  const code = `import * as imported from '${specifier}';\n\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  if (result === undefined) throw new Error(`nothing linted at ${filePath}`);
  const fatal = result.messages.filter((message) => message.fatal === true);
  if (fatal.length > 0) throw new Error(`${filePath}: ${fatal.map((message) => message.message).join('; ')}`);
  return result.messages.some((message) => message.ruleId === RULE && message.severity === 2);
}

const DOMAIN_FILES = [
  'src/games/domain/probe.ts',
  'src/games/write/decide-change.ts',
  'src/games/write/apply-change.ts',
  'src/games/write/game-change.ts',
  'src/games/write/game-command.ts',
];

describe('fence: domain code is pure', () => {
  it.each(
    DOMAIN_FILES.flatMap((file) =>
      [
        '@nestjs/common',
        '@nestjs/graphql',
        'graphql',
        'pg',
        '@prisma/client',
        '../api/game.types',
        '../persistence/games.repository',
        '../persistence/sql/finish',
        '../../errors/api-error',
        '../../generated/prisma/client',
      ].map((specifier) => [file, specifier]),
    ),
  )('%s may not import %s', async (file, specifier) => {
    expect(await fenced(file, specifier)).toBe(true);
  });

  it.each([
    ['src/games/domain/probe.ts', '../../engine'],
    ['src/games/domain/probe.ts', './vocabulary'],
    ['src/games/write/decide-change.ts', '../domain/life'],
    ['src/games/write/game-command.ts', './game-handler'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await fenced(file, specifier)).toBe(false);
  });

  it('leaves the handler, which loads and writes, outside the fence', async () => {
    expect(await fenced('src/games/write/game-handler.ts', 'pg')).toBe(false);
    expect(await fenced('src/games/write/game-handler.ts', '../persistence/games.repository')).toBe(false);
    expect(await fenced('src/games/write/game-handler.ts', '../../errors/api-error')).toBe(false);
  });
});

describe('fence: GraphQL belongs to the API', () => {
  const packages = ['graphql', 'graphql/language', '@nestjs/graphql', '@nestjs/apollo', '@apollo/server'];

  it.each(
    [
      'src/games/games.service.ts',
      'src/games/persistence/games.repository.ts',
      'src/bots/bot-worker.ts',
      'src/auth/auth.service.ts',
      'src/games/games.module.ts',
    ].flatMap((file) => packages.map((specifier) => [file, specifier])),
  )('%s may not import %s', async (file, specifier) => {
    expect(await fenced(file, specifier)).toBe(true);
  });

  it.each(
    [
      'src/games/api/games.resolver.ts',
      'src/games/api/probe.ts',
      'src/players/players.resolver.ts',
      'src/players/player.types.ts',
      'src/graphql/probe.ts',
      'src/errors/api-error.ts',
      // Listed in eslint.config.mjs, each for its reason.
      'src/app.module.ts',
      'src/auth/access-gate.ts',
      'src/metrics/graphql-metrics.ts',
      'src/streams/streams.service.ts',
    ].flatMap((file) => packages.map((specifier) => [file, specifier])),
  )('%s may import %s', async (file, specifier) => {
    expect(await fenced(file, specifier)).toBe(false);
  });

  it('lets anyone use the GraphQL plumbing folder, which is ours, not the package', async () => {
    expect(await fenced('src/games/persistence/games-list.ts', '../../graphql/cursor')).toBe(false);
    expect(await fenced('src/ratings/ratings.service.ts', '../graphql/cursor')).toBe(false);
  });
});

describe("fence: the API's files are the API's", () => {
  it.each([
    ['src/bots/bot-worker.ts', '../games/api/game.types'],
    ['src/games/games.service.ts', './api/game.types'],
    ['src/games/lobby.service.ts', './api/game.types'],
    ['src/export/export.service.ts', '../games/api/game.types'],
    ['src/accounts/account-export.ts', '../games/api/game.types'],
    ['src/metrics/app-metrics.ts', '../games/api/game.types'],
    ['src/games/persistence/games.repository.ts', '../api/games.resolver'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await fenced(file, specifier)).toBe(true);
  });

  it.each([
    ['src/games/games.module.ts', './api/games.resolver'],
    ['src/moderation/moderation.resolver.ts', '../games/api/games.resolver'],
    ['src/notifications/player-events.types.ts', '../games/api/game.types'],
    ['src/games/api/node.resolver.ts', './game.types'],
    ['src/games/games.service.ts', './domain/vocabulary'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await fenced(file, specifier)).toBe(false);
  });
});
