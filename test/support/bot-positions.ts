/**
 * Mid-game positions for the bots' tests: a deal played some moves in by greedy, with random every third turn
 * so that the positions also hold odd side piles and wild cards greedy itself would keep; and the expert bot's sampled
 * full states of a view.
 */
import {
  Bot,
  GameState,
  GameView,
  RngState,
  RuleOptions,
  applyEvent,
  createBot,
  decide,
  legalMovesInView,
  newDeal,
  publicStream,
  setup,
  viewFor,
} from '../../src/engine';
import { sampleState, templateOf } from '../../src/engine/bots/expert';

const greedy = createBot('greedy');
const random = createBot('random');

/** Greedy most turns, random every third. */
export const mixedDriver: Bot = {
  ...greedy,
  choose: (view, legal, rng) => (view.turn % 3 === 2 ? random : greedy).choose(view, legal, rng),
};

/** Plays `moves` moves with `driver` for every seat; the state is changed in place. */
export function advance(state: GameState, driver: Bot, rng: RngState, moves: number): void {
  for (let move = 0; move < moves && state.result === null; move++) {
    const view = viewFor(state, state.current);
    const chosen = driver.choose(view, legalMovesInView(view), rng);
    const decision = decide(state, { type: 'move', seat: state.current, move: chosen });
    if (!decision.ok) throw new Error(`${chosen} refused: ${decision.violation.reason}`);
    for (const event of decision.events) applyEvent(state, event);
  }
}

/** A deal of `options` at `seats` seats, `moves` moves in (`mixedDriver`, its choices from the stream `stream`). */
export function botPosition(
  options: RuleOptions,
  seats: number,
  seed: string,
  moves: number,
  stream: string,
): GameState {
  const state = setup(options, newDeal(seed), seats);
  advance(state, mixedDriver, publicStream('test', stream), moves);
  return state;
}

/** The expert bot's sample of a full state for a seat's view (the expert's tests check it gives back the view). */
export function sampleStateForView(view: GameView, rng: RngState): GameState {
  if (view.seat === null) throw new Error('expert bot: a bot needs a seat view');
  return sampleState(templateOf(view, view.seat), rng);
}
