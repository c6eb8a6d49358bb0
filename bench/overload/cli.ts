/**
 * The command line of `npm run bench:overload [-- --levels 10,100,1000] [-- --seconds S] [-- --warmup S]
 * [-- --rounds R] [-- --quick] [-- --json]`, and the settings it turns into.
 */

export interface OverloadBenchSettings {
  /** Requests in flight at once against the one server copy (closed-loop clients, one request each). */
  readonly levels: readonly number[];
  /** Measured seconds per level, per configuration and round. */
  readonly seconds: number;
  /**
   * Unmeasured play before each measured stretch; 0 (the default) measures the burst of a fresh copy's first
   * seconds, every client starting a game at once.
   */
  readonly warmupSeconds: number;
  /**
   * Passes over the configurations: the first in their order, the next in reverse (ABBA…), so that a change in
   * the machine's load during the run falls on both.
   */
  readonly rounds: number;
  readonly json: boolean;
  readonly mode: 'full' | 'quick' | 'custom';
}

export const FULL_SETTINGS: OverloadBenchSettings = {
  levels: [10, 100, 1000],
  seconds: 10,
  warmupSeconds: 0,
  rounds: 2,
  json: false,
  mode: 'full',
};

export const QUICK_SETTINGS: OverloadBenchSettings = {
  levels: [10, 100],
  seconds: 3,
  warmupSeconds: 0,
  rounds: 1,
  json: false,
  mode: 'quick',
};

export const USAGE =
  'usage: bench:overload [--levels 10,100,1000] [--seconds S] [--warmup S] [--rounds R] [--quick] [--json]';

/** The settings for `argv` (the arguments after the script name), or what is wrong with them. */
export function parseArguments(argv: readonly string[]): OverloadBenchSettings | { readonly error: string } {
  let settings: OverloadBenchSettings = argv.includes('--quick') ? QUICK_SETTINGS : FULL_SETTINGS;
  let custom = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === '--quick') continue;
    if (argument === '--json') {
      settings = { ...settings, json: true };
      continue;
    }
    if (!['--levels', '--seconds', '--warmup', '--rounds'].includes(argument))
      return { error: `unknown argument ${argument}; ${USAGE}` };
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--'))
      return { error: `${argument} needs a value; ${USAGE}` };
    index++;
    custom = true;
    if (argument === '--levels') {
      const levels = value.split(',').map(Number);
      if (!levels.every((level) => Number.isInteger(level) && level >= 1 && level <= 5000))
        return { error: `--levels must be whole numbers from 1 to 5000, comma-separated (got ${value})` };
      settings = { ...settings, levels };
      continue;
    }
    const number = Number(value);
    switch (argument) {
      case '--seconds':
        if (!Number.isFinite(number) || number <= 0 || number > 3600)
          return { error: `--seconds must be a number of seconds above 0, at most 3600 (got ${value})` };
        settings = { ...settings, seconds: number };
        break;
      case '--warmup':
        if (!Number.isFinite(number) || number < 0 || number > 600)
          return { error: `--warmup must be a number of seconds from 0 to 600 (got ${value})` };
        settings = { ...settings, warmupSeconds: number };
        break;
      case '--rounds':
        if (!Number.isInteger(number) || number < 1 || number > 20)
          return { error: `--rounds must be a whole number from 1 to 20 (got ${value})` };
        settings = { ...settings, rounds: number };
        break;
    }
  }
  return custom ? { ...settings, mode: 'custom' } : settings;
}
