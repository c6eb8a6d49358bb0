/**
 * `npm run simulate -- --preset classic --games 10000 --bots greedy,random --seed S`: bots play seeded games
 * against each other and the results are summed up per seat and per bot. The games themselves are played by
 * `simulate` in the engine library; this file only reads the arguments and prints.
 *
 * Options: --preset classic|zloba|modern|all, --games N, --bots a,b[,c…] (one per seat), --seed S,
 * --option key=value (repeatable rule overrides), --rotate / --no-rotate, --round-robin, --json, --help.
 * `--round-robin` plays every bot against every other (two seats) and rates them (round-robin.ts).
 * Exit codes: 0 done, 2 bad arguments or rule options, 1 a bot made an illegal move (a bug).
 */
import {
  BLOCKED_ENDS,
  BOT_NAMES,
  BlockedEnd,
  BotName,
  BotTally,
  IllegalBotMoveError,
  PRESETS,
  PRESET_NAMES,
  PresetName,
  RuleOptions,
  SIMULATED_ENDS,
  SimulatedEnd,
  Summary,
  isBotName,
  isPresetName,
  optionsFor,
  simulate,
  validateOptions,
} from '../engine';
import { Pairing, RoundRobin, roundRobin } from './round-robin';

export interface CliConfig {
  readonly presets: readonly PresetName[];
  readonly games: number;
  readonly bots: readonly BotName[];
  readonly seed: string;
  /** The `--option` overrides as given, parsed per preset (their types follow the preset's values). */
  readonly optionTexts: readonly (readonly [string, string])[];
  readonly rotate: boolean;
  /** Every bot of `bots` against every other, two seats, seats rotated (`bots` defaults to every bot). */
  readonly roundRobin: boolean;
  readonly json: boolean;
  readonly help: boolean;
}

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run simulate -- [options]
  --preset classic|zloba|modern|all   rule preset; all runs each preset in turn (default classic)
  --games N                           games per preset (default 1000)
  --bots a,b[,c...]                   one bot per seat, from: ${BOT_NAMES.join(', ')} (default greedy,random)
  --seed S                            game i is set up with seed S-i (default malice)
  --option key=value                  rule option override, repeatable, e.g. forcedAces=true,
                                      maxCenterPiles=4, wildRanks=K,JOKER
  --rotate | --no-rotate              rotate which bot sits in seat 0 from game to game (default on)
  --round-robin                       every bot of --bots (default: all of ${BOT_NAMES.join(', ')}) against every
                                      other, two seats, seats rotated, --games games per pairing and preset;
                                      prints pairwise results and a Glicko-2 rating per bot
  --json                              print the summaries as JSON (an array, one per preset; with
                                      --round-robin one round robin per preset)
  --help                              this text`;

const DEFAULTS = { preset: 'classic', games: 1000, bots: 'greedy,random', seed: 'malice' } as const;

/** Whole games a second, or two significant digits below ten (a searching bot plays under one a second). */
export function formatGamesPerSecond(rate: number): string {
  return rate >= 10 ? rate.toFixed(0) : rate.toPrecision(2);
}

function valueAfter(argv: readonly string[], index: number, flag: string): string {
  const value = argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
  return value;
}

function parsePresets(text: string): PresetName[] {
  if (text === 'all') return [...PRESET_NAMES];
  if (!isPresetName(text))
    throw new UsageError(`--preset must be one of ${PRESET_NAMES.join(', ')} or all, not "${text}"`);
  return [text];
}

function parseGames(text: string): number {
  const games = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(games) || games < 1) {
    throw new UsageError(`--games must be a whole number of at least 1, not "${text}"`);
  }
  return games;
}

function parseBots(text: string): BotName[] {
  const names = text.split(',');
  for (const name of names) {
    if (!isBotName(name))
      throw new UsageError(`--bots: unknown bot "${name}" (bots: ${BOT_NAMES.join(', ')})`);
  }
  return names as BotName[];
}

function parseOptionText(text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`--option needs key=value, not "${text}"`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** Reads the command line (without `node` and the script); throws `UsageError`. */
export function parseCliArgs(argv: readonly string[]): CliConfig {
  let presets = parsePresets(DEFAULTS.preset);
  let games: number = DEFAULTS.games;
  let bots = parseBots(DEFAULTS.bots);
  let seed: string = DEFAULTS.seed;
  const optionTexts: [string, string][] = [];
  let botsGiven = false;
  let rotate = true;
  let noRotate = false;
  let roundRobin = false;
  let json = false;
  let help = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    const inline = equals > 0 ? arg.slice(equals + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = valueAfter(argv, index, flag);
      index++;
      return next;
    };
    switch (flag) {
      case '--preset':
        presets = parsePresets(value());
        break;
      case '--games':
        games = parseGames(value());
        break;
      case '--bots':
        bots = parseBots(value());
        botsGiven = true;
        break;
      case '--seed':
        seed = value();
        break;
      case '--option':
        optionTexts.push(parseOptionText(value()));
        break;
      case '--rotate':
        rotate = true;
        break;
      case '--no-rotate':
        rotate = false;
        noRotate = true;
        break;
      case '--round-robin':
        roundRobin = true;
        break;
      case '--json':
        json = true;
        break;
      case '--help':
      case '-h':
        help = true;
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  if (roundRobin) {
    if (noRotate) throw new UsageError('--round-robin always rotates the seats: leave out --no-rotate');
    if (!botsGiven) bots = [...BOT_NAMES];
    const duplicate = bots.find((bot, index) => bots.indexOf(bot) !== index);
    if (duplicate !== undefined)
      throw new UsageError(
        `--round-robin: bot "${duplicate}" is named twice (each bot plays every other once)`,
      );
    if (bots.length < 2) throw new UsageError('--round-robin needs at least two different bots');
  }
  return { presets, games, bots, seed, optionTexts, rotate, roundRobin, json, help };
}

/**
 * One `--option` value, typed after the preset's value for that option: booleans from true/false, numbers
 * from digits (maxCenterPiles also takes its words), wildRanks as a comma list. Anything that does not
 * parse is passed on as text, so that `validateOptions` names the option and what it must be.
 */
export function parseOptionValue(preset: PresetName, key: string, text: string): unknown {
  const current: unknown = (PRESETS[preset] as unknown as Record<string, unknown>)[key];
  if (Array.isArray(current)) return text === '' ? [] : text.split(',');
  if (typeof current === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (typeof current === 'number' || key === 'maxCenterPiles') {
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  return text;
}

/** The overrides for one preset, checked with the seat count; throws `UsageError` naming every bad option. */
export function overridesFor(
  preset: PresetName,
  optionTexts: CliConfig['optionTexts'],
  seats: number,
): Partial<RuleOptions> {
  const overrides: Record<string, unknown> = {};
  for (const [key, text] of optionTexts) overrides[key] = parseOptionValue(preset, key, text);
  const typed = overrides as Partial<RuleOptions>;
  const options = optionsFor(preset, typed);
  const problems = validateOptions(options, seats);
  if (problems.length > 0) {
    const lines = problems.map((problem) =>
      problem.option === 'seats'
        ? `--bots: ${seats} bots, but preset ${preset} seats ${options.minPlayers} to ${options.maxPlayers} players`
        : `--option ${problem.message}`,
    );
    throw new UsageError(`invalid rule options for preset ${preset}:\n  ${lines.join('\n  ')}`);
  }
  return typed;
}

const END_LABELS: Record<SimulatedEnd, string> = {
  payoffEmptied: 'pay-off emptied',
  blocked: 'blocked',
  stuck: 'stuck',
  turnLimit: 'turn limit',
};

function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

function number(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function describeOverrides(overrides: Partial<RuleOptions>): string {
  const entries = Object.entries(overrides);
  if (entries.length === 0) return 'none';
  return entries
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join(' ');
}

const BLOCKED_END_LABELS: Record<BlockedEnd, string> = {
  nobodyCouldMove: 'nobody could move',
  someoneDeclined: 'someone declined',
};

/**
 * How the blocked games ended, each as a share of the blocked games, then which bots declined: e.g.
 * `120 games: nobody could move 80 (66.7 %), someone declined 40 (33.3 %); declined: greedy#1 25, greedy#2 19`.
 */
