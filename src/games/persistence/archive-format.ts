/**
 * The compact archive of a finished game's move log (docs/architecture.md, "Archived move logs"): every event of
 * `game_events` — seq, payload, actor, time and clientMoveId — in one `game_archives.log` value, a few kilobytes
 * where the rows took about a hundred. Pure: no engine state is needed to decode it, so every reader (the games
 * repository, check:projections) decodes it the same way, and `archive_game` compares the decoded rows with the
 * stored ones before the rows go.
 *
 * Format 1: brotli of a 4-byte length, a JSON document of columns (one entry per event, in seq order), then the
 * clientMoveIds that are canonical UUIDs as 16 raw bytes each (random ids do not compress; as hex text they take
 * 19 bytes each under brotli). What follows from the move (a hand card's own name, a numbered pile's slot) is
 * left out and rebuilt. `encodeArchive` decodes what it wrote and refuses a log it cannot give back exactly, so a
 * payload of a shape this format does not know stays in the rows.
 */
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import type { GameEvent, GameEventType } from '../../engine';

/** A row of `game_events` as the archive keeps it. */
export interface ArchivedEvent {
  readonly seq: number;
  readonly event: GameEvent;
  readonly actorId: string | null;
  readonly clientMoveId: string | null;
  readonly createdAt: Date;
}

export const ARCHIVE_FORMAT = 1;

export class ArchiveFormatError extends Error {}

/** One letter per event type (a new type that is not given one does not compile). */
const TYPE_LETTERS: Record<GameEventType, string> = {
  played: 'p',
  discarded: 'd',
  passed: 's',
  resigned: 'r',
  timedOut: 't',
};
const TYPE_OF_LETTER = new Map(
  Object.entries(TYPE_LETTERS).map(([type, letter]) => [letter, type as GameEventType]),
);

