/**
 * Cards that travel (docs/web.md "The table", Feel): when a move lands — mine, or an opponent's arriving live — the
 * card flies from where it was to where it went. FLIP with the Web Animations API: the source's box is measured
 * on the board as it was, before the new position renders (`getSnapshotBeforeUpdate`); the card is found at its
 * target once it has rendered, and a copy of it is animated from the old box to the new one while the real one
 * waits hidden. Nothing moves under `prefers-reduced-motion: reduce`, and live-game.ts does not pace the
 * opponent's moves then either.
 */
import { Component, createRef, type ComponentChildren } from 'preact';
import { plainCard } from '../cards/notation';
import type { TableGame } from './live-game';

/** How long a card takes to fly: less than the pace between an opponent's moves (live-game.ts PACE_MS). */
export const FLIGHT_MS = 320;

type LastMove = NonNullable<TableGame['lastMove']>;

/** Whether the page may animate: the reader does not prefer reduced motion, and the browser has `animate`. */
export function motionAllowed(): boolean {
  return (
    typeof matchMedia === 'function' &&
    !matchMedia('(prefers-reduced-motion: reduce)').matches &&
    typeof Element.prototype.animate === 'function'
  );
}

/** A box that is on screen (a `display: none` element has none). */
function shown(element: Element | null | undefined): DOMRect | null {
  const box = element?.getBoundingClientRect();
  return box !== undefined && box.width > 0 && box.height > 0 ? box : null;
}

/** The top card drawn on a side pile (the last one fanned), or its empty outline. */
function sidePileTop(seat: Element | null, pile: number): Element | null {
  const place = seat?.querySelectorAll('.side-pile')[pile - 1];
  if (place === undefined) return null;
  const cards = place.querySelectorAll('svg.pc');
  return cards[cards.length - 1] ?? null;
}

/** Where the moved card was, on the board as it was drawn before the move: its box, or null when unknown. */
function sourceBox(board: Element, move: LastMove): DOMRect | null {
  const seat = board.querySelector(`[data-seat="${move.seat}"]`);
  switch (move.from) {
    case 'PAYOFF':
      return shown(seat?.querySelector('.payoff-top svg.pc'));
    case 'SIDE_PILE':
      return move.fromSidePile === null ? null : shown(sidePileTop(seat, move.fromSidePile));
    case 'HAND': {
      // My own card where it lay in my hand; another player's from their backs, or their name on a phone.
      const card = move.card === null ? null : plainCard(move.card);
      const mine = card === null ? null : seat?.querySelector(`[data-testid="hand"] [data-source="${card}"]`);
      const backs = seat?.querySelectorAll('.hand-backs svg.pc');
      return (
        shown(mine) ?? shown(backs?.[backs.length - 1]) ?? shown(seat?.querySelector('.seat-name') ?? null)
      );
    }
    case null:
      return null;
    default: {
      const never: never = move.from;
      return never;
    }
  }
}

/** The moved card where it went, on the board as it is drawn now. */
function targetCard(board: Element, move: LastMove): Element | null {
  if (move.slot !== null) return board.querySelector(`.centre-slot[data-slot="${move.slot}"] svg.pc`);
  if (move.sidePile !== null) {
    return sidePileTop(board.querySelector(`[data-seat="${move.seat}"]`), move.sidePile);
  }
  return null;
}

/** Flies a copy of the card at its target from `from` to where it is, the real one hidden meanwhile. */
function fly(board: Element, move: LastMove, from: DOMRect): void {
  const target = targetCard(board, move);
  const to = shown(target);
  if (!(target instanceof SVGElement) || to === null) return;
  const copy = target.cloneNode(true) as SVGElement;
  // A picture only: no name or notation of its own (the board names the card where it lies).
  for (const attribute of ['data-card', 'aria-label', 'role']) copy.removeAttribute(attribute);
  copy.setAttribute('aria-hidden', 'true');
  copy.classList.add('flying-card');
  copy.style.left = `${to.left}px`;
  copy.style.top = `${to.top}px`;
  copy.style.width = `${to.width}px`;
  copy.style.height = `${to.height}px`;
  document.body.append(copy);
  target.style.visibility = 'hidden';
  // From a hand's backs or a name the card grows to its size; never smaller than a third of it.
  const scale = Math.min(2, Math.max(1 / 3, Math.min(from.width, from.height / 1.4) / to.width));
  const flight = copy.animate(
    [
      { transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${scale})` },
      { transform: 'none' },
    ],
    { duration: FLIGHT_MS, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)' },
  );
  const land = () => {
    copy.remove();
    target.style.visibility = '';
  };
  flight.onfinish = land;
  flight.oncancel = land;
}

/**
 * Wraps the board: when `last` (the game's last move) changes to a move of a card, the card flies from its source
 * to its target.
 */
export class MoveMotion extends Component<{ last: TableGame['lastMove']; children: ComponentChildren }> {
  private readonly box = createRef<HTMLDivElement>();

  override getSnapshotBeforeUpdate(previous: { last: TableGame['lastMove'] }): DOMRect | null {
    const move = this.props.last;
    const box = this.box.current;
    if (move === null || move.seq === previous.last?.seq || box === null || !motionAllowed()) return null;
    return sourceBox(box, move);
  }

  override componentDidUpdate(_props: unknown, _state: unknown, from: DOMRect | null): void {
    const move = this.props.last;
    const box = this.box.current;
    if (from !== null && move !== null && box !== null) fly(box, move, from);
  }

  override render() {
    return (
      <div class="move-motion" ref={this.box}>
        {this.props.children}
      </div>
    );
  }
}
