/**
 * The GraphQL types of games (code-first). Field names are part of the public API (docs/api/types.md): clients
 * depend on them. Every type and field carries a description.
 */
import { Field, Float, ID, InputType, Int, ObjectType, OmitType, PartialType } from '@nestjs/graphql';
import { EnumValueText, listEnum, sameNames } from '../../graphql/list-enum';
import { NodeType } from '../../graphql/node';
import { PageInfoType } from '../../graphql/page-info';
import { BUILTIN_BOTS, BUILTIN_BOT_KINDS, type BuiltinBotKind } from '../../players/builtin-bots';
import { PlayerType } from '../../players/player.types';
import type { SameMembers } from '../../common/same-members';
import { CLIENT_SEED_SOURCES } from '../domain/client-seed-source';
import { END_REASON_NAMES, UNRATED_REASONS } from '../domain/game-record';
import { GAME_STATUSES, OUTCOMES, PRESET_API_NAMES } from '../domain/vocabulary';
import {
  BLOCKED_WHEN,
  CENTER_TOP_RANKS,
  COMPLETED_PILE_RULES,
  DECK_MODES,
  END_REASONS,
  FIRST_PLAYER_TIES,
  FORCED_PLAY_REASONS,
  GAME_EVENT_TYPES,
  LOW_CARDS_TO_SIDE_RULES,
  MOVE_SOURCE_KINDS,
  type MoveSource as EngineMoveSource,
  PRESET_NAMES,
  SIDE_BUILDS,
  TURN_ENDS,
  WILD_RANKS,
  type RuleOptions as EngineRuleOptions,
} from '../../engine';
import { MAX_RATING_SPREAD } from '../domain/seek-ratings';

export const Preset = listEnum(PRESET_NAMES, PRESET_API_NAMES, {
  name: 'Preset',
  description: 'A rule set: one of the three rule texts (docs/rules.md).',
  values: {
    classic: {
      description: 'Swedish "Illvilja och elakhet": two players, separate decks, jokers wild, piles to K.',
    },
    zloba: { description: 'Russian "Злоба": as classic with four centre piles, forced 2 on ace and R10.' },
    modern: {
      description:
        'English "Spite and Malice": 2–6 players, kings wild, piles to Q, refill, mandatory discard.',
    },
  },
});
export type Preset = (typeof PRESET_NAMES)[number];

export const GameStatus = listEnum(GAME_STATUSES, sameNames(GAME_STATUSES), {
  name: 'GameStatus',
  description: 'Where a game is in its life.',
  values: {
    WAITING: { description: 'Created; waiting for players to fill every seat.' },
    ACTIVE: { description: 'Dealt and being played.' },
    FINISHED: { description: 'Over, with a result; the seed is revealed.' },
    ABORTED: { description: 'Called off before the first move; no result.' },
  },
});
export type GameStatus = (typeof GAME_STATUSES)[number];

export const EndReason = listEnum(
  END_REASONS,
  {
    payoffEmptied: 'PAYOFF_EMPTIED',
    blocked: 'BLOCKED',
    stuck: 'STUCK',
    turnLimit: 'TURN_LIMIT',
    resigned: 'RESIGNED',
    timedOut: 'TIMED_OUT',
  },
  {
    name: 'EndReason',
    description: 'Why a game ended (docs/rules.md, "End of game").',
    values: {
      payoffEmptied: { description: 'A player played their last pay-off card.' },
      blocked: { description: 'As many null turns in a row as players still in.' },
      stuck: { description: 'Stock and set-aside empty and nobody can play to the centre (E18).' },
      turnLimit: { description: 'The maxTurns safety cap was reached.' },
      resigned: { description: 'A player resigned, leaving one player in.' },
      timedOut: { description: 'A player ran out of time, leaving one player in.' },
    },
  },
);
export type EndReason = (typeof END_REASONS)[number];

export const MoveType = listEnum(
  GAME_EVENT_TYPES,
  { played: 'PLAYED', discarded: 'DISCARDED', passed: 'PASSED', resigned: 'RESIGNED', timedOut: 'TIMED_OUT' },
  {
    name: 'MoveType',
    description: 'What a recorded event did.',
    values: {
      played: { description: 'A card went to a centre pile.' },
      discarded: { description: 'A card from hand went onto a side pile; the turn ended.' },
      passed: { description: 'The turn ended without a side-pile card.' },
      resigned: { description: 'The player resigned.' },
      timedOut: { description: 'The player ran out of time.' },
    },
  },
);
export type MoveType = (typeof GAME_EVENT_TYPES)[number];

export const MoveSource = listEnum(
  MOVE_SOURCE_KINDS,
  { hand: 'HAND', payoff: 'PAYOFF', side: 'SIDE_PILE' },
  {
    name: 'MoveSource',
    description: 'Where a placed card came from (docs/notation.md).',
    values: {
      hand: { description: 'The mover’s hand.' },
      payoff: { description: 'The top of the mover’s pay-off pile (p).' },
      side: { description: 'The top of one of the mover’s side piles (d1, d2, …; MoveRecord.fromSidePile).' },
    },
  },
);
export type MoveSource = (typeof MOVE_SOURCE_KINDS)[number];
// Every kind of the engine's MoveSource is in the list, and nothing else.
const sameSources: SameMembers<MoveSource, EngineMoveSource['kind']> = true;
void sameSources;

