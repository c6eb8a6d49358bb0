/**
 * Reading a player's events and dashboard counts (src/notifications/player-events.repository.ts reads them; the
 * events themselves are written with the change they report: src/notifications/sql/notification-writes.ts).
 */
import { Injectable } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { Clock } from '../clock/clock';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { Dashboard, PlayerEventsRepository, StoredPlayerEvent } from './player-events.repository';

/** The notification centre: the latest events, the read mark, how many are unread. */
export interface NotificationCentre {
  readonly events: StoredPlayerEvent[];
  readonly readUpTo: string | null;
  readonly unread: number;
}

@Injectable()
export class PlayerEventsService {
  constructor(
    private readonly events: PlayerEventsRepository,
    private readonly settings: NotificationSettingsRepository,
    private readonly clock: Clock,
  ) {}

  /** The latest `first` events, newest first, with the read mark and the unread count. */
  async centre(playerId: string, first: number): Promise<NotificationCentre> {
    const [events, readUpTo, dashboard] = await Promise.all([
      this.events.recent(playerId, first),
      this.settings.readUpTo(playerId),
      this.events.dashboard(playerId),
    ]);
    return { events, readUpTo: readUpTo === 0n ? null : readUpTo.toString(), unread: dashboard.unreadEvents };
  }

  /** Marks the player's events up to `upTo` (an event id) read; the centre after it. */
  async markRead(playerId: string, upTo: string, first: number): Promise<NotificationCentre> {
    if (!/^\d{1,18}$/.test(upTo))
      throw new ApiError('BAD_USER_INPUT', 'upTo: an event id', { field: 'upTo' });
    await this.settings.markRead(playerId, BigInt(upTo), this.clock.now());
    return this.centre(playerId, first);
  }

  /** The player's events after `after` (an event id), oldest first: what a client missed while away. */
  async list(playerId: string, after: string | undefined, first: number): Promise<StoredPlayerEvent[]> {
    if (after !== undefined && !/^\d{1,18}$/.test(after)) {
      throw new ApiError('BAD_USER_INPUT', 'after: an event id', { field: 'after' });
    }
    return this.events.list(playerId, after === undefined ? null : BigInt(after), first);
  }

  /** Where the player's running games stand: the latest event of each, oldest first. */
  async running(playerId: string): Promise<StoredPlayerEvent[]> {
    return (await this.events.running(playerId)).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  async dashboard(playerId: string): Promise<Dashboard> {
    return this.events.dashboard(playerId);
  }
}
