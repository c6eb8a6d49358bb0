/**
 * Bot-against-bot simulation: many seeded games, played through the same `decide`/`applyEvent` path as real
 * games, summed up per seat and per bot. Pure and deterministic: the same config gives the same summary
 * (apart from the timing figures).
 */
import { decide } from '../decide';
import { applyEvent } from '../evolve';
import { PresetName, RuleOptions, optionsFor } from '../options';
import { RngState } from '../rng';
import { newDeal, publicStream } from '../seeding';
import { setup } from '../setup';
import { EndReason, GameResult, GameState } from '../state';
import { legalMovesInView, viewFor } from '../view';
import { Bot, BotName, createBot } from './bot';

export interface SimulationConfig {
  readonly preset: PresetName;
  /** Rule option overrides on top of the preset. */
  readonly overrides?: Partial<RuleOptions>;
  readonly games: number;
  /** One bot per seat; their number is the number of seats. */
  readonly bots: readonly BotName[];
  /**
   * Game i is dealt under the current rules version from seed `${seed}-${i}` (a chosen deal: no client seeds);
   * the bots' random streams are public streams named by the seed, the game and the seat.
   */
  readonly seed: string;
  /** Rotate which bot sits in seat 0 from game to game, so the first-move advantage is shared (default true). */
  readonly rotate?: boolean;
  /** Makes the bot for a name (default `createBot`); lets experiments pit differently tuned bots. */
  readonly botFactory?: (name: BotName) => Bot;
}

export type ProgressCallback = (gamesDone: number, gamesTotal: number) => void;
/** Called with each game as it ends, in order (game 0 first): for callers that rate the bots game by game. */
export type GameCallback = (game: number, played: PlayedGame) => void;

export interface WinTally {
  readonly wins: number;
  /** Wins over all games. */
  readonly winRate: number;
  /** Wins over the games that had a winner (draws left out). */
  readonly decidedWinRate: number;
}

export interface SeatTally extends WinTally {
  readonly seat: number;
}

export interface BotTally extends WinTally {
  /** The bot's place in the `bots` list (0-based) and its name. */
  readonly entry: number;
  readonly bot: BotName;
  /** Name, made unique with `#n` when the same bot plays more than one seat. */
  readonly label: string;
  /** Blocked games in whose last round of null turns this bot passed although it had another legal move. */
  readonly declinedBlocks: number;
}

/** The ways a game ended; resignations and timeouts never happen between bots. */
export type SimulatedEnd = Extract<EndReason, 'payoffEmptied' | 'blocked' | 'stuck' | 'turnLimit'>;
export const SIMULATED_ENDS: readonly SimulatedEnd[] = ['payoffEmptied', 'blocked', 'stuck', 'turnLimit'];

/**
 * How a blocked game ended (docs/rules.md §2.9: a round of null turns). `nobodyCouldMove`: every null turn of
 * that last round was forced, the player having no legal move but `pass`; `someoneDeclined`: at least one of
 * them was a `pass` by a player who had another legal move.
 */
export type BlockedEnd = 'nobodyCouldMove' | 'someoneDeclined';
export const BLOCKED_ENDS: readonly BlockedEnd[] = ['nobodyCouldMove', 'someoneDeclined'];

export interface Distribution {
  readonly min: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly max: number;
  readonly mean: number;
}

export interface Summary {
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  readonly options: RuleOptions;
  readonly seats: number;
  readonly games: number;
  readonly bots: readonly BotName[];
  readonly seed: string;
  readonly rotate: boolean;
  readonly perSeat: readonly SeatTally[];
  readonly perBot: readonly BotTally[];
  readonly draws: number;
  readonly decided: number;
  readonly turns: { readonly mean: number; readonly median: number };
  /** Share of all games that ended each way (they add up to 1). */
  readonly endShares: Readonly<Record<SimulatedEnd, number>>;
  /** How the blocked games ended, as counts (they add up to the blocked games). */
  readonly blockedEnds: Readonly<Record<BlockedEnd, number>>;
  /** The same as shares of all games (they add up to `endShares.blocked`). */
  readonly blockedEndShares: Readonly<Record<BlockedEnd, number>>;
  readonly drawShare: number;
  /** The winners' scores over the decided games; null when no game had a winner. */
  readonly winnerScore: Distribution | null;
  readonly elapsedMs: number;
  readonly gamesPerSecond: number;
}

