/**
 * The command line of `npm run bench:storage [-- --games N] [-- --presets classic,zloba,modern] [-- --quick]
 * [-- --no-webhooks] [-- --client-move-ids counted|uuid|none] [-- --json]` and the printed report: per preset, the bytes on disk of one finished game
 * table by table (heap, TOAST and maps, indexes, total, and the rows' own bytes), then archived, of one running game, the move
 * log's bytes per event, and the check of what was stored.
 */
import { formatEnvironment, formatNumber, formatTable } from '../stats';
import { CLIENT_MOVE_ID_STYLES, ClientMoveIdStyle, PRESETS, Preset } from './play';

const CLIENT_MOVE_ID_WORDS: Record<ClientMoveIdStyle, string> = {
  counted: 'counted clientMoveIds (a prefix per player and a count, as the web client sends)',
  uuid: 'a random UUID clientMoveId with every move',
  none: 'no clientMoveIds',
};
import { PresetReport, StorageBenchReport, StorageBenchSettings } from './run';
import { Snapshot, total } from './sizes';

export const FULL_SETTINGS: StorageBenchSettings = {
  presets: PRESETS,
  games: 40,
  warmupGames: 4,
  concurrency: 4,
  midMoves: 50,
  maxMoves: 2000,
  webhooks: true,
  clientMoveIds: 'counted',
  timeoutSeconds: 900,
};

export const QUICK_SETTINGS: StorageBenchSettings = {
  ...FULL_SETTINGS,
  games: 4,
  warmupGames: 1,
  timeoutSeconds: 300,
};

export const USAGE =
  'usage: bench:storage [--games N] [--presets classic,zloba,modern] [--concurrency N] [--quick] [--no-webhooks] [--client-move-ids counted|uuid|none] [--json]';

export interface CommandLine {
  readonly settings: StorageBenchSettings;
  readonly json: boolean;
}

/** The settings for `argv` (the arguments after the script name), or what is wrong with them. */
export function parseArguments(argv: readonly string[]): CommandLine | { readonly error: string } {
  let settings = argv.includes('--quick') ? QUICK_SETTINGS : FULL_SETTINGS;
  let json = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === '--quick') continue;
    if (argument === '--json') {
      json = true;
      continue;
    }
    if (argument === '--no-webhooks') {
      settings = { ...settings, webhooks: false };
      continue;
    }
    const value = argv[index + 1];
    if (!['--games', '--presets', '--concurrency', '--client-move-ids'].includes(argument)) {
      return { error: `unknown argument ${argument}; ${USAGE}` };
    }
    if (value === undefined || value.startsWith('--'))
      return { error: `${argument} needs a value; ${USAGE}` };
    index++;
    if (argument === '--client-move-ids') {
      const style = CLIENT_MOVE_ID_STYLES.find((name) => name === value);
      if (style === undefined)
        return { error: `--client-move-ids must be ${CLIENT_MOVE_ID_STYLES.join(', ')} (got ${value})` };
      settings = { ...settings, clientMoveIds: style };
      continue;
    }
    if (argument === '--presets') {
      const presets = value.split(',').map((name) => name.trim().toUpperCase());
      const known = presets.filter((name): name is Preset => (PRESETS as readonly string[]).includes(name));
      if (known.length !== presets.length || presets.length === 0) {
        return { error: `--presets must list classic, zloba or modern (got ${value})` };
      }
      settings = { ...settings, presets: [...new Set(known)] };
      continue;
    }
    const number = Number(value);
    const most = argument === '--games' ? 500 : 32;
    if (!Number.isInteger(number) || number < 1 || number > most) {
      return { error: `${argument} must be a whole number from 1 to ${most} (got ${value})` };
    }
    settings = argument === '--games' ? { ...settings, games: number } : { ...settings, concurrency: number };
  }
  return { settings, json };
}

/** Bytes as `12,345 B` below 10 kB, else `12.3 kB` / `4.56 MB` (powers of 1000: Postgres pages are 8,192 B). */
export function formatBytes(bytes: number): string {
  const size = Math.abs(bytes);
  if (size < 10_000) return `${formatNumber(bytes)} B`;
  if (size < 10_000_000) return `${formatNumber(bytes / 1000, 1)} kB`;
  return `${formatNumber(bytes / 1_000_000, 2)} MB`;
}

