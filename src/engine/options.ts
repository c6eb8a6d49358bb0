/**
 * Rule options and the three presets (docs/rules.md §1, §3). Every difference between the rule texts is an option,
 * so a game is a preset plus overrides. An option set is validated as a whole, together with the number
 * of seats, before a game is set up.
 */
import { KING, QUEEN, Rank } from './cards';
import { RulesPart, RulesVersion, isRulesVersion, versionParts } from './versions';

export const PRESET_NAMES = ['classic', 'zloba', 'modern'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** The ranks that may be wild (S11, R15: jokers; E7: kings). */
export const WILD_RANKS = ['JOKER', 'K'] as const;
export type WildRank = (typeof WILD_RANKS)[number];

/** The values of the enumerated options below (docs/rules.md §3), each written once. */
export const DECK_MODES = ['separate', 'combined'] as const;
export const CENTER_TOP_RANKS = ['Q', 'K'] as const;
export const COMPLETED_PILE_RULES = ['shuffleIntoStock', 'setAsideRecycle'] as const;
export const SIDE_BUILDS = ['any', 'sameOrOneLower'] as const;
export const LOW_CARDS_TO_SIDE_RULES = ['unrestricted', 'centerFullOnly'] as const;
export const TURN_ENDS = ['optional', 'mandatory'] as const;
export const FIRST_PLAYER_TIES = ['redeal', 'reshufflePiles'] as const;

/**
 * Which null turns count toward the blocked end (docs/rules.md §2.9): `cannotOrWillNot` every one (S17 "kan eller
 * vill", R18 "не могут или не хотят"); `cannot` only one whose player had no legal centre play (E18).
 */
export const BLOCKED_WHEN = ['cannotOrWillNot', 'cannot'] as const;
export type BlockedWhen = (typeof BLOCKED_WHEN)[number];

export interface RuleOptions {
  /** Allowed seat counts (S1, R1: two; E19: up to six). */
  minPlayers: number;
  maxPlayers: number;
  /** `separate`: one 52-card pay-off deck and one stock deck (S1, R1); `combined`: one deck per player, all shuffled together (E1, E19). */
  deckMode: (typeof DECK_MODES)[number];
  /** Jokers per deck: on the stock deck in `separate` mode (S1: 4), on every deck in `combined` mode. */
  jokersPerDeck: number;
  payoffSize: number;
  handSize: number;
  /** Ranks that are wild (S11, R15, E7). A wild card never stands for an ace. */
  wildRanks: WildRank[];
  /** The rank that completes a centre pile (S7: K; E6: Q). */
  centerTopRank: (typeof CENTER_TOP_RANKS)[number];
  /** How many centre piles may exist at once: a number, one more than the players (E5, E19), or as many as there are aces. */
  maxCenterPiles: number | 'playersPlusOne' | 'unlimited';
  /** S9, R17: shuffled into the stock at once; E10, E17: set aside and recycled when the stock runs out. */
  completedPile: (typeof COMPLETED_PILE_RULES)[number];
  /** E12: a play that empties the hand draws `handSize` more and the turn goes on. */
  refillWhenHandEmpty: boolean;
  sidePiles: number;
  /** E15 `any`; S12, R9 `sameOrOneLower`: same rank or one lower than the pile's top. */
  sideBuild: (typeof SIDE_BUILDS)[number];
  /** R10 `centerFullOnly`: a natural A or 2 goes to a side pile only while every centre pile exists, and only 2 on 3 or A on 2. */
  lowCardsToSide: (typeof LOW_CARDS_TO_SIDE_RULES)[number];
  /** S13, R14 `optional`: a turn may end with `pass`; E13 `mandatory`: it ends with a side-pile card. */
  turnEnd: (typeof TURN_ENDS)[number];
  /** S6, R5: every available natural ace must start a centre pile while there is room. */
  forcedAces: boolean;
  /** R7: every available natural 2 must go on a centre ace. */
  forcedTwoOnAce: boolean;
  /** S15: a natural pay-off top that fits a centre pile must be played. */
  forcedPayoffPlay: boolean;
  /** S18: when false, nobody sees how many cards a pay-off pile holds, only its top and whether it is empty. */
  payoffCountVisible: boolean;
  /** A tie for the highest upturned pay-off card: `redeal` reshuffles deck A and re-splits it (S3); `reshufflePiles` reshuffles each pay-off pile (R3). */
  firstPlayerTie: (typeof FIRST_PLAYER_TIES)[number];
  /** S17, R18 `cannotOrWillNot`: every null turn counts toward the blocked end; E18 `cannot`: only one whose player had no legal centre play. */
  blockedWhen: BlockedWhen;
  /** E18: with stock and set-aside empty and no centre play for anyone, the game is blocked at once. */
  blockWhenStuck: boolean;
  /** Safety cap on the number of turns; the game is then resolved as blocked (docs/rules.md §2.9). */
  maxTurns: number;
}

const CLASSIC: RuleOptions = {
  minPlayers: 2,
  maxPlayers: 2,
  deckMode: 'separate',
  jokersPerDeck: 4,
  payoffSize: 26,
  handSize: 5,
  wildRanks: ['JOKER'],
  centerTopRank: 'K',
  maxCenterPiles: 8,
  completedPile: 'shuffleIntoStock',
  refillWhenHandEmpty: false,
  sidePiles: 4,
  sideBuild: 'sameOrOneLower',
  lowCardsToSide: 'unrestricted',
  turnEnd: 'optional',
  forcedAces: true,
  forcedTwoOnAce: false,
  forcedPayoffPlay: true,
  payoffCountVisible: false,
  firstPlayerTie: 'redeal',
  blockedWhen: 'cannotOrWillNot',
  blockWhenStuck: false,
  maxTurns: 2000,
};

export const PRESETS: Readonly<Record<PresetName, Readonly<RuleOptions>>> = {
  classic: CLASSIC,
  zloba: {
    ...CLASSIC,
    maxCenterPiles: 4,
    lowCardsToSide: 'centerFullOnly',
    forcedTwoOnAce: true,
    forcedPayoffPlay: false,
    payoffCountVisible: true,
    firstPlayerTie: 'reshufflePiles',
  },
  modern: {
    ...CLASSIC,
    maxPlayers: 6,
    deckMode: 'combined',
    jokersPerDeck: 0,
    payoffSize: 20,
    wildRanks: ['K'],
    centerTopRank: 'Q',
    maxCenterPiles: 'playersPlusOne',
    completedPile: 'setAsideRecycle',
    refillWhenHandEmpty: true,
    sideBuild: 'any',
    turnEnd: 'mandatory',
    forcedAces: false,
    forcedPayoffPlay: false,
    payoffCountVisible: true,
    firstPlayerTie: 'reshufflePiles',
    blockedWhen: 'cannot',
    blockWhenStuck: true,
  },
};

export function isPresetName(name: string): name is PresetName {
  return (PRESET_NAMES as readonly string[]).includes(name);
}

/**
 * A preset with overrides. When the overrides make jokers wild without saying how many there are, each deck
 * gets the usual count (4 on the stock deck in `separate` mode as in S1, 2 per deck in `combined` mode); when
 * they make jokers not wild, there are none.
 */
export function optionsFor(preset: PresetName, overrides: Partial<RuleOptions> = {}): RuleOptions {
  const options: RuleOptions = { ...PRESETS[preset], ...overrides };
  options.wildRanks = [...options.wildRanks];
  if (overrides.jokersPerDeck === undefined && overrides.wildRanks !== undefined) {
    const jokersWild = options.wildRanks.includes('JOKER');
    options.jokersPerDeck = !jokersWild ? 0 : options.deckMode === 'separate' ? 4 : 2;
  }
  return options;
}

/**
 * The options in which `options` differ from `preset`'s own, in the preset's key order. Lists compare as sets
 * (wild ranks in another order are the same rules).
 */
export function optionsOffPreset(preset: PresetName, options: RuleOptions): (keyof RuleOptions)[] {
  const canonical = (value: unknown): string =>
    JSON.stringify(Array.isArray(value) ? [...(value as string[])].sort() : value);
  const own = PRESETS[preset];
  return (Object.keys(own) as (keyof RuleOptions)[]).filter(
    (key) => canonical(own[key]) !== canonical(options[key]),
  );
}

/** Options as a game stored them: games recorded under `malice-rules-1` have no `blockedWhen`. */
export type StoredOptions = Omit<RuleOptions, 'blockedWhen'> & Partial<Pick<RuleOptions, 'blockedWhen'>>;

/**
 * A game's stored options as its rules version reads them. An option a version predates takes the value that
 * version played by: `malice-rules-1` counted every null turn toward the blocked end, so its games — `modern` ones
 * included — read `blockedWhen = cannotOrWillNot` (docs/rules.md §2.9). Since `malice-rules-2` options are stored
 * whole; a missing field stays missing, and `validateOptions` reports it.
 */
export function optionsUnderRules(rules: RulesPart, stored: StoredOptions): RuleOptions {
  switch (rules) {
    case 'malice-rules-1':
      return stored.blockedWhen === undefined
        ? { ...stored, blockedWhen: 'cannotOrWillNot' }
        : (stored as RuleOptions);
    case 'malice-rules-2':
    case 'malice-rules-3':
      return stored as RuleOptions;
    default: {
      const never: never = rules;
      return never;
    }
  }
}

/**
 * A stored game's options as its recorded version reads them (`optionsUnderRules`); a version this engine does not
 * know leaves them as stored.
 */
export function recordedOptions(version: RulesVersion | string, stored: StoredOptions): RuleOptions {
  return isRulesVersion(version)
    ? optionsUnderRules(versionParts(version).rules, stored)
    : (stored as RuleOptions);
}

/**
 * A frozen copy for a game's state: views hand the options out by reference, and nothing a client or bot
 * does with a view may change the rules of a running game.
 */
export function frozenOptions(options: RuleOptions): RuleOptions {
  if (Object.isFrozen(options) && Object.isFrozen(options.wildRanks)) return options;
  return Object.freeze({ ...options, wildRanks: Object.freeze([...options.wildRanks]) as WildRank[] });
}

export function topRankOf(options: RuleOptions): Rank {
  return options.centerTopRank === 'Q' ? QUEEN : KING;
}

export function deckCount(options: RuleOptions, seats: number): number {
  return options.deckMode === 'combined' ? seats : 2;
}

/** The number of natural aces in play: with `unlimited` centre piles this is the true maximum. */
export function resolveMaxCenterPiles(options: RuleOptions, seats: number): number {
  const limit = options.maxCenterPiles;
  if (limit === 'playersPlusOne') return seats + 1;
  if (limit === 'unlimited') return 4 * deckCount(options, seats);
  return limit;
}

export interface OptionProblem {
  option: keyof RuleOptions | 'seats';
  message: string;
}

const ENUMS: { [K in keyof RuleOptions]?: readonly unknown[] } = {
  deckMode: ['separate', 'combined'],
  centerTopRank: ['Q', 'K'],
  completedPile: ['shuffleIntoStock', 'setAsideRecycle'],
  sideBuild: ['any', 'sameOrOneLower'],
  lowCardsToSide: ['unrestricted', 'centerFullOnly'],
  turnEnd: ['optional', 'mandatory'],
  firstPlayerTie: ['redeal', 'reshufflePiles'],
  blockedWhen: BLOCKED_WHEN,
};

const BOOLEANS: readonly (keyof RuleOptions)[] = [
  'refillWhenHandEmpty',
  'forcedAces',
  'forcedTwoOnAce',
  'forcedPayoffPlay',
  'payoffCountVisible',
  'blockWhenStuck',
];

const INTEGER_RANGES: { [K in keyof RuleOptions]?: readonly [number, number] } = {
  minPlayers: [2, 6],
  maxPlayers: [2, 6],
  jokersPerDeck: [0, 8],
  payoffSize: [1, 52],
  handSize: [1, 20],
  sidePiles: [1, 8],
  maxTurns: [1, 100000],
};

/**
 * Every problem with an option set (empty when it is sound). With `seats`, also checks that the seat count is
 * allowed and that the decks hold enough cards for every pay-off pile and hand.
 */
export function validateOptions(options: RuleOptions, seats?: number): OptionProblem[] {
  const problems: OptionProblem[] = [];
  const problem = (option: OptionProblem['option'], message: string): void => {
    problems.push({ option, message: `${option}: ${message}` });
  };
  const known = new Set<string>(Object.keys(CLASSIC));
  for (const key of Object.keys(options)) {
    if (!known.has(key))
      problems.push({ option: key as keyof RuleOptions, message: `${key}: no such option` });
  }
  for (const [key, values] of Object.entries(ENUMS) as [keyof RuleOptions, readonly unknown[]][]) {
    if (!values.includes(options[key])) problem(key, `must be one of ${values.join(', ')}`);
  }
  for (const key of BOOLEANS) {
    if (typeof options[key] !== 'boolean') problem(key, 'must be true or false');
  }
  for (const [key, [min, max]] of Object.entries(INTEGER_RANGES) as [keyof RuleOptions, [number, number]][]) {
    const value = options[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      problem(key, `must be a whole number from ${min} to ${max}`);
    }
  }
  const limit = options.maxCenterPiles;
  const limitIsNumber = typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= 48;
  if (!limitIsNumber && limit !== 'playersPlusOne' && limit !== 'unlimited') {
    problem('maxCenterPiles', 'must be a whole number from 1 to 48, playersPlusOne or unlimited');
  }
  if (
    !Array.isArray(options.wildRanks) ||
    options.wildRanks.some((rank) => rank !== 'JOKER' && rank !== 'K') ||
    new Set(options.wildRanks).size !== options.wildRanks.length
  ) {
    problem('wildRanks', 'must list distinct ranks from JOKER and K');
  }
  if (problems.length > 0) return problems;

  if (options.minPlayers > options.maxPlayers) problem('minPlayers', 'must not exceed maxPlayers');
  const jokersWild = options.wildRanks.includes('JOKER');
  if (jokersWild && options.jokersPerDeck === 0)
    problem('jokersPerDeck', 'must be at least 1 when JOKER is wild');
  if (!jokersWild && options.jokersPerDeck > 0)
    problem('jokersPerDeck', 'must be 0 unless JOKER is in wildRanks');
  if (options.centerTopRank === 'Q' && !options.wildRanks.includes('K')) {
    problem('centerTopRank', 'Q needs K in wildRanks: a natural king could never be played otherwise');
  }
  if (seats !== undefined) {
    if (!Number.isInteger(seats) || seats < options.minPlayers || seats > options.maxPlayers) {
      problem('seats', `must be from ${options.minPlayers} to ${options.maxPlayers} with these options`);
    } else {
      problems.push(...deckProblems(options, seats));
    }
  }
  return problems;
}

function deckProblems(options: RuleOptions, seats: number): OptionProblem[] {
  const payoffCards = options.payoffSize * seats;
  const handCards = options.handSize * seats;
  if (options.deckMode === 'separate') {
    const problems: OptionProblem[] = [];
    if (payoffCards > 52) {
      problems.push({
        option: 'payoffSize',
        message: `payoffSize: ${options.payoffSize} × ${seats} seats needs ${payoffCards} cards; the pay-off deck has 52`,
      });
    }
    if (handCards > 52 + options.jokersPerDeck) {
      problems.push({
        option: 'handSize',
        message: `handSize: ${options.handSize} × ${seats} seats needs ${handCards} cards; the stock deck has ${52 + options.jokersPerDeck}`,
      });
    }
    return problems;
  }
  const total = seats * (52 + options.jokersPerDeck);
  if (payoffCards + handCards > total) {
    return [
      {
        option: 'payoffSize',
        message: `payoffSize: ${seats} pay-off piles of ${options.payoffSize} and hands of ${options.handSize} need ${payoffCards + handCards} cards; ${seats} decks hold ${total}`,
      },
    ];
  }
  return [];
}
