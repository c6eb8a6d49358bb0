/**
 * The engine's entry points around a whole game: legal moves, replay of a log, and a stable state hash.
 */
import { Command, GameEvent } from './events';
import { decide, eventViolation } from './decide';
import { applyEvent, perspectiveOf } from './evolve';
import { StoredOptions } from './options';
import { ForcedPlay, forcedPlaysFor, legalMovesFor } from './rules';
import { setup } from './setup';
import { GameState, cloneState } from './state';
import { Violation } from './violations';
import { sha256Hex } from './sha256';
import { formatCard } from './cards';
import { Deal } from './seeding';
import { RngState } from './rng';

/** The legal moves of the seat to move, in notation; empty once the game is over. */
export function legalMoves(state: GameState): string[] {
  if (state.result !== null) return [];
  return legalMovesFor(perspectiveOf(state, state.current));
}

/**
 * The forced plays of the seat to move (docs/rules.md §2.6), each with the rule forcing it; empty once the game is
 * over or when nothing is forced.
 */
export function forcedPlays(state: GameState): ForcedPlay[] {
  if (state.result !== null) return [];
  return forcedPlaysFor(perspectiveOf(state, state.current));
}

export type ReplayResult =
  | { readonly ok: true; readonly state: GameState }
  | { readonly ok: false; readonly index: number; readonly violation: Violation; readonly state: GameState };

/**
 * Replays a log from the deal (under the deal's recorded version, which also says how `options` are read:
 * `optionsUnderRules`). Every event is checked: `decide` on the state
 * before it must give back exactly that event, so a tampered or foreign log is refused at the first event that
 * does not follow.
 */
export function replay(
  options: StoredOptions,
  deal: Deal,
  events: readonly GameEvent[],
  seats: number = options.minPlayers,
): ReplayResult {
  return foldChecked(setup(options, deal, seats), events);
}

/** Replays `events` on a copy of `initial` (which is not changed). */
export function replayFrom(initial: GameState, events: readonly GameEvent[]): ReplayResult {
  return foldChecked(cloneState(initial), events);
}

/** Folds `events` into `state` in place, checking each against the rules first. */
function foldChecked(state: GameState, events: readonly GameEvent[]): ReplayResult {
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as GameEvent;
    const problem = eventViolation(state, event);
    if (problem !== null) return { ok: false, index, violation: problem, state };
    applyEvent(state, event);
  }
  return { ok: true, state };
}

export type PlayResult =
  | { readonly ok: true; readonly events: GameEvent[]; readonly state: GameState }
  | { readonly ok: false; readonly violation: Violation };

/** Decides one command and, when it is accepted, applies its events to a copy of `state`. */
export function play(state: GameState, command: Command): PlayResult {
  const decision = decide(state, command);
  if (!decision.ok) return decision;
  const next = cloneState(state);
  for (const event of decision.events) applyEvent(next, event);
  return { ok: true, events: decision.events, state: next };
}

/**
 * A SHA-256 of the whole state (hidden cards and RNG included), to pin golden games. It hashes an explicit
 * canonical form, so refactoring the state's in-memory shape does not change it.
 */
export function stateHash(state: GameState): string {
  const canonical = {
    seats: state.seats.map((seat) => ({
      hand: seat.hand.map(formatCard),
      payoff: seat.payoff.map(formatCard),
      sidePiles: seat.sidePiles.map((pile) => pile.map((side) => `${formatCard(side.card)}/${side.rank}`)),
      out: seat.out,
    })),
    center: state.center.map((pile) => (pile === null ? null : pile.map(formatCard))),
    stock: state.stock.map(formatCard),
    setAside: state.setAside.map(formatCard),
    rng: canonicalRng(state.rng),
    current: state.current,
    turn: state.turn,
    turnActive: state.turnActive,
    nullTurns: state.nullTurns,
    departed: [...state.departed],
    result: state.result,
  };
  return sha256Hex(JSON.stringify(canonical));
}

/** The generator's state in the hash: xoshiro's four words as they always were (old states hash as before). */
function canonicalRng(rng: RngState): unknown {
  switch (rng.generator) {
    case 'xoshiro128ss':
      return [...rng.s];
    case 'chacha20':
      return { chacha20: { key: [...rng.key], nonce: [...rng.nonce], counter: rng.counter, used: rng.used } };
  }
}
