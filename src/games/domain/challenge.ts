/**
 * Challenges and seeks as views over games (docs/api/challenges-and-seeks.md#challenges,
 * docs/correspondence.md#the-lobby-challenges-seeks-rematches). A challenge is a two-seat game created with
 * an invited player (createGame's `opponent`, or a rematch): its id is the game's, and its state follows from
 * the game's status and abort reason — nothing but the decline reason is stored apart. A seek is an open game
 * of the shape seekGame matches. Pure: names and derivations only.
 */
import type { EndReasonName, GameRowRecord } from './game-record';

/**
 * Why the invited player turns a challenge down (`games.decline_reason`, `DeclineReason` in the API), as the
 * challenger is told: the same choice of reasons lichess offers its players, for this game's parameters.
 */
export const DECLINE_REASONS = [
  'GENERIC',
  'LATER',
  'TOO_FAST',
  'TOO_SLOW',
  'TIME_CONTROL',
  'RATED',
  'CASUAL',
  'PRESET',
  'NO_BOT',
  'ONLY_BOT',
] as const;
export type DeclineReasonName = (typeof DECLINE_REASONS)[number];

/** Where a challenge stands: `ChallengeState` in the API. */
export const CHALLENGE_STATES = ['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELED'] as const;
export type ChallengeStateName = (typeof CHALLENGE_STATES)[number];

/** Which side of a challenge the caller is on: `ChallengeDirection` in the API. */
export const CHALLENGE_DIRECTIONS = ['INCOMING', 'OUTGOING'] as const;
export type ChallengeDirectionName = (typeof CHALLENGE_DIRECTIONS)[number];

/** Whether a game is a challenge: it names the one player invited to its other seat. */
export function isChallenge(game: Pick<GameRowRecord, 'invitedPlayerId'>): boolean {
  return game.invitedPlayerId !== null;
}

/**
 * A challenge's state from its game: pending while the game waits, accepted once dealt (the invited player
 * joined; what happens to the game after is the game's), declined or canceled when it was called off before the
 * deal. The SQL of the state filter (src/games/persistence/sql/games-list-sql.ts, CHALLENGE_STATE_SQL) says the same.
 */
export function challengeStateOf(
  game: Pick<GameRowRecord, 'status' | 'startedAt' | 'endReason'>,
): ChallengeStateName {
  if (game.startedAt !== null) return 'ACCEPTED';
  switch (game.status) {
    case 'WAITING':
      return 'PENDING';
    case 'ACTIVE':
    case 'FINISHED':
      return 'ACCEPTED';
    case 'ABORTED':
      return game.endReason === null ? 'CANCELED' : calledOffState(game.endReason);
    default:
      return unreachable(game.status);
  }
}

/** A challenge called off before the deal: by its invited player, or else by its challenger (or the server). */
function calledOffState(reason: EndReasonName): ChallengeStateName {
  switch (reason) {
    case 'declined':
      return 'DECLINED';
    case 'aborted': // the challenger called it off (abortGame, cancelChallenge)
    case 'dealExposed': // the server withdrew it with the old generator (docs/fairness.md)
    case 'noMove': // never before the deal; listed for the switch
    case 'moderated': // an admin called it off (adminAbortGame)
      return 'CANCELED';
    default:
      return unreachable(reason);
  }
}

function unreachable(value: never): never {
  throw new Error(`unknown value ${JSON.stringify(value)}`);
}
