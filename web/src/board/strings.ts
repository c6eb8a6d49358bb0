/** The board's texts in the three languages (web/src/i18n.ts). */
import { plural, translations } from '../i18n';

const en = {
  board: 'The table',
  you: 'you',
  seat: (n: number) => `Seat ${n + 1}`,
  hand: 'Your hand',
  handCount: (n: number) => plural(n, { one: '{n} card in hand', other: '{n} cards in hand' }),
  payoff: 'Pay-off pile',
  payoffCount: (n: number) => plural(n, { one: '{n} card', other: '{n} cards' }),
  payoffEmpty: 'Pay-off pile empty',
  sidePile: (n: number) => `Side pile ${n}`,
  center: 'Centre',
  centerPile: (slot: number) => `Centre pile ${slot}`,
  reached: (rank: number) => `built to ${rank}`,
  newPile: 'New centre pile',
  stock: (n: number) => plural(n, { one: 'Stock: {n} card', other: 'Stock: {n} cards' }),
  setAside: (n: number) => plural(n, { one: 'Set aside: {n} card', other: 'Set aside: {n} cards' }),
  out: 'left the game',
  emptyHand: 'No cards in hand.',
  emptyPile: 'empty',
  /** The visible labels over each kind of pile (the centre's is `center`, the hand's `hand`). */
  labels: { payoff: 'Pay-off', sidePiles: 'Side piles' },
};

export const strings = translations(en, {
  sv: {
    board: 'Bordet',
    you: 'du',
    seat: (n) => `Plats ${n + 1}`,
    hand: 'Din hand',
    handCount: (n) => plural(n, { one: '{n} kort på hand', other: '{n} kort på hand' }),
    payoff: 'Trave',
    payoffCount: (n) => plural(n, { one: '{n} kort', other: '{n} kort' }),
    payoffEmpty: 'Traven är tom',
    sidePile: (n) => `Hjälprad ${n}`,
    center: 'Mitten',
    centerPile: (slot) => `Mitthög ${slot}`,
    reached: (rank) => `byggd till ${rank}`,
    newPile: 'Ny mitthög',
    stock: (n) => `Talong: ${n} kort`,
    setAside: (n) => `Undanlagda: ${n} kort`,
    out: 'har lämnat partiet',
    emptyHand: 'Inga kort på hand.',
    emptyPile: 'tom',
    labels: { payoff: 'Trave', sidePiles: 'Hjälprader' },
  },
  ru: {
    board: 'Стол',
    you: 'вы',
    seat: (n) => `Место ${n + 1}`,
    hand: 'Ваша рука',
    handCount: (n) =>
      plural(n, {
        one: '{n} карта в руке',
        few: '{n} карты в руке',
        many: '{n} карт в руке',
        other: '{n} карты в руке',
      }),
    payoff: 'Расчётная пачка',
    payoffCount: (n) =>
      plural(n, { one: '{n} карта', few: '{n} карты', many: '{n} карт', other: '{n} карты' }),
    payoffEmpty: 'Расчётная пачка пуста',
    sidePile: (n) => `Боковая стопка ${n}`,
    center: 'Центр',
    centerPile: (slot) => `Центральная стопка ${slot}`,
    reached: (rank) => `собрана до ${rank}`,
    newPile: 'Новая центральная стопка',
    stock: (n) =>
      plural(n, {
        one: 'Резерв: {n} карта',
        few: 'Резерв: {n} карты',
        many: 'Резерв: {n} карт',
        other: 'Резерв: {n} карты',
      }),
    setAside: (n) =>
      plural(n, {
        one: 'Отложено: {n} карта',
        few: 'Отложено: {n} карты',
        many: 'Отложено: {n} карт',
        other: 'Отложено: {n} карты',
      }),
    out: 'вышел из игры',
    emptyHand: 'В руке нет карт.',
    emptyPile: 'пусто',
    labels: { payoff: 'Расчётная пачка', sidePiles: 'Боковые стопки' },
  },
});
