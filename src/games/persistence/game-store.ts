/**
 * The move log in Postgres and the engine states folded from it (docs/api.md#concurrency-versions-and-retries).
 * The log is the truth; states are cached per game and brought up to date by folding only the events a cached state
 * has not seen, so a move on a long game neither re-reads nor re-folds the whole log — and a copy of the app whose
 * cache is behind (another copy wrote) catches up from the log.
 */
import { Injectable } from '@nestjs/common';
import { GameEvent, GameState, applyEvent, cloneState, replayFrom } from '../../engine';
import type { StoredEvent } from '../domain/stored-event';
import { GamesRepository } from './games.repository';
import type { GameRecord } from '../domain/game-record';
import { LogCorruptError, initialState, originOf } from '../domain/initial-state';

/** A game's folded state at a version, with the events it came from (public: they form the move history). */
export interface FoldedGame {
  readonly version: number;
  readonly state: GameState;
  readonly events: readonly StoredEvent[];
}

export type { StoredEvent } from '../domain/stored-event';

const CACHE_LIMIT = 2000;

@Injectable()
export class GameStore {
  private readonly cache = new Map<string, FoldedGame>();
  private readonly loading = new Map<string, Promise<FoldedGame>>();

  constructor(private readonly repository: GamesRepository) {}

  /**
   * The state at the game row's version (the row is read by the caller in the same request), folded under the
   * game's own rules version: a version this engine does not know is refused (UNSUPPORTED_RULES_VERSION).
   */
  async folded(game: GameRecord): Promise<FoldedGame> {
    const cached = this.cache.get(game.id);
    if (cached !== undefined && cached.version === game.version) return cached;
    const key = `${game.id}@${game.version}`;
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = this.catchUp(game, cached).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** The cached state of a game, whatever its version (the caller checks it is current). */
  peek(gameId: string): FoldedGame | undefined {
    return this.cache.get(gameId);
  }

  /**
   * Records a state this copy of the app has just written or read, so the next move starts from it. Monotonic:
   * an older state (a request that read the row before another move) never replaces a newer one.
   */
  remember(gameId: string, folded: FoldedGame): void {
    const current = this.cache.get(gameId);
    if (current !== undefined && current.version > folded.version) return;
    this.cache.delete(gameId);
    this.cache.set(gameId, folded);
    if (this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
  }

  forget(gameId: string): void {
    this.cache.delete(gameId);
  }

  private async catchUp(game: GameRecord, cached: FoldedGame | undefined): Promise<FoldedGame> {
    const base: FoldedGame =
      cached !== undefined && cached.version < game.version
        ? cached
        : { version: 0, state: initialState(originOf(game)), events: [] };
    const fresh = await this.repository.log(game.id, base.version, game.version);
    if (
      fresh.some((stored, index) => stored.seq !== base.version + index + 1) ||
      base.version + fresh.length !== game.version
    ) {
      throw new LogCorruptError(`the log of game ${game.id} has a gap before version ${game.version}`);
    }
    const replayed = replayFrom(
      base.state,
      fresh.map((stored) => stored.event),
    );
    if (!replayed.ok) {
      throw new LogCorruptError(
        `event ${base.version + replayed.index + 1} of game ${game.id} does not follow: ${replayed.violation.reason}`,
      );
    }
    const folded: FoldedGame = {
      version: game.version,
      state: replayed.state,
      events: [...base.events, ...fresh],
    };
    this.remember(game.id, folded);
    return folded;
  }
}

/** The folded game after appending `events` (which `decide` produced on `folded.state`). */
export function advance(
  folded: FoldedGame,
  events: readonly GameEvent[],
  createdAt: Date,
  clientMoveId: string | null,
): FoldedGame {
  const state = cloneState(folded.state);
  for (const event of events) applyEvent(state, event);
  const stored = events.map((event, index) => ({
    seq: folded.version + index + 1,
    event,
    createdAt,
    clientMoveId: index === 0 ? clientMoveId : null,
  }));
  return { version: folded.version + events.length, state, events: [...folded.events, ...stored] };
}
