/**
 * A card's accessible name (web/src/cards/strings.ts): "seven of hearts", "joker as an eight". Apart from the
 * drawing (card.tsx) so that it loads outside a browser too: the browser tests name hidden cards with it in the
 * page's language (test/browser/support/table-ui.ts).
 */
import type { Language } from '../i18n';
import { parseCard } from './notation';
import { strings } from './strings';

type CardStrings = ReturnType<typeof strings>;

function nameWith(S: CardStrings, text: string): string {
  const card = parseCard(text);
  if (card === null) return text;
  const base = card.kind === 'joker' ? S.joker : S.natural(S.rank[card.rank], S.suit[card.suit]);
  return card.declared === null ? base : S.declaredAs(base, card.declared, S.rank[card.declared]);
}

/** The card's name in the reader's language; anything but a card as it is. */
export function cardName(text: string): string {
  return nameWith(strings(), text);
}

/** The card's name in `language`, whichever the page is in. */
export function cardNameIn(language: Language, text: string): string {
  return nameWith(strings.table[language], text);
}
