/**
 * The round robin of `npm run simulate -- --round-robin`: per preset, every bot plays every other bot the same
 * seeded two-seat games (game i dealt from seed `S-i` for every pairing, seats rotated from game to game), and
 * the bots are rated from the results with Glicko-2 (src/ratings/glicko2.ts, the constants the service rates
 * players with: new players 1500, RD 500, volatility 0.09, τ 0.75). Round i — game i of every pairing — is one
 * rating period: every bot's rating is updated from that round's games against the ratings before it, so no
 * pairing counts more for being played last.
 */
import {
  BotName,
  GameCallback,
  PresetName,
  ProgressCallback,
  RuleOptions,
  Summary,
  simulate,
} from '../engine';
import { LICHESS, NEW_PLAYER, Rating, Result, rate } from '../ratings/glicko2';

export interface RoundRobinConfig {
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  /** Games per pairing. */
  readonly games: number;
  /** At least two different bots. */
  readonly bots: readonly BotName[];
  readonly seed: string;
}

/** One pairing: `bots[0]` against `bots[1]`, and its simulation summary (per-bot figures in that order). */
export interface Pairing {
  readonly bots: readonly [BotName, BotName];
  readonly summary: Summary;
}

export interface BotStanding extends Rating {
  readonly bot: BotName;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface RoundRobin {
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  readonly games: number;
  readonly seed: string;
  readonly bots: readonly BotName[];
  readonly pairings: readonly Pairing[];
  /** Best rating first. */
  readonly standings: readonly BotStanding[];
  /** How the ratings were computed, as printed. */
  readonly ratingMethod: string;
}

export const RATING_METHOD =
  'Glicko-2 (src/ratings/glicko2.ts: new bots 1500, RD 500, volatility 0.09, tau 0.75; ' +
  'one rating period per round, round i = game i of every pairing; a draw scores 0.5)';

/** Every pair of different bots once, in the order given (a before b when a comes first). */
export function pairingsOf(bots: readonly BotName[]): [BotName, BotName][] {
  const pairs: [BotName, BotName][] = [];
  bots.forEach((first, index) => {
    for (const second of bots.slice(index + 1)) pairs.push([first, second]);
  });
  return pairs;
}

/** Game results per pairing and game: 1 the pairing's first bot won, 0 the second did, 0.5 a draw. */
type Scores = (0 | 0.5 | 1)[][];

function standingsOf(
  bots: readonly BotName[],
  pairs: readonly [BotName, BotName][],
  scores: Scores,
  games: number,
) {
  let ratings = new Map<BotName, Rating>(bots.map((bot) => [bot, NEW_PLAYER]));
  const counts = new Map(bots.map((bot) => [bot, { games: 0, wins: 0, draws: 0, losses: 0 }]));
  for (let game = 0; game < games; game++) {
    const results = new Map<BotName, Result[]>(bots.map((bot) => [bot, []]));
    pairs.forEach(([first, second], pair) => {
      const score = scores[pair]![game]!;
      results.get(first)!.push({ opponent: ratings.get(second)!, score });
      results.get(second)!.push({ opponent: ratings.get(first)!, score: (1 - score) as 0 | 0.5 | 1 });
    });
    const before = ratings;
    ratings = new Map(bots.map((bot) => [bot, rate(before.get(bot)!, results.get(bot)!, LICHESS)]));
    for (const [bot, mine] of results) {
      const count = counts.get(bot)!;
      for (const { score } of mine) {
        count.games++;
        if (score === 1) count.wins++;
        else if (score === 0) count.losses++;
        else count.draws++;
      }
    }
  }
  return bots
    .map((bot): BotStanding => ({ bot, ...ratings.get(bot)!, ...counts.get(bot)! }))
    .sort((a, b) => b.rating - a.rating);
}

/** Plays the round robin of one preset. `onProgress` gets the pairing as a label, e.g. `random vs greedy`. */
export function roundRobin(
  config: RoundRobinConfig,
  onProgress?: (done: number, total: number, pairing: string) => void,
): RoundRobin {
  const pairs = pairingsOf(config.bots);
  const scores: Scores = [];
  const pairings = pairs.map(([first, second]): Pairing => {
    const row: (0 | 0.5 | 1)[] = [];
    scores.push(row);
    const onGame: GameCallback = (_game, played) => {
      const winner = played.result.winner;
      // Entry 0 of the simulation is the pairing's first bot, whichever seat it sat in.
      row.push(winner === null ? 0.5 : played.entries[winner] === 0 ? 1 : 0);
    };
    const progress: ProgressCallback | undefined =
      onProgress === undefined
        ? undefined
        : (done, total) => onProgress(done, total, `${first} vs ${second}`);
    const summary = simulate(
      {
        preset: config.preset,
        overrides: config.overrides,
        games: config.games,
        bots: [first, second],
        seed: config.seed,
        rotate: true,
      },
      progress,
      onGame,
    );
    return { bots: [first, second], summary };
  });
  return {
    preset: config.preset,
    overrides: config.overrides,
    games: config.games,
    seed: config.seed,
    bots: [...config.bots],
    pairings,
    standings: standingsOf(config.bots, pairs, scores, config.games),
    ratingMethod: RATING_METHOD,
  };
}
