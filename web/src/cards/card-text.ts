/**
 * A card in running text (the move log, the replay's hands): "7♥", "10♦", "joker", with a class per suit so the
 * text takes the suit's colour (four-colour too). The drawn card is card.tsx; both read the notation the same way.
 */
import { parseCard, rankLabel } from './notation';
import { strings } from './strings';

const SUIT_SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

/** `7H` → "7♥", `TD` → "10♦", `*` → "joker"; anything else as it is. */
export function cardText(text: string): string {
  const card = parseCard(text);
  if (card === null) return text;
  return card.kind === 'joker' ? strings().joker : `${rankLabel(card.rank)}${SUIT_SYMBOLS[card.suit]}`;
}

/** The suit's class for coloured text: suit-s, suit-h, suit-d, suit-c, or suit-joker. */
export function suitClass(text: string): string {
  const card = parseCard(text);
  return card === null || card.kind === 'joker' ? 'suit-joker' : `suit-${card.suit.toLowerCase()}`;
}
