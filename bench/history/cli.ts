/**
 * The command line of `npm run bench:history [-- --games N] [-- --samples N] [-- --depth D] [-- --json]`.
 */

export interface HistoryBenchSettings {
  /** Finished games the database must hold; missing ones are seeded with the seed:demo code first. */
  readonly games: number;
  /** Measured requests per query kind (one random player per history sample). */
  readonly samples: number;
  /** The page that counts as deep: reached by following `after` cursors from the first. */
  readonly depth: number;
  /** Unmeasured rounds before the measured ones. */
  readonly warmup: number;
  readonly json: boolean;
  readonly help: boolean;
}

export const DEFAULT_SETTINGS: HistoryBenchSettings = {
  games: 100_000,
  samples: 300,
  depth: 10,
  warmup: 20,
  json: false,
  help: false,
};

export const USAGE = `usage: npm run bench:history -- [--games N] [--samples N] [--depth D] [--warmup N] [--json]
  --games N     finished games the database must hold; fewer are topped up with seed:demo (default 100000)
  --samples N   measured requests per query kind (default 300)
  --depth D     the deep page: page D, reached by following cursors (default 10)
  --warmup N    unmeasured rounds first (default 20)
  --json        the report as JSON on stdout (progress goes to stderr)
The database is DATABASE_URL's, else the embedded one of seed:demo (.data/demo).`;

const LIMITS: Readonly<Record<'--games' | '--samples' | '--depth' | '--warmup', readonly [number, number]>> =
  {
    '--games': [1, 100_000_000],
    '--samples': [1, 1_000_000],
    '--depth': [2, 1000],
    '--warmup': [0, 100_000],
  };

function isLimited(flag: string): flag is keyof typeof LIMITS {
  return flag in LIMITS;
}

/** The settings for `argv` (the arguments after the script name), or what is wrong with them. */
export function parseHistoryArgs(argv: readonly string[]): HistoryBenchSettings | { readonly error: string } {
  let settings = DEFAULT_SETTINGS;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === '--json' || argument === '--help' || argument === '-h') {
      settings = argument === '--json' ? { ...settings, json: true } : { ...settings, help: true };
      continue;
    }
    const equals = argument.startsWith('--') ? argument.indexOf('=') : -1;
    const flag = equals > 0 ? argument.slice(0, equals) : argument;
    if (!isLimited(flag)) return { error: `unknown argument ${argument}\n${USAGE}` };
    let text: string | undefined;
    if (equals > 0) {
      text = argument.slice(equals + 1);
    } else {
      text = argv[index + 1];
      if (text === undefined || text.startsWith('--')) return { error: `${flag} needs a value\n${USAGE}` };
      index++;
    }
    const [min, max] = LIMITS[flag];
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      return { error: `${flag} must be a whole number from ${min} to ${max} (got ${text})` };
    }
    const key = flag.slice(2) as 'games' | 'samples' | 'depth' | 'warmup';
    settings = { ...settings, [key]: value };
  }
  return settings;
}
