/**
 * `decide(state, command)`: the events a command produces, or the rule it breaks. It never throws and never
 * changes `state`, whatever it is given: anything malformed is a violation like any other.
 */
import { ACE, JOKER, formatCard, rankOf } from './cards';
import { Command, GameEvent } from './events';
import { perspectiveOf } from './evolve';
import { Move, formatMove, parseMove } from './moves';
import {
  Perspective,
  canStartCenterPile,
  centerCount,
  fitsCenterPile,
  passProblem,
  pendingForcedPlay,
  sidePlacementProblem,
  sourceCard,
} from './rules';
import { GameState, Seat } from './state';
import { Violation, violation } from './violations';

export type Decision =
  { readonly ok: true; readonly events: GameEvent[] } | { readonly ok: false; readonly violation: Violation };

function refuse(code: Violation['code'], reason: string): Decision {
  return { ok: false, violation: violation(code, reason) };
}

function accept(event: GameEvent): Decision {
  return { ok: true, events: [event] };
}

export function decide(state: GameState, command: Command): Decision {
  const shape = commandShapeProblem(command);
  if (shape !== null) return refuse('MALFORMED_COMMAND', shape);
  if (state.result !== null) return refuse('GAME_OVER', 'the game is over');
  const seat = command.seat;
  if (seat >= state.seats.length) return refuse('NO_SUCH_SEAT', `there is no seat ${seat}`);
  if (state.seats[seat]!.out) return refuse('SEAT_OUT', `seat ${seat} has left the game`);

  switch (command.type) {
    case 'resign':
      return accept({ type: 'resigned', seat });
    case 'timeout':
      if (seat !== state.current) return refuse('NOT_YOUR_TURN', `seat ${seat} is not the seat to move`);
      return accept({ type: 'timedOut', seat });
    case 'move': {
      if (seat !== state.current)
        return refuse('NOT_YOUR_TURN', `it is seat ${state.current}'s turn, not seat ${seat}'s`);
      const move = parseMove(command.move);
      if (move === null) {
        return refuse(
          'MALFORMED_MOVE',
          `"${String(command.move).slice(0, 20)}" is not a move (e.g. 7H-c2, p-c, d3-c1, 8S-d1, *-d2=8, pass)`,
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
  if (move.kind === 'pass') {
    const ending = turnEndProblem(p);
    if (ending !== null) return { ok: false, violation: ending };
    const problem = passProblem(p);
    if (problem !== null) return refuse('PASS_NOT_ALLOWED', problem);
    return accept({ type: 'passed', seat });
  }

  const card = sourceCard(p, move.from);
  if (card === null) return refuse(...emptySource(p, move));
  const text = formatMove(move);
  const to = move.to;
  switch (to.kind) {
    case 'newCenter': {
      if (move.declared !== null) return refuse('BAD_DECLARATION', 'a rank is declared only on a side pile');
      if (!canStartCenterPile(p, card)) {
        if (centerCount(p) >= p.maxCenterPiles && card !== JOKER && rankOf(card) === ACE) {
          return refuse('CENTER_FULL', `all ${p.maxCenterPiles} centre piles are in use (maxCenterPiles)`);
        }
        return refuse(
          'ONLY_ACE_STARTS_PILE',
          `only a natural ace starts a centre pile, not ${formatCard(card)} (S7, R11, E5)`,
        );
      }
      const slot = p.center.indexOf(null) + 1;
      return accept({ type: 'played', seat, move: text, card: formatCard(card), slot });
    }
    case 'center': {
      if (move.declared !== null) return refuse('BAD_DECLARATION', 'a rank is declared only on a side pile');
      const pile = p.center[to.slot - 1];
      if (pile === undefined || pile === null)
        return refuse('NO_SUCH_PILE', `there is no centre pile c${to.slot}`);
      if (!fitsCenterPile(p.options, pile, card)) {
        return refuse(
          'DOES_NOT_FIT',
          `${formatCard(card)} does not fit centre pile c${to.slot}, which needs a ${pile.length + 1} or a wild card (S7, R11, E6)`,
        );
      }
      return accept({ type: 'played', seat, move: text, card: formatCard(card), slot: to.slot });
    }
    case 'side': {
      if (move.from.kind === 'payoff') {
        return refuse('PAYOFF_ONLY_TO_CENTER', 'the pay-off card may go only to a centre pile (S14, R11)');
      }
      if (move.from.kind === 'side') {
        return refuse(
          'SIDE_ONLY_FROM_HAND',
          'cards are never moved from one side pile to another (S14, R12)',
        );
      }
      const ending = turnEndProblem(p);
      if (ending !== null) return { ok: false, violation: ending };
      const problem = sidePlacementProblem(p, card, to.pile - 1, move.declared);
      if (problem !== null) return { ok: false, violation: problem };
      return accept({ type: 'discarded', seat, move: text, card: formatCard(card) });
    }
  }
}

/** RULES §1.8: a forced play keeps the turn from ending. */
function turnEndProblem(p: Perspective): Violation | null {
  const forced = pendingForcedPlay(p);
  return forced === null ? null : violation('FORCED_PLAY_PENDING', forced);
}

function emptySource(p: Perspective, move: Extract<Move, { kind: 'place' }>): [Violation['code'], string] {
  const from = move.from;
  switch (from.kind) {
    case 'hand':
      return ['CARD_NOT_IN_HAND', `${formatCard(from.card)} is not in your hand`];
    case 'payoff':
      return ['EMPTY_SOURCE', 'your pay-off pile is empty'];
    case 'side':
      return from.pile > p.sidePiles.length
        ? ['NO_SUCH_PILE', `there is no side pile d${from.pile}`]
        : ['EMPTY_SOURCE', `side pile d${from.pile} is empty`];
  }
}
