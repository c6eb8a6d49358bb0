/**
 * Move notation (docs/notation.md): `<from>-<to>[=<rank>]` or `pass`.
 * From: a hand card by name (`7H`, `*`), `p` (own pay-off top), `d1`…`d8` (own side pile tops).
 * To: `c1`, `c2`, … (centre pile by slot), `c` (start a new centre pile), `d1`…`d8` (own side pile).
 * `=<rank>` declares the rank of a wild card placed on a `sameOrOneLower` side pile.
 * Parsing is strict so that `formatMove(parseMove(text)) === text` for every accepted text.
 */
import { Card, Rank, formatCard, formatRank, parseCard, parseRank } from './cards';

export type MoveSource = { kind: 'hand'; card: Card } | { kind: 'payoff' } | { kind: 'side'; pile: number };

/** Where a placed card can come from: MoveSource's kinds, in the notation's order (a hand card, p, d1…). */
export const MOVE_SOURCE_KINDS = ['hand', 'payoff', 'side'] as const satisfies readonly MoveSource['kind'][];
export type MoveTarget =
  { kind: 'center'; slot: number } | { kind: 'newCenter' } | { kind: 'side'; pile: number };

/** Piles and slots are numbered from 1, as in the notation. */
export type Move =
  { kind: 'pass' } | { kind: 'place'; from: MoveSource; to: MoveTarget; declared: Rank | null };

const PLACE = /^([1-9][0-9]?)$/;

function parseIndex(text: string): number | null {
  return PLACE.test(text) ? Number(text) : null;
}

function parseSource(text: string): MoveSource | null {
  if (text === 'p') return { kind: 'payoff' };
  if (text.startsWith('d')) {
    const pile = parseIndex(text.slice(1));
    return pile === null ? null : { kind: 'side', pile };
  }
  const card = parseCard(text);
  return card === null ? null : { kind: 'hand', card };
}

function parseTarget(text: string): MoveTarget | null {
  if (text === 'c') return { kind: 'newCenter' };
  const index = parseIndex(text.slice(1));
  if (index === null) return null;
  if (text.startsWith('c')) return { kind: 'center', slot: index };
  if (text.startsWith('d')) return { kind: 'side', pile: index };
  return null;
}

/**
 * Parsed moves by text. Replays parse every event, and the set of well-formed move texts is small, so
 * accepted parses are kept (bounded, in case of a flood of distinct texts). Moves are never mutated.
 */
const parsed = new Map<string, Move>();
const PARSED_LIMIT = 20000;

/** Parses a move, or returns null if the text is not in the notation (never throws). */
export function parseMove(text: unknown): Move | null {
  if (typeof text !== 'string' || text.length > 16) return null;
  const known = parsed.get(text);
  if (known !== undefined) return known;
  const move = parseMoveText(text);
  if (move !== null && parsed.size < PARSED_LIMIT) parsed.set(text, move);
  return move;
}

function parseMoveText(text: string): Move | null {
  if (text === 'pass') return { kind: 'pass' };
  const match = /^([^-=]+)-([^-=]+)(?:=(.))?$/.exec(text);
  if (match === null) return null;
  const from = parseSource(match[1] as string);
  const to = parseTarget(match[2] as string);
  if (from === null || to === null) return null;
  let declared: Rank | null = null;
  if (match[3] !== undefined) {
    declared = parseRank(match[3]);
    if (declared === null) return null;
  }
  return { kind: 'place', from, to, declared };
}

export function formatSource(source: MoveSource): string {
  switch (source.kind) {
    case 'hand':
      return formatCard(source.card);
    case 'payoff':
      return 'p';
    case 'side':
      return `d${source.pile}`;
    default:
      return assertNever(source);
  }
}

export function formatTarget(target: MoveTarget): string {
  switch (target.kind) {
    case 'center':
      return `c${target.slot}`;
    case 'newCenter':
      return 'c';
    case 'side':
      return `d${target.pile}`;
    default:
      return assertNever(target);
  }
}

export function formatMove(move: Move): string {
  if (move.kind === 'pass') return 'pass';
  const declared = move.declared === null ? '' : `=${formatRank(move.declared)}`;
  return `${formatSource(move.from)}-${formatTarget(move.to)}${declared}`;
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}
