import { GameState, RuleOptions, parsePosition, setup } from '../engine';

export class LogCorruptError extends Error {}

/** What a stored game starts from: its options, seed, seat count and optional custom start position. */
export interface GameOrigin {
  readonly options: unknown;
  readonly seed: string;
  readonly seats: number;
  readonly startPosition: string | null;
}

/** The state before any event: the deal from the seed, or the custom start position. */
export function initialState(game: GameOrigin): GameState {
  const options = game.options as RuleOptions;
  if (game.startPosition !== null) {
    const parsed = parsePosition(options, game.startPosition);
    if (!parsed.ok) throw new LogCorruptError(`stored start position is invalid: ${parsed.error}`);
    return parsed.state;
  }
  return setup(options, game.seed, game.seats);
}