export const DeckMode = listEnum(
  DECK_MODES,
  { separate: 'SEPARATE', combined: 'COMBINED' },
  {
    name: 'DeckMode',
    description: 'How the decks are made up.',
    values: {
      separate: { description: 'One 52-card pay-off deck and one stock deck with the jokers (S1, R1).' },
      combined: { description: 'One deck per player, all shuffled together (E1, E19).' },
    },
  },
);
export type DeckMode = (typeof DECK_MODES)[number];

export const WildRank = listEnum(WILD_RANKS, sameNames(WILD_RANKS), {
  name: 'WildRank',
  description: 'A rank that is wild (never standing for an ace).',
  values: { JOKER: { description: 'Jokers (S11, R15).' }, K: { description: 'Kings (E7).' } },
});
export type WildRank = (typeof WILD_RANKS)[number];

export const CenterTopRank = listEnum(CENTER_TOP_RANKS, sameNames(CENTER_TOP_RANKS), {
  name: 'CenterTopRank',
  description: 'The rank that completes a centre pile.',
  values: { Q: { description: 'Queen (E6); needs kings wild.' }, K: { description: 'King (S7, R17).' } },
});
export type CenterTopRank = (typeof CENTER_TOP_RANKS)[number];

export const CompletedPile = listEnum(
  COMPLETED_PILE_RULES,
  { shuffleIntoStock: 'SHUFFLE_INTO_STOCK', setAsideRecycle: 'SET_ASIDE_RECYCLE' },
  {
    name: 'CompletedPile',
    description: 'What happens to a completed centre pile.',
    values: {
      shuffleIntoStock: { description: 'Shuffled into the stock at once (S9, R17).' },
      setAsideRecycle: {
        description: 'Set aside; shuffled into a new stock when the stock runs out (E10, E17).',
      },
    },
  },
);
export type CompletedPile = (typeof COMPLETED_PILE_RULES)[number];

export const SideBuild = listEnum(
  SIDE_BUILDS,
  { any: 'ANY', sameOrOneLower: 'SAME_OR_ONE_LOWER' },
  {
    name: 'SideBuild',
    description: 'What may go on a side pile.',
    values: {
      any: { description: 'Any card on any side pile (E15).' },
      sameOrOneLower: {
        description: 'The same rank as the top or one lower; wild cards declare a rank (S12, R9).',
      },
    },
  },
);
export type SideBuild = (typeof SIDE_BUILDS)[number];

export const LowCardsToSide = listEnum(
  LOW_CARDS_TO_SIDE_RULES,
  { unrestricted: 'UNRESTRICTED', centerFullOnly: 'CENTER_FULL_ONLY' },
  {
    name: 'LowCardsToSide',
    description: 'When an ace or 2 may go to a side pile.',
    values: {
      unrestricted: { description: 'Whenever the side-pile rule allows.' },
      centerFullOnly: {
        description: 'Only while every centre pile exists, and only 2 on 3 or A on 2 (R10).',
      },
    },
  },
);
export type LowCardsToSide = (typeof LOW_CARDS_TO_SIDE_RULES)[number];

export const TurnEnd = listEnum(
  TURN_ENDS,
  { optional: 'OPTIONAL', mandatory: 'MANDATORY' },
  {
    name: 'TurnEnd',
    description: 'Whether a turn may end with pass.',
    values: {
      optional: { description: 'A turn may end with pass (S13, R14).' },
      mandatory: {
        description:
          'A turn ends with a side-pile card (E13); pass only with an empty hand or when no side-pile placement exists.',
      },
    },
  },
);
export type TurnEnd = (typeof TURN_ENDS)[number];

export const FirstPlayerTie = listEnum(
  FIRST_PLAYER_TIES,
  { redeal: 'REDEAL', reshufflePiles: 'RESHUFFLE_PILES' },
  {
    name: 'FirstPlayerTie',
    description: 'How a tie for the highest upturned pay-off card is broken.',
    values: {
      redeal: { description: 'Reshuffle the whole pay-off deck and deal the piles again (S3).' },
      reshufflePiles: { description: 'Reshuffle each pay-off pile and turn again (R3).' },
    },
  },
);
export type FirstPlayerTie = (typeof FIRST_PLAYER_TIES)[number];

export const BlockedWhen = listEnum(
  BLOCKED_WHEN,
  { cannotOrWillNot: 'CANNOT_OR_WILL_NOT', cannot: 'CANNOT' },
  {
    name: 'BlockedWhen',
    description:
      'Which null turns (no draw, no play, no side-pile card) count toward the blocked end (docs/rules.md).',
    values: {
      cannotOrWillNot: {
        description: 'Every null turn: the game is blocked when nobody can or wants to play (S17, R18).',
      },
      cannot: {
        description:
          'Only a null turn whose player had no legal centre play: the game is blocked only when nobody can play (E18).',
      },
    },
  },
);
export type BlockedWhen = (typeof BLOCKED_WHEN)[number];

