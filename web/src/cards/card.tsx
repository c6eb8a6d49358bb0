/**
 * Our own card drawing (no third-party art, under the project's licence): an SVG in a 60×84 box, so it is crisp
 * at any size — rank and suit in two corners, the suit large in the centre, a joker's star, a back for hidden
 * cards, an outline for an empty pile. Colours come from CSS (cards.css): red and black, or with `four-colour` on
 * `<html>` (web/src/prefs.ts) clubs green and diamonds blue.
 */
import type { ComponentChildren } from 'preact';
import { cardName } from './card-name';
import { parseCard, rankLabel, type ParsedCard, type Suit } from './notation';
import { strings } from './strings';
import './cards.css';

// Named here too, where the board and the table have always imported it from.
export { cardName };

/** Each suit's symbol as a path in a 10×10 box (drawn here, not a font's glyph). */
const SUIT_PATHS = {
  S: 'M5 0.5 C6.5 2.5 9.5 4 9.5 6.2 C9.5 8 7.4 8.8 5.6 7.4 L6.6 9.6 H3.4 L4.4 7.4 C2.6 8.8 0.5 8 0.5 6.2 C0.5 4 3.5 2.5 5 0.5 Z',
  H: 'M5 9.4 C3.5 7.6 0.5 5.6 0.5 3.2 C0.5 1.2 3.4 0.3 5 2.4 C6.6 0.3 9.5 1.2 9.5 3.2 C9.5 5.6 6.5 7.6 5 9.4 Z',
  D: 'M5 0.3 L8.8 5 L5 9.7 L1.2 5 Z',
  C: 'M5 0.6 A2.1 2.1 0 1 1 4.99 0.6 Z M2.6 3.9 A2.1 2.1 0 1 1 2.59 3.9 Z M7.4 3.9 A2.1 2.1 0 1 1 7.39 3.9 Z M4.3 5 H5.7 L6.6 9.6 H3.4 Z',
} as const satisfies Record<Suit, string>;

const STAR = 'M5 0.4 L6.2 3.6 L9.6 3.7 L6.9 5.8 L7.9 9.2 L5 7.2 L2.1 9.2 L3.1 5.8 L0.4 3.7 L3.8 3.6 Z';

function Symbol({ d, x, y, size }: { d: string; x: number; y: number; size: number }) {
  return <path d={d} transform={`translate(${x} ${y}) scale(${size / 10})`} />;
}

function Corner({ card }: { card: ParsedCard }) {
  if (card.kind === 'joker') {
    return <Symbol d={STAR} x={2} y={4} size={10} />;
  }
  return (
    <g>
      <text x="6.5" y="15" class="pc-rank" text-anchor="middle">
        {rankLabel(card.rank)}
      </text>
      <Symbol d={SUIT_PATHS[card.suit]} x={2.5} y={18} size={8} />
    </g>
  );
}

function Frame({
  class: className,
  label,
  card,
  children,
}: {
  class: string;
  label: string;
  /** A face's notation (`7H`, `*=8`): the DOM names the card drawn (docs/web.md "The table"). */
  card?: string;
  children?: ComponentChildren;
}) {
  return (
    <svg
      class={`pc ${className}`}
      viewBox="0 0 60 84"
      role="img"
      aria-label={label}
      data-card={card}
      focusable="false"
    >
      {children}
    </svg>
  );
}

/**
 * A face-up card (notation text), an image named in the reader's language, so a button holding it reads
 * "seven of hearts".
 */
export function CardFace({ card: text }: { card: string }) {
  const card = parseCard(text);
  if (card === null) return <CardBack />;
  const suitClass = card.kind === 'joker' ? 'pc-joker' : `pc-suit-${card.suit}`;
  return (
    <Frame class={`pc-face ${suitClass}`} label={cardName(text)} card={text}>
      <rect class="pc-outline" x="0.5" y="0.5" width="59" height="83" rx="5" />
      <Corner card={card} />
      <g transform="rotate(180 30 42)">
        <Corner card={card} />
      </g>
      {card.kind === 'joker' ? (
        <Symbol d={STAR} x={15} y={27} size={30} />
      ) : (
        <Symbol d={SUIT_PATHS[card.suit]} x={18} y={30} size={24} />
      )}
      {card.declared !== null && (
        <g class="pc-declared">
          <rect x="33" y="60" width="24" height="20" rx="3" />
          <text x="45" y="75" text-anchor="middle">
            ={rankLabel(card.declared)}
          </text>
        </g>
      )}
    </Frame>
  );
}

/** A hidden card: a back with a lattice. */
export function CardBack() {
  return (
    <Frame class="pc-back" label={strings().back}>
      <rect class="pc-outline" x="0.5" y="0.5" width="59" height="83" rx="5" />
      <rect class="pc-back-inner" x="5" y="5" width="50" height="74" rx="3" />
      <path
        class="pc-back-lattice"
        d="M5 15 L15 5 M5 30 L30 5 M5 45 L45 5 M5 60 L55 10 M5 75 L55 25 M15 79 L55 40 M30 79 L55 55 M45 79 L55 70 M5 5 L55 55 M5 20 L55 70 M5 35 L49 79 M5 50 L34 79 M5 65 L19 79 M20 5 L55 40 M35 5 L55 25"
      />
    </Frame>
  );
}

/** Where a pile would be: a dashed outline. */
export function EmptyPile() {
  return (
    <Frame class="pc-empty" label={strings().empty}>
      <rect class="pc-outline" x="1" y="1" width="58" height="82" rx="5" />
    </Frame>
  );
}

/** A card, a back, or an empty outline; `null` is an empty pile. */
export function Card({ card, hidden = false }: { card: string | null; hidden?: boolean }) {
  if (hidden) return <CardBack />;
  if (card === null) return <EmptyPile />;
  return <CardFace card={card} />;
}
