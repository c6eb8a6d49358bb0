/**
 * The command line of `npm run bench:api [-- --clients N] [-- --seconds S] [-- --quick] [-- --json]
 * [-- --rounds R] [-- --cpu-prof DIR] [-- --pg-stats] [-- --transport http|ws] [-- --watch] [-- --server DIR]
 * [-- --instructions] [-- --copies N]`,
 * and the settings it turns into.
 */

export interface ApiBenchSettings {
  /** Concurrent clients on each side: bot clients over GraphQL, and pg clients for the floor. */
  readonly clients: number;
  /** Measured seconds for each side (the API and the floor each get this much, split into rounds). */
  readonly seconds: number;
  /**
   * The measured time is split into this many rounds that alternate the two sides (floor, API, API, floor, …),
   * so that a change in the machine's load during the run hits both sides alike.
   */
  readonly rounds: number;
  /** Unmeasured play before the first round, per side, so the server's JIT and caches have settled. */
  readonly warmupSeconds: number;
  readonly json: boolean;
  readonly mode: 'full' | 'quick' | 'custom';
  /** When set, the server runs with `--cpu-prof` into this folder and the profile is summarised. */
  readonly cpuProfileDir: string | null;
  /**
   * Count the SQL statements per move with pg_stat_statements (the embedded Postgres is restarted with the
   * module preloaded; a DATABASE_URL server must preload it itself).
   */
  readonly pgStats: boolean;
  /** How the bots send their operations: GraphQL over HTTP (one POST each) or over one graphql-ws socket per token. */
  readonly transport: 'http' | 'ws';
  /**
   * Every game played has a live `gameUpdated` subscriber over graphql-ws (bench/api/watcher.ts), so its changes
   * are announced between copies, as for a game a web client shows. Absent (not false) unless asked, so that
   * settings of before compare equal.
   */
  readonly watch?: true;
  /**
   * The checkout whose built server (`dist/main.js`) is measured: another commit's worktree, for A/B runs taken in
   * turns (docs/performance.md "Comparing two builds"). Absent: this checkout's.
   */
  readonly server?: string;
  /**
   * Run the server under valgrind's callgrind, instrumented during the API rounds only, and report the instructions
   * it executed per accepted move: a count that does not depend on how busy the machine is, for comparing builds on
   * a noisy one (docs/performance.md "Counting instructions"). Under valgrind the server runs tens of times slower,
   * so this run's times, rates and CPU shares say nothing of the server. Absent (not false) unless asked.
   */
  readonly instructions?: true;
  /**
   * Server copies on the one database, each its own process (as behind the project's nginx), the bot clients spread
   * over them in turn; the server CPU figures are the copies' sum. Absent (not 1) unless asked, so that settings of
   * before compare equal. Neither a CPU profile nor an instruction count is taken of several copies.
   */
  readonly copies?: number;
}

export const FULL_SETTINGS: ApiBenchSettings = {
  clients: 8,
  seconds: 20,
  rounds: 4,
  warmupSeconds: 3,
  json: false,
  mode: 'full',
  cpuProfileDir: null,
  pgStats: false,
  transport: 'http',
};

export const QUICK_SETTINGS: ApiBenchSettings = {
  clients: 4,
  seconds: 5,
  rounds: 2,
  warmupSeconds: 1,
  json: false,
  mode: 'quick',
  cpuProfileDir: null,
  pgStats: false,
  transport: 'http',
};

export const USAGE =
  'usage: bench:api [--clients N] [--seconds S] [--rounds R] [--warmup S] [--quick] [--json] [--cpu-prof DIR] [--pg-stats] [--transport http|ws] [--watch] [--server DIR] [--instructions] [--copies N]';

/** The settings for `argv` (the arguments after the script name), or what is wrong with them. */
export function parseArguments(argv: readonly string[]): ApiBenchSettings | { readonly error: string } {
  const quick = argv.includes('--quick');
  let settings: ApiBenchSettings = quick ? QUICK_SETTINGS : FULL_SETTINGS;
  let custom = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === '--quick') continue;
    if (argument === '--watch') {
      settings = { ...settings, watch: true };
      continue;
    }
    if (argument === '--instructions') {
      settings = { ...settings, instructions: true };
      continue;
    }
    if (argument === '--json' || argument === '--pg-stats') {
      settings = argument === '--json' ? { ...settings, json: true } : { ...settings, pgStats: true };
      continue;
    }
    const value = argv[index + 1];
    const needsValue = [
      '--clients',
      '--seconds',
      '--rounds',
      '--warmup',
      '--cpu-prof',
      '--transport',
      '--server',
      '--copies',
    ];
    if (!needsValue.includes(argument)) return { error: `unknown argument ${argument}; ${USAGE}` };
    if (value === undefined || value.startsWith('--'))
      return { error: `${argument} needs a value; ${USAGE}` };
    index++;
    if (argument === '--cpu-prof') {
      settings = { ...settings, cpuProfileDir: value };
      continue;
    }
    if (argument === '--server') {
      settings = { ...settings, server: value };
      continue;
    }
    if (argument === '--transport') {
      if (value !== 'http' && value !== 'ws')
        return { error: `--transport must be http or ws (got ${value})` };
      settings = { ...settings, transport: value };
      continue;
    }
    const number = Number(value);
    if (argument === '--copies') {
      if (!Number.isInteger(number) || number < 1 || number > 8)
        return { error: `--copies must be a whole number from 1 to 8 (got ${value})` };
      settings = { ...settings, copies: number };
      continue;
    }
    custom = true;
    switch (argument) {
      case '--clients':
        if (!Number.isInteger(number) || number < 1 || number > 256)
          return { error: `--clients must be a whole number from 1 to 256 (got ${value})` };
        settings = { ...settings, clients: number };
        break;
      case '--seconds':
        if (!Number.isFinite(number) || number <= 0 || number > 3600)
          return { error: `--seconds must be a number of seconds above 0, at most 3600 (got ${value})` };
        settings = { ...settings, seconds: number };
        break;
      case '--rounds':
        if (!Number.isInteger(number) || number < 1 || number > 100)
          return { error: `--rounds must be a whole number from 1 to 100 (got ${value})` };
        settings = { ...settings, rounds: number };
        break;
      case '--warmup':
        if (!Number.isFinite(number) || number < 0 || number > 600)
          return { error: `--warmup must be a number of seconds from 0 to 600 (got ${value})` };
        settings = { ...settings, warmupSeconds: number };
        break;
    }
  }
  if ((settings.copies ?? 1) > 1 && (settings.cpuProfileDir !== null || settings.instructions))
    return {
      error: `--copies takes neither --cpu-prof nor --instructions (they follow one server); ${USAGE}`,
    };
  return custom ? { ...settings, mode: 'custom' } : settings;
}
