/**
 * Reading a player's events and dashboard counts (src/notifications/player-events.repository.ts reads them; the
 * events themselves are written with the change they report: src/notifications/sql/notification-writes.ts).
 */
import { Injectable } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { Dashboard, PlayerEventsRepository, StoredPlayerEvent } from './player-events.repository';

@Injectable()
export class PlayerEventsService {
  constructor(private readonly events: PlayerEventsRepository) {}

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
