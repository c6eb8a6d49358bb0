import {
  Deal,
  GameState,
  RuleOptions,
  RulesVersion,
  parsePosition,
  requireRulesVersion,
  setup,
  takesClientSeeds,
} from '../../engine';

export class LogCorruptError extends Error {}

/**
 * What a stored game starts from: its rules version, options, seeds, seat count and optional custom start
 * position (docs/fairness.md).
 */
export interface GameOrigin {
  readonly rulesVersion: string;
  readonly options: unknown;
  readonly seed: string;
  readonly seats: number;
  readonly startPosition: string | null;
  /** The creator fixed the seed or the start position: the deal takes no client seeds. */
  readonly dealChosen: boolean;
  /** The players' seeds by seat (null where none is recorded: a game not yet dealt, or an old-version game). */
  readonly clientSeeds: readonly (string | null)[];
}

/** A game with its seats, as the service and the export read it. */
export interface SeatedGame extends Omit<GameOrigin, 'clientSeeds'> {
  readonly players: readonly { readonly seat: number; readonly clientSeed: string | null }[];
}

export function originOf(game: SeatedGame): GameOrigin {
  const clientSeeds = Array.from(
    { length: game.seats },
    (_, seat) => game.players.find((entry) => entry.seat === seat)?.clientSeed ?? null,
  );
  return { ...game, clientSeeds };
}

/**
 * The engine's deal of a stored game, under the game's own rules version. A version this engine does not know is
 * refused (`versionOf`: never a replay under other rules); a dealt game missing a client seed is corrupt.
 */
export function dealOf(game: GameOrigin): Deal {
  const version = versionOf(game);
  if (game.dealChosen || !takesClientSeeds(version)) return { version, seed: game.seed, clientSeeds: [] };
  const clientSeeds = game.clientSeeds.map((seed, seat) => {
    if (seed === null) throw new LogCorruptError(`seat ${seat} has no client seed`);
    return seed;
  });
  return { version, seed: game.seed, clientSeeds };
}

/**
 * The game's rules version, if this engine knows it; the engine's UnsupportedRulesVersionError otherwise, which the
 * API answers as UNSUPPORTED_RULES_VERSION (the one mapping: `domainApiError`, src/errors/api-error.ts).
 */
export function versionOf(game: { readonly rulesVersion: string }): RulesVersion {
  return requireRulesVersion(game.rulesVersion);
}

/** The state before any event: the deal from the seeds, or the custom start position. */
export function initialState(game: GameOrigin): GameState {
  const options = game.options as RuleOptions;
  const deal = dealOf(game);
  if (game.startPosition !== null) {
    const parsed = parsePosition(options, game.startPosition, deal);
    if (!parsed.ok) throw new LogCorruptError(`stored start position is invalid: ${parsed.error}`);
    return parsed.state;
  }
  return setup(options, deal, game.seats);
}
