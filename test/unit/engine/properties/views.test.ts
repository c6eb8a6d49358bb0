/**
 * Property 6: views leak nothing (docs/rules.md §2.8). Structurally, a view holds only what its viewer may see; and
 * two states that differ only in what the viewer may not see (stock order, the RNG, face-down pay-off cards,
 * other players' hands) give the same view.
 */
import fc from 'fast-check';
import {
  Card,
  GameState,
  GameView,
  RngState,
  Seat,
  cloneState,
  decide,
  formatCard,
  nextInt,
  publicStream,
  shuffleInPlace,
  viewFor,
} from '../../../../src/engine';
import { gameSpecArb, playout, playoutSettingsArb, startGame } from '../../../support/playout';

const VIEW_KEYS = [
  'centerPiles',
  'currentSeat',
  'hand',
  'maxCenterPiles',
  'nullTurns',
  'options',
  'result',
  'rules',
  'seat',
  'seats',
  'setAsideCount',
  'stockCount',
  'turn',
  'turnActive',
];
const SEAT_VIEW_KEYS = ['handCount', 'out', 'payoffCount', 'payoffTop', 'seat', 'sidePiles'];

function sortedKeys(value: object): string[] {
  return Object.keys(value).sort();
}

function fail(message: string): never {
  throw new Error(message);
}

/** What a view may hold, field by field. */
function checkStructure(state: GameState, viewer: Seat | null, view: GameView): void {
  if (sortedKeys(view).join() !== VIEW_KEYS.join()) fail(`view keys ${sortedKeys(view)}`);
  const expectedHand = viewer === null ? null : state.seats[viewer]!.hand.map(formatCard);
  if (JSON.stringify(view.hand) !== JSON.stringify(expectedHand))
    fail(`hand ${view.hand} for viewer ${viewer}`);
  if (view.seat !== viewer) fail(`view.seat ${view.seat} for viewer ${viewer}`);
  if (view.rules !== state.rules) fail(`view.rules ${view.rules} for a game under ${state.rules}`);
  if (view.stockCount !== state.stock.length || view.setAsideCount !== state.setAside.length) fail('counts');
  // Public: every player saw each pass and whether this turn has drawn or played (docs/rules.md §2.8, §2.9).
  if (view.nullTurns !== state.nullTurns || view.turnActive !== state.turnActive) fail('null turns');
  view.seats.forEach((seatView, index) => {
    const seat = state.seats[index]!;
    if (sortedKeys(seatView).join() !== SEAT_VIEW_KEYS.join()) fail(`seat view keys ${sortedKeys(seatView)}`);
    if (seatView.handCount !== seat.hand.length) fail('handCount');
    const top = seat.payoff[seat.payoff.length - 1];
    if (seatView.payoffTop !== (top === undefined ? null : formatCard(top))) fail('payoffTop');
    const expectedCount = state.options.payoffCountVisible ? seat.payoff.length : null;
    if (seatView.payoffCount !== expectedCount)
      fail(`payoffCount ${seatView.payoffCount}, expected ${expectedCount}`);
  });
}

type Concealment = (state: GameState, viewer: Seat | null, rng: RngState) => void;

function otherSeats(state: GameState, viewer: Seat | null): Seat[] {
  return state.seats.map((_, seat) => seat).filter((seat) => seat !== viewer);
}

function swapWithStock(rng: RngState, state: GameState, cards: Card[], from: number): void {
  if (cards.length <= from || state.stock.length === 0) return;
  const at = from + nextInt(rng, cards.length - from);
  const stockAt = nextInt(rng, state.stock.length);
  const held = cards[at]!;
  cards[at] = state.stock[stockAt]!;
  state.stock[stockAt] = held;
}

/** Changes that only touch what `viewer` may not see; each edits a clone in place. */
const CONCEALMENTS: Record<string, Concealment> = {
  'the stock order': (state, _viewer, rng) => shuffleInPlace(rng, state.stock),
  'the RNG state': (state, _viewer, rng) => {
    state.rng = publicStream('test', String(nextInt(rng, 1000)));
  },
  "other players' hands (swapped with stock cards)": (state, viewer, rng) => {
    for (const seat of otherSeats(state, viewer)) swapWithStock(rng, state, state.seats[seat]!.hand, 0);
  },
  "other players' hands (reordered)": (state, viewer, rng) => {
    for (const seat of otherSeats(state, viewer)) shuffleInPlace(rng, state.seats[seat]!.hand);
  },
  'face-down pay-off cards (reordered below the top)': (state, _viewer, rng) => {
    for (const seat of state.seats) {
      const top = seat.payoff.pop();
      shuffleInPlace(rng, seat.payoff);
      if (top !== undefined) seat.payoff.push(top);
    }
  },
  'face-down pay-off cards (swapped with stock cards)': (state, _viewer, rng) => {
    for (const seat of state.seats) {
      const top = seat.payoff.pop();
      swapWithStock(rng, state, seat.payoff, 0);
      if (top !== undefined) seat.payoff.push(top);
    }
  },
};

const CARD_TOKEN = /(?<![A-Za-z0-9])(?:[A2-9TJQK][SHDC])(?![A-Za-z0-9])/g;
/** The examples in the reason for a malformed move (decide.ts): fixed text, not cards of this game. */
const NOTATION_EXAMPLES = ['7H', '8S'];

