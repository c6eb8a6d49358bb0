/**
 * A decided change to one game (docs/architecture.md#where-a-change-to-a-game-is-decided): what the decider
 * (decide-change.ts) returns for a command, what the one writer (GamesRepository.write) stores in one transaction or
 * statement, and what the answer and this copy's cache are built from (apply-change.ts) — one value, so what is
 * stored, told and answered is computed once.
 *
 * Play is event-sourced: a `played` change appends to the log, and `version` counts the log's events (clients rely
 * on `seq = version`). The rest of a game's life (creation, seats, client seeds, the deal, call-offs, reminders)
 * lives on the row. Every change either appends to the log or changes the row's status, clock or seats, and says
 * whom it tells (`told`, turned into player events by notificationsOf in the same transaction).
 */
import type { GameEvent, PresetName } from '../../engine';
import type { ClientSeedSourceName } from '../domain/client-seed-source';
import type { DeclineReasonName } from '../domain/challenge';
import type { NewGame } from '../domain/creation';
import type { SeatOutcome } from '../domain/finish';
import type { CallOffReason, TurnClock } from '../domain/life';
import type { GameLifeEvent } from '../domain/notifications';
import type { GameProjection } from '../domain/projection';
import type { StoredEvent } from '../domain/stored-event';
import type { GameStatusName } from '../domain/vocabulary';
import type { FoldedGame } from '../domain/folded-game';

/** The kinds of change, written once; the writer and apply-change switch over them exhaustively. */
export const CHANGE_KINDS = [
  'created',
  'seated',
  'clientSeedSet',
  'played',
  'calledOff',
  'reminded',
  'botVersionNoted',
  'clockMoved',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The row as the change was decided on: the write applies only while the row still is so. */
export interface Expected {
  readonly status: GameStatusName;
  readonly version: number;
}

/** The deal of a filled game (docs/fairness.md): stand-in client seeds, and the first turn. */
export interface DealPlan {
  readonly standIns: readonly { readonly seat: number; readonly seed: string }[];
  readonly firstSeat: number;
  readonly firstPlayerId: string;
  readonly clock: TurnClock;
}

interface Base {
  readonly gameId: string;
  /** When the change is made: every time column it writes takes this. */
  readonly at: Date;
  /** What happened, as far as anyone is told of it (notificationsOf), in the order it happened. */
  readonly told: readonly GameLifeEvent[];
}

/** A new game, WAITING, its creator in seat 0. */
export interface Created extends Base {
  readonly kind: 'created';
  readonly game: NewGame;
}

/** A player takes a seat; `deal` when that fills the game and the deal follows at once. */
export interface Seated extends Base {
  readonly kind: 'seated';
  readonly expected: Expected;
  readonly seat: {
    readonly seat: number;
    readonly playerId: string;
    readonly clientSeed: string | null;
    readonly clientSeedSource: ClientSeedSourceName | null;
    readonly botVersions: readonly string[];
  };
  readonly deal: DealPlan | null;
}

/** A seated player sets their client seed while the game waits; `deal` when it is what deals a held game. */
export interface ClientSeedSet extends Base {
  readonly kind: 'clientSeedSet';
  readonly expected: Expected;
  readonly seat: number;
  readonly clientSeed: string;
  readonly deal: DealPlan | null;
}

/**
 * The engine decided events on the state at `expected.version` (a move, a resignation, a timeout): they are
 * appended, the projection columns and the turn's clock follow, and a finish records each seat's outcome.
 */
export interface Played extends Base {
  readonly kind: 'played';
  readonly expected: Expected;
  /**
   * The turn's deadline as the play was decided on: the write applies only while it still is, since a clock can
   * move without the log (a vacation: src/games/domain/vacation-clock.ts) and a play keeps the turn's clock.
   */
  readonly deadlineDecidedOn: Date | null;
  readonly actorId: string;
  readonly appended: readonly StoredEvent[];
  readonly projection: GameProjection;
  readonly clock: TurnClock;
  readonly outcomes: readonly SeatOutcome[] | null;
  /** What a finish rates by: ratings are per preset, and only a rated game changes them. */
  readonly finishing: { readonly preset: PresetName; readonly rated: boolean };
  /** The folded game after the events: the cache's next state. */
  readonly next: FoldedGame;
}

/** The game is called off, ABORTED with `reason`, from the state it was decided on. */
export interface CalledOff extends Base {
  readonly kind: 'calledOff';
  readonly expected: Expected;
  readonly reason: CallOffReason;
  readonly declineReason: DeclineReasonName | null;
}

/** The turn that began at `turnStartedAt` is reminded (once). */
export interface Reminded extends Base {
  readonly kind: 'reminded';
  readonly expected: Expected;
  readonly turnStartedAt: Date;
}

/** A built-in bot's seat lists another version of its play (once, in order of first use). */
export interface BotVersionNoted extends Base {
  readonly kind: 'botVersionNoted';
  readonly seat: number;
  readonly botVersion: string;
}

/** The turn's reminder and deadline move (the player's time away: src/games/domain/vacation-clock.ts). */
export interface ClockMoved extends Base {
  readonly kind: 'clockMoved';
  readonly expected: Expected;
  readonly clock: TurnClock;
}

export type GameChange =
  Created | Seated | ClientSeedSet | Played | CalledOff | Reminded | BotVersionNoted | ClockMoved;

// The list above names every kind.
const kindsListed: GameChange['kind'] extends ChangeKind
  ? ChangeKind extends GameChange['kind']
    ? true
    : never
  : never = true;
void kindsListed;

/** The log rows of a played change, as the append stores them. */
export function logRowsOf(change: Played): {
  readonly seq: number;
  readonly type: GameEvent['type'];
  readonly payload: GameEvent;
  readonly client_move_id: string | null;
}[] {
  return change.appended.map((stored) => ({
    seq: stored.seq,
    type: stored.event.type,
    payload: stored.event,
    client_move_id: stored.clientMoveId,
  }));
}