export function formatBlockedEnds(summary: Summary): string {
  const blocked = BLOCKED_ENDS.reduce((total, end) => total + summary.blockedEnds[end], 0);
  if (blocked === 0) return 'no game was blocked';
  const ways = BLOCKED_ENDS.map((end) => {
    const count = summary.blockedEnds[end];
    return `${BLOCKED_END_LABELS[end]} ${count} (${percent(count / blocked)})`;
  });
  const decliners = summary.perBot
    .filter((bot) => bot.declinedBlocks > 0)
    .map((bot) => `${bot.label} ${bot.declinedBlocks}`);
  return `${blocked} games: ${ways.join(', ')}${decliners.length > 0 ? `; declined: ${decliners.join(', ')}` : ''}`;
}

/** The summary of one preset's run as a text table. */
export function formatSummary(summary: Summary): string {
  const rows: string[] = [];
  const row = (label: string, ...cells: string[]): void => {
    rows.push(`${label.padEnd(18)}${cells.map((cell) => cell.padStart(12)).join('')}`);
  };
  rows.push(
    `== ${summary.preset}: ${summary.games} games, ${summary.seats} seats, bots ${summary.bots.join(',')} ` +
      `(${summary.rotate ? 'rotated' : 'fixed seats'}), seed ${summary.seed}, overrides: ${describeOverrides(summary.overrides)}`,
  );
  row('', 'wins', 'win rate', 'of decided');
  for (const seat of summary.perSeat) {
    row(`seat ${seat.seat}`, String(seat.wins), percent(seat.winRate), percent(seat.decidedWinRate));
  }
  for (const bot of summary.perBot) {
    row(`bot ${bot.label}`, String(bot.wins), percent(bot.winRate), percent(bot.decidedWinRate));
  }
  row('draws', String(summary.draws), percent(summary.drawShare));
  rows.push(`turns             mean ${number(summary.turns.mean)}, median ${number(summary.turns.median)}`);
  const ends = SIMULATED_ENDS.map((end) => `${END_LABELS[end]} ${percent(summary.endShares[end])}`);
  rows.push(`ended by          ${ends.join(', ')}; draws ${percent(summary.drawShare)}`);
  rows.push(`blocked ends      ${formatBlockedEnds(summary)}`);
  const score = summary.winnerScore;
  rows.push(
    score === null
      ? "winner's score    no game had a winner"
      : `winner's score    min ${number(score.min)}, p25 ${number(score.p25)}, median ${number(score.median)}, ` +
          `p75 ${number(score.p75)}, max ${number(score.max)}, mean ${number(score.mean)}`,
  );
  rows.push(
    `speed             ${formatGamesPerSecond(summary.gamesPerSecond)} games/s (${(summary.elapsedMs / 1000).toFixed(1)} s)`,
  );
  return rows.join('\n');
}

