/**
 * The board: every seat's pay-off top and side piles, the centre piles, stock and set-aside counts, and my hand.
 * Read-only by default (the replay draws it so); with `play` every source and target is a `<button>` carrying
 * the names of the move notation (docs/notation.md): `data-source` `7H` / `p` / `d1`, `data-target` `c1` / `c` /
 * `d1` — the DOM contract of docs/web.md "The table".
 */
import type { ComponentChildren, Ref } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Card, cardName } from '../cards/card';
import { formatDateTime } from '../i18n';
import { PlayerLink } from '../players/player-link';
import { strings as shared } from '../strings';
import type { BoardSeat, BoardView } from './board-view';
import { strings } from './strings';
import './board.css';

/** What the table lets the reader do with the board (web/src/table/game-page.tsx). */
export interface BoardPlay {
  /** The selected source (`7H`, `p`, `d1`), or null. */
  readonly selected: string | null;
  /** The targets legal for the selected source (`c1`, `c`, `d2`). */
  readonly legalTargets: ReadonlySet<string>;
  /** Whether a new centre pile may be asked for at all (a free slot). */
  readonly newPileTarget: boolean;
  /** A source clicked (or chosen by keyboard): select it, or clear it when it is the selected one. */
  onSource(source: string): void;
  /** A target clicked while a source is selected. */
  onTarget(target: string): void;
  /** A source dragged onto a target with the pointer. */
  onDrop(source: string, target: string): void;
}

/** Where the last move went, to mark it (`c2` of any seat, or a seat's side pile `d1`); `seq` tells moves apart. */
export interface BoardHighlight {
  readonly seat: number;
  readonly place: string;
  readonly seq: number;
}

export interface BoardProps {
  view: BoardView;
  /** The reader's seat (drawn nearest), or null for a spectator. */
  mySeat: number | null;
  /** Each seat's player name, by seat. */
  names: readonly string[];
  /** When each seat's player is back from vacation (Player.awayUntil), by seat; null or absent: not away. */
  awayUntil?: readonly (string | null)[];
  /** Interaction, for the live table; without it the board is read-only. */
  play?: BoardPlay;
  /** The last move's destination: marked, and flashed briefly unless the reader prefers reduced motion. */
  highlight?: BoardHighlight | null;
}

/** Drag with the pointer: past this many pixels a press is a drag, not a click. */
const DRAG_THRESHOLD_PX = 6;

/**
 * A place on the board: a plain element when read-only, a button when it is a source or a target. A source can be
 * dragged onto a target with the mouse (pointer events; touch keeps scrolling, see board.css); the click that ends
 * a drag is not also taken as a selection.
 */
