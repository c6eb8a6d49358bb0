/**
 * The board: every seat's pay-off top and side piles, the centre piles, stock and set-aside counts, and my hand,
 * each kind of pile under a visible label. Read-only by default (the replay draws it so); with `play` every
 * source and target is a `<button>` carrying the names of the move notation (docs/notation.md): `data-source`
 * `7H` / `p` / `d1`, `data-target` `c1` / `c` / `d1` — the DOM contract of docs/web.md "The table". The buttons
 * are one tab stop (roving tabindex): the arrow keys move among the sources, or once one is selected among its
 * legal targets (keyboard.ts), and keys typed on the page name piles (`1`–`9`, `0`, `d` then a digit, `p`).
 */
import type { ComponentChildren, Ref } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Card, cardName } from '../cards/card';
import { formatDateTime } from '../i18n';
import { PlayerLink } from '../players/player-link';
import { strings as shared } from '../strings';
import type { BoardSeat, BoardView } from './board-view';
import { isNavKey, navigable, shortcutPlace, step, tabStop, type NavPlace } from './keyboard';
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

/** Places whose tops differ by less than this are on one row, read left to right (the arrow keys' order). */
const ROW_TOLERANCE_PX = 24;

/** How the board's buttons take part in the keyboard model (keyboard.ts). */
interface Nav {
  /** The one place Tab reaches. */
  readonly stop: string | null;
  /** A place got the focus (by Tab, an arrow or a click): it is the tab stop from now on. */
  focused(key: string): void;
  /** A source was chosen with the keyboard: the focus goes on to its first legal target. */
  keyboardSelected(): void;
}

/**
 * A place on the board: a plain element when read-only, a button when it is a source or a target. A source can be
 * dragged onto a target with the mouse (pointer events; touch keeps scrolling, see board.css); the click that ends
 * a drag is not also taken as a selection. The card drawn inside a button is decorative: the button's label is
 * the one name (`children` is told which).
 */