/** The three ways the engine's maxCenterPiles is said (src/engine/options.ts): a number, or one of two words. */
export const CENTER_PILE_LIMIT_KINDS = ['fixed', 'playersPlusOne', 'unlimited'] as const;
export type CenterPileLimitKind = (typeof CENTER_PILE_LIMIT_KINDS)[number];
// The words are the engine's own (its number is `fixed`): a new word there does not compile here.
const sameLimitWords: SameMembers<
  Exclude<CenterPileLimitKind, 'fixed'>,
  Exclude<EngineRuleOptions['maxCenterPiles'], number>
> = true;
void sameLimitWords;

export const CenterPileLimitKind = listEnum(
  CENTER_PILE_LIMIT_KINDS,
  { fixed: 'FIXED', playersPlusOne: 'PLAYERS_PLUS_ONE', unlimited: 'UNLIMITED' },
  {
    name: 'CenterPileLimitKind',
    description:
      'How the number of centre piles that may exist at once is fixed (docs/rules.md, option table).',
    values: {
      fixed: { description: 'A fixed number: CenterPileLimit.count (S8: 8, R: 4).' },
      playersPlusOne: { description: 'One more than the players (E5, E19).' },
      unlimited: { description: 'As many as there are aces to start them.' },
    },
  },
);

@ObjectType('CenterPileLimit', {
  description:
    'How many centre piles may exist at once: a fixed count, one more than the players, or unlimited.',
})
export class CenterPileLimitType {
  @Field(() => CenterPileLimitKind, { description: 'Which of the three.' }) kind!: CenterPileLimitKind;
  @Field(() => Int, { nullable: true, description: 'The number, for FIXED; null for the others.' })
  count!: number | null;
}

@InputType('CenterPileLimitInput', {
  description: 'A centre-pile limit to play with: kind, and count with FIXED only.',
})
export class CenterPileLimitInput {
  @Field(() => CenterPileLimitKind, { description: 'Which of the three.' }) kind!: CenterPileLimitKind;
  @Field(() => Int, {
    nullable: true,
    description: 'The number (1–48): required with FIXED, refused with the others.',
  })
  count?: number | null;
}

@ObjectType('RuleOptions', { description: 'The complete rules of a game (docs/rules.md, option table).' })
export class RuleOptionsType {
  @Field(() => Int, { description: 'Fewest seats allowed.' }) minPlayers!: number;
  @Field(() => Int, { description: 'Most seats allowed.' }) maxPlayers!: number;
  @Field(() => DeckMode, { description: 'How the decks are made up.' }) deckMode!: DeckMode;
  @Field(() => Int, { description: 'Jokers per deck.' }) jokersPerDeck!: number;
  @Field(() => Int, { description: 'Cards in each pay-off pile.' }) payoffSize!: number;
  @Field(() => Int, { description: 'Cards in a full hand.' }) handSize!: number;
  @Field(() => [WildRank], { description: 'Wild ranks.' }) wildRanks!: WildRank[];
  @Field(() => CenterTopRank, { description: 'The rank that completes a centre pile.' })
  centerTopRank!: CenterTopRank;
  @Field(() => CenterPileLimitType, { description: 'How many centre piles may exist at once.' })
  maxCenterPiles!: CenterPileLimitType;
  @Field(() => CompletedPile, { description: 'What happens to a completed centre pile.' })
  completedPile!: CompletedPile;
  @Field({ description: 'A play that empties the hand draws a new hand (E12).' })
  refillWhenHandEmpty!: boolean;
  @Field(() => Int, { description: 'Side piles per player.' }) sidePiles!: number;
  @Field(() => SideBuild, { description: 'What may go on a side pile.' }) sideBuild!: SideBuild;
  @Field(() => LowCardsToSide, { description: 'When an ace or 2 may go to a side pile.' })
  lowCardsToSide!: LowCardsToSide;
  @Field(() => TurnEnd, { description: 'Whether a turn may end with pass.' }) turnEnd!: TurnEnd;
  @Field({ description: 'Available aces must start centre piles (S6, R5).' }) forcedAces!: boolean;
  @Field({ description: 'Available 2s must go on centre aces (R7).' }) forcedTwoOnAce!: boolean;
  @Field({ description: 'A fitting pay-off card must be played (S15).' }) forcedPayoffPlay!: boolean;
  @Field({ description: 'Whether pay-off pile sizes are shown (S18).' }) payoffCountVisible!: boolean;
  @Field(() => FirstPlayerTie, { description: 'How a tie for first player is broken.' })
  firstPlayerTie!: FirstPlayerTie;
  @Field(() => BlockedWhen, {
    description:
      'Which null turns count toward the blocked end (cannotOrWillNot: every one; cannot: only with no centre play). ' +
      'Games under malice-rules-1 read cannotOrWillNot.',
  })
  blockedWhen!: BlockedWhen;
  @Field({ description: 'Stuck games (E18) end at once.' }) blockWhenStuck!: boolean;
  @Field(() => Int, { description: 'Safety cap on turns.' }) maxTurns!: number;
}

// The API's RuleOptions has exactly the engine's options, by name: a new engine option that the API misses (or a
// field the engine lacks) does not compile.
const sameOptionFields: SameMembers<keyof RuleOptionsType & string, keyof EngineRuleOptions & string> = true;
void sameOptionFields;

