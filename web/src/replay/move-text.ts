/**
 * A move as the page writes it, e.g. "7♥ → centre 2", "pass", "resigned": from the fields of a MoveRecord (the
 * move log) or from the engine's event (the local replay), which say the same in notation (docs/notation.md).
 */
import type { GameEvent } from '../../../src/engine/events';
import type { MoveSource, MoveType } from '../generated/graphql';
import { cardText } from '../cards/card-text';
import { isRank, rankLabel } from '../cards/notation';
import { strings } from './strings';

/** A rank letter as players read it (T is 10); a text that is no rank stays as it is. */
function rankText(rank: string): string {
  return isRank(rank) ? rankLabel(rank) : rank;
}

/** What the page needs of a move: MoveRecord's fields. */
export interface MoveFacts {
  readonly type: MoveType;
  readonly card: string | null;
  readonly from: MoveSource | null;
  readonly fromSidePile: number | null;
  readonly slot: number | null;
  readonly sidePile: number | null;
  readonly declaredRank: string | null;
}

export function moveText(move: MoveFacts): string {
  const S = strings();
  switch (move.type) {
    case 'PLAYED': {
      const source =
        move.from === 'PAYOFF'
          ? ` ${S.fromPayoff}`
          : move.from === 'SIDE_PILE' && move.fromSidePile !== null
            ? ` ${S.fromSidePile(move.fromSidePile)}`
            : '';
      return `${cardText(move.card ?? '?')}${source} → ${S.centre(move.slot ?? 0)}`;
    }
    case 'DISCARDED': {
      const declared = move.declaredRank === null ? '' : ` ${S.declaredAs(rankText(move.declaredRank))}`;
      return `${cardText(move.card ?? '?')}${declared} → ${S.sidePile(move.sidePile ?? 0)}`;
    }
    case 'PASSED':
      return S.passed;
    case 'RESIGNED':
      return S.resigned;
    case 'TIMED_OUT':
      return S.timedOut;
    default: {
      const never: never = move.type;
      return never;
    }
  }
}

/** `d3` → 3; null for anything else. */
function sidePileOf(part: string): number | null {
  const match = /^d(\d+)$/.exec(part);
  return match === null ? null : Number(match[1]);
}

/** The engine's event in MoveRecord's terms, read from its move notation (`p-c1`, `d2-c`, `*-d2=8`). */
export function factsOfEvent(event: GameEvent): MoveFacts {
  const none = { card: null, from: null, fromSidePile: null, slot: null, sidePile: null, declaredRank: null };
  switch (event.type) {
    case 'played': {
      const source = event.move.split('-')[0] ?? '';
      const fromSidePile = sidePileOf(source);
      const from: MoveSource = source === 'p' ? 'PAYOFF' : fromSidePile !== null ? 'SIDE_PILE' : 'HAND';
      return { ...none, type: 'PLAYED', card: event.card, from, fromSidePile, slot: event.slot };
    }
    case 'discarded': {
      const [target = '', declared = null] = (event.move.split('-')[1] ?? '').split('=');
      return {
        ...none,
        type: 'DISCARDED',
        card: event.card,
        from: 'HAND',
        sidePile: sidePileOf(target),
        declaredRank: declared,
      };
    }
    case 'passed':
      return { ...none, type: 'PASSED' };
    case 'resigned':
      return { ...none, type: 'RESIGNED' };
    case 'timedOut':
      return { ...none, type: 'TIMED_OUT' };
    default: {
      const never: never = event;
      return never;
    }
  }
}
