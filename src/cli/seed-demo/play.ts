/**
 * Plays one planned demo game with the engine's bots, the way the simulator does (src/engine/bots/simulation.ts):
 * each seat's bot sees only its view and its legal moves, `decide` judges the move, `applyEvent` folds it. The
 * events are exactly what the service would append for the same moves; there is no deal event (the deal comes
 * from the seed).
 */
import {
  Bot,
  GameEvent,
  GameResult,
  GameState,
  PresetName,
  RngState,
  RULES_VERSION,
  RuleOptions,
  applyEvent,
  createBot,
  decide,
  legalMoves,
  legalMovesInView,
  nextInt,
  optionsFor,
  publicStream,
  setup,
  standInClientSeed,
  viewFor,
} from '../../engine';
import type { GamePlan } from './plan';

export interface PlayedGame {
  /** The log in order; `decisions[i]` is the ordinal of the command that produced `events[i]`. */
  readonly events: readonly GameEvent[];
  readonly decisions: readonly number[];
  readonly result: GameResult;
}

const OPTIONS = new Map<PresetName, RuleOptions>();

/** The resolved options of a preset (what the service stores in `games.options` for a game without overrides). */
export function presetOptions(preset: PresetName): RuleOptions {
  let options = OPTIONS.get(preset);
  if (options === undefined) {
    options = optionsFor(preset);
    OPTIONS.set(preset, options);
  }
  return options;
}

/** A bot chose a move the engine refused: a bug in a bot or in the engine, never expected. */
export class IllegalDemoMoveError extends Error {}

/**
 * The seat's bot's move. The random bot's rule (every legal move equally likely, src/engine/bots/random.ts) is
 * applied directly to `legalMoves(state)`, the same list in the same order as its view would give: building a
 * view it never reads made random seats five times slower. The greedy bot gets its view, as it must.
 */
function chooseMove(state: GameState, bot: Bot, rng: RngState): string {
  if (bot.name === 'random') {
    const legal = legalMoves(state);
    return legal[nextInt(rng, legal.length)] as string;
  }
  const view = viewFor(state, state.current);
  return bot.choose(view, legalMovesInView(view), rng);
}

/** A demo game's client seeds by seat: nobody gave one, so each seat has its stand-in (as the service deals). */
export function demoClientSeeds(plan: GamePlan): string[] {
  return Array.from({ length: plan.seats }, (_, seat) => standInClientSeed(plan.seed, seat));
}

export function playPlannedGame(plan: GamePlan): PlayedGame {
  const deal = { version: RULES_VERSION, seed: plan.seed, clientSeeds: demoClientSeeds(plan) };
  const state: GameState = setup(presetOptions(plan.preset), deal, plan.seats);
  const bots: Bot[] = plan.bots.map(createBot);
  // Named by the game id and the seat, never by the game's seed: the bots' choices depend on nothing secret.
  const rngs: RngState[] = plan.bots.map((_, seat) => publicStream('demo-bot', plan.id, String(seat)));
  const events: GameEvent[] = [];
  const decisions: number[] = [];
  let decision = 0;
  while (state.result === null) {
    const seat = state.current;
    const move = chooseMove(state, bots[seat] as Bot, rngs[seat] as RngState);
    const decided = decide(state, { type: 'move', seat, move });
    if (!decided.ok) {
      throw new IllegalDemoMoveError(
        `demo game ${plan.index} (${plan.preset}): seat ${seat} chose ${move}: ${decided.violation.reason}`,
      );
    }
    for (const event of decided.events) {
      applyEvent(state, event);
      events.push(event);
      decisions.push(decision);
    }
    decision++;
  }
  return { events, decisions, result: state.result };
}
