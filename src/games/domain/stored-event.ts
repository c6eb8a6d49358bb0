import type { GameEvent } from '../../engine';

/** One event of a game's log, as stored (public: the events form the move history). */
export interface StoredEvent {
  readonly seq: number;
  readonly event: GameEvent;
  readonly createdAt: Date;
  /** The mover's own id for the move, on the move's first event only. */
  readonly clientMoveId: string | null;
}
