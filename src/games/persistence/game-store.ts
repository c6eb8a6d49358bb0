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
import type { GameRecord, GameSeatRecord } from '../domain/game-record';
import { LogCorruptError, initialState, originOf } from '../domain/initial-state';

/** A game's folded state at a version, with the events it came from (public: they form the move history). */
export interface FoldedGame {
  readonly version: number;
  readonly state: GameState;
  readonly events: readonly StoredEvent[];
}

export type { StoredEvent } from '../domain/stored-event';

const CACHE_LIMIT = 2000;
/**
 * Deleted accounts remembered to keep a row read before a deletion from showing the player alive again; only a read
 * in flight when the deletion was announced can be that old, so the latest few suffice.
 */
const DELETIONS_LIMIT = 1000;

/**
 * What this copy knows of one game: the latest row it saw (with its seats) and the latest state it folded. Each is
 * monotonic by version — an older one never replaces a newer — and they may stand at different versions (a row
 * read after another copy moved, before the state caught up); the move path uses them only when they match.
 */
interface Entry {
  readonly row: GameRecord | undefined;
  readonly folded: FoldedGame | undefined;
}

@Injectable()
export class GameStore {
  /** One entry per game, least recently used first. Rows carry names, never credentials (SeatPlayerRecord). */
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<FoldedGame>>();
  /** Accounts this copy has heard were deleted, with when: a deletion never reverts (docs/api.md#deleteaccount). */
  private readonly deletions = new Map<string, Date>();

  constructor(private readonly repository: GamesRepository) {}

  /**
   * The state at the game row's version (the row is read by the caller in the same request), folded under the
   * game's own rules version: a version this engine does not know is refused (UNSUPPORTED_RULES_VERSION).
   */
  async folded(game: GameRecord): Promise<FoldedGame> {
    const cached = this.entries.get(game.id)?.folded;
    if (cached !== undefined && cached.version === game.version) return cached;
    const key = `${game.id}@${game.version}`;
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = this.catchUp(game, cached).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** The latest row and state this copy has of a game, whatever their versions (the caller checks them). */
  peek(gameId: string): Entry {
    return this.entries.get(gameId) ?? { row: undefined, folded: undefined };
  }

  /**
   * Records a state this copy of the app has just written or read, so the next move starts from it. Monotonic:
   * an older state (a request that read the row before another move) never replaces a newer one.
   */
  remember(gameId: string, folded: FoldedGame): void {
    this.update(gameId, (entry) =>
      entry.folded !== undefined && entry.folded.version > folded.version ? entry : { ...entry, folded },
    );
  }

  /**
   * Records the latest row seen of a game (monotonic by version, as `remember`); answers the row as remembered. A
   * seat player this copy has heard was deleted shows as deleted even when the row was read before the deletion.
   */
  rememberRow(game: GameRecord): GameRecord {
    const row = this.withDeletions(game);
    this.update(row.id, (entry) =>
      entry.row !== undefined && entry.row.version > row.version ? entry : { ...entry, row },
    );
    return row;
  }

  /** Changes the remembered row of a game in place (its seats' bot versions), if there is one. */
  amendRow(gameId: string, change: (row: GameRecord) => GameRecord): void {
    const entry = this.entries.get(gameId);
    if (entry?.row !== undefined) this.update(gameId, () => ({ ...entry, row: change(entry.row!) }));
  }

  /**
   * An account was deleted: the remembered rows' seats show it deleted wherever it sits, and so does any row of it
   * remembered later that was read before the deletion (a read in flight when it was announced).
   */
  playerDeleted(playerId: string, deletedAt: Date): void {
    this.deletions.delete(playerId);
    this.deletions.set(playerId, deletedAt);
    if (this.deletions.size > DELETIONS_LIMIT)
      this.deletions.delete(this.deletions.keys().next().value as string);
    for (const [gameId, entry] of this.entries) {
      const row = entry.row;
      if (row === undefined) continue;
      const amended = this.withDeletions(row);
      // In place: an amendment is no use of the game, so its place in the eviction order stays.
      if (amended !== row) this.entries.set(gameId, { ...entry, row: amended });
    }
  }

  /** The row with the deletions this copy knows of applied to its seats (the same object when none applies). */
  private withDeletions(game: GameRecord): GameRecord {
    const stale = (seat: GameSeatRecord): boolean =>
      seat.player.deletedAt === null && this.deletions.has(seat.playerId);
    if (!game.players.some(stale)) return game;
    const players = game.players.map((seat) =>
      stale(seat)
        ? { ...seat, player: { ...seat.player, deletedAt: this.deletions.get(seat.playerId)! } }
        : seat,
    );
    return { ...game, players };
  }

  /** Drops what this copy knows of a game's state (it was called off: nothing will be folded on it again). */
  forget(gameId: string): void {
    const entry = this.entries.get(gameId);
    if (entry !== undefined) this.entries.set(gameId, { ...entry, folded: undefined });
  }

  private update(gameId: string, change: (entry: Entry) => Entry): void {
    const next = change(this.peek(gameId));
    this.entries.delete(gameId);
    this.entries.set(gameId, next);
    if (this.entries.size > CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value as string);
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
