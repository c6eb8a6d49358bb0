/**
 * Shared helpers for tests that play seeded random games.
 *
 * - `GameSpec`: everything that fixes a deal (preset, option overrides, seats, seed); `startGame` sets it up.
 * - `playout(state, settings)`: plays from `state` to the end of the game (or `maxEvents`), choosing among
 *   `legalMoves(state)` with the engine's own seeded RNG, so a playout is a pure function of its inputs.
 *   `onStep` sees every accepted command with the state before and after it.
 * - `gameSpecArb`: a fast-check arbitrary of valid specs (all presets, seat counts, option overrides).
 *
 * The chooser never looks at hidden cards other than the mover's own: it only picks among legal moves.
 */
import fc from 'fast-check';
import {
  Command,
  Deal,
  GameEvent,
  GameState,
  PresetName,
  RULES_VERSION,
  RngState,
  RuleOptions,
  RulesVersion,
  legalMoves,
  nextInt,
  StoredOptions,
  optionsFor,
  optionsUnderRules,
  play,
  publicStream,
  setup,
  validateOptions,
  versionParts,
} from '../../src/engine';

export interface GameSpec {
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  readonly seats: number;
  readonly seed: string;
  /** The rules version to deal under (default: `RULES_VERSION`, what new games get). */
  readonly version?: RulesVersion;
  /** One per seat, or none (default: none, a deal from the seed alone). */
  readonly clientSeeds?: readonly string[];
}

export function dealOfSpec(spec: GameSpec): Deal {
  return { version: spec.version ?? RULES_VERSION, seed: spec.seed, clientSeeds: spec.clientSeeds ?? [] };
}

/**
 * The spec's options as the service stores them for its version: a `malice-rules-1` game's have no `blockedWhen`
 * (unless the spec overrides it); the engine reads them as that version does.
 */
export function storedOptionsOf(spec: GameSpec): StoredOptions {
  const options = optionsFor(spec.preset, spec.overrides);
  const rules = versionParts(dealOfSpec(spec).version).rules;
  if (rules !== 'malice-rules-1' || spec.overrides.blockedWhen !== undefined) return options;
  const { blockedWhen, ...stored } = options;
  void blockedWhen;
  return stored;
}

/** The spec's options as its version reads them (`optionsUnderRules`). */
export function optionsOf(spec: GameSpec): RuleOptions {
  return optionsUnderRules(versionParts(dealOfSpec(spec).version).rules, storedOptionsOf(spec));
}

export function startGame(spec: GameSpec): GameState {
  return setup(storedOptionsOf(spec), dealOfSpec(spec), spec.seats);
}

/**
 * How moves are picked: `uniform` picks any legal move; `greedy` prefers pay-off plays, then other centre
 * plays, then side-pile cards, and passes last (games then end by emptied pay-off piles more often).
 */
export type ChooserStyle = 'uniform' | 'greedy';

export interface PlayoutSettings {
  /** Seeds the chooser (independent of the game's own RNG). */
  readonly chooserSeed: string;
  readonly style?: ChooserStyle;
  /** Chance per command, in thousandths, of a `resign` by a random seat still in instead of a move. */
  readonly resignPerMille?: number;
  /** Chance per command, in thousandths, of a `timeout` of the seat to move instead of a move. */
  readonly timeoutPerMille?: number;
  /** Stop after this many events even if the game goes on (default: no limit but the game's `maxTurns`). */
  readonly maxEvents?: number;
  readonly onStep?: (step: PlayoutStep) => void;
}

export interface PlayoutStep {
  readonly index: number;
  readonly before: GameState;
  readonly command: Command;
  readonly events: readonly GameEvent[];
  readonly after: GameState;
}

export interface Playout {
  readonly initial: GameState;
  readonly final: GameState;
  readonly events: GameEvent[];
}

/** The command the chooser sends next; the game must not be over. */
export function chooseCommand(state: GameState, rng: RngState, settings: PlayoutSettings): Command {
  const roll = nextInt(rng, 1000);
  const resign = settings.resignPerMille ?? 0;
  if (roll < resign) {
    const seatsIn = state.seats.flatMap((seat, index) => (seat.out ? [] : [index]));
    return { type: 'resign', seat: pick(rng, seatsIn) };
  }
  if (roll < resign + (settings.timeoutPerMille ?? 0)) return { type: 'timeout', seat: state.current };
  const moves = legalMoves(state);
  if (moves.length === 0) throw new Error(`no legal move in a running game (turn ${state.turn})`);
  const move = (settings.style ?? 'uniform') === 'greedy' ? greedyPick(rng, moves) : pick(rng, moves);
  return { type: 'move', seat: state.current, move };
}

function greedyPick(rng: RngState, moves: readonly string[]): string {
  const preferences: ((move: string) => boolean)[] = [
    (move) => move.startsWith('p-'),
    (move) => /-c\d*$/.test(move),
    (move) => move !== 'pass',
  ];
  for (const prefer of preferences) {
    const preferred = moves.filter(prefer);
    if (preferred.length > 0) return pick(rng, preferred);
  }
  return pick(rng, moves);
}

