/**
 * `setup` must return for every option set that `validateOptions` accepts. The first-player rule
 * (docs/rules.md §2.2) repeats until one face-up pay-off card is highest; with `firstPlayerTie: reshufflePiles`
 * and one card per pay-off pile, reshuffling a pile cannot change its top, so a tie would repeat forever.
 *
 * A setup that never returns would hang jest itself, so the setups run in a child process with a time limit.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { PresetName, RuleOptions, optionsFor, validateOptions } from '../../../../src/engine';

const ENGINE = path.resolve(__dirname, '../../../../src/engine');
const TSX_CLI = require.resolve('tsx/cli');
const TIME_LIMIT_MS = 10000;

interface SetupCase {
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  readonly seats: number;
  readonly seed: string;
}

/** Runs every setup in a child process; returns the case it was stuck on, or null when all returned. */
function firstHangingSetup(cases: readonly SetupCase[]): SetupCase | null {
  const script = `
    const { newDeal, optionsFor, setup } = require(${JSON.stringify(ENGINE)});
    const cases = ${JSON.stringify(cases)};
    cases.forEach((c, i) => {
      process.stdout.write(i + '\\n');
      setup(optionsFor(c.preset, c.overrides), newDeal(c.seed), c.seats);
    });
    process.stdout.write('done\\n');
  `;
  const child = spawnSync(process.execPath, [TSX_CLI, '-e', script], {
    timeout: TIME_LIMIT_MS,
    encoding: 'utf8',
  });
  const lines = child.stdout.trim().split('\n');
  if (lines[lines.length - 1] === 'done') return null;
  const timedOut = (child.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  if (!timedOut) throw new Error(`setup script failed (status ${child.status}): ${child.stderr}`);
  return cases[Number(lines[lines.length - 1])] ?? null;
}

describe('setup terminates', () => {
  it('for one-card pay-off piles with firstPlayerTie reshufflePiles (a tie cannot be broken by reshuffling piles)', () => {
    const cases: SetupCase[] = [];
    for (const preset of ['zloba', 'modern'] as const)
      for (const seats of preset === 'modern' ? [2, 3, 6] : [2])
        for (let n = 0; n < 10; n++)
          cases.push({ preset, overrides: { payoffSize: 1 }, seats, seed: `s${n}` });
    for (const { preset, overrides, seats } of cases) {
      expect(validateOptions(optionsFor(preset, overrides), seats)).toEqual([]);
    }
    const hanging = firstHangingSetup(cases);
    if (hanging !== null) {
      throw new Error(
        `setup(optionsFor('${hanging.preset}', ${JSON.stringify(hanging.overrides)}), newDeal('${hanging.seed}'), ${hanging.seats}) ` +
          `did not return within ${TIME_LIMIT_MS} ms although validateOptions accepts the options`,
      );
    }
  });
});
