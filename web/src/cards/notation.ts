/**
 * Cards as the notation writes them (docs/notation.md "Cards"): `7H`, `TD`, `*`, and on a `sameOrOneLower` side
 * pile a wild card with its declared rank, `*=8` or `KH=Q`. Parsed once here for drawing and naming.
 */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];

export type ParsedCard =
  | { readonly kind: 'joker'; readonly declared: Rank | null }
  | { readonly kind: 'natural'; readonly rank: Rank; readonly suit: Suit; readonly declared: Rank | null };

export function isRank(text: string): text is Rank {
  return (RANKS as readonly string[]).includes(text);
}

function isSuit(text: string): text is Suit {
  return (SUITS as readonly string[]).includes(text);
}

/** The card of a notation text, or null when it is none. */
export function parseCard(text: string): ParsedCard | null {
  const [face = '', declaredText] = text.split('=');
  let declared: Rank | null = null;
  if (declaredText !== undefined) {
    if (!isRank(declaredText)) return null;
    declared = declaredText;
  }
  if (face === '*') return { kind: 'joker', declared };
  const rank = face[0] ?? '';
  const suit = face[1] ?? '';
  if (face.length !== 2 || !isRank(rank) || !isSuit(suit)) return null;
  return { kind: 'natural', rank, suit, declared };
}

/** The card itself without a declared rank (`*=8` is the joker `*`): what a hand or a move names. */
export function plainCard(text: string): string {
  return text.split('=')[0] ?? text;
}

/** How a rank is printed in a corner: `T` is written 10, as on real cards. */
export function rankLabel(rank: Rank): string {
  return rank === 'T' ? '10' : rank;
}
