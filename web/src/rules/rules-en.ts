/**
 * The rules of each preset in our own words, in English: docs/rules.md told for players (its §1 table, §2 step by
 * step, §3 options). The Swedish and Russian texts (./rules-sv.ts, ./rules-ru.ts) have this shape; the page loads
 * one of them at a time (./rules-page.tsx).
 */
export const rules = {
  aim: {
    heading: 'The aim',
    paragraphs: [
      'Each player has a pay-off pile and tries to be the first to get rid of it. Cards go from the pay-off pile, the hand and the player’s own side piles onto shared centre piles, which are built up from ace regardless of suit. A turn ends when the player puts one card from the hand onto a side pile (or, where allowed, passes).',
      'Suits never matter; they are shown so that everyone sees the real cards. A wild card stands for any rank except an ace.',
    ],
  },
  presets: {
    CLASSIC: {
      title: 'Classic',
      source: 'The Swedish book game, Illvilja och elakhet, for two players.',
      sections: [
        {
          heading: 'Cards and the deal',
          paragraphs: [
            'Two decks are used: a pay-off deck of 52 cards and a stock deck of 52 cards with 4 jokers. The jokers are wild.',
            'The pay-off deck is shuffled and each player gets 26 cards as a face-down pay-off pile; the top card is turned up. The player whose face-up card is higher starts. If both show the same rank, the whole pay-off deck is shuffled and dealt again.',
            'The stock deck is shuffled and both players get five cards, one at a time, the first player first. The rest is the stock. The first player does not draw on the first turn.',
          ],
        },
        {
          heading: 'A turn',
          paragraphs: [
            'At the start of the turn you draw from the stock until you hold five cards.',
            'Then you may play as many cards as you like onto the centre piles: from your hand, the face-up card of your pay-off pile, and the top cards of your side piles. When you play your pay-off card, the next one is turned up and may be played too.',
            'The turn ends when you put one card from your hand onto one of your side piles. You may also say pass at any time, even without having played.',
          ],
        },
        {
          heading: 'Centre piles',
          paragraphs: [
            'There may be up to eight centre piles at once, shared by both players. Only a natural ace starts a new one.',
            'On a pile goes the next rank up, or a wild card, which then counts as that rank. A pile that reaches the king is complete: it is shuffled into the stock at once.',
          ],
        },
        {
          heading: 'Side piles',
          paragraphs: [
            'Each player has four side piles, filled only from the hand, with the one card that ends the turn. Cards never move from one side pile to another, and the pay-off card never goes onto a side pile. The top card of a side pile may be played to the centre.',
            'An empty side pile takes any card. On a side pile goes a card of the same rank as its top or one lower: a 5 on a 6, a queen on a queen. A joker put on a side pile says which rank (2 to king) it stands for there; played to the centre later, it is wild again.',
          ],
        },
        {
          heading: 'What must be played',
          paragraphs: [
            'Every natural ace you can reach (face-up pay-off card, side-pile tops, hand) must start a centre pile while there is room for one.',
            'A natural pay-off card that fits a centre pile must be played, and so must each new one turned up that fits. You may hold back cards in your hand and on your side piles to block the game, but not your pay-off card.',
            'Such a play is due at once: until it is made, no other card may be played and the turn cannot end. Wild cards are never forced.',
          ],
        },
        {
          heading: 'What everyone sees',
          paragraphs: [
            'Nobody may count the pay-off piles: only their top cards show, not how many cards they hold. The stock shows how many cards are left. Nobody sees the other player’s hand.',
          ],
        },
        {
          heading: 'The end of the game',
          paragraphs: [
            'Whoever plays the last card of their pay-off pile wins at once and scores the cards left in the other pay-off pile.',
            'When both players pass in turn without drawing or playing a card (they cannot or will not play), the game is blocked: the player with fewer pay-off cards left wins and scores the difference; with equal piles it is a draw.',
            'A player who resigns or runs out of time loses. A game that reaches 2,000 turns is scored as blocked.',
          ],
        },
      ],
    },
    ZLOBA: {
      title: 'Zloba',
      source: 'The Russian book game, Zloba: the same game as Classic, with its own rules on low cards.',
      sections: [
        {
          heading: 'Cards and the deal',
          paragraphs: [
            'As in Classic: a pay-off deck of 52 cards, of which each of the two players gets 26 as a pay-off pile with the top card turned up, and a stock deck of 52 cards with 4 wild jokers.',
            'The higher face-up card starts. If both show the same rank, each pay-off pile is shuffled on its own and the new top cards decide.',
            'The dealer is the first player’s opponent and deals five cards to each, one at a time, the first player first. The first player does not draw on the first turn.',
          ],
        },
        {
          heading: 'A turn',
          paragraphs: [
            'Draw up to five cards, play as many cards as you like to the centre from your hand, your pay-off pile and your side-pile tops, then end the turn with one card from your hand onto a side pile, or pass.',
          ],
        },
        {
          heading: 'Centre piles',
          paragraphs: [
            'At most four centre piles exist at once. Only a natural ace starts one; on it go the next ranks up to the king, or wild cards. A complete pile is shuffled into the stock.',
          ],
        },
        {
          heading: 'Side piles',
          paragraphs: [
            'Four side piles each, filled only from the hand; a card of the same rank as the top or one lower; a joker says which rank it stands for there. Cards never move between side piles, and the pay-off card never goes onto one.',
            'Aces and 2s are kept off the side piles: a natural ace or 2 may go onto a side pile only when all four centre piles exist, and then only a 2 onto a 3 or an ace onto a 2, never onto an empty side pile.',
          ],
        },
        {
          heading: 'What must be played',
          paragraphs: [
            'Every natural ace you can reach must start a centre pile while there is room for one.',
            'While a centre pile shows only its ace, every natural 2 you can reach must go onto such a pile.',
            'These plays are due at once, before any other. Wild cards are never forced, and unlike Classic the pay-off card need not be played.',
          ],
        },
        {
          heading: 'What everyone sees',
          paragraphs: [
            'Everyone sees how many cards are left in each pay-off pile, and how many in the stock. Nobody sees the other player’s hand.',
          ],
        },
        {
          heading: 'The end of the game',
          paragraphs: [
            'The first to play the last card of their pay-off pile wins and scores the cards left in the other pay-off pile.',
            'If both players pass in turn without drawing or playing, the game is blocked: fewer pay-off cards left wins and scores the difference; equal piles are a draw. Resigning or running out of time loses.',
          ],
        },
      ],
    },
    MODERN: {
      title: 'Modern',
      source: 'The popular English game, Spite and Malice, for two to six players.',
      sections: [
        {
          heading: 'Cards and the deal',
          paragraphs: [
            'One 52-card deck per player, all shuffled together. Each player gets 20 cards as a pay-off pile with the top card turned up, then five cards in hand from the rest, which is the stock. Kings are wild.',
            'The highest face-up card starts. If two or more players tie for it, each pay-off pile is shuffled on its own and the new top cards decide.',
          ],
        },
        {
          heading: 'A turn',
          paragraphs: [
            'Draw up to five cards, then play as many cards as you like to the centre from your hand, your pay-off pile and your side-pile tops.',
            'If your centre plays empty your hand, draw five new cards and go on.',
            'Every turn ends with one card from your hand onto a side pile. You may pass only when your hand is empty or no card can be placed at all.',
          ],
        },
        {
          heading: 'Centre piles',
          paragraphs: [
            'There may be one more centre pile than there are players. Only a natural ace starts one; on it go the next ranks or kings. A pile is complete at the queen.',
            'Complete piles are set aside. When the stock runs out, the set-aside cards are shuffled and become the new stock.',
          ],
        },
        {
          heading: 'Side piles',
          paragraphs: [
            'Four side piles each, filled only from the hand. Any card may go onto any side pile. Cards never move between side piles, and the pay-off card never goes onto one.',
            'No card must be played: you may keep aces, and your pay-off card, for later.',
          ],
        },
        {
          heading: 'What everyone sees',
          paragraphs: [
            'Everyone sees how many cards are left in each pay-off pile, in the stock and among the set-aside cards. Nobody sees anyone else’s hand.',
          ],
        },
        {
          heading: 'The end of the game',
          paragraphs: [
            'The first to play the last card of their pay-off pile wins and scores the cards left in the other players’ pay-off piles.',
            'The game is blocked only when every player in turn passes without being able to play to the centre; when the stock and the set-aside cards are gone and nobody can play to the centre, it ends at once. Then the fewest pay-off cards left wins, scoring the differences; a tie for the fewest is a draw.',
            'With three or more players, one who resigns or runs out of time leaves: their cards stay where they are, out of play, and the others play on.',
          ],
        },
        {
          heading: 'Variants',
          paragraphs: [
            'A new game can change these rules: jokers wild as well as kings; jokers instead of kings, with centre piles up to the king; aces that must be played at once; four centre piles, or as many as there are aces.',
          ],
        },
      ],
    },
  },
  overrides:
    'Every rule above is an option: a new game may start from a preset and change some of them. The game page lists the rules a game is played by.',
};

export type RulesText = typeof rules;
