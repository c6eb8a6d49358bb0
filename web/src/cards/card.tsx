/**
 * Our own card drawing (no third-party art, under the project's licence): an SVG in a 60×84 box, so it is crisp
 * at any size — the index (rank, in the reader's letters: J Q K, Kn D K, В Д К) and suit in two corners, the suit
 * large in the centre, a joker's star, a back for hidden cards, an outline for an empty pile. The index is drawn
 * as strokes (glyphs.ts), not text, so a card has one name, its accessible name. Colours come from CSS
 * (cards.css): red and black, or with `four-colour` on `<html>` (web/src/prefs.ts) clubs green and diamonds blue.
 */
import type { ComponentChildren } from 'preact';
import { cardName } from './card-name';
import { rankIndex } from './card-text';
import { fitScale, setLine } from './glyphs';
import { parseCard, type ParsedCard, type Suit } from './notation';
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

/** The corner's column: the index centred on it, the suit under it; the index never wider than the corner. */
const CORNER = { centre: 8.5, top: 3.5, height: 12, maxWidth: 13 } as const;

/**
 * A line of index letters in strokes, `height` high, centred on `centre`, narrowed to `maxWidth`; `data-index`
 * says what it shows (the browser tests read the letters there).
 */
function IndexLine({
  text,
  centre,
  top,
  height,
  maxWidth,
}: {
  text: string;
  centre: number;
  top: number;
  height: number;
  maxWidth: number;
}) {
  const line = setLine(text);
  const scale = fitScale(line.width, height, maxWidth);
  const left = centre - (line.width * scale) / 2;
  return (
    <g class="pc-index" data-index={text} transform={`translate(${left} ${top}) scale(${scale})`}>
      {line.glyphs.map((glyph, i) => (
        <path key={i} d={glyph.d} transform={glyph.x === 0 ? undefined : `translate(${glyph.x} 0)`} />
      ))}
    </g>
  );
}

function Corner({ card }: { card: ParsedCard }) {
  if (card.kind === 'joker') {
    return <Symbol d={STAR} x={3.5} y={4} size={10} />;
  }
  return (
    <g>
      <IndexLine text={rankIndex(card.rank)} {...CORNER} />
      <Symbol d={SUIT_PATHS[card.suit]} x={CORNER.centre - 4} y={CORNER.top + CORNER.height + 2.5} size={8} />
    </g>
  );
}

function Frame({
  class: className,
  label,
  decorative,
  card,
  children,
}: {
  class: string;
  label: string;
  /** Inside a control that names it (a board button): hidden from assistive technology, so the name is one. */
  decorative: boolean;
  /** A face's notation (`7H`, `*=8`): the DOM names the card drawn (docs/web.md "The table"). */
  card?: string;
  children?: ComponentChildren;
}) {
  return (
    <svg
      class={`pc ${className}`}
      viewBox="0 0 60 84"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? 'true' : undefined}
      data-card={card}
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** What every drawing takes: whether it is inside a control that already names it. */
interface Drawing {
  readonly decorative?: boolean;
}

/**
 * A face-up card (notation text), an image named in the reader's language ("seven of hearts"), or, inside a
 * button named so, a decorative picture.
 */
export function CardFace({ card: text, decorative = false }: { card: string } & Drawing) {
  const card = parseCard(text);
  if (card === null) return <CardBack decorative={decorative} />;
  const suitClass = card.kind === 'joker' ? 'pc-joker' : `pc-suit-${card.suit}`;
  return (
    <Frame class={`pc-face ${suitClass}`} label={cardName(text)} card={text} decorative={decorative}>
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
          <IndexLine text={`=${rankIndex(card.declared)}`} centre={45} top={64.5} height={11} maxWidth={21} />
        </g>
      )}
    </Frame>
  );
}

/** A hidden card: a back with a lattice. */
export function CardBack({ decorative = false }: Drawing) {
  return (
    <Frame class="pc-back" label={strings().back} decorative={decorative}>
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
export function EmptyPile({ decorative = false }: Drawing) {
  return (
    <Frame class="pc-empty" label={strings().empty} decorative={decorative}>
      <rect class="pc-outline" x="1" y="1" width="58" height="82" rx="5" />
    </Frame>
  );
}

/** A card, a back, or an empty outline; `null` is an empty pile. */
export function Card({
  card,
  hidden = false,
  decorative = false,
}: { card: string | null; hidden?: boolean } & Drawing) {
  if (hidden) return <CardBack decorative={decorative} />;
  if (card === null) return <EmptyPile decorative={decorative} />;
  return <CardFace card={card} decorative={decorative} />;
}
