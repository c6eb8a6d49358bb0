/**
 * The GraphQL types of challenges and seeks (docs/api/challenges-and-seeks.md#challenge,
 * docs/api/challenges-and-seeks.md#seeks): views over games (src/games/domain/challenge.ts). Every type and
 * field carries a description.
 */
import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { listEnum, sameNames } from '../../graphql/list-enum';
import { PlayerType } from '../../players/player.types';
import {
  CHALLENGE_DIRECTIONS,
  CHALLENGE_STATES,
  DECLINE_REASONS,
  type ChallengeDirectionName,
  type ChallengeStateName,
  type DeclineReasonName,
} from '../domain/challenge';
import { PageInfoType } from '../../graphql/page-info';
import { GameType, Preset, RuleOptionsType, TimeControlType } from './game.types';

export const DeclineReason = listEnum(DECLINE_REASONS, sameNames(DECLINE_REASONS), {
  name: 'DeclineReason',
  description:
    'Why the invited player turned a challenge down (declineChallenge), as the challenger is told.',
  values: {
    GENERIC: { description: 'No particular reason (the default).' },
    LATER: { description: 'Not now; perhaps later.' },
    TOO_FAST: { description: 'The time control is too fast.' },
    TOO_SLOW: { description: 'The time control is too slow.' },
    TIME_CONTROL: { description: 'Not this time control (or not without a clock).' },
    RATED: { description: 'Only as a rated game.' },
    CASUAL: { description: 'Only as an unrated game.' },
    PRESET: { description: 'Not this rule set.' },
    NO_BOT: { description: 'No games against bot accounts.' },
    ONLY_BOT: { description: 'A bot account that plays other bots only.' },
  },
});
export type DeclineReason = DeclineReasonName;

export const ChallengeState = listEnum(CHALLENGE_STATES, sameNames(CHALLENGE_STATES), {
  name: 'ChallengeState',
  description: 'Where a challenge stands, from its game (status and abortReason).',
  values: {
    PENDING: { description: 'Waiting for the invited player: joinGame accepts, declineChallenge declines.' },
    ACCEPTED: {
      description: 'The invited player joined and the game was dealt; the game goes on as any other.',
    },
    DECLINED: {
      description: 'The invited player turned it down (declineReason says why); its game is ABORTED.',
    },
    CANCELED: {
      description:
        'Called off before an answer: by the challenger (cancelChallenge or abortGame), or by the server ' +
        '(abortReason DEAL_EXPOSED); its game is ABORTED.',
    },
  },
});
export type ChallengeState = ChallengeStateName;

export const ChallengeDirection = listEnum(CHALLENGE_DIRECTIONS, sameNames(CHALLENGE_DIRECTIONS), {
  name: 'ChallengeDirection',
  description: 'Which side of a challenge the caller is on.',
  values: {
    INCOMING: { description: 'Challenges sent to the caller.' },
    OUTGOING: { description: 'Challenges the caller sent.' },
  },
});
export type ChallengeDirection = ChallengeDirectionName;

@ObjectType('Challenge', {
  description:
    'An invitation to one player: a two-seat game created with an opponent (createGame, rematch). Its id is the ' +
    'game’s; only its challenger and its invited player see it.',
})
export class ChallengeType {
  @Field(() => ID, { description: 'The id of its game (joinGame with it accepts).' }) id!: string;
  @Field(() => PlayerType, { description: 'Who sent it (seat 0 of the game).' }) challenger!: PlayerType;
  @Field(() => PlayerType, { description: 'The one player who may accept it.' }) invited!: PlayerType;
  @Field(() => Preset, { description: 'The preset its rules start from.' }) preset!: Preset;
  @Field(() => RuleOptionsType, { description: 'The complete rules of the game offered.' })
  options!: RuleOptionsType;
  @Field(() => TimeControlType, { nullable: true, description: 'The time per move; null for no clock.' })
  timeControl!: TimeControlType | null;
  @Field({ description: 'Whether the game offered is rated.' }) rated!: boolean;
  @Field(() => ChallengeState, { description: 'Where it stands.' }) state!: ChallengeState;
  @Field(() => DeclineReason, {
    nullable: true,
    description:
      'Why it was declined (GENERIC for a decline that gave none, or made before reasons were kept); null unless DECLINED.',
  })
  declineReason!: DeclineReason | null;
  @Field({ description: 'When it was sent.' }) createdAt!: Date;
  @Field(() => Date, {
    nullable: true,
    description: 'When it stopped being pending: the deal (accepted), or the call-off; null while PENDING.',
  })
  closedAt!: Date | null;
  @Field(() => GameType, { description: 'Its game, as the caller may see it.' }) game!: GameType;
}

@ObjectType('ChallengeEdge', { description: 'A challenge in a list, with its cursor.' })
export class ChallengeEdgeType {
  @Field({ description: 'Pass as `after` to continue after this challenge.' }) cursor!: string;
  @Field(() => ChallengeType, { description: 'The challenge.' }) node!: ChallengeType;
}

@ObjectType('ChallengeConnection', { description: 'A page of challenges, newest first.' })
export class ChallengeConnectionType {
  @Field(() => [ChallengeEdgeType], { description: 'The challenges of this page.' })
  edges!: ChallengeEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}

@ObjectType('Seek', {
  description:
    'An open seek: a waiting two-seat game open to anyone, with its preset’s default rules and no chosen deal — ' +
    'what seekGame matches. Its id is the game’s; joinGame or seekGame with the same kind takes the other seat.',
})
export class SeekType {
  @Field(() => ID, { description: 'The id of its game.' }) id!: string;
  @Field(() => PlayerType, { description: 'Who opened it (seat 0 of the game).' }) seeker!: PlayerType;
  @Field(() => Preset, { description: 'The preset, with its default rules.' }) preset!: Preset;
  @Field(() => TimeControlType, { nullable: true, description: 'The time per move; null for no clock.' })
  timeControl!: TimeControlType | null;
  @Field({ description: 'Whether the game is rated.' }) rated!: boolean;
  @Field({ description: 'When it was opened.' }) createdAt!: Date;
  @Field(() => RatingRangeType, {
    nullable: true,
    description: 'The ratings of the opponents it accepts (docs/social.md#seeks-by-rating); null: anyone.',
  })
  ratingRange!: RatingRangeType | null;
  @Field(() => GameType, { description: 'Its game, as the caller may see it.' }) game!: GameType;
}

@ObjectType('RatingRange', { description: 'Ratings from `min` to `max`, both included.' })
export class RatingRangeType {
  @Field(() => Int, { description: 'The lowest.' }) min!: number;
  @Field(() => Int, { description: 'The highest.' }) max!: number;
}

@ObjectType('SeekEdge', { description: 'A seek in a list, with its cursor.' })
export class SeekEdgeType {
  @Field({ description: 'Pass as `after` to continue after this seek.' }) cursor!: string;
  @Field(() => SeekType, { description: 'The seek.' }) node!: SeekType;
}

@ObjectType('SeekConnection', { description: 'A page of open seeks, newest first.' })
export class SeekConnectionType {
  @Field(() => [SeekEdgeType], { description: 'The seeks of this page.' }) edges!: SeekEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}