/** The same fields as RuleOptions, every one optional: what a game overrides of its preset. */
@InputType('RuleOptionsInput', {
  description: 'Overrides of a preset’s rules; every field is optional (docs/rules.md).',
})
export class RuleOptionsInput extends PartialType(
  OmitType(RuleOptionsType, ['maxCenterPiles'] as const),
  InputType,
) {
  @Field(() => CenterPileLimitInput, {
    nullable: true,
    description: 'How many centre piles may exist at once.',
  })
  maxCenterPiles?: CenterPileLimitInput | null;
}

/** The days per move Lichess offers for correspondence games (docs/correspondence.md#time-controls). */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 10, 14] as const;
/** The range of hoursPerMove, whole hours (quick games). */
export const MIN_HOURS_PER_MOVE = 1;
export const MAX_HOURS_PER_MOVE = 48;

@ObjectType('TimeControlChoices', {
  description:
    'The time controls createGame and seekGame accept: one of daysPerMove, or a whole hoursPerMove in its range ' +
    '(the same values their validation uses).',
})
export class TimeControlChoicesType {
  @Field(() => [Int], { description: 'The days per move offered, in increasing order.' })
  daysPerMove!: readonly number[];
  @Field(() => Int, { description: 'The fewest hours per move.' }) hoursPerMoveMin!: number;
  @Field(() => Int, { description: 'The most hours per move.' }) hoursPerMoveMax!: number;
}

@ObjectType('TimeControl', { description: 'How long each move may take. A turn that runs out is a timeout.' })
export class TimeControlType {
  @Field(() => Int, { nullable: true, description: 'Days per move (correspondence), or null.' })
  daysPerMove!: number | null;
  @Field(() => Int, { nullable: true, description: 'Hours per move (quick games), or null.' }) hoursPerMove!:
    number | null;
  @Field(() => Int, { description: 'The time per move in seconds.' }) secondsPerMove!: number;
}

/** The built-in bots' kinds, from BUILTIN_BOTS (a new level is one entry there). */
export const BotKind = listEnum(BUILTIN_BOT_KINDS, sameNames(BUILTIN_BOT_KINDS), {
  name: 'BotKind',
  description: 'A built-in opponent: a bot account that moves on its own, from its own view only.',
  values: Object.fromEntries(BUILTIN_BOTS.map((bot) => [bot.kind, { description: bot.description }])) as {
    readonly [Kind in BuiltinBotKind]: EnumValueText;
  },
});
export type BotKind = BuiltinBotKind;

/** The client seed rule, for descriptions (src/engine/seeding.ts). */
const CLIENT_SEED_TEXT = '1–64 characters of A–Z a–z 0–9 . _ ~ -';

export const ClientSeedSource = listEnum(CLIENT_SEED_SOURCES, sameNames(CLIENT_SEED_SOURCES), {
  name: 'ClientSeedSource',
  description: 'Where a seat’s client seed came from (docs/fairness.md).',
  values: {
    GIVEN_BEFORE_COMMITMENT: {
      description:
        'Given with createGame, before the seed commitment was published: the server saw it before drawing its seed.',
    },
    GIVEN_AFTER_COMMITMENT: {
      description:
        'Given with joinGame or setClientSeed, after the commitment was published: the server could not draw its seed to suit it.',
    },
    SERVER_STAND_IN: {
      description:
        'None was given (or the seat is a built-in bot): the stand-in derived from the server seed, fixed by the commitment.',
    },
  },
});
export type ClientSeedSource = (typeof CLIENT_SEED_SOURCES)[number];

export const AbortReason = listEnum(
  END_REASON_NAMES,
  {
    aborted: 'ABORTED',
    noMove: 'NO_MOVE',
    declined: 'DECLINED',
    dealExposed: 'DEAL_EXPOSED',
    moderated: 'MODERATED',
  },
  {
    name: 'AbortReason',
    description: 'Why a game was called off before it had a result (Game.abortReason).',
    values: {
      aborted: { description: 'A player called it off before the first move (abortGame).' },
      noMove: {
        description:
          'In an unrated game, a player who had never moved ran out of time (a rated game is lost instead).',
      },
      declined: { description: 'The invited player turned the invitation down (declineChallenge).' },
      dealExposed: {
        description:
          'Still waiting when the old generator was retired: its deal followed from its public commitment.',
      },
      moderated: {
        description:
          'An operator called it off (adminAbortGame), waiting or being played: no result, no rating change; the ' +
          'moves made so far stay in its log.',
      },
    },
  },
);
export type AbortReason = (typeof END_REASON_NAMES)[number];

export const UnratedReason = listEnum(UNRATED_REASONS, sameNames(UNRATED_REASONS), {
  name: 'UnratedReason',
  description: 'Why a game created rated is no longer rated.',
  values: {
    DEAL_EXPOSED: {
      description:
        'Dealt under malice-rules-1+xoshiro128ss-sha256-v1, whose hands anyone could compute from the public seed commitment.',
    },
  },
});
export type UnratedReason = (typeof UNRATED_REASONS)[number];