/** A bot chose a move that `decide` refused: a bug in the bot or in legal-move generation. */
export class IllegalBotMoveError extends Error {
  constructor(
    readonly details: {
      readonly game: number;
      readonly seed: string;
      readonly turn: number;
      readonly seat: number;
      readonly bot: BotName;
      readonly move: string;
      readonly violation: string;
      readonly legalMoves: readonly string[];
    },
  ) {
    super(
      `bot ${details.bot} in seat ${details.seat} chose the illegal move ${details.move} ` +
        `(game ${details.game}, seed ${details.seed}, turn ${details.turn}): ${details.violation}; ` +
        `legal moves were ${details.legalMoves.join(' ')}`,
    );
  }
}

export function seatBot(config: SimulationConfig, game: number, seat: number): number {
  const seats = config.bots.length;
  return (config.rotate ?? true) ? (seat + game) % seats : seat;
}

export function gameSeed(seed: string, game: number): string {
  return `${seed}-${game}`;
}

/** The bot seat's random stream for one game: named by the run's seed, the game and the seat, never by a deal. */
export function botRng(seed: string, game: number, seat: number): RngState {
  return publicStream('simulation-bot', seed, String(game), String(seat));
}

export interface PlayedGame {
  readonly result: GameResult;
  readonly turns: number;
  /** The bot entry (index into `bots`) in each seat. */
  readonly entries: readonly number[];
  /**
   * For a blocked game, the seats whose null turns in the last round were a `pass` with another legal move
   * (empty: nobody could move); null for any other end.
   */
  readonly decliners: readonly number[] | null;
}

/** Plays one game of the run to its end. */
export function playGame(config: SimulationConfig, options: RuleOptions, game: number): PlayedGame {
  const seats = config.bots.length;
  const seed = gameSeed(config.seed, game);
  const entries = Array.from({ length: seats }, (_, seat) => seatBot(config, game, seat));
  const makeBot = config.botFactory ?? createBot;
  const bots: Bot[] = entries.map((entry) => makeBot(config.bots[entry] as BotName));
  const rngs = entries.map((_, seat) => botRng(config.seed, game, seat));
  const state: GameState = setup(options, newDeal(seed), seats);
  // The seats that declined in the current run of null turns (a null turn is a pass that is the whole turn,
  // with no draw at its start: docs/rules.md §2.9); cleared whenever a turn is not null.
  let decliners: number[] = [];
  while (state.result === null) {
    const seat = state.current;
    const view = viewFor(state, seat);
    const legalMoves = legalMovesInView(view);
    const bot = bots[seat] as Bot;
    const move = bot.choose(view, legalMoves, rngs[seat] as RngState);
    if (move === 'pass' && !state.turnActive) {
      if (legalMoves.length > 1 && !decliners.includes(seat)) decliners.push(seat);
    } else {
      decliners = [];
    }
    const decision = decide(state, { type: 'move', seat, move });
    if (!decision.ok) {
      throw new IllegalBotMoveError({
        game,
        seed,
        turn: state.turn,
        seat,
        bot: bot.name,
        move,
        violation: `${decision.violation.code}: ${decision.violation.reason}`,
        legalMoves,
      });
    }
    for (const event of decision.events) applyEvent(state, event);
  }
  return {
    result: state.result,
    turns: state.turn,
    entries,
    decliners: state.result.reason === 'blocked' ? decliners : null,
  };
}

/** Linear interpolation between closest ranks (sorted input, not empty). */
export function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return low + (high - low) * (position - below);
}