/** Cards `seat` may see: own hand, every pay-off top, every side pile and the centre (docs/rules.md §2.8). */
function visibleCards(state: GameState, seat: Seat): Set<string> {
  const visible = new Set(state.seats[seat]!.hand.map(formatCard));
  for (const other of state.seats) {
    const top = other.payoff[other.payoff.length - 1];
    if (top !== undefined) visible.add(formatCard(top));
    for (const pile of other.sidePiles) for (const side of pile) visible.add(formatCard(side.card));
  }
  for (const pile of state.center) for (const card of pile ?? []) visible.add(formatCard(card));
  return visible;
}

const ALL_CARD_TEXTS = 'A23456789TJQK'
  .split('')
  .flatMap((rank) => 'SHDC'.split('').map((suit) => rank + suit));
const PROBE_TARGETS = ['c', 'c1', 'c2', 'd1', 'd2', 'd1=8', 'd2=K'];

describe('views leak nothing', () => {
  it('every view holds only the viewer’s hand and public counts; payoffCount is null iff payoffCountVisible is false', () => {
    fc.assert(
      fc.property(gameSpecArb, playoutSettingsArb, (spec, settings) => {
        const check = (state: GameState): void => {
          for (const viewer of [null, ...state.seats.map((_, seat) => seat)]) {
            checkStructure(state, viewer, viewFor(state, viewer));
          }
        };
        const initial = startGame(spec);
        check(initial);
        playout(initial, { ...settings, onStep: ({ after }) => check(after) });
      }),
      { numRuns: 60 },
    );
  });

  it('states that differ only in hidden cards give every seat and a spectator the same view', () => {
    let changedStates = 0;
    fc.assert(
      fc.property(
        gameSpecArb,
        playoutSettingsArb,
        fc.integer({ min: 2, max: 10 }),
        fc.string(),
        (spec, settings, every, concealSeed) => {
          const rng = publicStream('test', concealSeed);
          const check = (state: GameState): void => {
            for (const viewer of [null, ...state.seats.map((_, seat) => seat)]) {
              const view = JSON.stringify(viewFor(state, viewer));
              for (const [hidden, conceal] of Object.entries(CONCEALMENTS)) {
                const other = cloneState(state);
                conceal(other, viewer, rng);
                if (JSON.stringify(viewFor(other, viewer)) !== view) {
                  fail(`viewer ${viewer} sees a change of ${hidden}`);
                }
                if (JSON.stringify(other) !== JSON.stringify(state)) changedStates++;
              }
            }
          };
          const initial = startGame(spec);
          check(initial);
          playout(initial, {
            ...settings,
            onStep: ({ index, after }) => {
              if (index % every === 0) check(after);
            },
          });
        },
      ),
      { numRuns: 60 },
    );
    // The concealments must really change states, or the property above proves nothing.
    expect(changedStates).toBeGreaterThan(1000);
  });

  it('the viewer does see a change of their own hand (the comparison above can fail)', () => {
    fc.assert(
      fc.property(gameSpecArb, fc.string(), (spec, swapSeed) => {
        const state = startGame(spec);
        const rng = publicStream('test', swapSeed);
        state.seats.forEach((_, viewer) => {
          const other = cloneState(state);
          const hand = other.seats[viewer]!.hand;
          const distinct = other.stock.findIndex((card) => !hand.includes(card));
          fc.pre(distinct >= 0);
          const at = nextInt(rng, hand.length);
          [hand[at], other.stock[distinct]] = [other.stock[distinct]!, hand[at]!];
          expect(viewFor(other, viewer)).not.toEqual(viewFor(state, viewer));
        });
      }),
      { numRuns: 50 },
    );
  });

  it('a refusal names no card its seat may not see, in its reason or its parameters (violations.ts)', () => {
    fc.assert(
      fc.property(
        gameSpecArb,
        playoutSettingsArb,
        fc.integer({ min: 3, max: 15 }),
        (spec, settings, every) => {
          const check = (state: GameState): void => {
            state.seats.forEach((_, seat) => {
              const visible = visibleCards(state, seat);
              const moves = ['pass', 'p-c', 'p-c1', 'd1-c1', 'd2-c', 'd1-d2', 'p-d1'];
              for (const card of ['*', ...ALL_CARD_TEXTS])
                for (const to of PROBE_TARGETS) moves.push(`${card}-${to}`);
              for (const move of moves) {
                const decision = decide(state, { type: 'move', seat, move });
                if (decision.ok) continue;
                const { reason, params } = decision.violation;
                // The reason and every parameter (a client shows them in its own words) name only visible cards.
                const told = [reason, ...Object.values(params).filter((value) => typeof value === 'string')];
                for (const text of told) {
                  for (const named of text.match(CARD_TOKEN) ?? []) {
                    if (!visible.has(named) && !move.includes(named) && !NOTATION_EXAMPLES.includes(named)) {
                      fail(
                        `seat ${seat} sent ${move} and was told "${text}" (${reason}): ${named} is hidden`,
                      );
                    }
                  }
                }
              }
            });
          };
          playout(startGame(spec), {
            ...settings,
            onStep: ({ index, after }) => {
              if (index % every === 0) check(after);
            },
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});
