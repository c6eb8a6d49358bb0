/**
 * `decide(state, command)`: the events a command produces, or the rule it breaks. It never throws and never
 * changes `state`, whatever it is given: anything malformed is a violation like any other.
 */
import { ACE, Card, JOKER, formatCard, formatRank, rankOf } from './cards';
import { Command, GameEvent, commandOf } from './events';
import { perspectiveOf } from './evolve';
import { Move, MoveTarget, formatMove, parseMove } from './moves';
import {
  Perspective,
  canStartCenterPile,
  centerCount,
  fitsCenterPile,
  forcedPlaysAtOnce,
  isForcedCenterPlay,
  passProblem,
  pendingForcedPlay,
  sidePlacementProblem,
  sourceCard,
} from './rules';
import { GameState, Seat } from './state';
import { Violation, violation } from './violations';

export type Decision =
  { readonly ok: true; readonly events: GameEvent[] } | { readonly ok: false; readonly violation: Violation };

function refuse(problem: Violation): Decision {
  return { ok: false, violation: problem };
}

function accept(event: GameEvent): Decision {
  return { ok: true, events: [event] };
}

export function decide(state: GameState, command: Command): Decision {
  const shape = commandShapeProblem(command);
  if (shape !== null) return refuse(violation('MALFORMED_COMMAND', shape, {}));
  if (state.result !== null) return refuse(violation('GAME_OVER', 'the game is over', {}));
  const seat = command.seat;
  if (seat >= state.seats.length)
    return refuse(violation('NO_SUCH_SEAT', `there is no seat ${seat}`, { seat }));
  if (state.seats[seat]!.out)
    return refuse(violation('SEAT_OUT', `seat ${seat} has left the game`, { seat }));

  switch (command.type) {
    case 'resign':
      return accept({ type: 'resigned', seat });
    case 'timeout':
      if (seat !== state.current)
        return refuse(
          violation('NOT_YOUR_TURN', `seat ${seat} is not the seat to move`, {
            seat,
            current: state.current,
          }),
        );
      return accept({ type: 'timedOut', seat });
    case 'move': {
      if (seat !== state.current)
        return refuse(
          violation('NOT_YOUR_TURN', `it is seat ${state.current}'s turn, not seat ${seat}'s`, {
            seat,
            current: state.current,
          }),
        );
      const move = parseMove(command.move);
      if (move === null) {
        const sent = String(command.move).slice(0, 20);
        return refuse(
          violation(
            'MALFORMED_MOVE',
            `"${sent}" is not a move (e.g. 7H-c2, p-c, d3-c1, 8S-d1, *-d2=8, pass)`,
            {
              move: sent,
            },
          ),
        );
      }
      return decideMove(state, seat, move);
    }
  }
}

function commandShapeProblem(command: unknown): string | null {
  if (typeof command !== 'object' || command === null) return 'a command is an object';
  const { type, seat, move } = command as { type?: unknown; seat?: unknown; move?: unknown };
  if (type !== 'move' && type !== 'resign' && type !== 'timeout')
    return 'a command type is move, resign or timeout';
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0)
    return 'a command names its seat (0, 1, …)';
  if (type === 'move' && typeof move !== 'string') return 'a move command carries the move in notation';
  return null;
}

function decideMove(state: GameState, seat: Seat, move: Move): Decision {
  const p = perspectiveOf(state, seat);
  const problem = moveViolation(p, move);
  if (problem !== null) return { ok: false, violation: problem };
  if (move.kind === 'pass') return accept({ type: 'passed', seat });
  // The event keeps the move exactly as sent: the notation parses strictly, so it is already canonical.
  const text = formatMove(move);
  const card = formatCard(sourceCard(p, move.from) as Card);
  if (move.to.kind === 'side') return accept({ type: 'discarded', seat, move: text, card });
  return accept({ type: 'played', seat, move: text, card, slot: targetSlot(p, move.to) });
}

/** The centre slot a play goes to: the named one, or the lowest free slot for a new pile (docs/rules.md §2.4). */
function targetSlot(p: Perspective, to: Extract<MoveTarget, { kind: 'center' | 'newCenter' }>): number {
  return to.kind === 'center' ? to.slot : p.center.indexOf(null) + 1;
}

/**
 * Whether a stored event is exactly what `decide` would produce for its command on `state`, without
 * building the event: `replay` checks every event of a log with it.
 */
export function eventViolation(state: GameState, event: GameEvent): Violation | null {
  // A pass by the seat to move (about a third of a log) is judged directly, without building a decision.
  if (
    event.type === 'passed' &&
    state.result === null &&
    event.seat === state.current &&
    !state.seats[event.seat]?.out
  ) {
    return moveViolation(perspectiveOf(state, event.seat), PASS);
  }
  if (event.type !== 'played' && event.type !== 'discarded') {
    const decision = decide(state, commandOf(event));
    return decision.ok ? null : decision.violation;
  }
  const seat = state.seats[event.seat];
  if (state.result !== null || seat === undefined || seat.out || event.seat !== state.current) {
    const decision = decide(state, commandOf(event));
    return decision.ok ? mismatch() : decision.violation;
  }
  const move = parseMove(event.move);
  if (move === null || move.kind !== 'place') return mismatch();
  const p = perspectiveOf(state, event.seat);
  const problem = moveViolation(p, move);
  if (problem !== null) return problem;
  const card = formatCard(sourceCard(p, move.from) as Card);
  if (event.type === 'discarded') return move.to.kind === 'side' && event.card === card ? null : mismatch();
  return move.to.kind !== 'side' && event.card === card && event.slot === targetSlot(p, move.to)
    ? null
    : mismatch();
}

