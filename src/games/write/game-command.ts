/**
 * Every change to a game, as a command to the one entry point, GameHandler.handle(gameId, command)
 * (docs/architecture.md#where-a-change-to-a-game-is-decided). The vocabulary is written once here; the decider and the handler
 * switch over it exhaustively.
 */
import type { DeclineReasonName } from '../domain/challenge';
import type { CreateGameRequest, SeekKind } from '../domain/creation';
import type { RatingRange } from '../domain/game-record';
import type { AwaySpan } from '../domain/vacation-clock';
// The handler's type (it names the transaction's connection): this file names no database code.
import type { AlongsideWrite } from './game-handler';

export const COMMAND_TYPES = [
  'create',
  'openSeek',
  'join',
  'setClientSeed',
  'move',
  'resign',
  'timeout',
  'callOff',
  'remind',
  'noteBotVersion',
  'moveClock',
  'pair',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** Who calls a game off, and how (src/games/domain/life.ts decides whether they may). */
export type CallOff =
  /** A seated player aborts (docs/api/games-and-moves.md#abortgame). */
  | { readonly type: 'abort'; readonly playerId: string }
  /** The invited player turns the invitation down. */
  | { readonly type: 'decline'; readonly playerId: string; readonly reason: DeclineReasonName }
  /** The challenger calls a pending challenge off. */
  | { readonly type: 'cancel'; readonly playerId: string }
  /** A deleted account leaves a game that waits for players. */
  | { readonly type: 'withdraw'; readonly playerId: string }
  /** An admin calls the game off (docs/operations.md#moderation). */
  | { readonly type: 'moderate' };

export type GameCommand =
  /** A new game, made by `playerId` (the id handed to handle() becomes the game's). */
  | { readonly type: 'create'; readonly playerId: string; readonly request: CreateGameRequest }
  /** A seek: a new game of `kind`, unless the player has an open one of that kind already. */
  | {
      readonly type: 'openSeek';
      readonly playerId: string;
      readonly kind: SeekKind;
      readonly clientSeed: string | undefined;
      /** The opponents' ratings it accepts (docs/social.md#seeks-by-rating); undefined: anyone. */
      readonly ratingRange: RatingRange | undefined;
    }
  | { readonly type: 'join'; readonly playerId: string; readonly clientSeed: string | undefined }
  | { readonly type: 'setClientSeed'; readonly playerId: string; readonly clientSeed: string }
  | {
      readonly type: 'move';
      readonly playerId: string;
      readonly move: string;
      readonly expectedVersion: number | undefined;
      readonly clientMoveId: string | undefined;
    }
  | { readonly type: 'resign'; readonly playerId: string }
  /** The sweeper found the deadline of the turn at `version` passed. */
  | { readonly type: 'timeout'; readonly version: number }
  | { readonly type: 'callOff'; readonly by: CallOff; readonly alongside?: AlongsideWrite }
  /** The sweeper found the turn's reminder due. */
  | { readonly type: 'remind' }
  /** The bot worker is about to send a move decided by `botVersion` in `seat`. */
  | { readonly type: 'noteBotVersion'; readonly seat: number; readonly botVersion: string }
  /**
   * `playerId`'s time away changed, or a turn of theirs began while they are away: if it is their turn, its clock
   * follows the time away (src/games/domain/vacation-clock.ts). `away` is every stretch of it that may overlap.
   */
  | { readonly type: 'moveClock'; readonly playerId: string; readonly away: readonly AwaySpan[] }
  /**
   * A game whose two players are given (a tournament's pairing): `first` creates it and `second` sits down at once,
   * which deals it, in one transaction with `alongside` (the pairing's own row). Neither is asked: an organiser
   * paired them, so a block between them does not matter (docs/social.md#tournaments).
   */
  | {
      readonly type: 'pair';
      readonly first: string;
      readonly second: string;
      readonly request: CreateGameRequest;
      readonly alongside: AlongsideWrite;
    };

// The list above names every command.
const commandsListed: GameCommand['type'] extends CommandType
  ? CommandType extends GameCommand['type']
    ? true
    : never
  : never = true;
void commandsListed;
