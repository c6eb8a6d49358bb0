/**
 * The GraphQL types of ratings, statistics, leaderboards and head-to-head records
 * (docs/api/ratings-and-history.md#ratings).
 */
import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { Outcome, Preset } from '../games/api/game.types';
import { PageInfoType } from '../graphql/page-info';
import { PlayerType } from '../players/player.types';

@ObjectType('PresetRating', {
  description:
    'A Glicko-2 rating in one preset (Lichess constants: new players 1500, deviation 500, volatility 0.09, τ 0.75).',
})
export class PresetRatingType {
  @Field(() => Preset, { description: 'The preset it rates.' }) preset!: Preset;
  @Field(() => Float, { description: 'The rating (round it for display).' }) rating!: number;
  @Field(() => Float, { description: 'Its deviation: how uncertain the rating is, 45–500.' })
  deviation!: number;
  @Field(() => Float, { description: 'Its volatility: how erratic the player’s results are.' })
  volatility!: number;
  @Field({ description: 'True while the deviation is 110 or more: not yet on the leaderboard.' })
  provisional!: boolean;
  @Field(() => Int, { description: 'Rated games played in this preset.' }) games!: number;
}

@ObjectType('PresetStats', { description: 'A player’s finished games in one preset, rated or not.' })
export class PresetStatsType {
  @Field(() => Preset, { description: 'The preset.' }) preset!: Preset;
  @Field(() => Int, { description: 'Finished games.' }) games!: number;
  @Field(() => Int, { description: 'Games won.' }) wins!: number;
  @Field(() => Int, { description: 'Games lost.' }) losses!: number;
  @Field(() => Int, { description: 'Games drawn.' }) draws!: number;
  @Field(() => Float, {
    description:
      'Average score per finished game (the winner’s score when they won, else 0); 0 with no games.',
  })
  averageScore!: number;
}

@ObjectType('RatingHistoryEntry', { description: 'One rated game’s effect on a player’s rating.' })
export class RatingHistoryEntryType {
  @Field(() => ID, { description: 'The game.' }) gameId!: string;
  @Field({ description: 'When the game ended.' }) finishedAt!: Date;
  @Field(() => Outcome, { description: 'How it went for the player.' }) outcome!: Outcome;
  @Field(() => Float, { description: 'Rating before the game.' }) ratingBefore!: number;
  @Field(() => Float, { description: 'Rating after the game.' }) ratingAfter!: number;
  @Field(() => Float, { description: 'ratingAfter − ratingBefore.' }) ratingChange!: number;
  @Field(() => Float, { description: 'Deviation before the game.' }) deviationBefore!: number;
  @Field(() => Float, { description: 'Deviation after the game.' }) deviationAfter!: number;
}

@ObjectType('RatingHistoryEdge', { description: 'A rating history entry with its cursor.' })
export class RatingHistoryEdgeType {
  @Field({ description: 'Pass as `after` to continue after this entry.' }) cursor!: string;
  @Field(() => RatingHistoryEntryType, { description: 'The entry.' }) node!: RatingHistoryEntryType;
}

@ObjectType('RatingHistoryConnection', { description: 'A page of a player’s rating history, newest first.' })
export class RatingHistoryConnectionType {
  @Field(() => [RatingHistoryEdgeType], { description: 'The entries of this page.' })
  edges!: RatingHistoryEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}

@ObjectType('LeaderboardEntry', { description: 'A player on a preset’s leaderboard.' })
export class LeaderboardEntryType {
  @Field(() => Int, { description: 'Position, 1 = best (equal ratings are ordered by player id).' })
  rank!: number;
  @Field(() => PlayerType, { description: 'The player.' }) player!: PlayerType;
  @Field(() => Float, { description: 'Their rating.' }) rating!: number;
  @Field(() => Float, { description: 'Its deviation (below 110: established).' }) deviation!: number;
  @Field(() => Int, { description: 'Rated games played in the preset.' }) games!: number;
  @Field({
    description:
      'True while the deviation is 110 or more (listed only with includeProvisional): the rating is still uncertain.',
  })
  provisional!: boolean;
}

@ObjectType('LeaderboardEdge', { description: 'A leaderboard entry with its cursor.' })
export class LeaderboardEdgeType {
  @Field({ description: 'Pass as `after` to continue after this entry.' }) cursor!: string;
  @Field(() => LeaderboardEntryType, { description: 'The entry.' }) node!: LeaderboardEntryType;
}

@ObjectType('LeaderboardConnection', {
  description:
    'A page of a preset’s leaderboard, best first: established ratings, provisional ones if asked.',
})
export class LeaderboardConnectionType {
  @Field(() => [LeaderboardEdgeType], { description: 'The entries of this page.' })
  edges!: LeaderboardEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}

@ObjectType('HeadToHead', {
  description:
    'Two players’ finished games together, from the first player’s side: a win when they placed better than the opponent.',
})
export class HeadToHeadType {
  @Field(() => PlayerType, { description: 'The player whose side is counted.' }) player!: PlayerType;
  @Field(() => PlayerType, { description: 'The opponent.' }) opponent!: PlayerType;
  @Field(() => Preset, { nullable: true, description: 'The preset counted; null for all.' })
  preset!: Preset | null;
  @Field(() => Int, { description: 'Finished games they both played.' }) games!: number;
  @Field(() => Int, { description: 'Games the player placed better in.' }) wins!: number;
  @Field(() => Int, { description: 'Games the opponent placed better in.' }) losses!: number;
  @Field(() => Int, { description: 'Games they placed level in.' }) draws!: number;
}