function Place({
  play,
  nav,
  navKey,
  source,
  target,
  label,
  justMoved = null,
  class: className,
  children,
}: {
  play: BoardPlay | undefined;
  nav?: Nav | undefined;
  /** Its key in the keyboard model (`h0`, `p`, `d1`, `c1`, `c`). */
  navKey?: string;
  source?: string | undefined;
  target?: string;
  label: string;
  /** The `seq` of the last move when it went here, else null. */
  justMoved?: number | null;
  class: string;
  children: (decorative: boolean) => ComponentChildren;
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
  // In the render, not only on the element: the board re-renders during a drag (the focus moved to the card).
  const [dragging, setDragging] = useState(false);
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
        {children(false)}
      </div>
    );
  }
  const selected = source !== undefined && play.selected === source;
  const legal = target !== undefined && play.selected !== null && play.legalTargets.has(target);
  const onClick = (event: MouseEvent) => {
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
    else if (source !== undefined) {
      // Enter or Space on a button clicks it with no pointer (detail 0): the keyboard goes on to the targets.
      if (event.detail === 0 && play.selected !== source) nav?.keyboardSelected();
      play.onSource(source);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    if (source === undefined || event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    dragged.current = false;
    // The mouse's moves come here even when a quick one leaves the card at once (touch is left to scroll).
    if (event.pointerType === 'mouse')
      (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
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
      setDragging(true);
    }
    button.style.transform = `translate(${dx}px, ${dy}px)`;
  };
  /** Ends a drag: the card goes back to its place; returns whether there was one. */
  const endDrag = (event: PointerEvent): boolean => {
    const button = event.currentTarget as HTMLElement;
    const from = start.current;
    start.current = null;
    setDragging(false);
    button.style.transform = '';
    return from !== null && dragged.current;
  };
  const onPointerUp = (event: PointerEvent) => {
    const button = event.currentTarget as HTMLElement;
    if (!endDrag(event) || source === undefined) return;
    // What lies under the pointer apart from the dragged card itself.
    const under = document
      .elementsFromPoint(event.clientX, event.clientY)
      .find((element) => !button.contains(element));
    const onto = under?.closest<HTMLElement>('[data-target]')?.dataset['target'];
    if (onto !== undefined && onto !== source) play.onDrop(source, onto);
  };
  return (
    <button
      type="button"
      class={`${classes} place${selected ? ' selected' : ''}${legal ? ' legal' : ''}${dragging ? ' dragging' : ''}`}
      data-source={source}
      data-target={target}
      data-legal={target !== undefined ? String(legal) : undefined}
      data-just-moved={justMovedAttribute}
      data-nav={navKey}
      tabIndex={nav !== undefined && navKey !== undefined && navKey === nav.stop ? 0 : -1}
      ref={element as Ref<HTMLButtonElement>}
      aria-pressed={source !== undefined ? selected : undefined}
      aria-label={label}
      onClick={onClick}
      onFocus={navKey !== undefined ? () => nav?.focused(navKey) : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={endDrag}
    >
      {children(true)}
    </button>
  );
}

/** `p`, `d1`…: a place on the board rather than a hand card. */
function isPlace(source: string): boolean {
  return source === 'p' || /^d\d+$/.test(source);
}

/** A pile kind's visible label ("Pay-off", "Side piles", "Your hand"…), `data-pile-label` naming the kind. */
function PileLabel({ kind, children }: { kind: string; children: ComponentChildren }) {
  return (
    <span class="pile-label" data-pile-label={kind}>
      {children}
    </span>
  );
}

function SidePiles({
  seat,
  mine,
  play,
  nav,
  highlight,
}: {
  seat: BoardSeat;
  mine: boolean;
  play: BoardPlay | undefined;
  nav: Nav | undefined;
  highlight: BoardHighlight | null;
}) {
  const S = strings();
  return (
    <div class="side-piles-block">
      <PileLabel kind="side">{S.labels.sidePiles}</PileLabel>
      <div class="side-piles">
        {seat.sidePiles.map((pile, index) => {
          const name = `d${index + 1}`;
          const top = pile[pile.length - 1];
          const label = `${S.sidePile(index + 1)}: ${pile.length === 0 ? S.emptyPile : pile.map(cardName).join(', ')}`;
          return (
            <Place
              key={name}
              play={mine ? play : undefined}
              nav={nav}
              navKey={name}
              source={mine && top !== undefined ? name : undefined}
              target={mine ? name : undefined}
              label={label}
              justMoved={highlight?.seat === seat.seat && highlight.place === name ? highlight.seq : null}
              class="side-pile"
            >
              {(decorative) =>
                pile.length === 0 ? (
                  <Card card={null} decorative={decorative} />
                ) : (
                  pile.map((card, i) => (
                    <span class="fanned" key={i}>
                      <Card card={card} decorative={decorative} />
                    </span>
                  ))
                )
              }
            </Place>
          );
        })}
      </div>
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
  nav,
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
  nav: Nav | undefined;
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
          <PileLabel kind="payoff">{S.labels.payoff}</PileLabel>
          <Place
            play={mine ? play : undefined}
            nav={nav}
            navKey="p"
            source={mine && seat.payoffTop !== null ? 'p' : undefined}
            label={payoffLabel}
            class="payoff-top"
          >
            {(decorative) => <Card card={seat.payoffTop} decorative={decorative} />}
          </Place>
          {seat.payoffCount !== null && (
            <span class="count" data-testid="payoff-count">
              {S.payoffCount(seat.payoffCount)}
            </span>
          )}
        </div>
        <SidePiles seat={seat} mine={mine} play={play} nav={nav} highlight={highlight} />
      </div>
      {mine && hand !== null && <Hand hand={hand} play={play} nav={nav} />}
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

function Hand({
  hand,
  play,
  nav,
}: {
  hand: readonly string[];
  play: BoardPlay | undefined;
  nav: Nav | undefined;
}) {
  const S = strings();
  return (
    <div class="hand-block">
      <PileLabel kind="hand">{S.hand}</PileLabel>
      <div class="hand" role="group" aria-label={S.hand} data-testid="hand">
        {hand.length === 0 && <p class="muted">{S.emptyHand}</p>}
        {hand.map((card, index) => (
          <Place
            key={`${card}-${index}`}
            play={play}
            nav={nav}
            navKey={`h${index}`}
            source={card}
            label={cardName(card)}
            class="hand-card"
          >
            {(decorative) => <Card card={card} decorative={decorative} />}
          </Place>
        ))}
      </div>
    </div>
  );
}

function Centre({
  view,
  play,
  nav,
  highlight,
}: {
  view: BoardView;
  play: BoardPlay | undefined;
  nav: Nav | undefined;
  highlight: BoardHighlight | null;
}) {
  const S = strings();
  return (
    <section class="centre" aria-label={S.center} data-testid="centre">
      <PileLabel kind="centre">{S.center}</PileLabel>
      <div class="centre-piles">
        {view.centerPiles.map((pile) => {
          const name = `c${pile.slot}`;
          const top = pile.cards[pile.cards.length - 1] ?? null;
          return (
            <div class="centre-slot" key={name} data-slot={pile.slot}>
              <Place
                play={play}
                nav={nav}
                navKey={name}
                target={name}
                label={`${S.centerPile(pile.slot)}: ${top === null ? '' : cardName(top)}, ${S.reached(pile.cards.length)}`}
                justMoved={highlight?.place === name ? highlight.seq : null}
                class="centre-pile"
              >
                {(decorative) => <Card card={top} decorative={decorative} />}
              </Place>
              <span class="count" data-testid="reached">
                {S.reached(pile.cards.length)}
              </span>
            </div>
          );
        })}
        {play !== undefined && play.newPileTarget && (
          <div class="centre-slot">
            <Place play={play} nav={nav} navKey="c" target="c" label={S.newPile} class="centre-pile new-pile">
              {(decorative) => <Card card={null} decorative={decorative} />}
            </Place>
            <span class="count">{S.newPile}</span>
          </div>
        )}
      </div>
      <p class="counts">
        <span data-testid="stock" data-pile-label="stock">
          {S.stock(view.stockCount)}
        </span>
        {' · '}
        <span data-testid="set-aside">{S.setAside(view.setAsideCount)}</span>
      </p>
    </section>
  );
}

/** My places in the keyboard's order: the hand, the pay-off pile, the side piles, then the centre. */
function navPlaces(mine: BoardSeat, view: BoardView, play: BoardPlay): NavPlace[] {
  return [
    ...(view.hand ?? []).map((card, index) => ({ key: `h${index}`, source: card })),
    ...(mine.payoffTop !== null ? [{ key: 'p', source: 'p' }] : []),
    ...mine.sidePiles.map((pile, index) => ({
      key: `d${index + 1}`,
      source: pile.length > 0 ? `d${index + 1}` : undefined,
      target: `d${index + 1}`,
    })),
    ...view.centerPiles.map((pile) => ({ key: `c${pile.slot}`, target: `c${pile.slot}` })),
    ...(play.newPileTarget ? [{ key: 'c', target: 'c' }] : []),
  ];
}

function navElement(root: HTMLElement, key: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-nav="${key}"]`);
}

/** `keys` in the order they read on screen, row by row (the phone lays my hand out above my piles). */
function inReadingOrder(root: HTMLElement, keys: readonly string[]): string[] {
  const boxes = keys.flatMap((key) => {
    const element = navElement(root, key);
    return element === null ? [] : [{ key, box: element.getBoundingClientRect() }];
  });
  boxes.sort((a, b) =>
    Math.abs(a.box.top - b.box.top) > ROW_TOLERANCE_PX ? a.box.top - b.box.top : a.box.left - b.box.left,
  );
  return boxes.map(({ key }) => key);
}

/** Whether a key press comes from the board's part of the page (its parent, the table) or from nowhere in particular. */
function onBoardsPart(board: HTMLElement | null, target: EventTarget | null): boolean {
  if (target === document.body || target === null) return true;
  const part = board?.parentElement ?? null;
  return part !== null && target instanceof Node && part.contains(target);
}

/** Whether a key press belongs to a field being typed in, not to the board. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function Board({ view, mySeat, names, awayUntil = [], play, highlight = null }: BoardProps) {
  const S = strings();
  const others = view.seats.filter((seat) => seat.seat !== mySeat);
  const mine = view.seats.find((seat) => seat.seat === mySeat);
  const nameOf = (seat: number) => names[seat] ?? S.seat(seat);

  const root = useRef<HTMLDivElement>(null);
  const [lastFocused, setLastFocused] = useState<string | null>(null);
  const places = play === undefined || mine === undefined ? [] : navPlaces(mine, view, play);
  const keys = play === undefined ? [] : navigable(places, play.selected, play.legalTargets);
  const focusTargets = useRef(false);
  const returnTo = useRef<string | null>(null);
  const nav: Nav | undefined =
    play === undefined
      ? undefined
      : {
          stop: tabStop(keys, lastFocused),
          focused: setLastFocused,
          keyboardSelected: () => (focusTargets.current = true),
        };

  // The focus follows the keyboard: on to the first legal target once a source is chosen by key, back to the
  // source when Escape clears the choice — in a layout effect, before the next key can arrive.
  const selected = play?.selected ?? null;
  useLayoutEffect(() => {
    const board = root.current;
    if (board === null) return;
    if (selected !== null && focusTargets.current) {
      focusTargets.current = false;
      const [first] = inReadingOrder(board, keys);
      if (first !== undefined) navElement(board, first)?.focus();
    } else if (selected === null && returnTo.current !== null) {
      const source = places.find((place) => place.source === returnTo.current);
      returnTo.current = null;
      if (source !== undefined) navElement(board, source.key)?.focus();
    }
    // Only a new selection moves the focus; the lists are read as they are then.
  }, [selected]);

  // Keys typed on the board's part of the page, or with the focus nowhere in particular (not in a field, not under
  // a dialog), name piles: keyboard.ts shortcutPlace.
  const latest = useRef({ play, places });
  latest.current = { play, places };
  const interactive = play !== undefined;
  useEffect(() => {
    if (!interactive) return;
    let pendingD = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target))
        return;
      if (
        document.querySelector('[aria-modal="true"]') !== null ||
        !onBoardsPart(root.current, event.target)
      ) {
        return;
      }
      const { play: now, places: here } = latest.current;
      if (now === undefined) return;
      const wasD = pendingD;
      pendingD = event.key === 'd' && !wasD;
      if (pendingD) {
        event.preventDefault();
        return;
      }
      const name = shortcutPlace(event.key, wasD);
      if (name === null) return;
      event.preventDefault();
      if (now.selected !== null && name !== 'p') {
        now.onTarget(name);
      } else if (now.selected !== name && here.some((place) => place.source === name)) {
        focusTargets.current = true;
        now.onSource(name);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [interactive]);

  const onKeyDown = (event: KeyboardEvent) => {
    const board = root.current;
    if (play === undefined || board === null) return;
    if (event.key === 'Escape' && play.selected !== null) {
      returnTo.current = play.selected;
      return;
    }
    if (!isNavKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-nav]') : null;
    if (from === null) return;
    const next = step(inReadingOrder(board, keys), from.dataset['nav'] ?? null, event.key);
    if (next === null) return;
    event.preventDefault();
    navElement(board, next)?.focus();
  };

  return (
    <div
      class="board"
      data-testid="board"
      data-my-seat={mySeat ?? ''}
      aria-label={S.board}
      role="region"
      ref={root}
      onKeyDown={onKeyDown}
    >
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
            nav={undefined}
            highlight={highlight}
          />
        ))}
      </div>
      <Centre view={view} play={play} nav={nav} highlight={highlight} />
      {mine !== undefined && (
        <SeatArea
          seat={mine}
          name={nameOf(mine.seat)}
          named={names[mine.seat] !== undefined}
          awayUntil={awayUntil[mine.seat] ?? null}
          mine
          hand={view.hand}
          play={play}
          nav={nav}
          highlight={highlight}
        />
      )}
    </div>
  );
}