@InputType('CreateGameInput', { description: 'A new game. The creator takes seat 0.' })
export class CreateGameInput {
  @Field(() => Preset, { description: 'The rule set.' }) preset!: Preset;
  @Field(() => RuleOptionsInput, { nullable: true, description: 'Overrides of the preset’s rules.' })
  options?: RuleOptionsInput;
  @Field(() => Int, { nullable: true, description: 'Number of seats (default: the fewest the rules allow).' })
  seats?: number;
  @Field({
    nullable: true,
    description: 'Rated game (default false). Rated games cannot fix a seed or position.',
  })
  rated?: boolean;
  @Field({
    nullable: true,
    description:
      'Username of the only player who may take the other seat (an invitation). A built-in bot accepts at once, ' +
      'as with bot.',
  })
  opponent?: string;
  @Field({
    nullable: true,
    description: 'Fix the deal with this seed (unrated games only; 1–200 characters).',
  })
  seed?: string;
  @Field({ nullable: true, description: 'Start from this position (docs/notation.md; unrated games only).' })
  position?: string;
  @Field(() => Int, {
    nullable: true,
    description: `Correspondence time control: days per move, one of ${DAYS_PER_MOVE.join(', ')}. Not with hoursPerMove.`,
  })
  daysPerMove?: number;
  @Field(() => Int, {
    nullable: true,
    description: `Quick time control: hours per move, ${MIN_HOURS_PER_MOVE}–${MAX_HOURS_PER_MOVE}. Not with daysPerMove. Neither: no clock.`,
  })
  hoursPerMove?: number;
  @Field(() => BotKind, {
    nullable: true,
    description:
      'Play a built-in bot: it takes seat 1 at once (the game starts when every seat is filled) and moves shortly ' +
      'after its turn begins. Not with opponent.',
  })
  bot?: BotKind;
  @Field({
    nullable: true,
    description:
      `Your own seed, mixed into the deal (${CLIENT_SEED_TEXT}; not with seed or position). Given here it reaches ` +
      'the server before the commitment exists: replace it with setClientSeed once you have noted seedCommitment.',
  })
  clientSeed?: string;
  @Field({
    nullable: true,
    description:
      'Hold the deal of a two-seat game against a built-in bot (bot, or opponent naming one) until you give your ' +
      'seed with setClientSeed, after noting seedCommitment (default false: the bot’s seat deals the game at once). ' +
      'The bot sits down and the game stays WAITING; not with clientSeed, seed or position.',
  })
  awaitClientSeed?: boolean;
}

@InputType('SeekRatingRangeInput', {
  description:
    'The opponents a seek accepts: ratings from yours minus `below` to yours plus `above`, in its preset.',
})
export class SeekRatingRangeInput {
  @Field(() => Int, { description: `Rating points below yours, 0–${MAX_RATING_SPREAD}.` }) below!: number;
  @Field(() => Int, { description: `Rating points above yours, 0–${MAX_RATING_SPREAD}.` }) above!: number;
}

@InputType('SeekInput', { description: 'The kind of game a seek looks for (default rules, two seats).' })
export class SeekInput {
  @Field(() => Preset, { description: 'The rule set.' }) preset!: Preset;
  @Field({ nullable: true, description: 'Rated (default false).' }) rated?: boolean;
  @Field(() => Int, { nullable: true, description: 'Days per move, as in CreateGameInput.' })
  daysPerMove?: number;
  @Field(() => Int, { nullable: true, description: 'Hours per move, as in CreateGameInput.' })
  hoursPerMove?: number;
  @Field({
    nullable: true,
    description:
      `Your own seed for the deal (${CLIENT_SEED_TEXT}): when the seek joins an open game it counts as given after ` +
      'that game’s commitment; when it opens one, as given with createGame.',
  })
  clientSeed?: string;
  @Field(() => SeekRatingRangeInput, {
    nullable: true,
    description:
      'Only opponents rated within this range of you (docs/social.md#seeks-by-rating): the seek joins only a seek ' +
      'whose creator is in it and whose own range takes you, and one it opens is joined only by such players. ' +
      'Without it, anyone (whose own range takes you).',
  })
  ratingRange?: SeekRatingRangeInput;
}

@ObjectType('CenterPile', { description: 'A shared centre pile.' })
export class CenterPileType {
  @Field(() => ID, { description: 'Stable id: the game’s and the slot’s (for caching clients).' })
  id!: string;
  @Field(() => Int, { description: 'Its slot, as in the notation (c1, c2, …).' }) slot!: number;
  @Field(() => [String], { description: 'Cards bottom to top (the last is the top).' }) cards!: string[];
  @Field(() => Int, { description: 'The rank reached: the number of cards.' }) topRank!: number;
}

@ObjectType('SeatView', { description: 'What everyone may see of one seat.' })
export class SeatViewType {
  @Field(() => ID, { description: 'Stable id: the game’s and the seat’s (for caching clients).' })
  id!: string;
  @Field(() => Int, { description: 'The seat, 0-based.' }) seat!: number;
  @Field(() => Int, { description: 'Cards in that player’s hand.' }) handCount!: number;
  @Field(() => String, {
    nullable: true,
    description: 'The face-up pay-off card; null when the pile is empty.',
  })
  payoffTop!: string | null;
  @Field(() => Int, { nullable: true, description: 'Pay-off cards left; null when the rules hide it (S18).' })
  payoffCount!: number | null;
  @Field(() => [[String]], {
    description: 'Side piles, each bottom to top; a declared wild card shows as *=8.',
  })
  sidePiles!: string[][];
  @Field({ description: 'True once the player has left a game that goes on.' }) out!: boolean;
}