/**
 * One preset's round robin as text: each pairing (its first bot's wins, the second's, the first's share of
 * the decided games, draws, blocked share and how those ended), the matrix of win rates of decided games (row
 * against column), then the ratings, best first, with the method named.
 */
export function formatRoundRobin(result: RoundRobin): string {
  const rows: string[] = [];
  const cells = (label: string, width: number, ...values: string[]): string =>
    `${label.padEnd(width)}${values.map((value) => value.padStart(14)).join('')}`;
  rows.push(
    `== round robin ${result.preset}: bots ${result.bots.join(', ')}; ${result.games} games per pairing ` +
      `(seats rotated), seed ${result.seed}, overrides: ${describeOverrides(result.overrides)}`,
  );
  const pairLabel = (pairing: Pairing): string => `${pairing.bots[0]} vs ${pairing.bots[1]}`;
  const width = Math.max(20, ...result.pairings.map((pairing) => pairLabel(pairing).length + 2));
  rows.push(
    cells('pairing (A vs B)', width, 'games', 'A wins', 'B wins', 'A of decided', 'draws', 'blocked'),
  );
  for (const pairing of result.pairings) {
    const summary = pairing.summary;
    const [first, second] = summary.perBot as [BotTally, BotTally];
    rows.push(
      cells(
        pairLabel(pairing),
        width,
        String(summary.games),
        String(first.wins),
        String(second.wins),
        percent(first.decidedWinRate),
        percent(summary.drawShare),
        percent(summary.endShares.blocked),
      ),
    );
    rows.push(`${''.padEnd(width)}blocked ends: ${formatBlockedEnds(summary)}`);
  }
  rows.push('win rate of decided games, row against column');
  rows.push(cells('', width, ...result.bots));
  for (const bot of result.bots) {
    const rates = result.bots.map((other) => {
      if (other === bot) return '–';
      const pairing = result.pairings.find((p) => p.bots.includes(bot) && p.bots.includes(other));
      const tally = pairing?.summary.perBot[pairing.bots.indexOf(bot)];
      return tally === undefined ? '–' : percent(tally.decidedWinRate);
    });
    rows.push(cells(bot, width, ...rates));
  }
  rows.push(`ratings: ${result.ratingMethod}`);
  rows.push(cells('bot', width, 'rating', 'RD', 'games', 'wins', 'draws', 'losses'));
  for (const standing of result.standings) {
    rows.push(
      cells(
        standing.bot,
        width,
        standing.rating.toFixed(0),
        standing.deviation.toFixed(0),
        String(standing.games),
        String(standing.wins),
        String(standing.draws),
        String(standing.losses),
      ),
    );
  }
  return rows.join('\n');
}

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** A progress bar is drawn only on a terminal. */
  readonly progress: ((done: number, total: number, label: string) => void) | null;
}

