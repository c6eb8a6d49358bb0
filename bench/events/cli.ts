/**
 * The command line of `npm run bench:events`, and the settings it turns into:
 *
 *   [--clients 8,32] [--seconds S] [--rounds R] [--warmup S] [--variants before,postgres,nats,nats2,nats3]
 *   [--before DIR] [--after DIR] [--standby] [--quick] [--json]
 */
import * as path from 'node:path';
import { VARIANT_NAMES, type VariantName } from './variants';

export interface EventsBenchSettings {
  /** Bot clients, one run of every variant per count (each on fresh databases). */
  readonly clients: readonly number[];
  /** Measured seconds per variant and client count, split into `rounds` rounds. */
  readonly seconds: number;
  /** Rounds that alternate the variants (A B C, then C B A, …), so a drift in the machine's load hits all alike. */
  readonly rounds: number;
  /** Unmeasured play per variant before the first round. */
  readonly warmupSeconds: number;
  /** The deployments compared; null for every variant the given checkouts allow. */
  readonly variants: readonly VariantName[] | null;
  /** A checkout of the code before (built: its dist/main.js runs), for the variant `before`. */
  readonly beforeDir: string | null;
  /** A checkout of the code after, for the other variants; null for the one this bench was built in. */
  readonly afterDir: string | null;
  /** Run on a Postgres 15 primary with a streaming standby and sample the standby's replay lag. */
  readonly standby: boolean;
  readonly json: boolean;
  readonly mode: 'full' | 'quick' | 'custom';
}

export const FULL_EVENTS_SETTINGS: EventsBenchSettings = {
  clients: [8, 32],
  seconds: 30,
  rounds: 5,
  warmupSeconds: 5,
  variants: null,
  beforeDir: null,
  afterDir: null,
  standby: false,
  json: false,
  mode: 'full',
};

export const QUICK_EVENTS_SETTINGS: EventsBenchSettings = {
  ...FULL_EVENTS_SETTINGS,
  clients: [4],
  seconds: 6,
  rounds: 2,
  warmupSeconds: 1,
  mode: 'quick',
};

export const EVENTS_USAGE =
  'usage: bench:events [--clients N[,N…]] [--seconds S] [--rounds R] [--warmup S] [--variants NAME[,NAME…]] ' +
  `[--before DIR] [--after DIR] [--standby] [--quick] [--json]; variants: ${VARIANT_NAMES.join(', ')}`;

function isVariantName(name: string): name is VariantName {
  return (VARIANT_NAMES as readonly string[]).includes(name);
}

/** The settings for `argv` (the arguments after the script name), or what is wrong with them. */
export function parseEventsArguments(
  argv: readonly string[],
): EventsBenchSettings | { readonly error: string } {
  let settings = argv.includes('--quick') ? QUICK_EVENTS_SETTINGS : FULL_EVENTS_SETTINGS;
  let custom = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === '--quick') continue;
    if (argument === '--json' || argument === '--standby') {
      settings = argument === '--json' ? { ...settings, json: true } : { ...settings, standby: true };
      continue;
    }
    const value = argv[index + 1];
    const needsValue = [
      '--clients',
      '--seconds',
      '--rounds',
      '--warmup',
      '--variants',
      '--before',
      '--after',
    ];
    if (!needsValue.includes(argument)) return { error: `unknown argument ${argument}; ${EVENTS_USAGE}` };
    if (value === undefined || value.startsWith('--'))
      return { error: `${argument} needs a value; ${EVENTS_USAGE}` };
    index++;
    // Paths and the choice of variants leave the sizes alone: a full run stays "full".
    if (!['--variants', '--before', '--after'].includes(argument)) custom = true;
    const number = Number(value);
    switch (argument) {
      case '--clients': {
        const counts = value.split(',').map(Number);
        if (!counts.every((count) => Number.isInteger(count) && count >= 1 && count <= 256))
          return { error: `--clients takes whole numbers from 1 to 256, comma-separated (got ${value})` };
        settings = { ...settings, clients: counts };
        break;
      }
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
      case '--variants': {
        const names = value.split(',');
        const unknown = names.find((name) => !isVariantName(name));
        if (unknown !== undefined) return { error: `unknown variant ${unknown}; ${EVENTS_USAGE}` };
        settings = { ...settings, variants: names as VariantName[] };
        break;
      }
      case '--before':
        settings = { ...settings, beforeDir: path.resolve(value) };
        break;
      case '--after':
        settings = { ...settings, afterDir: path.resolve(value) };
        break;
    }
  }
  if (settings.variants?.includes('before') && settings.beforeDir === null)
    return { error: `the variant before needs --before DIR (a built checkout of the code before)` };
  return custom ? { ...settings, mode: 'custom' } : settings;
}

/** The variants to run: those asked for, or every one the checkouts allow (`before` only with --before). */
export function variantsToRun(settings: EventsBenchSettings): readonly VariantName[] {
  return (
    settings.variants ?? VARIANT_NAMES.filter((name) => name !== 'before' || settings.beforeDir !== null)
  );
}