@ObjectType('GameView', {
  description: 'The game as the caller may see it (a seat’s view, or a spectator’s).',
})
export class GameViewType {
  @Field(() => ID, {
    description: 'Stable id: the game’s and the viewer’s seat (or spectator): each sees its own view.',
  })
  id!: string;
  @Field(() => [String], {
    nullable: true,
    description: 'The caller’s hand; null for a spectator. (The caller’s seat is Game.mySeat.)',
  })
  hand!: string[] | null;
  @Field(() => Int, { description: 'Cards in the stock.' }) stockCount!: number;
  @Field(() => Int, { description: 'Cards set aside for recycling.' }) setAsideCount!: number;
  @Field(() => [CenterPileType], { description: 'Centre piles in slot order.' })
  centerPiles!: CenterPileType[];
  @Field(() => [SeatViewType], { description: 'Every seat.' }) seats!: SeatViewType[];
  @Field(() => Int, { description: 'Turns completed. (The seat to move is Game.currentSeat.)' })
  turn!: number;
  @Field(() => Int, {
    description:
      'Null turns in a row just before this turn (a pass by a player who neither drew nor played). As many as there ' +
      'are players still in end the game as blocked (docs/rules.md §2.9): so, with turnActive false, a pass now that ' +
      'makes it that many ends the game, the fewest pay-off cards winning.',
  })
  nullTurns!: number;
  @Field({
    description:
      'Whether the turn in progress has drawn or played a card yet; a pass is a null turn only while it has not.',
  })
  turnActive!: boolean;
  @Field(() => Int, { description: 'How many centre piles may exist at once in this game.' })
  maxCenterPiles!: number;
}

@ObjectType('GameResult', { description: 'How a game ended.' })
export class GameResultType {
  @Field(() => EndReason, { description: 'Why it ended.' }) reason!: EndReason;
  @Field(() => Int, { nullable: true, description: 'The winning seat; null for a draw.' }) winner!:
    number | null;
  @Field(() => Int, { description: 'The winner’s score (docs/rules.md); 0 for a draw.' }) score!: number;
  @Field(() => [[Int]], { description: 'Placement groups, best first; seats in one group tied.' })
  ranking!: number[][];
  @Field(() => [Int], { description: 'Pay-off cards left per seat.' }) payoffLeft!: number[];
}

export const Outcome = listEnum(OUTCOMES, sameNames(OUTCOMES), {
  name: 'Outcome',
  description: 'How a finished game went for one player.',
  values: {
    WIN: { description: 'They won.' },
    LOSS: { description: 'Someone else won, or (no winner) they were not among the best placed.' },
    DRAW: {
      description: 'No winner, and they were among the best placed (a two-player draw, a tie for first).',
    },
  },
});
export type Outcome = (typeof OUTCOMES)[number];

@ObjectType('GamePlayer', {
  description: 'A player in a seat, and once the game is over how it went for them.',
})
export class GamePlayerType {
  @Field(() => ID, { description: 'Stable id: the game’s and the seat’s (for caching clients).' })
  id!: string;
  @Field(() => Int, { description: 'The seat, 0-based (seat 0 is the creator).' }) seat!: number;
  @Field(() => PlayerType, { description: 'Who sits there.' }) player!: PlayerType;
  @Field(() => Outcome, { nullable: true, description: 'Their outcome; null until the game is finished.' })
  outcome!: Outcome | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Their placement, 1 = best; tied players share one. Null until finished.',
  })
  placement!: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Their score: the winner’s score for the winner, 0 for the others. Null until finished.',
  })
  score!: number | null;
  @Field(() => Int, { nullable: true, description: 'Pay-off cards they had left at the end.' })
  payoffLeft!: number | null;
  @Field(() => Float, {
    nullable: true,
    description:
      'Their Glicko-2 rating in the game’s preset before it; null unless the game was rated and is over.',
  })
  ratingBefore!: number | null;
  @Field(() => Float, { nullable: true, description: 'Their rating after the game (rated games).' })
  ratingAfter!: number | null;
  @Field(() => Float, { nullable: true, description: 'ratingAfter − ratingBefore (rated games).' })
  ratingChange!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'Their rating deviation before the game (rated games).',
  })
  deviationBefore!: number | null;
  @Field(() => Float, { nullable: true, description: 'Their rating deviation after the game (rated games).' })
  deviationAfter!: number | null;
  @Field(() => String, {
    nullable: true,
    description:
      'The seed they mixed into the deal (or their stand-in): public from the deal on; before it, shown to its owner only.',
  })
  clientSeed!: string | null;
  @Field(() => ClientSeedSource, {
    nullable: true,
    description: 'Where clientSeed came from; null when clientSeed is.',
  })
  clientSeedSource!: ClientSeedSource | null;
  @Field(() => [String], {
    nullable: true,
    description:
      'A built-in bot’s seat: the versions of its play that moved here (e.g. greedy-2), in order of first use; ' +
      'the first from when it took the seat, more only if the server was upgraded mid-game. Null for people and ' +
      'third-party bot accounts (and for a bot seat taken before versions were recorded, until its next move).',
  })
  botVersions!: string[] | null;
}

