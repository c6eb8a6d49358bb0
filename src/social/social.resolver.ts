/**
 * Follows and blocks over GraphQL (docs/social.md). Each list is yours only: nobody else learns whom you follow
 * or block; a player's page shows you only how you two stand (`Player.relation`).
 */
import { Args, Context, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { requirePlayer, requireSession } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { PlayerType } from '../players/player.types';
import { toPlayer } from '../players/players.resolver';
import { MAX_FOLLOWS } from './social-policy';
import type { RelationList } from './social.repository';
import { SocialService } from './social.service';
import { PlayerRelationType } from './social.types';

const USERNAME = { description: 'The player’s username (any case).' } as const;

@Resolver(() => PlayerType)
export class SocialResolver {
  constructor(private readonly social: SocialService) {}

  @Mutation(() => PlayerType, {
    description:
      'Follow a player: their games and results come into your feed; following each other makes you friends. ' +
      `At most ${MAX_FOLLOWS}. BLOCKED when either of you blocks the other. Needs GAME_PLAY.`,
  })
  async followPlayer(
    @Context() context: RequestContext,
    @Args('username', USERNAME) username: string,
  ): Promise<PlayerType> {
    return toPlayer(await this.social.follow(requirePlayer(context.viewer, 'game:play').id, username));
  }

  @Mutation(() => Boolean, {
    description: 'Stop following a player; false when you did not. Needs GAME_PLAY.',
  })
  async unfollowPlayer(
    @Context() context: RequestContext,
    @Args('username', USERNAME) username: string,
  ): Promise<boolean> {
    return this.social.unfollow(requirePlayer(context.viewer, 'game:play').id, username);
  }

  @Mutation(() => PlayerType, {
    description:
      'Block a player: from now on neither of you may invite the other, join the other’s waiting games or be ' +
      'matched with the other by a seek (BLOCKED), and the follows between you end. Games already being played go ' +
      `on. They are not told. At most ${MAX_FOLLOWS}; not the built-in bots. Needs GAME_PLAY.`,
  })
  async blockPlayer(
    @Context() context: RequestContext,
    @Args('username', USERNAME) username: string,
  ): Promise<PlayerType> {
    return toPlayer(await this.social.block(requirePlayer(context.viewer, 'game:play').id, username));
  }

  @Mutation(() => Boolean, {
    description: 'Unblock a player; false when you did not block them. Needs GAME_PLAY.',
  })
  async unblockPlayer(
    @Context() context: RequestContext,
    @Args('username', USERNAME) username: string,
  ): Promise<boolean> {
    return this.social.unblock(requirePlayer(context.viewer, 'game:play').id, username);
  }

  @Query(() => [PlayerType], { description: `The players you follow, by name (at most ${MAX_FOLLOWS}).` })
  following(@Context() context: RequestContext): Promise<PlayerType[]> {
    return this.list(context, 'following');
  }

  @Query(() => [PlayerType], {
    description: `The players who follow you, by name (the first ${MAX_FOLLOWS}).`,
  })
  followers(@Context() context: RequestContext): Promise<PlayerType[]> {
    return this.list(context, 'followers');
  }

  @Query(() => [PlayerType], { description: 'Your friends: the players you follow who follow you, by name.' })
  friends(@Context() context: RequestContext): Promise<PlayerType[]> {
    return this.list(context, 'friends');
  }

  @Query(() => [PlayerType], { description: 'The players you block, by name. Only you see this list.' })
  blockedPlayers(@Context() context: RequestContext): Promise<PlayerType[]> {
    return this.list(context, 'blocked');
  }

  @ResolveField(() => Boolean, {
    nullable: true,
    description:
      'Online now: the player has a page of the web client (or another client following myEvents) open, or had ' +
      'within the last minute or two. Null when they hide it (setPresenceHidden), and for the built-in bots.',
  })
  async online(@Parent() player: PlayerType, @Context() context: RequestContext): Promise<boolean | null> {
    context.work.charge();
    return player.deleted ? null : this.social.online(player.id);
  }

  @Query(() => Boolean, { description: 'Whether you hide that you are online (setPresenceHidden).' })
  presenceHidden(@Context() context: RequestContext): Promise<boolean> {
    return this.social.presenceHidden(requirePlayer(context.viewer, 'game:read').id);
  }

  @Mutation(() => Boolean, {
    description:
      'Hide (true) or show (false) whether you are online: Player.online is null for you while hidden.',
  })
  setPresenceHidden(
    @Context() context: RequestContext,
    @Args('hidden', { description: 'True to hide it.' }) hidden: boolean,
  ): Promise<boolean> {
    return this.social.hidePresence(requireSession(context, 'presence is hidden').id, hidden);
  }

  @ResolveField(() => PlayerRelationType, {
    nullable: true,
    description: 'How you stand with this player: null signed out, and on your own player.',
  })
  async relation(
    @Parent() player: PlayerType,
    @Context() context: RequestContext,
  ): Promise<PlayerRelationType | null> {
    const me = context.viewer.player;
    if (me === null || me.id === player.id) return null;
    context.work.charge();
    const standing = await this.social.standing(me.id, player.id);
    return {
      following: standing.follows,
      followsYou: standing.followedBy,
      friends: standing.follows && standing.followedBy,
      blocking: standing.blocks,
    };
  }

  private async list(context: RequestContext, list: RelationList): Promise<PlayerType[]> {
    const me = requirePlayer(context.viewer, 'game:read');
    return (await this.social.list(me.id, list)).map(toPlayer);
  }
}
