/**
 * Helpers for the rule scenarios: each scenario starts from a position (docs/notation.md, "Positions"), plays
 * a few commands and checks the exact outcome.
 *
 * Sentence numbers count each rule text by *statement*: one number covers a rule
 * statement, which may run over several grammatical sentences (headings and asides go with their statement).
 * The numbering the scenarios use, with the opening words of each statement:
 *
 * 000 (Swedish): S1 "Illvilja och elakhet, 2 spelare, 108 kort…" · S2 "Den ena leken (utan jokrar)…" ·
 *   S3 "Båda spelarna vänder…" · S4 "Given blandar den andra leken…" · S5 "Spelarna är inne växelvis…
 *   6 spelbara kort" · S6 "Har en spelare som är inne spelbara äss…" · S7 "Ässen är bottenkort… mellan 0 och 8" ·
 *   S8 "Då en spelare är inne får han lägga ut…" · S9 "Då någon av bordets högar byggts upp till kung…" ·
 *   S10 "Om en spelare då han blir inne har färre än 5 kort…" · S11 "Jokrarna är vilda kort…" ·
 *   S12 "Varje spelare får efterhand bygga upp 4 hjälprader…" · S13 "Varje gång en spelare är inne får högst
 *   ett kort…" (with "klar") · S14 "Det översta kortet i varje hjälprad är spelbart…" (to "…vänds nästa kort i
 *   traven") · S15 "Om travens översta kort passar…" · S16 "Om en spelare blir inne men inte kan eller vill…" ·
 *   S17 "Den spelare som först blir av med alla kort…" (to "…oavgjort") · S18 "Korten i travarna får inte räknas…".
 * 004 (Russian): R1 "Число игроков. Два. Карты…" · R2 "Колоду А тасуют и делят…" · R3 "Каждый игрок
 *   переворачивает…" · R4 "Колоду Б тасует противник первого игрока…" · R5 "Каждый наличный туз…" · R6 "Не
 *   допускается… более четырех…" · R7 "По возможности необходимо ходить двойкой на туза…" · R8 "…Игрок имеет
 *   право ходить только в свои боковые стопки и только из своей руки" · R9 "Начало боковой стопки… любую
 *   даму кладут на любую даму" · R10 "После построения четырех центральных стопок…" · R11 "Верхней картой
 *   расчетной пачки можно ходить только в центр…" · R12 "В центр разрешается ходить… лишь одной такой картой…"
 *   · R13 "Очередь игрока заканчивается после хода в боковую стопку… Не разрешается перемещать…" · R14 "В тех
 *   случаях, когда игрок не желает делать ход…" · R15 "Каждый джокер считается свободной картой…" · R16 "В
 *   начале каждой очереди игрок берет из резерва…" · R17 "Когда центральная стопка выстраивается до короля…" ·
 *   R18 "Выигрывает тот игрок…".
 * 003 (English): E1 "Shuffle two standard 52-card decks…" · E2 "Deal both players 20 cards…" · E3 "Deal an
 *   additional five cards…" · E4 "Put the remaining cards…" · E5 "The first player begins building up to three
 *   center stacks…" · E6 "…ace through queen" · E7 "Kings are wild…" · E8 "Suits do not matter" · E9 "Players
 *   can build on the stacks… Turn the next card…" · E10 "When a center stack sequence is complete, set it
 *   aside" · E11 "…only be three on the board at any time" · E12 "Players who exhaust all five cards…" · E13
 *   "The turn ends when… The player then chooses one card from the hand to discard…" · E14 "On subsequent
 *   turns, players draw…" · E15 "Each player now also may use… up to four discard piles…" · E16 "The player who
 *   first plays all 20 cards…" · E17 "If players deplete the stockpile…" · E18 "In the unlikely event…" · E19
 *   "More than two players… add one deck and allow one extra center stack…" · E20 "Some players keep the
 *   jokers…" · E21 "Some versions forbid players from keeping aces…" · E22 "Other variations allow four…".
 */
import {
  Card,
  GameEvent,
  GameState,
  PresetName,
  RuleOptions,
  RulesVersion,
  Seat,
  StoredOptions,
  Violation,
  ViolationCode,
  decide,
  formatCard,
  formatCardRun,
  formatPosition,
  legalMoves,
  newDeal,
  optionsFor,
  parseCardRun,
  parsePosition,
  play,
} from '../../../../src/engine';

/** A preset by name, or options built with `optionsFor(preset, overrides)`. */
export type OptionsLike = PresetName | RuleOptions;

function resolve(options: OptionsLike): RuleOptions {
  return typeof options === 'string' ? optionsFor(options) : options;
}

/**
 * The state a position describes, for a game under the current version (a position without its rng field gets the
 * generator of a deal from the text as its seed); a position the parser refuses fails the test with its error.
 */