export const ForcedPlayReason = listEnum(FORCED_PLAY_REASONS, sameNames(FORCED_PLAY_REASONS), {
  name: 'ForcedPlayReason',
  description: 'The rule that forces a play (docs/rules.md §2.6); only natural cards are forced.',
  values: {
    FORCED_ACE: {
      description: 'An ace must start a centre pile while one may be started (option forcedAces).',
    },
    FORCED_TWO_ON_ACE: {
      description: 'A 2 must go on a centre pile showing an ace (option forcedTwoOnAce).',
    },
    FORCED_PAYOFF_PLAY: {
      description: 'The pay-off top must be played when it fits a centre pile (option forcedPayoffPlay).',
    },
  },
});
export type ForcedPlayReason = (typeof FORCED_PLAY_REASONS)[number];

@ObjectType('ForcedPlay', { description: 'A play the rules force on you now, and the rule that forces it.' })
export class ForcedPlayType {
  @Field({ description: 'The move in notation, one of your legalMoves (e.g. p-c1).' }) move!: string;
  @Field(() => ForcedPlayReason, { description: 'The rule that forces it.' }) reason!: ForcedPlayReason;
}

@ObjectType('MoveRecord', { description: 'One event of the move log. Everything in it is public.' })
export class MoveRecordType {
  @Field(() => Int, { description: 'Its place in the log (1, 2, …); the game version after it.' })
  seq!: number;
  @Field(() => Int, { description: 'The seat that made it.' }) seat!: number;
  @Field(() => MoveType, { description: 'What it did.' }) type!: MoveType;
  @Field(() => String, {
    nullable: true,
    description: 'The move in notation (pass for a pass); null for resign/timeout.',
  })
  move!: string | null;
  @Field(() => String, { nullable: true, description: 'The card that moved, for plays and discards.' })
  card!: string | null;
  @Field(() => MoveSource, {
    nullable: true,
    description: 'Where the card came from, for plays and discards (a discard always comes from the hand).',
  })
  from!: MoveSource | null;
  @Field(() => Int, {
    nullable: true,
    description: 'The side pile (1, 2, …; d1 is 1) a played card came from, when from is SIDE_PILE.',
  })
  fromSidePile!: number | null;
  @Field(() => Int, { nullable: true, description: 'The centre slot a played card went to.' }) slot!:
    number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'The side pile (1, 2, …; d1 is 1) a discarded card went to.',
  })
  sidePile!: number | null;
  @Field(() => String, {
    nullable: true,
    description:
      'The rank a wild card was declared as on a side pile (*-d2=8 declares 8), in the notation’s rank letters; null otherwise.',
  })
  declaredRank!: string | null;
  @Field({ description: 'When it was recorded.' }) createdAt!: Date;
}

@InputType('GamesFilter', {
  description:
    'Which games to list; every given condition must hold. Lists of finished games (status FINISHED, result, ' +
    'finishedAfter or finishedBefore given) are ordered by end time, newest first; lists of called-off games ' +
    '(status ABORTED) by when they were called off, newest first; other lists by creation time.',
})
export class GamesFilter {
  @Field({ nullable: true, description: 'Only games the caller sits in.' }) mine?: boolean;
  @Field({
    nullable: true,
    description:
      'Only games a player the caller follows sits in: the feed of their games and results (with status FINISHED, ' +
      'newest results first).',
  })
  following?: boolean;
  @Field(() => GameStatus, { nullable: true, description: 'Only games in this status.' }) status?: GameStatus;
  @Field({ nullable: true, description: 'Only active games where it is the caller’s turn.' })
  myTurn?: boolean;
  @Field({ nullable: true, description: 'Only waiting games the caller may join.' }) open?: boolean;
  @Field(() => Preset, { nullable: true, description: 'Only this preset.' }) preset?: Preset;
  @Field(() => String, { nullable: true, description: 'Only games this player (username) sits in.' })
  player?: string;
  @Field(() => String, {
    nullable: true,
    description: 'Only games against this player (username): with `player`, or else with the caller.',
  })
  opponent?: string;
  @Field(() => Outcome, {
    nullable: true,
    description:
      'Only finished games with this outcome for `player` (or for the caller when `player` is not given).',
  })
  result?: Outcome;
  @Field({ nullable: true, description: 'Only rated (true) or only unrated (false) games.' }) rated?: boolean;
  @Field(() => Date, { nullable: true, description: 'Only games finished at or after this time.' })
  finishedAfter?: Date;
  @Field(() => Date, { nullable: true, description: 'Only games finished before this time.' })
  finishedBefore?: Date;
}