export function distribution(values: readonly number[]): Distribution | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    min: sorted[0] as number,
    p25: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
    max: sorted[sorted.length - 1] as number,
    mean: sum / sorted.length,
  };
}

function tally(wins: number, games: number, decided: number): WinTally {
  return {
    wins,
    winRate: games === 0 ? 0 : wins / games,
    decidedWinRate: decided === 0 ? 0 : wins / decided,
  };
}

function botLabels(bots: readonly BotName[]): string[] {
  return bots.map((bot, entry) =>
    bots.filter((other) => other === bot).length > 1 ? `${bot}#${entry + 1}` : bot,
  );
}

/** Runs the whole simulation; throws `IllegalBotMoveError` at the first illegal bot move, `InvalidOptionsError` for bad options. */
export function simulate(
  config: SimulationConfig,
  onProgress?: ProgressCallback,
  onGame?: GameCallback,
): Summary {
  const seats = config.bots.length;
  const overrides = config.overrides ?? {};
  const options = optionsFor(config.preset, overrides);
  const seatWins = new Array<number>(seats).fill(0);
  const botWins = new Array<number>(seats).fill(0);
  const turns: number[] = [];
  const scores: number[] = [];
  const ends: Record<SimulatedEnd, number> = { payoffEmptied: 0, blocked: 0, stuck: 0, turnLimit: 0 };
  const blockedEnds: Record<BlockedEnd, number> = { nobodyCouldMove: 0, someoneDeclined: 0 };
  const declinedBlocks = new Array<number>(seats).fill(0);
  let draws = 0;
  const started = Date.now();
  for (let game = 0; game < config.games; game++) {
    const played = playGame(config, options, game);
    const result = played.result;
    turns.push(played.turns);
    const reason = result.reason;
    if (reason === 'resigned' || reason === 'timedOut') throw new Error(`a bot game ended by ${reason}`);
    ends[reason]++;
    if (played.decliners !== null) {
      blockedEnds[played.decliners.length === 0 ? 'nobodyCouldMove' : 'someoneDeclined']++;
      for (const seat of played.decliners) declinedBlocks[played.entries[seat] as number]!++;
    }
    if (result.winner === null) {
      draws++;
    } else {
      seatWins[result.winner]!++;
      botWins[played.entries[result.winner] as number]!++;
      scores.push(result.score);
    }
    onGame?.(game, played);
    onProgress?.(game + 1, config.games);
  }
  const elapsedMs = Date.now() - started;
  const games = config.games;
  const decided = games - draws;
  const labels = botLabels(config.bots);
  const sortedTurns = [...turns].sort((a, b) => a - b);
  const share = (count: number): number => (games === 0 ? 0 : count / games);
  return {
    preset: config.preset,
    overrides,
    options,
    seats,
    games,
    bots: [...config.bots],
    seed: config.seed,
    rotate: config.rotate ?? true,
    perSeat: seatWins.map((wins, seat) => ({ seat, ...tally(wins, games, decided) })),
    perBot: botWins.map((wins, entry) => ({
      entry,
      bot: config.bots[entry] as BotName,
      label: labels[entry] as string,
      ...tally(wins, games, decided),
      declinedBlocks: declinedBlocks[entry] as number,
    })),
    draws,
    decided,
    turns: {
      mean: games === 0 ? 0 : turns.reduce((total, value) => total + value, 0) / games,
      median: games === 0 ? 0 : quantile(sortedTurns, 0.5),
    },
    endShares: {
      payoffEmptied: share(ends.payoffEmptied),
      blocked: share(ends.blocked),
      stuck: share(ends.stuck),
      turnLimit: share(ends.turnLimit),
    },
    blockedEnds,
    blockedEndShares: {
      nobodyCouldMove: share(blockedEnds.nobodyCouldMove),
      someoneDeclined: share(blockedEnds.someoneDeclined),
    },
    drawShare: share(draws),
    winnerScore: distribution(scores),
    elapsedMs,
    gamesPerSecond: elapsedMs === 0 ? games * 1000 : (games * 1000) / elapsedMs,
  };
}
