/**
 * Ratings, statistics, leaderboards, rating histories and head-to-head records: thin resolvers over
 * RatingsService. All of it is public, like a chess site's profiles.
 */
import { Args, Context, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { requireReadable } from '../auth/auth.service';
import { AFTER_ARG, FIRST_ARG, pageSize } from '../graphql/page-size';
import type { RequestContext } from '../auth/viewer';
import { PresetName } from '../engine';
import { Preset } from '../games/api/game.types';
import { PlayerType } from '../players/player.types';
import { toPlayer } from '../players/players.resolver';
import { PageInfo, pageInfoOf } from '../graphql/page-info';
import {
  HeadToHeadType,
  LeaderboardConnectionType,
  PresetRatingType,
  PresetStatsType,
  RatingHistoryConnectionType,
} from './ratings.types';
import { Page, RatingsService } from './ratings.service';

@Resolver(() => PlayerType)
export class RatingsResolver {
  constructor(private readonly service: RatingsService) {}

  @ResolveField(() => [PresetRatingType], {
    description: 'Ratings per preset (a preset never played rated shows the new-player rating, provisional).',
  })
  async ratings(@Parent() player: PlayerType): Promise<PresetRatingType[]> {
    return (await this.service.ratingsOf(player.id)).map((rating) => ({
      ...rating,
      preset: rating.preset,
    }));
  }

  @ResolveField(() => [PresetStatsType], { description: 'Finished games, wins, losses, draws per preset.' })
  async stats(@Parent() player: PlayerType): Promise<PresetStatsType[]> {
    return (await this.service.statsOf(player.id)).map((stats) => ({
      ...stats,
      preset: stats.preset,
    }));
  }

  @Query(() => LeaderboardConnectionType, {
    description:
      'A preset’s leaderboard, best first: established ratings (deviation below 110) only, unless ' +
      'includeProvisional. Deleted accounts are never on it.',
  })
  async leaderboard(
    @Context() context: RequestContext,
    @Args('preset', { type: () => Preset, description: 'Which preset’s ratings.' }) preset: Preset,
    @Args('first', FIRST_ARG)
    first: number | null,
    @Args('after', AFTER_ARG)
    after: string | null,
    @Args('includeProvisional', {
      type: () => Boolean,
      defaultValue: false,
      description:
        'Also list provisional ratings (deviation 110 or more: too few rated games yet), marked ' +
        '`provisional`; ranks then count them too. A new server’s board is empty without it.',
    })
    includeProvisional: boolean,
  ): Promise<LeaderboardConnectionType> {
    requireReadable(context.viewer);
    const page = await this.service.leaderboard(preset, pageSize(first), after ?? undefined, {
      includeProvisional,
    });
    return connection(page, after, (entry) => ({ ...entry, player: toPlayer(entry.player) }));
  }

  @Query(() => RatingHistoryConnectionType, {
    description: 'A player’s rating after each rated game in a preset, newest first.',
  })
  async ratingHistory(
    @Context() context: RequestContext,
    @Args('username', { description: 'The player, any case.' }) username: string,
    @Args('preset', { type: () => Preset, description: 'Which preset.' }) preset: Preset,
    @Args('first', FIRST_ARG)
    first: number | null,
    @Args('after', AFTER_ARG)
    after: string | null,
  ): Promise<RatingHistoryConnectionType> {
    requireReadable(context.viewer);
    const page = await this.service.ratingHistory(username, preset, pageSize(first), after ?? undefined);
    return connection(page, after, (entry) => ({
      ...entry,
      ratingChange: entry.ratingAfter - entry.ratingBefore,
    }));
  }

  @Query(() => HeadToHeadType, {
    description: 'Two players’ finished games together, counted from the first player’s side.',
  })
  async headToHead(
    @Context() context: RequestContext,
    @Args('player', { description: 'The player whose side is counted (username).' }) player: string,
    @Args('opponent', { description: 'The opponent (username).' }) opponent: string,
    @Args('preset', { type: () => Preset, nullable: true, description: 'Only this preset (default: all).' })
    preset: Preset | null,
  ): Promise<HeadToHeadType> {
    requireReadable(context.viewer);
    const record = await this.service.headToHead(
      player,
      opponent,
      (preset ?? undefined) as PresetName | undefined,
    );
    return {
      ...record,
      player: toPlayer(record.player),
      opponent: toPlayer(record.opponent),
      preset: preset ?? null,
    };
  }
}

function connection<T, N>(
  page: Page<T>,
  after: string | null,
  toNode: (entry: T) => N,
): { edges: { cursor: string; node: N }[]; pageInfo: PageInfo } {
  return {
    edges: page.entries.map((entry) => ({ cursor: entry.cursor, node: toNode(entry.node) })),
    pageInfo: pageInfoOf(
      page.entries.map((entry) => entry.cursor),
      page.hasNextPage,
      after,
    ),
  };
}
