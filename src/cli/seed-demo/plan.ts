/**
 * Everything about a demo game that is drawn rather than played: its id and secret seed, preset, seats, whether
 * it is rated, who sits where, which bot plays each seat, and how long it lasted. All of it is a pure function
 * of the run's `--seed` and the game's index in that seed's stream (each game has its own random stream), so
 * the same seed gives the same games, a later run continues the stream, and games can be drawn in any order.
 */
import { createHash } from 'node:crypto';
import { BotName, PresetName, RngState, nextUint32, publicStream } from '../../engine';

/** A modern game seats up to four here (the preset allows six; four keeps the mix close to real tables). */
export const MAX_SEATS = 4;

/** Shares of the presets among the demo games (classic is the house game, zloba the rarest). */
const PRESET_WEIGHTS: readonly (readonly [PresetName, number])[] = [
  ['classic', 0.45],
  ['zloba', 0.2],
  ['modern', 0.35],
];
/** Seat counts of modern games: mostly two, some three or four. */
const MODERN_SEAT_WEIGHTS: readonly (readonly [number, number])[] = [
  [2, 0.5],
  [3, 0.3],
  [4, 0.2],
];

/** How long a game lasts, from the deal to the last move: log-uniform, from a quick game to a slow one. */
const MIN_DURATION_MS = 4 * 60_000;
const MAX_DURATION_MS = 3 * 24 * 3_600_000;
/** How long a game waits for its players before the deal. */
const MAX_WAIT_MS = 30 * 60_000;

/** A demo player as the pool knows them: their bot mix and how often they play. */
export interface PoolPlayer {
  readonly id: string;
  readonly username: string;
  /** The chance that this player's seat is played by the greedy bot rather than the random one. */
  readonly skill: number;
  /** Relative chance of being picked for a game (1–10): some players play far more than others. */
  readonly activity: number;
}

export interface GamePlan {
  /** The game's position in its seed's stream (0-based). */
  readonly index: number;
  readonly id: string;
  /** The secret the deal comes from: 64 hex digits, like the service's 256 random bits. */
  readonly seed: string;
  readonly preset: PresetName;
  readonly seats: number;
  readonly rated: boolean;
  /** Indexes into the pool, by seat. */
  readonly players: readonly number[];
  readonly bots: readonly BotName[];
  /** A uniform draw in [0, 1) that places the game inside its time slot. */
  readonly slot: number;
  readonly durationMs: number;
  readonly waitMs: number;
}

/** Uniform in [0, 1) from the engine's generator (32 bits are plenty for demo data). */
export function nextUnit(rng: RngState): number {
  return nextUint32(rng) / 2 ** 32;
}

/** A uniform draw in [0, 1) from a hash of `parts`: for properties fixed by a name, not by a stream. */
export function hashUnit(...parts: readonly string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * A random-looking UUID (version 4 layout, as `randomUUID` makes for the service) derived from `parts`: the same
 * parts always give the same id, so a rerun finds the games it wrote.
 */
export function derivedUuid(...parts: readonly string[]): string {
  const bytes = createHash('sha256').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function gameIdFor(seed: string, index: number): string {
  return derivedUuid('malice-demo-game', seed, String(index));
}

export function gameSeedFor(seed: string, index: number): string {
  return createHash('sha256').update(`malice-demo-deal\u0000${seed}\u0000${index}`).digest('hex');
}

/** `demo_0001` for the first player: the name depends on the position only, so every run shares one pool. */
export function demoUsername(position: number): string {
  return `demo_${String(position + 1).padStart(4, '0')}`;
}

/** A player's skill and activity follow from their name, so a reused player keeps them across runs. */
export function poolPlayer(id: string, username: string): PoolPlayer {
  const activity = Math.exp(hashUnit('malice-demo-activity', username.toLowerCase()) * Math.log(10));
  return { id, username, skill: hashUnit('malice-demo-skill', username.toLowerCase()), activity };
}

function weighted<T>(rng: RngState, choices: readonly (readonly [T, number])[]): T {
  let draw = nextUnit(rng) * choices.reduce((total, [, weight]) => total + weight, 0);
  for (const [choice, weight] of choices) {
    draw -= weight;
    if (draw < 0) return choice;
  }
  return (choices[choices.length - 1] as readonly [T, number])[0];
}

/** Cumulative activity weights of a pool, for picking players with `pickPlayers`. */
export function cumulativeActivity(pool: readonly PoolPlayer[]): Float64Array {
  const cumulative = new Float64Array(pool.length);
  let total = 0;
  pool.forEach((player, index) => {
    total += player.activity;
    cumulative[index] = total;
  });
  return cumulative;
}

/** `count` distinct pool indexes, each drawn with a chance proportional to the player's activity. */
export function pickPlayers(rng: RngState, cumulative: Float64Array, count: number): number[] {
  if (count > cumulative.length) throw new RangeError(`${count} seats but ${cumulative.length} players`);
  const total = cumulative[cumulative.length - 1] as number;
  const picked: number[] = [];
  while (picked.length < count) {
    const draw = nextUnit(rng) * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) > draw) high = middle;
      else low = middle + 1;
    }
    if (!picked.includes(low)) picked.push(low);
  }
  return picked;
}

/** Draws everything about game `index` of `seed`'s stream that is not played. */
export function planGame(
  seed: string,
  index: number,
  pool: readonly PoolPlayer[],
  cumulative: Float64Array,
  ratedShare: number,
): GamePlan {
  const rng = publicStream('demo-plan', seed, String(index));
  const preset = weighted(rng, PRESET_WEIGHTS);
  const seats = preset === 'modern' ? weighted(rng, MODERN_SEAT_WEIGHTS) : 2;
  const rated = nextUnit(rng) < ratedShare;
  const players = pickPlayers(rng, cumulative, seats);
  const bots = players.map((player): BotName =>
    nextUnit(rng) < (pool[player] as PoolPlayer).skill ? 'greedy' : 'random',
  );
  const slot = nextUnit(rng);
  const durationMs = Math.round(
    MIN_DURATION_MS * Math.exp(nextUnit(rng) * Math.log(MAX_DURATION_MS / MIN_DURATION_MS)),
  );
  const waitMs = Math.round(nextUnit(rng) * MAX_WAIT_MS);
  return {
    index,
    id: gameIdFor(seed, index),
    seed: gameSeedFor(seed, index),
    preset,
    seats,
    rated,
    players,
    bots,
    slot,
    durationMs,
    waitMs,
  };
}
