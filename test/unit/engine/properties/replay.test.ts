/**
 * Properties 4 and 5: a game is a pure function of (options, seed, seats, events). Replaying its log gives
 * the same state, `evolve` is pure, and `replay` refuses a log in which any event was changed (docs/rules.md §5).
 */
import fc from 'fast-check';
import {
  GameEvent,
  GameState,
  applyEvent,
  cloneState,
  commandOf,
  decide,
  evolve,
  formatCard,
  newDeal,
  replay,
  setup,
  standardDeck,
  stateHash,
} from '../../../../src/engine';
import {
  GameSpec,
  gameSpecArb,
  optionsOf,
  playout,
  playoutSettingsArb,
  startGame,
} from '../../../support/playout';

function replaySpec(spec: GameSpec, events: readonly GameEvent[]): ReturnType<typeof replay> {
  return replay(optionsOf(spec), newDeal(spec.seed), events, spec.seats);
}

describe('deterministic replay', () => {
  it('the same seed, options and seats give the same setup', () => {
    fc.assert(
      fc.property(gameSpecArb, (spec) => {
        const first = startGame(spec);
        expect(stateHash(setup(optionsOf(spec), newDeal(spec.seed), spec.seats))).toBe(stateHash(first));
        expect(stateHash(startGame({ ...spec }))).toBe(stateHash(first));
      }),
      { numRuns: 150 },
    );
  });

  it('replaying the event log gives the final stateHash, also after the log went through JSON', () => {
    fc.assert(
      fc.property(gameSpecArb, playoutSettingsArb, (spec, settings) => {
        const { final, events } = playout(startGame(spec), settings);
        const expected = stateHash(final);
        const direct = replaySpec(spec, events);
        expect(direct.ok).toBe(true);
        expect(stateHash(direct.state)).toBe(expected);
        const viaJson = replaySpec(spec, JSON.parse(JSON.stringify(events)));
        expect(viaJson.ok).toBe(true);
        expect(stateHash(viaJson.state)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('evolve is pure and equals applyEvent on a copy and the state the game reached', () => {
    fc.assert(
      fc.property(gameSpecArb, playoutSettingsArb, (spec, settings) => {
        playout(startGame(spec), {
          ...settings,
          onStep: ({ before, events, after }) => {
            const beforeHash = stateHash(before);
            let evolved = before;
            const copy = cloneState(before);
            for (const event of events) {
              evolved = evolve(evolved, event);
              if (!applyEvent(copy, event)) throw new Error(`applyEvent refused ${JSON.stringify(event)}`);
            }
            if (stateHash(before) !== beforeHash) throw new Error('evolve changed its input state');
            const evolvedHash = stateHash(evolved);
            if (evolvedHash !== stateHash(copy) || evolvedHash !== stateHash(after)) {
              throw new Error(`evolve, applyEvent and play disagree after ${JSON.stringify(events)}`);
            }
          },
        });
      }),
      { numRuns: 80 },
    );
  });
});

type Tamper = 'card' | 'slot' | 'seat' | 'swap' | 'type';

const CARD_NAMES = [...new Set(standardDeck(1).map(formatCard))];

/** The event changed as `tamper` says, or null when that change does not apply to it. */
function tampered(
  events: readonly GameEvent[],
  index: number,
  tamper: Tamper,
  pickNumber: number,
  seats: number,
): GameEvent | null {
  const event = events[index]!;
  switch (tamper) {
    case 'card': {
      if (event.type !== 'played' && event.type !== 'discarded') return null;
      const others = CARD_NAMES.filter((name) => name !== event.card);
      return { ...event, card: others[pickNumber % others.length]! };
    }
    case 'slot':
      return event.type === 'played' ? { ...event, slot: event.slot + 1 + (pickNumber % 9) } : null;
    case 'seat':
      return { ...event, seat: (event.seat + 1 + (pickNumber % seats)) % (seats + 1) };
    case 'swap': {
      const next = events[index + 1];
      return next === undefined ? null : next;
    }
    case 'type':
      if (event.type === 'passed') return { type: 'resigned', seat: event.seat };
      if (event.type === 'resigned') return { type: 'timedOut', seat: event.seat };
      if (event.type === 'discarded')
        return { type: 'played', seat: event.seat, move: event.move, card: event.card, slot: 1 };
      return { type: 'passed', seat: event.seat };
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

describe('replay refuses a tampered log', () => {
  it('changing one event (card, slot, seat, type, order) is refused at that event unless decide would produce it', () => {
    let refusedCount = 0;
    fc.assert(
      fc.property(
        gameSpecArb,
        playoutSettingsArb,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.constantFrom<Tamper>('card', 'slot', 'seat', 'swap', 'type'),
        fc.nat(),
        (spec, settings, where, tamper, pickNumber) => {
          const states: GameState[] = [];
          const { events } = playout(startGame(spec), {
            ...settings,
            onStep: ({ before, events: stepEvents }) => {
              let state = before;
              for (const event of stepEvents) {
                states.push(state);
                state = evolve(state, event);
              }
            },
          });
          const index = Math.floor(where * events.length);
          const changed = tampered(events, index, tamper, pickNumber, spec.seats);
          fc.pre(changed !== null);
          const log = events.slice();
          log[index] = changed!;
          if (tamper === 'swap') log[index + 1] = events[index]!;

          const decision = decide(states[index]!, commandOf(changed!));
          const wouldBeDecided =
            decision.ok && decision.events.length === 1 && sameJson(decision.events[0], changed);
          fc.pre(!wouldBeDecided);

          const result = replaySpec(spec, log);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.index).toBe(index);
          refusedCount++;
        },
      ),
      { numRuns: 300 },
    );
    expect(refusedCount).toBeGreaterThan(100);
  });
});
