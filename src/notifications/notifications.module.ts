import { Global, Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { EventBus } from './event-bus';
import { PlayerEventsRepository } from './player-events.repository';
import { PlayerEventsResolver } from './player-events.resolver';
import { PlayerEventsService } from './player-events.service';

/**
 * The event bus, available everywhere (games, bots, webhooks); the repository of `player_events` too (the
 * retention pass removes old events through it).
 */
@Global()
@Module({ providers: [EventBus, PlayerEventsRepository], exports: [EventBus, PlayerEventsRepository] })
export class NotificationsModule {}

/** The GraphQL side of player events (it needs the games module, which needs the bus above). */
@Module({
  imports: [GamesModule],
  providers: [PlayerEventsService, PlayerEventsResolver],
  exports: [PlayerEventsService],
})
export class PlayerEventsModule {}
