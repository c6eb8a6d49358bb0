/**
 * What the new-game page lets a player choose, written once: the rule overrides it offers (docs/rules.md §3,
 * the options a player would change; bookkeeping ones such as maxTurns stay the preset's), the time controls and
 * the kinds of opponent; and how a choice becomes a `RuleOptionsInput` (only what differs from the preset).
 */
import type {
  BotKind,
  CenterPileLimitKind,
  CenterTopRank,
  CompletedPile,
  LowCardsToSide,
  NewGameRulesFragment,
  RuleOptionsInput,
  SideBuild,
  TurnEnd,
  WildRank,
} from '../generated/graphql';

export const OPPONENT_KINDS = ['invite', 'seek', 'open', 'bot'] as const;
export type OpponentKind = (typeof OPPONENT_KINDS)[number];

/**
 * The kinds that fill exactly one other seat of a two-seat game: an invitation names the one opponent of a two-seat
 * game (docs/api/games-and-moves.md#creategame, `opponent`), and a seek is a two-seat game (docs/api/challenges-and-seeks.md#seekgame). A game of more
 * seats is open (anyone with its link joins) or has a bot in one seat and is open for the rest.
 */
export function twoSeatsOnly(kind: OpponentKind): boolean {
  switch (kind) {
    case 'invite':
    case 'seek':
      return true;
    case 'open':
    case 'bot':
      return false;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/**
 * What a guest may start (docs/api/players-and-accounts.md#startguest; the server decides,
 * src/players/guest-policy.ts): a game against a built-in bot or an open seek, unrated. The page offers only
 * these, rather than let the server refuse the rest.
 */
export function guestMay(kind: OpponentKind): boolean {
  switch (kind) {
    case 'bot':
    case 'seek':
      return true;
    case 'invite':
    case 'open':
      return false;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

export const BOT_KINDS = ['RANDOM', 'GREEDY', 'EXPERT'] as const satisfies readonly BotKind[];

export const TIME_KINDS = ['none', 'days', 'hours'] as const;
export type TimeKind = (typeof TIME_KINDS)[number];

export const BOOLEAN_OPTIONS = [
  'forcedAces',
  'forcedTwoOnAce',
  'forcedPayoffPlay',
  'payoffCountVisible',
  'refillWhenHandEmpty',
  'blockWhenStuck',
] as const satisfies readonly (keyof NewGameRulesFragment)[];
export type BooleanOption = (typeof BOOLEAN_OPTIONS)[number];

/** Whole-number options and their ranges (docs/rules.md §3.1). */
export const NUMBER_OPTIONS = {
  payoffSize: [1, 52],
  handSize: [1, 20],
  sidePiles: [1, 8],
} as const satisfies Partial<Record<keyof NewGameRulesFragment, readonly [number, number]>>;
export type NumberOption = keyof typeof NUMBER_OPTIONS;

export const CENTER_TOP_RANKS = ['Q', 'K'] as const satisfies readonly CenterTopRank[];
export const CENTER_LIMIT_KINDS = [
  'FIXED',
  'PLAYERS_PLUS_ONE',
  'UNLIMITED',
] as const satisfies readonly CenterPileLimitKind[];
export const COMPLETED_PILES = [
  'SHUFFLE_INTO_STOCK',
  'SET_ASIDE_RECYCLE',
] as const satisfies readonly CompletedPile[];
export const SIDE_BUILDS = ['ANY', 'SAME_OR_ONE_LOWER'] as const satisfies readonly SideBuild[];
export const LOW_CARDS = ['UNRESTRICTED', 'CENTER_FULL_ONLY'] as const satisfies readonly LowCardsToSide[];
export const TURN_ENDS = ['OPTIONAL', 'MANDATORY'] as const satisfies readonly TurnEnd[];

/** The sets of wild cards a player may pick (docs/rules.md §3.3: the variants of 003). */
export const WILD_CHOICES = {
  K: ['K'],
  JOKER: ['JOKER'],
  K_JOKER: ['K', 'JOKER'],
  NONE: [],
} as const satisfies Record<string, readonly WildRank[]>;
export type WildChoice = keyof typeof WILD_CHOICES;
export const WILD_CHOICE_NAMES = Object.keys(WILD_CHOICES) as WildChoice[];

export function wildChoiceOf(ranks: readonly WildRank[]): WildChoice {
  const has = (rank: WildRank) => ranks.includes(rank);
  return has('K') ? (has('JOKER') ? 'K_JOKER' : 'K') : has('JOKER') ? 'JOKER' : 'NONE';
}

/** The rules as a player has set them: the preset's, with their changes applied. */
export type Rules = NewGameRulesFragment;

/** The overrides that turn the preset's rules into `chosen`: only the options that differ are sent. */
export function overridesOf(preset: Rules, chosen: Rules): RuleOptionsInput {
  const overrides: RuleOptionsInput = {};
  for (const key of BOOLEAN_OPTIONS) if (chosen[key] !== preset[key]) overrides[key] = chosen[key];
  for (const key of Object.keys(NUMBER_OPTIONS) as NumberOption[]) {
    if (chosen[key] !== preset[key]) overrides[key] = chosen[key];
  }
  if (chosen.centerTopRank !== preset.centerTopRank) overrides.centerTopRank = chosen.centerTopRank;
  if (chosen.completedPile !== preset.completedPile) overrides.completedPile = chosen.completedPile;
  if (chosen.sideBuild !== preset.sideBuild) overrides.sideBuild = chosen.sideBuild;
  if (chosen.lowCardsToSide !== preset.lowCardsToSide) overrides.lowCardsToSide = chosen.lowCardsToSide;
  if (chosen.turnEnd !== preset.turnEnd) overrides.turnEnd = chosen.turnEnd;
  if (wildChoiceOf(chosen.wildRanks) !== wildChoiceOf(preset.wildRanks)) {
    overrides.wildRanks = [...chosen.wildRanks];
  }
  const limit = chosen.maxCenterPiles;
  if (limit.kind !== preset.maxCenterPiles.kind || limit.count !== preset.maxCenterPiles.count) {
    overrides.maxCenterPiles =
      limit.kind === 'FIXED' ? { kind: 'FIXED', count: limit.count } : { kind: limit.kind };
  }
  return overrides;
}
