/**
 * The game export format, `malice-game/1` (docs/api/exports-and-verification.md#the-export-format): one game
 * as a self-contained document that anyone can check with the engine alone (docs/fairness.md). Pure: no Nest,
 * no Prisma; the service hands it a stored game and its log rows, and both the GraphQL field and the HTTP
 * endpoints serialize what it builds.
 *
 * JSON: one object, `events` inline. NDJSON: a header line (`"kind":"game"`, everything but `events`), then one
 * `"kind":"event"` line per event, so a long log can be read (and written) as a stream.
 *
 * A game that is not over exports only what a spectator may see: no seed, no start position, and each event
 * rebuilt from the fields the public move history shows (games.resolver.ts `toMoveRecord`).
 *
 * Reading an export back is verify-export.ts's `readExport`, the one reader of the format, which the command-line
 * verifier, the web client and the server's verifyGame share.
 */
import {
  GameEvent,
  GameEventType,
  GameResult,
  PresetName,
  RuleOptions,
  StoredOptions,
  recordedOptions,
} from '../engine';
import { ClientSeedSourceName, isClientSeedSource } from '../games/domain/client-seed-source';
import { type GameStatusName, type OutcomeName, isOver } from '../games/domain/vocabulary';
import { EXPORT_FORMAT } from './verify-export';

export type ExportStatus = GameStatusName;
export type ExportPreset = Uppercase<PresetName>;
export type ExportOutcome = OutcomeName;

export type ExportClientSeedSource = ClientSeedSourceName;

export interface ExportedPlayer {
  readonly seat: number;
  readonly username: string;
  /**
   * The seat's seed mixed into the deal (docs/fairness.md), public from the deal on: null before it, and for a
   * chosen deal or an old-version game, which take none.
   */
  readonly clientSeed: string | null;
  /** Where it came from; null when clientSeed is. */
  readonly clientSeedSource: ExportClientSeedSource | null;
  /** Null until the game is finished (as are the fields below). */
  readonly outcome: ExportOutcome | null;
  readonly placement: number | null;
  readonly score: number | null;
  /** Rated games only. */
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  /**
   * A built-in bot's seat: the versions of its play that moved in it (`greedy-2`), in order of first use, as
   * GamePlayer.botVersions. Null for people.
   */
  readonly botVersions: readonly string[] | null;
}

export interface ExportedEvent {
  /** 1, 2, …: the game's version after the event. */
  readonly seq: number;
  readonly seat: number;
  readonly type: GameEventType;
  /** The engine's event: exactly as stored once the game is over, its public fields before. */
  readonly payload: GameEvent;
  readonly createdAt: string;
}

/** Everything but the events: the NDJSON header line (with `kind`). */
export interface GameExportHeader {
  readonly format: typeof EXPORT_FORMAT;
  readonly id: string;
  readonly preset: ExportPreset;
  /** The complete resolved rule options, in the engine's form (what `setup` and `replay` take). */
  readonly options: RuleOptions;
  readonly seats: number;
  readonly rated: boolean;
  /** Why a game created rated is not rated (DEAL_EXPOSED); null otherwise. */
  readonly unratedReason: string | null;
  readonly rulesVersion: string;
  /**
   * The commitment published when the game was created: under chacha20-v2 SHA-256 of the labelled encoding of
   * the seed, under xoshiro128ss-sha256-v1 SHA-256 of its UTF-8 bytes (docs/fairness.md).
   */
  readonly seedCommitment: string;
  /** Null until the game is over (finished or aborted). */
  readonly seed: string | null;
  /** The custom start position, once the game is over; null before, and always for a game dealt from its seed. */
  readonly startPosition: string | null;
  /** The creator fixed the seed or the start position, so may have known every hand. */
  readonly dealChosen: boolean;
  readonly players: readonly ExportedPlayer[];
  readonly status: ExportStatus;
  readonly result: GameResult | null;
  /** Events in the log (the game's version): the number of events that follow. */
  readonly version: number;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
}

export interface GameExport extends GameExportHeader {
  readonly events: readonly ExportedEvent[];
}

/** A stored game with its players, as far as the export reads it (a Prisma `Game` with players fits). */
export interface ExportSourceGame {
  readonly id: string;
  readonly preset: string;
  readonly options: unknown;
  readonly seats: number;
  readonly rated: boolean;
  readonly unratedReason: string | null;
  readonly status: string;
  readonly version: number;
  readonly seed: string;
  readonly seedCommitment: string;
  readonly rulesVersion: string;
  readonly startPosition: string | null;
  readonly dealChosen: boolean;
  readonly result: unknown;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly players: readonly {
    readonly seat: number;
    readonly clientSeed: string | null;
    readonly clientSeedSource: string | null;
    readonly outcome: string | null;
    readonly placement: number | null;
    readonly score: number | null;
    readonly ratingBefore: number | null;
    readonly ratingAfter: number | null;
    readonly botVersions: readonly string[];
    readonly player: { readonly username: string };
  }[];
}