export function pos(options: OptionsLike, text: string): GameState {
  const result = parsePosition(resolve(options), text, newDeal(text));
  if (!result.ok) throw new Error(`position refused: ${result.error}\n  ${text}`);
  return result.state;
}

/**
 * `pos` for a game recorded under `version` (e.g. an old rules version, whose games still replay under its rules).
 * `stored` may lack options the version predates, as that version's stored games do.
 */
export function posUnder(version: RulesVersion, stored: StoredOptions, text: string): GameState {
  const result = parsePosition(stored, text, { ...newDeal(text), version });
  if (!result.ok) throw new Error(`position refused: ${result.error}\n  ${text}`);
  return result.state;
}

/** The fields of `formatPosition(state)` by name, so scenarios can check one part of the state at a time. */
export interface PositionFields {
  readonly center: string;
  readonly stock: string;
  readonly setAside: string;
  /** One `<payoff>:<hand>:<sides>` per seat. */
  readonly seats: string[];
  readonly current: number;
  readonly turn: number;
  readonly nullTurns: number;
  readonly activity: 'a' | 'n';
}

export function fields(state: GameState): PositionFields {
  const [center, stock, setAside, seats, current, turn, nullTurns, activity] =
    formatPosition(state).split(' ');
  return {
    center: center as string,
    stock: stock as string,
    setAside: setAside as string,
    seats: (seats as string).split('/'),
    current: Number(current),
    turn: Number(turn),
    nullTurns: Number(nullTurns),
    activity: activity === 'a' ? 'a' : 'n',
  };
}

/** Plays `moves` in order, each as the seat to move at that point; a refusal fails the test with its reason. */
export function run(state: GameState, ...moves: string[]): GameState {
  let current = state;
  for (const move of moves) {
    const result = play(current, { type: 'move', seat: current.current, move });
    if (!result.ok) {
      throw new Error(`${move} refused (${result.violation.code}): ${result.violation.reason}`);
    }
    current = result.state;
  }
  return current;
}

/** The events one accepted move produces (the move is played by the seat to move). */
export function eventsOf(state: GameState, move: string): GameEvent[] {
  const decision = decide(state, { type: 'move', seat: state.current, move });
  if (!decision.ok)
    throw new Error(`${move} refused (${decision.violation.code}): ${decision.violation.reason}`);
  return decision.events;
}

/**
 * Checks that `move` by the seat to move is refused with `code` (and a reason matching `reason`), and that
 * the legal move list agrees by leaving it out. Returns the violation for further checks.
 */
export function expectRefused(
  state: GameState,
  move: string,
  code: ViolationCode,
  reason?: RegExp,
  details?: { readonly params?: object; readonly sentences?: readonly string[] },
): Violation {
  const decision = decide(state, { type: 'move', seat: state.current, move });
  if (decision.ok) throw new Error(`${move} was accepted, expected ${code}`);
  expect(decision.violation.code).toBe(code);
  if (reason !== undefined) expect(decision.violation.reason).toMatch(reason);
  // Messages name rules in words; the sentence ids travel beside them (violations.ts).
  expect(decision.violation.reason).not.toMatch(/\b[SRE]\d+\b/);
  for (const id of decision.violation.sentences) expect(id).toMatch(/^[SRE]\d+$/);
  if (details?.params !== undefined) expect(decision.violation.params).toEqual(details.params);
  if (details?.sentences !== undefined) expect(decision.violation.sentences).toEqual(details.sentences);
  expect(legalMoves(state)).not.toContain(move);
  return decision.violation;
}

/** Checks that every move is both listed by `legalMoves` and accepted by `decide` for the seat to move. */
export function expectLegal(state: GameState, ...moves: string[]): void {
  const legal = legalMoves(state);
  for (const move of moves) {
    expect(legal).toContain(move);
    const decision = decide(state, { type: 'move', seat: state.current, move });
    expect(decision.ok ? 'accepted' : `${decision.violation.code}: ${decision.violation.reason}`).toBe(
      'accepted',
    );
  }
}

/** A seat's hand as a card run (`7H*KD`), `-` when empty. */
export function handOf(state: GameState, seat: Seat): string {
  return runOf(state.seats[seat]!.hand);
}

/** A seat's face-up pay-off card, or null when the pile is empty. */
export function payoffTopOf(state: GameState, seat: Seat): string | null {
  const payoff = state.seats[seat]!.payoff;
  return payoff.length === 0 ? null : formatCard(payoff[payoff.length - 1] as Card);
}

export function runOf(cards: readonly Card[]): string {
  return cards.length === 0 ? '-' : formatCardRun(cards);
}

/** Cards written as a run, for building expectations. */
export function cardsOf(text: string): Card[] {
  const cards = parseCardRun(text);
  if (cards === null) throw new Error(`not a card run: ${text}`);
  return cards;
}

/** A multiset of cards in a canonical order, to compare piles whatever their order. */
export function sortedRun(cards: readonly Card[]): string {
  return runOf([...cards].sort((a, b) => a - b));
}
