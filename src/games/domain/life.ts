/**
 * The life of a game around its play (docs/api/games-and-moves.md#games, docs/correspondence.md): who may sit
 * down, call a game off, decline an invitation, and when a deadline makes a timeout. Pure — no Nest, no SQL,
 * time is an input — in the shape of the engine's own decide: the game as it stands and a command give a
 * decision, what happens or a refusal with a stable code. The service reads the game (under its row lock
 * where a race matters), asks here, and writes what the decision says with the notifications it causes
 * (notifications.ts). Play itself is the engine's (src/engine/decide.ts).
 */
import type { DeclineReasonName } from './challenge';
import type { GameStatusName } from './vocabulary';

/** What the decisions read of a game: its row and who sits where. */
export interface GameLife {
  readonly status: GameStatusName;
  /** Events in the log: 0 until the first move. */
  readonly version: number;
  readonly rated: boolean;
  /** How many seats the game has. */
  readonly seats: number;
  readonly createdById: string;
  readonly invitedPlayerId: string | null;
  /** The seated players (any order). */
  readonly seated: readonly { readonly seat: number; readonly playerId: string }[];
  readonly currentSeat: number | null;
  readonly deadline: Date | null;
  /** The tournament that paired it, or null. */
  readonly tournamentId: string | null;
}

export type LifeCommand =
  | { readonly type: 'join'; readonly playerId: string }
  | { readonly type: 'abort'; readonly playerId: string }
  /**
   * The player's account is being deleted: they leave a game that waits for players
   * (docs/api/players-and-accounts.md#deleteaccount).
   */
  | { readonly type: 'withdraw'; readonly playerId: string }
  /** An admin calls the game off (docs/operations.md#moderation): any game that is not over, with no result. */
  | { readonly type: 'moderate' }
  /** The challenger calls a pending challenge off (an abort, only before an answer). */
  | { readonly type: 'cancel'; readonly playerId: string }
  /** The invited player turns the invitation down, telling the challenger why (challenge.ts). */
  | { readonly type: 'decline'; readonly playerId: string; readonly reason: DeclineReasonName }
  /**
   * The sweeper found the deadline of the turn at `version` passed. `moverHasMoved`: whether the seat to move
   * made any move in this game (the log says).
   */
  | { readonly type: 'timeout'; readonly version: number; readonly moverHasMoved: boolean };

/** Why a game is called off before it has a result (`games.end_reason` of an ABORTED game). */
export type CallOffReason = 'aborted' | 'noMove' | 'declined' | 'moderated';

export type LifeOutcome =
  /** The player takes `seat`; `fills` when it is the last free one, so the game is dealt in the same change. */
  | { readonly type: 'seated'; readonly seat: number; readonly fills: boolean }
  /** The game is called off (ABORTED) from the state it was decided on; a decline records the decliner's reason. */
  | { readonly type: 'calledOff'; readonly reason: CallOffReason; readonly declineReason?: DeclineReasonName }
  /** The player to move ran out of time: the engine's `timeout` command for `seat`. */
  | { readonly type: 'timedOut'; readonly seat: number }
  /** Nothing is due (the deadline moved, a move came first, the game is over). */
  | { readonly type: 'notDue' };

/** The refusal codes of these decisions (a subset of the API's error codes, mapped in one place). */
export type LifeRefusalCode = 'FORBIDDEN' | 'GAME_NOT_ACTIVE' | 'BAD_USER_INPUT';

export type LifeDecision =
  | { readonly ok: true; readonly outcome: LifeOutcome }
  | { readonly ok: false; readonly code: LifeRefusalCode; readonly message: string };

const refuse = (code: LifeRefusalCode, message: string): LifeDecision => ({ ok: false, code, message });
const decided = (outcome: LifeOutcome): LifeDecision => ({ ok: true, outcome });

export function decideLife(game: GameLife, command: LifeCommand, now: Date): LifeDecision {
  switch (command.type) {
    case 'join':
      return decideJoin(game, command.playerId);
    case 'abort':
      return decideAbort(game, command.playerId);
    case 'decline':
      if (game.invitedPlayerId !== command.playerId)
        return refuse('FORBIDDEN', 'only the invited player may decline an invitation');
      return game.status === 'WAITING'
        ? decided({ type: 'calledOff', reason: 'declined', declineReason: command.reason })
        : refuse('GAME_NOT_ACTIVE', 'the invitation is no longer open');
    case 'withdraw':
      return decideWithdraw(game, command.playerId);
    case 'cancel':
      if (game.invitedPlayerId === null || game.createdById !== command.playerId)
        return refuse('FORBIDDEN', 'only the challenger may cancel a challenge');
      return game.status === 'WAITING'
        ? decided({ type: 'calledOff', reason: 'aborted' })
        : refuse('GAME_NOT_ACTIVE', 'the challenge is no longer pending');
    case 'timeout':
      return decided(timeoutOutcome(game, command, now));
    case 'moderate':
      // Whatever its state: a game being played ends with no result and no rating change (nobody won it).
      return game.status === 'WAITING' || game.status === 'ACTIVE'
        ? decided({ type: 'calledOff', reason: 'moderated' })
        : refuse('GAME_NOT_ACTIVE', `the game is ${game.status.toLowerCase()} already`);
    default:
      return unreachable(command);
  }
}