const PASS: Move = { kind: 'pass' };

function mismatch(): Violation {
  return violation('MALFORMED_COMMAND', 'the event is not what its move decides on this state', {});
}

/** Why a move breaks the rules now (docs/rules.md §2.4–§2.7), or null when it is legal. */
function moveViolation(p: Perspective, move: Move): Violation | null {
  if (move.kind === 'pass') {
    const problem = passProblem(p);
    return (
      turnEndProblem(p) ?? (problem === null ? null : violation('PASS_NOT_ALLOWED', problem, {}, ['E13']))
    );
  }
  const card = sourceCard(p, move.from);
  if (card === null) return emptySource(p, move);
  const named = formatCard(card);
  const to = move.to;
  switch (to.kind) {
    case 'newCenter': {
      if (move.declared !== null) return onlyOnSidePile(named);
      if (canStartCenterPile(p, card)) return forcedFirstProblem(p, move, card, 0);
      if (centerCount(p) >= p.maxCenterPiles && card !== JOKER && rankOf(card) === ACE) {
        return violation(
          'CENTER_FULL',
          `all ${p.maxCenterPiles} centre piles are in use: no more may be started`,
          { maxCenterPiles: p.maxCenterPiles },
          ['S7', 'R6', 'E11'],
        );
      }
      return violation(
        'ONLY_ACE_STARTS_PILE',
        `only a natural ace starts a centre pile, not ${named}`,
        { card: named },
        ['S7', 'R5', 'E5'],
      );
    }
    case 'center': {
      if (move.declared !== null) return onlyOnSidePile(named);
      const pile = p.center[to.slot - 1];
      if (pile === undefined || pile === null)
        return violation('NO_SUCH_PILE', `there is no centre pile c${to.slot}`, { pile: `c${to.slot}` });
      if (fitsCenterPile(p.options, pile, card)) return forcedFirstProblem(p, move, card, pile.length);
      const needs = formatRank(pile.length + 1);
      return violation(
        'DOES_NOT_FIT',
        `${named} does not fit centre pile c${to.slot}, which needs a ${needs} or a wild card`,
        { card: named, pile: `c${to.slot}`, needs },
        ['S7', 'R7', 'E6'],
      );
    }
    case 'side':
      if (move.from.kind === 'payoff') {
        return violation('PAYOFF_ONLY_TO_CENTER', 'the pay-off card may go only to a centre pile', {}, [
          'S14',
          'R11',
        ]);
      }
      if (move.from.kind === 'side') {
        return violation('SIDE_ONLY_FROM_HAND', 'cards are never moved from one side pile to another', {}, [
          'S14',
          'R13',
        ]);
      }
      return turnEndProblem(p) ?? sidePlacementProblem(p, card, to.pile - 1, move.declared);
  }
}

/**
 * docs/rules.md §2.6 under `malice-rules-2`: while a forced play exists, a centre play that is legal in itself is
 * allowed only if it is one of the forced plays (S15, R7, S6, R5: the obligation cannot be dodged by covering the
 * pile first). `pileRank` is the target pile's rank, 0 for a new pile.
 */
function forcedFirstProblem(
  p: Perspective,
  move: Extract<Move, { kind: 'place' }>,
  card: Card,
  pileRank: number,
): Violation | null {
  if (!forcedPlaysAtOnce(p.rules)) return null;
  if (isForcedCenterPlay(p.options, move.from.kind === 'payoff', card, pileRank)) return null;
  return turnEndProblem(p);
}

/** docs/rules.md §2.6: a forced play keeps the turn from ending (and under `malice-rules-2` comes first). */
function turnEndProblem(p: Perspective): Violation | null {
  return pendingForcedPlay(p);
}

/** A rank declared on a centre pile (`=R` belongs to side piles only, S14). */
function onlyOnSidePile(card: string): Violation {
  return violation(
    'BAD_DECLARATION',
    'a rank is declared only on a side pile',
    { problem: 'ONLY_ON_SIDE_PILE', card },
    ['S14'],
  );
}

function emptySource(p: Perspective, move: Extract<Move, { kind: 'place' }>): Violation {
  const from = move.from;
  switch (from.kind) {
    case 'hand': {
      const card = formatCard(from.card);
      return violation('CARD_NOT_IN_HAND', `${card} is not in your hand`, { card });
    }
    case 'payoff':
      return violation('EMPTY_SOURCE', 'your pay-off pile is empty', { pile: 'p' });
    case 'side':
      return from.pile > p.sidePiles.length
        ? violation('NO_SUCH_PILE', `there is no side pile d${from.pile}`, { pile: `d${from.pile}` })
        : violation('EMPTY_SOURCE', `side pile d${from.pile} is empty`, { pile: `d${from.pile}` });
  }
}