/** A row of game_events, as far as the export reads it. */
export interface ExportSourceEvent {
  readonly seq: number;
  readonly event: GameEvent;
  readonly createdAt: Date;
}

const PRESETS: Readonly<Record<PresetName, ExportPreset>> = {
  classic: 'CLASSIC',
  zloba: 'ZLOBA',
  modern: 'MODERN',
};

/** Finished and aborted games have revealed their seed (docs/fairness.md): the same line games.resolver.ts draws. */
export { isOver };

/**
 * The export of `game` with the log rows `events` (any order; rows past the game's version, appended after the
 * game row was read, are left out so that header and events describe one moment).
 */
export function buildGameExport(game: ExportSourceGame, events: readonly ExportSourceEvent[]): GameExport {
  const status = statusOf(game.status);
  const over = isOver(status);
  const log = events
    .filter((row) => row.seq <= game.version)
    .sort((a, b) => a.seq - b.seq)
    .map((row): ExportedEvent => {
      const stored = row.event;
      const payload = over ? stored : publicEvent(stored);
      return {
        seq: row.seq,
        seat: payload.seat,
        type: payload.type,
        payload,
        createdAt: row.createdAt.toISOString(),
      };
    });
  return {
    format: EXPORT_FORMAT,
    id: game.id,
    preset: presetOf(game.preset),
    // A game recorded before an option existed exports the value its version plays by (malice-rules-1: blockedWhen).
    options: recordedOptions(game.rulesVersion, game.options as StoredOptions),
    seats: game.seats,
    rated: game.rated,
    unratedReason: game.unratedReason,
    rulesVersion: game.rulesVersion,
    seedCommitment: game.seedCommitment,
    seed: over ? game.seed : null,
    startPosition: over ? game.startPosition : null,
    dealChosen: game.dealChosen,
    players: [...game.players]
      .sort((a, b) => a.seat - b.seat)
      .map((entry) => ({
        seat: entry.seat,
        username: entry.player.username,
        // Public from the deal on (as Game.players shows them); before it nobody's is shown.
        clientSeed: game.startedAt === null ? null : entry.clientSeed,
        clientSeedSource:
          game.startedAt === null || entry.clientSeedSource === null
            ? null
            : sourceOf(entry.clientSeedSource),
        outcome: entry.outcome === null ? null : outcomeOf(entry.outcome),
        placement: entry.placement,
        score: entry.score,
        ratingBefore: entry.ratingBefore,
        ratingAfter: entry.ratingAfter,
        botVersions: entry.botVersions.length === 0 ? null : [...entry.botVersions],
      })),
    status,
    result: status === 'FINISHED' ? (game.result as GameResult | null) : null,
    version: game.version,
    createdAt: game.createdAt.toISOString(),
    startedAt: game.startedAt?.toISOString() ?? null,
    finishedAt: game.finishedAt?.toISOString() ?? null,
    events: log,
  };
}

/**
 * An event as the public move history shows it: the fields of `toMoveRecord`, nothing else. The engine's events
 * hold no hidden card today (src/engine/events.ts); copying field by field keeps it so if one ever gains one.
 */
export function publicEvent(event: GameEvent): GameEvent {
  switch (event.type) {
    case 'played':
      return { type: 'played', seat: event.seat, move: event.move, card: event.card, slot: event.slot };
    case 'discarded':
      return { type: 'discarded', seat: event.seat, move: event.move, card: event.card };
    case 'passed':
      return { type: 'passed', seat: event.seat };
    case 'resigned':
      return { type: 'resigned', seat: event.seat };
    case 'timedOut':
      return { type: 'timedOut', seat: event.seat };
  }
}

/** The JSON export: one line of compact JSON, the same bytes over GraphQL and HTTP. */
export function toJson(doc: GameExport): string {
  return JSON.stringify(doc);
}

/** The NDJSON export line by line, each ending in a newline: the header, then one line per event. */
export function* ndjsonLines(doc: GameExport): Generator<string> {
  const { events, ...header } = doc;
  yield `${JSON.stringify({ kind: 'game', ...header })}\n`;
  for (const event of events) yield `${JSON.stringify({ kind: 'event', ...event })}\n`;
}

export function toNdjson(doc: GameExport): string {
  return [...ndjsonLines(doc)].join('');
}

function statusOf(text: string): ExportStatus {
  switch (text) {
    case 'WAITING':
    case 'ACTIVE':
    case 'FINISHED':
    case 'ABORTED':
      return text;
    default:
      throw new RangeError(`unknown game status ${text}`);
  }
}

function presetOf(text: string): ExportPreset {
  const preset = PRESETS[text as PresetName];
  if (preset === undefined) throw new RangeError(`unknown preset ${text}`);
  return preset;
}

function sourceOf(text: string): ExportClientSeedSource {
  if (!isClientSeedSource(text)) throw new RangeError(`unknown client seed source ${text}`);
  return text;
}

function outcomeOf(text: string): ExportOutcome {
  switch (text) {
    case 'WIN':
    case 'LOSS':
    case 'DRAW':
      return text;
    default:
      throw new RangeError(`unknown outcome ${text}`);
  }
}