/** A table of `sizes` (per game), with a total row. */
export function formatSizes(sizes: Snapshot): string {
  const sum = total(sizes);
  const rows = [...sizes, { table: 'total', ...sum, indexes: {} }].map((size) => [
    size.table,
    formatNumber(size.rows, 1),
    formatBytes(size.rowBytes),
    formatBytes(size.heapBytes),
    formatBytes(size.toastAndMapsBytes),
    formatBytes(size.indexBytes),
    formatBytes(size.totalBytes),
  ]);
  return formatTable(
    [
      { header: 'table', align: 'left' },
      { header: 'rows', align: 'right' },
      { header: 'row bytes', align: 'right' },
      { header: 'heap', align: 'right' },
      { header: 'toast+maps', align: 'right' },
      { header: 'indexes', align: 'right' },
      { header: 'total', align: 'right' },
    ],
    rows,
  );
}

function formatIndexes(sizes: Snapshot): string {
  const lines: string[] = [];
  for (const size of sizes) {
    for (const [name, bytes] of Object.entries(size.indexes).sort((a, b) => b[1] - a[1])) {
      if (bytes !== 0) lines.push(`  ${size.table}.${name}: ${formatBytes(bytes)}`);
    }
  }
  return lines.join('\n');
}

/** The tables that hold a game once it is archived, beside the notifications that retention removes. */
export const GAME_RECORD_TABLES = ['games', 'game_players', 'game_archives', 'game_archive_audit'] as const;

/** The on-disk bytes of a game's own record (GAME_RECORD_TABLES) in `sizes`. */
export function recordBytes(sizes: Snapshot): number {
  return total(sizes.filter((size) => (GAME_RECORD_TABLES as readonly string[]).includes(size.table)))
    .totalBytes;
}

function formatPreset(report: PresetReport): string {
  const events = report.finishedTotal.find((size) => size.table === 'game_events');
  const eventsStored = events?.rows ?? 0;
  const perEvent = eventsStored > 0 ? (events?.totalBytes ?? 0) / eventsStored : 0;
  const perEventRow = eventsStored > 0 ? (events?.rowBytes ?? 0) / eventsStored : 0;
  return [
    `## ${report.preset.toLowerCase()}: ${report.games} games, ${formatNumber(report.movesPerGame, 1)} moves and ${formatNumber(report.eventsPerGame, 1)} events per game${report.resigned > 0 ? `, ${report.resigned} resigned at the move cap (warm-up games included)` : ''}`,
    '',
    'One finished game (its webhook deliveries sent):',
    formatSizes(report.finished),
    '',
    `Move log: ${formatBytes(perEvent)} on disk per event (${formatBytes(perEventRow)} of it the row as stored).`,
    'Indexes per finished game:',
    formatIndexes(report.finished),
    '',
    `One finished game archived (its log in one game_archives row of ${formatBytes(report.archiveBytesPerGame)}), every table compacted (VACUUM FULL) here and at the start:`,
    formatSizes(report.archived),
    `The game's own record once archived (${GAME_RECORD_TABLES.join(', ')}): ${formatBytes(recordBytes(report.archived))} on disk.`,
    '',
    `One running game, ${formatNumber(report.runningEventsPerGame, 1)} events in (${report.runningActive} of ${report.games} still running):`,
    formatSizes(report.running),
    '',
    'One game just dealt:',
    formatSizes(report.dealt),
    '',
    `Check: ${report.check.ok ? 'ok' : `FAILED — ${report.check.problems.join('; ')}`} (${report.webhookRequests} webhook requests received)`,
  ].join('\n');
}

export function formatReport(report: StorageBenchReport): string {
  const { settings } = report;
  return [
    `# bench:storage — ${formatEnvironment(report.environment)}`,
    `code ${report.code} · ${report.postgres} · ${settings.games} games per preset after ${settings.warmupGames} unmeasured, ${settings.concurrency} at a time, webhooks ${settings.webhooks ? 'on (every player, every kind)' : 'off'}, ${CLIENT_MOVE_ID_WORDS[settings.clientMoveIds]} · ${formatNumber(report.elapsedMs / 1000, 1)} s`,
    '',
    ...report.presets.map(formatPreset).flatMap((text) => [text, '']),
  ].join('\n');
}
