import { Global, Module } from '@nestjs/common';
import { TokenChanges } from '../auth/token-changes';
import { EventBus } from './event-bus';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { NotificationSettingsResolver } from './notification-settings.resolver';
import { PlayerEventsRepository } from './player-events.repository';
import { PlayerEventsResolver } from './player-events.resolver';
import { PlayerEventsService } from './player-events.service';

/**
 * The event bus, available everywhere (games, bots, webhooks); the repository of `player_events` too (the
 * retention pass removes old events through it), and the players' notification settings (the mail module reads
 * and changes them: a one-click unsubscribe). The bus is also how auth hears of token changes on other copies
 * (TokenChanges, owned by src/auth/token-changes.ts, which sits below this module).
 */
@Global()
@Module({
  providers: [
    EventBus,
    PlayerEventsRepository,
    NotificationSettingsRepository,
    { provide: TokenChanges, useExisting: EventBus },
  ],
  exports: [EventBus, PlayerEventsRepository, NotificationSettingsRepository, TokenChanges],
})
export class NotificationsModule {}

/**
 * The GraphQL side of player events and of a player's notification settings. An event's `game` field is the games
 * module's to resolve (src/games/api/player-event-game.resolver.ts): the games module sits above this one.
 */
@Module({
  providers: [PlayerEventsService, PlayerEventsResolver, NotificationSettingsResolver],
  exports: [PlayerEventsService],
})
export class PlayerEventsModule {}
