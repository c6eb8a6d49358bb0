/**
 * The move log in Postgres and the engine states folded from it
 * (docs/api/games-and-moves.md#concurrency-versions-and-retries). The log is the truth; states are cached per
 * game and brought up to date by folding only the events a cached state has not seen, so a move on a long
 * game neither re-reads nor re-folds the whole log — and a copy of the app whose cache is behind (another
 * copy wrote) catches up from the log.
 *
 * The cache keeps what a move needs — the row, the folded state, its version, the last event and which seats have
 * moved — never a game's whole log (the move history is read from the log), and is bounded by an estimate of its
 * bytes (GAME_CACHE_MB, docs/operations.md#the-game-cache): the least recently used games go first.
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { replayFrom } from '../../engine';
import { type FoldedGame, withMovers } from '../domain/folded-game';
import { GamesRepository } from './games.repository';
import type { GameRecord, GameSeatRecord } from '../domain/game-record';
import { LogCorruptError, initialState, originOf } from '../domain/initial-state';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../../common/app-config.token';

// Re-exported for the benchmark (bench/store.bench.ts) and other readers of the store.
export type { FoldedGame } from '../domain/folded-game';
export type { StoredEvent } from '../domain/stored-event';

/** The cache's size without a configuration (a tool or benchmark building a store): 64 MiB. */
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Deleted accounts remembered to keep a row read before a deletion from showing the player alive again; only a read
 * in flight when the deletion was announced can be that old, so the latest few suffice.
 */
const DELETIONS_LIMIT = 1000;

/** Adds `key` as the newest of a bounded memory of account changes (DELETIONS_LIMIT), forgetting the oldest. */
function remember<V>(memory: Map<string, V>, key: string, value: V): void {
  memory.delete(key);
  memory.set(key, value);
  if (memory.size > DELETIONS_LIMIT) memory.delete(memory.keys().next().value as string);
}

/**
 * What this copy knows of one game: the latest row it saw (with its seats) and the latest state it folded. Each is
 * monotonic by version — an older one never replaces a newer — and they may stand at different versions (a row
 * read after another copy moved, before the state caught up); the move path uses them only when they match.
 */
interface Entry {
  readonly row: GameRecord | undefined;
  readonly folded: FoldedGame | undefined;
}

/**
 * An estimate of the heap a cached entry holds, calibrated by `npm run bench:store` (which measures the heap per
 * cached game beside it): fixed parts for the row, each seat and the state, and each card of the state.
 */
export function entryBytes(entry: Entry): number {
  let bytes = ENTRY_BYTES;
  if (entry.row !== undefined) bytes += ROW_BYTES + entry.row.players.length * SEAT_BYTES;
  const state = entry.folded?.state;
  if (state !== undefined) {
    let cards = state.stock.length + state.setAside.length;
    for (const pile of state.center) cards += pile?.length ?? 0;
    for (const seat of state.seats) {
      cards += seat.hand.length + seat.payoff.length;
      for (const pile of seat.sidePiles) cards += pile.length;
    }
    bytes += STATE_BYTES + state.seats.length * SEAT_STATE_BYTES + cards * CARD_BYTES;
  }
  return bytes;
}

const ENTRY_BYTES = 200;
const ROW_BYTES = 1500;
const SEAT_BYTES = 800;
const STATE_BYTES = 1200;
const SEAT_STATE_BYTES = 400;
const CARD_BYTES = 24;

@Injectable()
export class GameStore {
  /** One entry per game, least recently used first. Rows carry names, never credentials (SeatPlayerRecord). */
  private readonly entries = new Map<string, Entry & { readonly bytes: number }>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly loading = new Map<string, Promise<FoldedGame>>();
  /**
   * Accounts this copy has heard were deleted, with when: a deletion never reverts
   * (docs/api/players-and-accounts.md#deleteaccount).
   */
  private readonly deletions = new Map<string, Date>();
  /** Guests this copy has heard kept their accounts, with the name chosen: that never reverts either. */
  private readonly kept = new Map<string, string>();

