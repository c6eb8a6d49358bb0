/**
 * A card in running text (the move log, the replay's hands): "7♥", "10♦", "Kn♥" in Swedish, "joker", with a class
 * per suit so the text takes the suit's colour (four-colour too). The drawn card is card.tsx; both read the
 * notation the same way and print a rank by the same index.
 */
import { parseCard, type Rank } from './notation';
import { strings } from './strings';

const SUIT_SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

/**
 * A rank as the reader's cards print it, for display only: `T` is 10, the court cards in the reader's letters
 * (J Q K, Kn D K, В Д К); the notation and the API keep J Q K.
 */
export function rankIndex(rank: Rank): string {
  return strings().index[rank];
}

/** `7H` → "7♥", `TD` → "10♦", `*` → "joker"; anything else as it is. */
export function cardText(text: string): string {
  const card = parseCard(text);
  if (card === null) return text;
  return card.kind === 'joker' ? strings().joker : `${rankIndex(card.rank)}${SUIT_SYMBOLS[card.suit]}`;
}

/** The suit's class for coloured text: suit-s, suit-h, suit-d, suit-c, or suit-joker. */
export function suitClass(text: string): string {
  const card = parseCard(text);
  return card === null || card.kind === 'joker' ? 'suit-joker' : `suit-${card.suit.toLowerCase()}`;
}