@ObjectType('Game', {
  description: 'A game. View, legal moves and history are shown as the caller may see them.',
  implements: () => [NodeType],
})
export class GameType implements NodeType {
  @Field(() => ID, { description: 'Stable id.' }) id!: string;
  @Field(() => Preset, { description: 'The preset its rules start from.' }) preset!: Preset;
  @Field(() => RuleOptionsType, { description: 'The complete rules in force.' }) options!: RuleOptionsType;
  @Field(() => GameStatus, { description: 'Where the game is in its life.' }) status!: GameStatus;
  @Field(() => Int, { description: 'Events in the log; send it as expectedVersion with a move.' })
  version!: number;
  @Field(() => Int, {
    description: 'Moves made so far (every logged event is a move, pass, resignation or timeout).',
  })
  moveCount!: number;
  @Field(() => Int, { nullable: true, description: 'The seat to move; null unless active.' }) currentSeat!:
    number | null;
  @Field(() => Int, { description: 'Number of seats.' }) seats!: number;
  @Field({ description: 'Whether the game is rated.' }) rated!: boolean;
  @Field(() => UnratedReason, {
    nullable: true,
    description: 'Why a game created rated is no longer rated; null for every other game.',
  })
  unratedReason!: UnratedReason | null;
  @Field(() => [GamePlayerType], { description: 'Players by seat.' }) players!: GamePlayerType[];
  @Field(() => Int, { nullable: true, description: 'The caller’s seat; null for a spectator.' }) mySeat!:
    number | null;
  @Field({
    description:
      'Whether the game is being played and the caller is to move (false for a spectator, and once the game is over).',
  })
  isMyTurn!: boolean;
  @Field(() => GameResultType, { nullable: true, description: 'The result, once finished.' })
  result!: GameResultType | null;
  @Field({
    description:
      'The commitment to the secret seed (a labelled SHA-256, hex; docs/fairness.md), public from the start.',
  })
  seedCommitment!: string;
  @Field(() => String, { nullable: true, description: 'The seed, revealed once the game is over.' }) seed!:
    string | null;
  @Field({ description: 'The engine rules version the game is played under.' }) rulesVersion!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'The position a custom game started from, revealed once the game is over (it holds every hand).',
  })
  startPosition!: string | null;
  @Field({
    description:
      'True when the creator fixed the seed or the start position (unrated games only): the creator may know every hand.',
  })
  dealChosen!: boolean;
  @Field({
    description:
      'True when the game was made as an invitation to one player (createGame with an opponent, rematch): only that ' +
      'player may take the free seat (joinGame answers FORBIDDEN to anyone else). False for an open game. Who is ' +
      'invited is shown to the challenger and the invited player only (challenge).',
  })
  invitation!: boolean;
  @Field({
    description:
      'True when the game was created with awaitClientSeed: once every seat is taken it stays WAITING until its ' +
      'creator gives their client seed with setClientSeed, which deals it.',
  })
  awaitClientSeed!: boolean;
  @Field(() => TimeControlType, { nullable: true, description: 'The time per move; null for no clock.' })
  timeControl!: TimeControlType | null;
  @Field(() => Date, {
    nullable: true,
    description:
      'When the current turn runs out (a timeout follows); null without a time control or unless active.',
  })
  deadline!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the current turn began; null unless active.' })
  turnStartedAt!: Date | null;
  @Field(() => AbortReason, {
    nullable: true,
    description: 'Why an ABORTED game was called off; null otherwise.',
  })
  abortReason!: AbortReason | null;
  @Field({ description: 'When it was created.' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When the deal happened.' }) startedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When it ended.' }) finishedAt!: Date | null;
}

@ObjectType('GameEdge', { description: 'A game in a list, with its cursor.' })
export class GameEdgeType {
  @Field({ description: 'Pass as `after` to continue after this game.' }) cursor!: string;
  @Field(() => GameType, { description: 'The game.' }) node!: GameType;
}

@ObjectType('GameConnection', {
  description:
    'A page of games, newest first (by end time for finished-game lists, by call-off time for called-off ones, ' +
    'else by creation).',
})
export class GameConnectionType {
  @Field(() => [GameEdgeType], { description: 'The games of this page.' }) edges!: GameEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}

@ObjectType('MakeMovePayload', {
  description:
    'What makeMove did: the move it recorded, whether this answer replays an earlier identical request, and the game.',
})
export class MakeMovePayloadType {
  @Field(() => MoveRecordType, {
    description:
      'The recorded move; its seq is the game version it made. For a replay, the move first recorded under this ' +
      'clientMoveId (its seq may be behind game.version when the game has moved on since).',
  })
  move!: MoveRecordType;
  @Field({
    description:
      'True when this clientMoveId’s move was already in the log (a retry of a request that was applied): nothing ' +
      'was written this time.',
  })
  replayed!: boolean;
  @Field(() => GameType, { description: 'The game as it is now, as the caller may see it.' })
  game!: GameType;
}

@ObjectType('MoveRecordEdge', { description: 'An event of the move log, with its cursor.' })
export class MoveRecordEdgeType {
  @Field({ description: 'Pass as `after` to continue after this event (it is its seq).' }) cursor!: string;
  @Field(() => MoveRecordType, { description: 'The event.' }) node!: MoveRecordType;
}

@ObjectType('MoveRecordConnection', { description: 'A page of a game’s move log, oldest first.' })
export class MoveRecordConnectionType {
  @Field(() => [MoveRecordEdgeType], { description: 'The events of this page.' })
  edges!: MoveRecordEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
  @Field(() => Int, {
    description: 'Events in the whole log, not only this page (the game’s version; 0 before the deal).',
  })
  totalCount!: number;
}
