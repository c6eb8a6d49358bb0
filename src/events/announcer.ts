/**
 * Publishes what a committed change announces (src/events/announcements.ts) through the event transport, once the
 * change's transaction has committed: the repositories that write changes call it right after the commit, with
 * what their statements answered (who watches what, what was queued). Publishing never fails the change — it is
 * done — so a failure is logged, and listeners catch up from the database (at-most-once delivery,
 * docs/scaling.md#pushes-between-copies).
 */
import { Injectable, Logger } from '@nestjs/common';
import { describeFailure } from '../db/connection-errors';
import { type Announcement, announcement } from './announcements';
import { EventTransport } from './transport';

@Injectable()
export class Announcer {
  private readonly logger = new Logger(Announcer.name);
  private readonly tokenListeners = new Set<(playerId: string) => void>();

  constructor(private readonly transport: EventTransport) {}

  /** Hands on the announcements of a committed change; resolves once handed on (or given up: never rejects). */
  async publish(announcements: readonly Announcement[]): Promise<void> {
    if (announcements.length === 0) return;
    try {
      await this.transport.publish(announcements);
    } catch (error) {
      this.logger.warn(
        `${announcements.length} announcement(s) not published (${describeFailure(error)}): listeners catch up ` +
          'from the database',
      );
    }
  }

  /**
   * A player's tokens changed (committed): every copy drops its cached lookups and checks its open sockets. This
   * copy's own listeners hear it first, before it is published, so that the answer to the request that made the
   * change goes out only once this copy refuses a revoked token (the announcement reaches it again a moment later,
   * with everyone else's).
   */
  tokensChanged(...playerIds: readonly string[]): Promise<void> {
    for (const id of playerIds) for (const listener of this.tokenListeners) listener(id);
    return this.publish(playerIds.map((id) => announcement('tokens', id)));
  }

  /** Hears the token changes this copy announces, as they are announced; returns the unsubscribe. */
  onTokensChangedHere(listener: (playerId: string) => void): () => void {
    this.tokenListeners.add(listener);
    return () => this.tokenListeners.delete(listener);
  }
}