/** A progress bar on a terminal's stderr, redrawn at most every 100 ms. */
export function terminalProgress(stream: NodeJS.WriteStream): NonNullable<CliIo['progress']> {
  let lastDraw = 0;
  return (done, total, label) => {
    const now = Date.now();
    if (done !== total && now - lastDraw < 100) return;
    lastDraw = now;
    const width = 30;
    const filled = Math.round((done / total) * width);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    stream.write(`\r${label} [${bar}] ${done}/${total}${done === total ? '\n' : ''}`);
  };
}

/** Runs the command; returns the exit code. */
export function runCli(argv: readonly string[], io: CliIo): number {
  let config: CliConfig;
  let runs: { preset: PresetName; overrides: Partial<RuleOptions> }[];
  try {
    config = parseCliArgs(argv);
    if (config.help) {
      io.out(USAGE);
      return 0;
    }
    runs = config.presets.map((preset) => ({
      preset,
      overrides: overridesFor(preset, config.optionTexts, config.roundRobin ? 2 : config.bots.length),
    }));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`simulate: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  const results: (Summary | RoundRobin)[] = [];
  try {
    for (const { preset, overrides } of runs) {
      const progress = io.progress;
      if (config.roundRobin) {
        const onProgress =
          progress === null
            ? undefined
            : (done: number, total: number, pairing: string) => progress(done, total, `${preset} ${pairing}`);
        const result = roundRobin(
          { preset, overrides, games: config.games, bots: config.bots, seed: config.seed },
          onProgress,
        );
        results.push(result);
        if (!config.json) io.out(`${formatRoundRobin(result)}\n`);
        continue;
      }
      const onProgress =
        progress === null ? undefined : (done: number, total: number) => progress(done, total, preset);
      const summary = simulate(
        {
          preset,
          overrides,
          games: config.games,
          bots: config.bots,
          seed: config.seed,
          rotate: config.rotate,
        },
        onProgress,
      );
      results.push(summary);
      if (!config.json) io.out(`${formatSummary(summary)}\n`);
    }
  } catch (error) {
    if (!(error instanceof IllegalBotMoveError)) throw error;
    io.err(`simulate: ${error.message}\n${JSON.stringify(error.details, null, 2)}`);
    return 1;
  }
  if (config.json) io.out(JSON.stringify(results, null, 2));
  return 0;
}

if (require.main === module) {
  process.exitCode = runCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    progress: process.stderr.isTTY ? terminalProgress(process.stderr) : null,
  });
}