function Place({
  play,
  source,
  target,
  label,
  justMoved = null,
  class: className,
  children,
}: {
  play: BoardPlay | undefined;
  source?: string;
  target?: string;
  label: string;
  /** The `seq` of the last move when it went here, else null. */
  justMoved?: number | null;
  class: string;
  children: ComponentChildren;
}) {
  const element = useRef<HTMLElement>(null);
  // Each new move here flashes once (the Web Animations API restarts it even on the same place twice running).
  useEffect(() => {
    if (justMoved === null || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.current?.animate(
      [
        { boxShadow: '0 0 0 5px #e8b400', transform: 'scale(1.08)' },
        { boxShadow: '0 0 0 0 transparent', transform: 'none' },
      ],
      { duration: 1200, easing: 'ease-out' },
    );
  }, [justMoved]);
  const dragged = useRef(false);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const classes = `${className}${justMoved !== null ? ' just-moved' : ''}`;
  const justMovedAttribute = justMoved !== null ? 'true' : undefined;
  if (play === undefined || (source === undefined && target === undefined)) {
    return (
      <div
        class={classes}
        aria-label={label}
        role="group"
        data-just-moved={justMovedAttribute}
        ref={element as Ref<HTMLDivElement>}
      >
        {children}
      </div>
    );
  }
  const selected = source !== undefined && play.selected === source;
  const legal = target !== undefined && play.selected !== null && play.legalTargets.has(target);
  const onClick = () => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    // A side pile is both: with a hand card selected it is the target, else its top is a source.
    const isTarget =
      target !== undefined &&
      play.selected !== null &&
      play.selected !== source &&
      (source === undefined || !isPlace(play.selected));
    if (isTarget) play.onTarget(target);
    else if (source !== undefined) play.onSource(source);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (source === undefined || event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent) => {
    const from = start.current;
    const button = event.currentTarget as HTMLElement;
    if (from === null || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (!dragged.current && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    if (!dragged.current) {
      dragged.current = true;
      button.setPointerCapture(event.pointerId);
      button.classList.add('dragging');
    }
    button.style.transform = `translate(${dx}px, ${dy}px)`;
  };
  /** Ends a drag: the card goes back to its place; returns whether there was one. */
  const endDrag = (event: PointerEvent): boolean => {
    const button = event.currentTarget as HTMLElement;
    const from = start.current;
    start.current = null;
    button.classList.remove('dragging');
    button.style.transform = '';
    return from !== null && dragged.current;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!endDrag(event) || source === undefined) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const onto = under?.closest<HTMLElement>('[data-target]')?.dataset['target'];
    if (onto !== undefined && onto !== source) play.onDrop(source, onto);
  };
  return (
    <button
      type="button"
      class={`${classes} place${selected ? ' selected' : ''}${legal ? ' legal' : ''}`}
      data-source={source}
      data-target={target}
      data-legal={target !== undefined ? String(legal) : undefined}
      data-just-moved={justMovedAttribute}
      ref={element as Ref<HTMLButtonElement>}
      aria-pressed={source !== undefined ? selected : undefined}
      aria-label={label}
      onClick={onClick}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={endDrag}
    >
      {children}
    </button>
  );
}

/** `p`, `d1`…: a place on the board rather than a hand card. */
function isPlace(source: string): boolean {
  return source === 'p' || /^d\d+$/.test(source);
}

function SidePiles({
  seat,
  mine,
  play,
  highlight,
}: {
  seat: BoardSeat;
  mine: boolean;
  play: BoardPlay | undefined;
  highlight: BoardHighlight | null;
}) {
  const S = strings();
  return (
    <div class="side-piles">
      {seat.sidePiles.map((pile, index) => {
        const name = `d${index + 1}`;
        const top = pile[pile.length - 1];
        const label = `${S.sidePile(index + 1)}: ${pile.length === 0 ? S.emptyPile : pile.map(cardName).join(', ')}`;
        return (
          <Place
            key={name}
            play={mine ? play : undefined}
            source={mine && top !== undefined ? name : undefined}
            target={mine ? name : undefined}
            label={label}
            justMoved={highlight?.seat === seat.seat && highlight.place === name ? highlight.seq : null}
            class="side-pile"
          >
            {pile.length === 0 ? (
              <Card card={null} />
            ) : (
              pile.map((card, i) => (
                <span class="fanned" key={i}>
                  <Card card={card} />
                </span>
              ))
            )}
          </Place>
        );
      })}
    </div>
  );
}

function SeatArea({
  seat,
  name,
  named,
  awayUntil,
  mine,
  hand,
  play,
  highlight,
}: {
  seat: BoardSeat;
  name: string;
  /** Whether `name` is the player's username (a link to their page), not a stand-in such as "Seat 2". */
  named: boolean;
  /** When the player is back from vacation, while they are away. */
  awayUntil: string | null;
  mine: boolean;
  hand: readonly string[] | null;
  play: BoardPlay | undefined;
  highlight: BoardHighlight | null;
}) {
  const S = strings();
  const payoffLabel =
    seat.payoffTop === null
      ? S.payoffEmpty
      : `${S.payoff}: ${cardName(seat.payoffTop)}${seat.payoffCount === null ? '' : `, ${S.payoffCount(seat.payoffCount)}`}`;
  return (
    <section class={`seat-area${mine ? ' mine' : ''}${seat.out ? ' out' : ''}`} data-seat={seat.seat}>
      <h3 class="seat-name">
        {named ? <PlayerLink username={name} /> : name}
        {mine && <span class="muted"> ({S.you})</span>}
        {seat.out && <span class="muted"> — {S.out}</span>}
        <span class="muted hand-count" data-testid="hand-count">
          {' '}
          · {S.handCount(seat.handCount)}
        </span>
      </h3>
      {awayUntil !== null && (
        <p class="seat-away" data-testid="away" data-away-until={awayUntil}>
          {shared().onVacationUntil(formatDateTime(awayUntil))}
        </p>
      )}
      <div class="seat-piles">
        <div class="payoff">
          <Place
            play={mine ? play : undefined}
            source={mine && seat.payoffTop !== null ? 'p' : undefined}
            label={payoffLabel}
            class="payoff-top"
          >
            <Card card={seat.payoffTop} />
          </Place>
          {seat.payoffCount !== null && (
            <span class="count" data-testid="payoff-count">
              {S.payoffCount(seat.payoffCount)}
            </span>
          )}
        </div>
        <SidePiles seat={seat} mine={mine} play={play} highlight={highlight} />
      </div>
      {mine && hand !== null && <Hand hand={hand} play={play} />}
      {!mine && seat.handCount > 0 && (
        <div class="hand-backs" aria-hidden="true">
          {Array.from({ length: Math.min(seat.handCount, 8) }, (_, i) => (
            <span class="fanned-x" key={i}>
              <Card card={null} hidden />
            </span>
          ))}
        </div>
      )}
    </section>
  );
}

function Hand({ hand, play }: { hand: readonly string[]; play: BoardPlay | undefined }) {
  const S = strings();
  return (
    <div class="hand" role="group" aria-label={S.hand} data-testid="hand">
      {hand.length === 0 && <p class="muted">{S.emptyHand}</p>}
      {hand.map((card, index) => (
        <Place key={`${card}-${index}`} play={play} source={card} label={cardName(card)} class="hand-card">
          <Card card={card} />
        </Place>
      ))}
    </div>
  );
}

function Centre({
  view,
  play,
  highlight,
}: {
  view: BoardView;
  play: BoardPlay | undefined;
  highlight: BoardHighlight | null;
}) {
  const S = strings();
  return (
    <section class="centre" aria-label={S.center} data-testid="centre">
      <div class="centre-piles">
        {view.centerPiles.map((pile) => {
          const name = `c${pile.slot}`;
          const top = pile.cards[pile.cards.length - 1] ?? null;
          return (
            <div class="centre-slot" key={name}>
              <Place
                play={play}
                target={name}
                label={`${S.centerPile(pile.slot)}: ${top === null ? '' : cardName(top)}, ${S.reached(pile.cards.length)}`}
                justMoved={highlight?.place === name ? highlight.seq : null}
                class="centre-pile"
              >
                <Card card={top} />
              </Place>
              <span class="count" data-testid="reached">
                {S.reached(pile.cards.length)}
              </span>
            </div>
          );
        })}
        {play !== undefined && play.newPileTarget && (
          <div class="centre-slot">
            <Place play={play} target="c" label={S.newPile} class="centre-pile new-pile">
              <Card card={null} />
            </Place>
            <span class="count">{S.newPile}</span>
          </div>
        )}
      </div>
      <p class="counts">
        <span data-testid="stock">{S.stock(view.stockCount)}</span>
        {' · '}
        <span data-testid="set-aside">{S.setAside(view.setAsideCount)}</span>
      </p>
    </section>
  );
}

export function Board({ view, mySeat, names, awayUntil = [], play, highlight = null }: BoardProps) {
  const S = strings();
  const others = view.seats.filter((seat) => seat.seat !== mySeat);
  const mine = view.seats.find((seat) => seat.seat === mySeat);
  const nameOf = (seat: number) => names[seat] ?? S.seat(seat);
  return (
    <div class="board" data-testid="board" data-my-seat={mySeat ?? ''} aria-label={S.board} role="region">
      <div class="opponents">
        {others.map((seat) => (
          <SeatArea
            key={seat.seat}
            seat={seat}
            name={nameOf(seat.seat)}
            named={names[seat.seat] !== undefined}
            awayUntil={awayUntil[seat.seat] ?? null}
            mine={false}
            hand={null}
            play={undefined}
            highlight={highlight}
          />
        ))}
      </div>
      <Centre view={view} play={play} highlight={highlight} />
      {mine !== undefined && (
        <SeatArea
          seat={mine}
          name={nameOf(mine.seat)}
          named={names[mine.seat] !== undefined}
          awayUntil={awayUntil[mine.seat] ?? null}
          mine
          hand={view.hand}
          play={play}
          highlight={highlight}
        />
      )}
    </div>
  );
}