export function pick<T>(rng: RngState, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[nextInt(rng, items.length)] as T;
}

/** Plays from `initial` (not changed) until the game ends or `maxEvents` events have happened. */
export function playout(initial: GameState, settings: PlayoutSettings): Playout {
  const rng = publicStream('test', settings.chooserSeed);
  const events: GameEvent[] = [];
  let state = initial;
  const maxEvents = settings.maxEvents ?? Number.POSITIVE_INFINITY;
  while (state.result === null && events.length < maxEvents) {
    const command = chooseCommand(state, rng, settings);
    const outcome = play(state, command);
    if (!outcome.ok) {
      throw new Error(`chooser command ${JSON.stringify(command)} refused: ${outcome.violation.reason}`);
    }
    settings.onStep?.({
      index: events.length,
      before: state,
      command,
      events: outcome.events,
      after: outcome.state,
    });
    events.push(...outcome.events);
    state = outcome.state;
  }
  return { initial, final: state, events };
}

const bool = fc.boolean();

/** Which cards are wild, with their consequences for the deck (the variants of 003, docs/rules.md §3.3). */
const wildVariantArb: fc.Arbitrary<Partial<RuleOptions>> = fc.oneof(
  fc.constant({}),
  fc.record({
    wildRanks: fc.constant<RuleOptions['wildRanks']>(['K', 'JOKER']),
    jokersPerDeck: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    wildRanks: fc.constant<RuleOptions['wildRanks']>(['JOKER']),
    centerTopRank: fc.constant<RuleOptions['centerTopRank']>('K'),
    jokersPerDeck: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    wildRanks: fc.constant<RuleOptions['wildRanks']>(['K']),
    centerTopRank: fc.constantFrom<RuleOptions['centerTopRank']>('Q', 'K'),
    jokersPerDeck: fc.constant(0),
  }),
);

/**
 * Option overrides, each present or not. `payoffSize` stays at 2 or more: with one card per pay-off pile and
 * `firstPlayerTie: reshufflePiles`, a tie for the first player is never broken and `setup` does not return
 * (test/unit/engine/properties/setup-terminates.test.ts).
 */
const overridesArb: fc.Arbitrary<Partial<RuleOptions>> = fc
  .tuple(
    fc.record(
      {
        deckMode: fc.constantFrom<RuleOptions['deckMode']>('separate', 'combined'),
        forcedAces: bool,
        forcedTwoOnAce: bool,
        forcedPayoffPlay: bool,
        maxCenterPiles: fc.constantFrom<RuleOptions['maxCenterPiles']>(4, 8, 'unlimited', 'playersPlusOne'),
        sideBuild: fc.constantFrom<RuleOptions['sideBuild']>('any', 'sameOrOneLower'),
        turnEnd: fc.constantFrom<RuleOptions['turnEnd']>('optional', 'mandatory'),
        refillWhenHandEmpty: bool,
        completedPile: fc.constantFrom<RuleOptions['completedPile']>('shuffleIntoStock', 'setAsideRecycle'),
        lowCardsToSide: fc.constantFrom<RuleOptions['lowCardsToSide']>('unrestricted', 'centerFullOnly'),
        payoffCountVisible: bool,
        blockWhenStuck: bool,
        blockedWhen: fc.constantFrom<RuleOptions['blockedWhen']>('cannotOrWillNot', 'cannot'),
        firstPlayerTie: fc.constantFrom<RuleOptions['firstPlayerTie']>('redeal', 'reshufflePiles'),
        payoffSize: fc.integer({ min: 2, max: 26 }),
        handSize: fc.integer({ min: 2, max: 8 }),
        sidePiles: fc.integer({ min: 1, max: 6 }),
      },
      { requiredKeys: [] },
    ),
    wildVariantArb,
  )
  .map(([options, wild]) => ({ ...options, ...wild }));

export const presetArb: fc.Arbitrary<PresetName> = fc.constantFrom<PresetName>('classic', 'zloba', 'modern');

/** A valid spec: modern takes 2–6 seats, classic and zloba 2; overrides are kept only when the set is sound. */
export const gameSpecArb: fc.Arbitrary<GameSpec> = fc
  .record({
    preset: presetArb,
    overrides: overridesArb,
    seats: fc.integer({ min: 2, max: 6 }),
    seed: fc.string({ maxLength: 12 }),
  })
  .map((spec) => (spec.preset === 'modern' ? spec : { ...spec, seats: 2 }))
  .filter((spec) => validateOptions(optionsOf(spec), spec.seats).length === 0);

/** Playout settings for property tests: sometimes a resignation or a timeout, either chooser style. */
export const playoutSettingsArb: fc.Arbitrary<PlayoutSettings> = fc.record({
  chooserSeed: fc.string({ maxLength: 8 }),
  style: fc.constantFrom<ChooserStyle>('uniform', 'greedy'),
  resignPerMille: fc.constantFrom(0, 0, 2),
  timeoutPerMille: fc.constantFrom(0, 0, 2),
});
