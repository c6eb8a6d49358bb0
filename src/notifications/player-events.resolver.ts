/**
 * A player's own events: pushed live by `myEvents` (graphql-ws; each subscriber gets only their own, with the game
 * as they may see it: src/games/api/player-event-game.resolver.ts), listed by `playerEvents` for catching up, and
 * the `dashboard` counts (docs/correspondence.md).
 */
import { Args, Context, ID, Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { requirePlayer } from '../auth/auth.service';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSize } from '../graphql/page-size';
import type { RequestContext } from '../auth/viewer';
import { ApiError } from '../errors/api-error';
import { EventBus, PlayerEventMessage } from './event-bus';
import { pageInfoOf } from '../graphql/page-info';
import {
  DashboardType,
  NotificationCentreType,
  PlayerEventConnectionType,
  PlayerEventType,
} from './player-events.types';
import { NotificationCentre, PlayerEventsService } from './player-events.service';

@Resolver(() => PlayerEventType)
export class PlayerEventsResolver {
  constructor(
    private readonly events: EventBus,
    private readonly service: PlayerEventsService,
  ) {}

  @Subscription(() => PlayerEventType, {
    description:
      'Your events as they happen: your turn, a game started or over, a challenge received, a reminder. Over graphql-ws.',
    resolve: (payload: PlayerEventMessage | undefined): PlayerEventType => {
      if (payload === undefined) {
        throw new ApiError(
          'BAD_USER_INPUT',
          'subscriptions are served over graphql-ws: open a WebSocket on the /graphql path',
        );
      }
      return {
        id: payload.id,
        kind: payload.kind,
        gameId: payload.gameId,
        createdAt: new Date(payload.createdAt),
      };
    },
  })
  async myEvents(
    @Context() context: RequestContext,
    @Args('after', {
      type: () => ID,
      nullable: true,
      description:
        'The id of the last event you saw (as playerEvents gives it): the events stored since then come first, then ' +
        'the live ones, with nothing lost between. Without it, only what happens from now on. More than 1000 ' +
        'since then is BAD_USER_INPUT: page through playerEvents first.',
    })
    after: string | null,
  ): Promise<AsyncIterableIterator<PlayerEventMessage>> {
    const player = requirePlayer(context.viewer, 'game:read');
    if (after !== null && after !== undefined && !/^\d{1,18}$/.test(after)) {
      throw new ApiError('BAD_USER_INPUT', 'after: an event id', { field: 'after' });
    }
    return this.events.subscribePlayer(player.id, after ?? null);
  }

  @Query(() => PlayerEventConnectionType, {
    description:
      'Your events after the given cursor (an event id), oldest first, with cursor pagination (to catch up after being away).',
  })
  async playerEvents(
    @Context() context: RequestContext,
    @Args('after', {
      type: () => String,
      nullable: true,
      description: 'The endCursor of the previous page, or the last event id you have seen.',
    })
    after: string | null,
    @Args('first', {
      type: () => Int,
      nullable: true,
      description: `How many, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
    })
    first: number | null,
  ): Promise<PlayerEventConnectionType> {
    const player = requirePlayer(context.viewer, 'game:read');
    const size = pageSize(first);
    // One more than the page says whether another follows.
    const events = await this.service.list(player.id, after ?? undefined, size + 1);
    const page = events.slice(0, size);
    return {
      edges: page.map((event) => ({ cursor: event.id, node: { ...event } })),
      pageInfo: pageInfoOf(
        page.map((event) => event.id),
        events.length > size,
        after,
      ),
    };
  }

  @Query(() => DashboardType, {
    description: 'Counts for your start page: your turns, waiting games, invitations.',
  })
  async dashboard(@Context() context: RequestContext): Promise<DashboardType> {
    return this.service.dashboard(requirePlayer(context.viewer, 'game:read').id);
  }

  @Query(() => NotificationCentreType, {
    description: 'Your notification centre: your latest events, newest first, and how many are unread.',
  })
  async notificationCentre(
    @Context() context: RequestContext,
    @Args('first', {
      type: () => Int,
      nullable: true,
      description: `How many events, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
    })
    first: number | null,
  ): Promise<NotificationCentreType> {
    const player = requirePlayer(context.viewer, 'game:read');
    return toCentre(await this.service.centre(player.id, pageSize(first)));
  }

  @Mutation(() => NotificationCentreType, {
    description:
      'Mark your events up to this one read (a mark never moves back); the notification centre after it.',
  })
  async markEventsRead(
    @Context() context: RequestContext,
    @Args('upTo', { type: () => ID, description: 'An event id: it and every earlier event are read.' })
    upTo: string,
    @Args('first', { type: () => Int, nullable: true, description: 'How many events the answer lists.' })
    first: number | null,
  ): Promise<NotificationCentreType> {
    const player = requirePlayer(context.viewer, 'game:read');
    return toCentre(await this.service.markRead(player.id, upTo, pageSize(first)));
  }
}

function toCentre(centre: NotificationCentre): NotificationCentreType {
  return {
    events: centre.events.map((event) => ({ ...event })),
    readUpTo: centre.readUpTo,
    unread: centre.unread,
  };
}