  constructor(
    private readonly repository: GamesRepository,
    @Optional() @Inject(RUNTIME_CONFIG) config?: Pick<RuntimeConfig, 'gameCacheBytes'>,
  ) {
    this.maxBytes = config?.gameCacheBytes ?? DEFAULT_CACHE_BYTES;
  }

  /** The estimated bytes the cache holds now, and how many games (for the metrics and the benchmark). */
  size(): { readonly bytes: number; readonly games: number } {
    return { bytes: this.bytes, games: this.entries.size };
  }

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
    const entry = this.entries.get(gameId);
    return entry === undefined
      ? { row: undefined, folded: undefined }
      : { row: entry.row, folded: entry.folded };
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
   * seat player this copy has heard was deleted (or kept as a guest) shows so even when the row was read before.
   */
  rememberRow(game: GameRecord): GameRecord {
    const row = this.withAccounts(game);
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
    remember(this.deletions, playerId, deletedAt);
    this.amendAll();
  }

  /**
   * A guest kept its account under `username` (src/players/guest-policy.ts): as playerDeleted, the remembered rows'
   * seats show the new name and no guest, and so does any row read before the change and remembered later.
   */
  guestKept(playerId: string, username: string): void {
    remember(this.kept, playerId, username);
    this.amendAll();
  }

  /** The remembered rows with what this copy heard of their players applied, in place. */
  private amendAll(): void {
    for (const [gameId, entry] of this.entries) {
      const row = entry.row;
      if (row === undefined) continue;
      const amended = this.withAccounts(row);
      // In place: an amendment is no use of the game, so its place in the eviction order stays.
      if (amended !== row) this.entries.set(gameId, { ...entry, row: amended });
    }
  }

  /**
   * The row with the deletions and kept guests this copy knows of applied to its seats (the same object when none
   * applies).
   */
  private withAccounts(game: GameRecord): GameRecord {
    const deleted = (seat: GameSeatRecord): boolean =>
      seat.player.deletedAt === null && this.deletions.has(seat.playerId);
    const kept = (seat: GameSeatRecord): boolean =>
      seat.player.guestSince !== null && this.kept.has(seat.playerId);
    if (!game.players.some((seat) => deleted(seat) || kept(seat))) return game;
    const players = game.players.map((seat) => {
      let player = seat.player;
      if (deleted(seat)) player = { ...player, deletedAt: this.deletions.get(seat.playerId)! };
      if (kept(seat)) {
        const username = this.kept.get(seat.playerId)!;
        player = { ...player, username, usernameKey: username.toLowerCase(), guestSince: null };
      }
      return player === seat.player ? seat : { ...seat, player };
    });
    return { ...game, players };
  }

  /** Drops what this copy knows of a game's state (it was called off: nothing will be folded on it again). */
  forget(gameId: string): void {
    if (this.entries.has(gameId)) this.update(gameId, (entry) => ({ ...entry, folded: undefined }));
  }

  /** Replaces a game's entry (now the most recently used) and evicts the least recently used beyond the budget. */
  private update(gameId: string, change: (entry: Entry) => Entry): void {
    const next = change(this.peek(gameId));
    const bytes = entryBytes(next);
    this.bytes += bytes - (this.entries.get(gameId)?.bytes ?? 0);
    this.entries.delete(gameId);
    this.entries.set(gameId, { row: next.row, folded: next.folded, bytes });
    // The game just used stays, even alone over the budget: the move being made needs it.
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || oldest === gameId) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  private async catchUp(game: GameRecord, cached: FoldedGame | undefined): Promise<FoldedGame> {
    const base: FoldedGame =
      cached !== undefined && cached.version < game.version
        ? cached
        : { version: 0, state: initialState(originOf(game)), last: null, movedSeats: [] };
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
      last: fresh.at(-1) ?? base.last,
      movedSeats: withMovers(base.movedSeats, fresh),
    };
    this.remember(game.id, folded);
    return folded;
  }
}