function decideJoin(game: GameLife, playerId: string): LifeDecision {
  if (game.invitedPlayerId !== null && game.invitedPlayerId !== playerId)
    return refuse('FORBIDDEN', 'this game is an invitation to another player');
  if (game.status !== 'WAITING')
    return refuse('GAME_NOT_ACTIVE', `the game is ${game.status.toLowerCase()}, not waiting for players`);
  if (game.seated.some((entry) => entry.playerId === playerId))
    return refuse('BAD_USER_INPUT', 'you already sit in this game');
  const taken = new Set(game.seated.map((entry) => entry.seat));
  const seat = [...Array(game.seats).keys()].find((candidate) => !taken.has(candidate));
  if (seat === undefined) return refuse('GAME_NOT_ACTIVE', 'every seat of this game is taken');
  return decided({ type: 'seated', seat, fills: taken.size + 1 === game.seats });
}

/**
 * A seated player calls the game off: the creator while it waits for players, anyone seated once it is dealt
 * and until the first move — but never a rated game once dealt, since every player has seen their hand and
 * aborting until a deal pleases would shop for ratings; nor a tournament's game, whose result its round needs (an
 * abort would take the point from both).
 */
function decideAbort(game: GameLife, playerId: string): LifeDecision {
  if (!game.seated.some((entry) => entry.playerId === playerId))
    return refuse('FORBIDDEN', 'only a player of this game may abort it');
  if (game.tournamentId !== null)
    return refuse('FORBIDDEN', 'a tournament game cannot be aborted; resign instead');
  if (game.rated && game.status === 'ACTIVE')
    return refuse('FORBIDDEN', 'a rated game cannot be aborted once dealt; resign instead');
  if (game.status === 'WAITING') {
    return game.createdById === playerId
      ? decided({ type: 'calledOff', reason: 'aborted' })
      : refuse('GAME_NOT_ACTIVE', 'only the creator may call off a waiting game');
  }
  return game.status === 'ACTIVE' && game.version === 0
    ? decided({ type: 'calledOff', reason: 'aborted' })
    : refuse('GAME_NOT_ACTIVE', 'a game can be aborted only before its first move');
}

/**
 * A deleted account leaves a waiting game: seats are never given back, so the game is called off — an invitation
 * to it as if declined, a game it created or sits in as aborted. A game being played is resigned instead (through
 * the engine), and one that is over stays as it is.
 */
function decideWithdraw(game: GameLife, playerId: string): LifeDecision {
  const seated = game.seated.some((entry) => entry.playerId === playerId);
  if (!seated && game.invitedPlayerId !== playerId)
    return refuse('FORBIDDEN', 'only a player of this game, or its invited player, may leave it');
  if (game.status !== 'WAITING')
    return refuse('GAME_NOT_ACTIVE', `the game is ${game.status.toLowerCase()}, not waiting for players`);
  return decided({ type: 'calledOff', reason: seated ? 'aborted' : 'declined' });
}

/**
 * A missed deadline at `version`: the player to move times out — or, in an unrated game in which they never
 * moved, the game is called off (no result). A rated game is never called off once dealt: a player who could
 * end it unrated by not moving could shop for deals, so they time out and lose as in any timeout.
 */
function timeoutOutcome(
  game: GameLife,
  command: Extract<LifeCommand, { type: 'timeout' }>,
  now: Date,
): LifeOutcome {
  if (
    game.status !== 'ACTIVE' ||
    game.version !== command.version ||
    game.deadline === null ||
    game.deadline.getTime() > now.getTime() ||
    game.currentSeat === null
  ) {
    return { type: 'notDue' };
  }
  // An unrated game whose player never moved is called off (nothing was played) — but not a tournament's: the
  // round would lose a result for want of one player's move; they lose on time, as in a rated game.
  if (!game.rated && game.tournamentId === null && !command.moverHasMoved) {
    return { type: 'calledOff', reason: 'noMove' };
  }
  return { type: 'timedOut', seat: game.currentSeat };
}

/** The share of a turn's time after which its player is reminded (docs/correspondence.md#reminders). */
export const REMINDER_SHARE = 0.8;

/**
 * A turn's clock: when it began, when its player is reminded and when it runs out (the last two null without a
 * time control, or once the game is over).
 */
export interface TurnClock {
  readonly turnStartedAt: Date | null;
  readonly remindAt: Date | null;
  readonly deadline: Date | null;
}

/**
 * The turn's clock after a change (docs/correspondence.md#time-controls): another player to move (the deal's first
 * player, a pass, a resignation or a timeout handing the turn on) starts a new turn and its deadline; a move within
 * the turn keeps both; the end clears the deadline. The one place deadlines are computed: the repository stores
 * what this says and the answer shows the same.
 */
export function turnClockAfter(
  before: {
    readonly currentPlayerId: string | null;
    readonly turnStartedAt: Date | null;
    readonly remindAt: Date | null;
    readonly deadline: Date | null;
    readonly secondsPerMove: number | null;
  },
  after: { readonly currentPlayerId: string | null; readonly finished: boolean },
  now: Date,
): TurnClock {
  if (after.currentPlayerId === before.currentPlayerId) {
    return after.finished
      ? { turnStartedAt: before.turnStartedAt, remindAt: null, deadline: null }
      : { turnStartedAt: before.turnStartedAt, remindAt: before.remindAt, deadline: before.deadline };
  }
  const next = newTurnClock(before.secondsPerMove, now);
  return after.finished ? { ...next, remindAt: null, deadline: null } : next;
}

/** A turn that begins at `now` (the deal's first turn, or the next player's). */
export function newTurnClock(secondsPerMove: number | null, now: Date): TurnClock {
  if (secondsPerMove === null) return { turnStartedAt: now, remindAt: null, deadline: null };
  const turnMs = secondsPerMove * 1000;
  return {
    turnStartedAt: now,
    remindAt: new Date(now.getTime() + Math.round(turnMs * REMINDER_SHARE)),
    deadline: new Date(now.getTime() + turnMs),
  };
}

function unreachable(command: never): never {
  throw new Error(`unknown life command ${JSON.stringify(command)}`);
}