/** The JSON part of format 1: columns, one entry (or character) per event. */
interface Columns {
  /** Type letters (TYPE_LETTERS). */
  readonly types: string;
  /** Seats, one base-36 digit each. */
  readonly seats: string;
  /** The move as sent; '' for events without one. */
  readonly moves: readonly string[];
  /** By event index: the card where it is not the move's own first part. */
  readonly cards: Readonly<Record<string, string>>;
  /** By event index: the slot where the move does not name it (`-c`, a new pile). */
  readonly slots: Readonly<Record<string, number>>;
  /** The first event's time (ms since the epoch), then each event's time after the one before it. */
  readonly t0: number;
  readonly dt: readonly number[];
  /** The distinct actors, and per event the index of its actor in base 36, or '-' for none. */
  readonly actors: readonly string[];
  readonly actorOf: string;
  /** Per event: '-' no clientMoveId, 'u' the next 16 bytes after the JSON, 's' the next of `otherIds`. */
  readonly ids: string;
  readonly otherIds: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_ACTORS = 36;

/** The archive of a whole log (seq 1..n, in order). Throws ArchiveFormatError for a log it cannot keep exactly. */
export function encodeArchive(events: readonly ArchivedEvent[]): Buffer {
  if (events.length === 0) throw new ArchiveFormatError('an empty log has nothing to archive');
  events.forEach((stored, index) => {
    if (stored.seq !== index + 1) throw new ArchiveFormatError(`event ${index + 1} has seq ${stored.seq}`);
  });
  const actors: string[] = [];
  const cards: Record<string, string> = {};
  const slots: Record<string, number> = {};
  const otherIds: string[] = [];
  const uuids: Buffer[] = [];
  let types = '';
  let seats = '';
  let actorOf = '';
  let ids = '';
  const moves = events.map(({ event }, index) => {
    types += TYPE_LETTERS[event.type];
    if (!Number.isInteger(event.seat) || event.seat < 0 || event.seat >= 36) {
      throw new ArchiveFormatError(`event ${index + 1} has seat ${String(event.seat)}`);
    }
    seats += event.seat.toString(36);
    if (event.type !== 'played' && event.type !== 'discarded') return '';
    if (event.card !== cardOfMove(event.move)) cards[index] = event.card;
    if (event.type === 'played' && event.slot !== slotOfMove(event.move)) slots[index] = event.slot;
    return event.move;
  });
  for (const stored of events) {
    if (stored.actorId === null) actorOf += '-';
    else {
      let at = actors.indexOf(stored.actorId);
      if (at < 0) at = actors.push(stored.actorId) - 1;
      if (at >= MAX_ACTORS) throw new ArchiveFormatError(`more than ${MAX_ACTORS} actors`);
      actorOf += at.toString(36);
    }
    const id = stored.clientMoveId;
    if (id === null) ids += '-';
    else if (UUID.test(id)) {
      ids += 'u';
      uuids.push(Buffer.from(id.replace(/-/g, ''), 'hex'));
    } else {
      ids += 's';
      otherIds.push(id);
    }
  }
  const times = events.map((stored) => stored.createdAt.getTime());
  const columns: Columns = {
    types,
    seats,
    moves,
    cards,
    slots,
    t0: times[0] ?? 0,
    dt: times.map((time, index) => (index === 0 ? 0 : time - (times[index - 1] ?? time))),
    actors,
    actorOf,
    ids,
    otherIds,
  };
  const json = Buffer.from(JSON.stringify(columns), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  const raw = Buffer.concat([length, json, ...uuids]);
  // Quality 10 with a 64 kB window: as small as 11 on these logs (measured on the golden games), in less than
  // half the time; lower qualities are faster still but a few percent larger, and a game is archived once.
  const archive = brotliCompressSync(raw, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 10,
      [zlib.BROTLI_PARAM_LGWIN]: 16,
      [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const back = decodeArchive(ARCHIVE_FORMAT, archive);
  events.forEach((stored, index) => {
    if (!sameArchivedEvent(stored, back[index])) {
      throw new ArchiveFormatError(`event ${index + 1} does not come back the same from the archive`);
    }
  });
  return archive;
}

/** The log an archive holds, seq 1..n. Throws ArchiveFormatError for a format or value it cannot read. */
export function decodeArchive(format: number, archive: Uint8Array): ArchivedEvent[] {
  if (format !== ARCHIVE_FORMAT) throw new ArchiveFormatError(`archive format ${format} is not known here`);
  let raw: Buffer;
  let columns: Columns;
  try {
    raw = brotliDecompressSync(archive);
    const length = raw.readUInt32BE(0);
    columns = JSON.parse(raw.subarray(4, 4 + length).toString('utf8')) as Columns;
    raw = raw.subarray(4 + length);
  } catch (error) {
    throw new ArchiveFormatError(`the archive cannot be read: ${String(error)}`);
  }
  const count = columns.types.length;
  for (const [name, column] of [
    ['seats', columns.seats],
    ['moves', columns.moves],
    ['times', columns.dt],
    ['actors', columns.actorOf],
    ['ids', columns.ids],
  ] as const) {
    if (column.length !== count)
      throw new ArchiveFormatError(`the archive has ${count} events but ${column.length} ${name}`);
  }
  const uuids = (columns.ids.match(/u/g) ?? []).length;
  if (raw.length !== uuids * 16)
    throw new ArchiveFormatError(`the archive holds ${raw.length} id bytes for ${uuids} ids`);
  const events: ArchivedEvent[] = new Array<ArchivedEvent>(count);
  let uuidAt = 0;
  let otherAt = 0;
  let time = columns.t0;
  for (let index = 0; index < count; index++) {
    const type = TYPE_OF_LETTER.get(columns.types.charAt(index));
    if (type === undefined) throw new ArchiveFormatError(`event ${index + 1} has an unknown type`);
    time += columns.dt[index] as number;
    const actor = columns.actorOf.charAt(index);
    let clientMoveId: string | null = null;
    switch (columns.ids.charAt(index)) {
      case 'u':
        clientMoveId = uuidOf(raw, 16 * uuidAt++);
        break;
      case 's': {
        const other = columns.otherIds[otherAt++];
        if (other === undefined)
          throw new ArchiveFormatError(`the archive's other ids end before event ${index + 1}`);
        clientMoveId = other;
        break;
      }
      case '-':
        break;
      default:
        throw new ArchiveFormatError(`event ${index + 1} has an unknown id mark`);
    }
    const actorId = actor === '-' ? null : columns.actors[parseInt(actor, 36)];
    if (actorId === undefined)
      throw new ArchiveFormatError(`event ${index + 1} names an actor the archive lacks`);
    events[index] = {
      seq: index + 1,
      event: eventOf(
        type,
        parseInt(columns.seats.charAt(index), 36),
        columns.moves[index] as string,
        columns.cards[index],
        columns.slots[index],
      ),
      actorId,
      clientMoveId,
      createdAt: new Date(time),
    };
  }
  return events;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The UUID in its canonical text of the 16 bytes at `offset`. */
function uuidOf(bytes: Buffer, offset: number): string {
  let text = '';
  for (let i = 0; i < 16; i++) {
    text += HEX[bytes[offset + i] as number] as string;
    if (i === 3 || i === 5 || i === 7 || i === 9) text += '-';
  }
  return text;
}

/** The same row: payloads compared field by field, whatever their key order. */
export function sameArchivedEvent(a: ArchivedEvent, b: ArchivedEvent | undefined): boolean {
  return (
    b !== undefined &&
    a.seq === b.seq &&
    a.actorId === b.actorId &&
    a.clientMoveId === b.clientMoveId &&
    a.createdAt.getTime() === b.createdAt.getTime() &&
    canonicalJson(a.event) === canonicalJson(b.event)
  );
}

/**
 * The payload, its keys in the order Postgres keeps a jsonb object's (shorter keys first, then by bytes: here all
 * four letters long, so alphabetical), so that an archived event reads back exactly as its row did — down to the
 * bytes of an export. test/unit/games/archive-format.test.ts checks the order against that rule.
 */
function eventOf(
  type: GameEventType,
  seat: number,
  move: string,
  card: string | undefined,
  slot: number | undefined,
): GameEvent {
  switch (type) {
    case 'played':
      return { card: card ?? cardOfMove(move), move, seat, slot: slot ?? slotOfMove(move) ?? 0, type };
    case 'discarded':
      return { card: card ?? cardOfMove(move), move, seat, type };
    case 'passed':
    case 'resigned':
    case 'timedOut':
      return { seat, type };
  }
}

/** `5H-c1` names its card; `p-c1` or `d2-c1` do not (the card is stored then). */
function cardOfMove(move: string): string {
  return move.split('-')[0] ?? move;
}

/** `…-c3` names slot 3; `…-c` (a new pile) names none. */
function slotOfMove(move: string): number | undefined {
  const match = /-c(\d+)$/.exec(move);
  return match === null ? undefined : Number(match[1]);
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
}
