/**
 * Pushes within and between app copies (docs/correspondence.md#pushes, docs/scaling.md#pushes-between-copies). Every
 * change that matters is announced after it commits by the copy that made it (src/events/announcer.ts: a game
 * changed, a player event was written, a chat message, a player's tokens changed, deliveries queued), through the
 * event transport (src/events/transport.ts: Postgres's LISTEN/NOTIFY by default, or a NATS broker); this bus hears
 * every announcement and hands it to this copy's subscribers. So a move made through any copy reaches subscribers on
 * every copy, and nothing is announced for a change that rolled back. There is one path: the copy that made a
 * change hears of it the same way as the others.
 *
 * Game changes and player events are announced only when some copy listens for them (src/notifications/watch-registry.ts):
 * subscribing stores a watch first, and returns once every change committing from then on will be announced.
 *
 * An announcement published while the transport's connection is down reaches nobody (docs/operations.md#outages),
 * and delivery is at most once. So when the transport says it is back, before the bus counts as listening again, it
 * stores every live watch again (a row lost or expired meanwhile means no announcements), pushes every live
 * `gameUpdated` subscription the game as it is now, hands every `myEvents` subscription the events it missed from
 * `player_events` (src/notifications/player-feed.ts), wakes the delivery workers, and has every open socket's token
 * checked again (a revocation has no log to catch up from).
 */
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PubSub } from 'graphql-subscriptions';
import { startingNow, withRelease } from '../common/async-iterators';
import { Pool } from 'pg';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { TokenChanges } from '../auth/token-changes';
import { observedPool } from '../db/connections';
import { ApiError } from '../errors/api-error';
import { describeFailure } from '../db/connection-errors';
import type { AnnouncementKind } from '../events/announcements';
import { EventTransport, type TransportListener } from '../events/transport';
import { CATCH_UP_PAGE, EventBusRepository } from './event-bus.repository';

/** The most stored events a `myEvents(after:)` subscription catches up with before it goes live. */
export const SUBSCRIBE_CATCH_UP_MAX = 1_000;
import { DELIVERY_CHANNELS, type DeliveryChannel } from './delivery-channels';
import { PlayerFeed } from './player-feed';
import { WatchKind, WatchRegistry } from './watch-registry';

/** What a game change publishes: only the id. Each subscriber's payload is built from their own view. */
export interface GameChanged {
  readonly gameId: string;
}

export type { PlayerEventKind } from './player-event-kinds';
import type { PlayerEventKind } from './player-event-kinds';

/** A row of player_events, as announced. */
export interface PlayerEventMessage {
  readonly id: string;
  readonly playerId: string;
  readonly kind: PlayerEventKind;
  readonly gameId: string | null;
  readonly createdAt: string;
}

/**
 * A chat message written or hidden in a game's room, as announced (src/chat/chat.repository.ts announces it after
 * the statement that writes it commits, when some copy watches the game). Each subscriber's payload is built from
 * the stored message and what they may see.
 */
export interface ChatAnnounced {
  readonly gameId: string;
  readonly messageId: string;
}

type Topics = Record<string, GameChanged | ChatAnnounced>;

@Injectable()
export class EventBus implements TokenChanges, TransportListener, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EventBus.name);
  private readonly pubsub = new PubSub<Topics>();
  private readonly playerListeners = new Set<(event: PlayerEventMessage) => void>();
  /** Per delivery channel: its workers on this copy, woken when deliveries were queued (no payload). */
  private readonly queuedListeners = new Map<DeliveryChannel, Set<() => void>>(
    DELIVERY_CHANNELS.map((channel) => [channel, new Set()]),
  );
  private readonly tokenListeners = new Set<(playerId: string) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  /** The live `myEvents` subscriptions of this copy, by player. */
  private readonly feeds = new Map<string, Set<PlayerFeed>>();
  /** Watches are stored over their own small pool: they outlive no module, and stay off the move path's pool. */
  private readonly pool: Pool;
  private readonly statements: EventBusRepository;
  private readonly watches: WatchRegistry;
  /** Listening, with everything missed while it was not handed out. */
  private live = false;
  private stopping = false;
  /** Counts the transport's losses: a catch-up that sees it change was overtaken by a new loss. */
  private losses = 0;
  /** When the transport's connection was lost (null while listening), for the log line when it is back. */
  private lostAt: number | null = null;
  /** Games whose push could not be built (the database failed meanwhile): pushed again soon. */
  private readonly refreshes = new Set<string>();
  private refreshTimer: NodeJS.Timeout | null = null;
  private stopWatchingUp: (() => void) | null = null;

  constructor(
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
    private readonly availability: DatabaseAvailability,
    private readonly transport: EventTransport,
  ) {
    this.pool = observedPool(config, 2, (error) => availability.observe(error));
    this.statements = new EventBusRepository(this.pool);
    this.watches = new WatchRegistry(this.pool);
  }

  async onModuleInit(): Promise<void> {
    await this.transport.start(this);
    this.live = true;
    this.availability.setListening(true);
    this.watches.start((error) => this.logger.warn(`watch housekeeping failed: ${describeFailure(error)}`));
    this.stopWatchingUp = this.availability.whenUp(() => void this.afterDatabaseOutage());
  }

  /**
   * The database answers again after it was away. A change may have committed meanwhile without its announcement:
   * its writer gave up waiting for the commit's answer (a stalled database), or could not publish after it. The
   * transport's connection may have stayed up all along, so nothing else would catch the subscribers up: every
   * followed game is pushed as it is, every feed gets what was stored after its cursor, the delivery workers look,
   * and open sockets' tokens are checked again.
   */
  private async afterDatabaseOutage(): Promise<void> {
    // Not listening: the transport's own recovery (`back`) does all this once it is.
    if (!this.live || this.stopping) return;
    const feeds = this.allFeeds().filter((feed) => feed.cursor !== null && !feed.holdingBack);
    for (const feed of feeds) feed.hold();
    try {
      const missed = await this.catchUp(this.losses);
      if (missed.events > 0)
        this.logger.warn(`after the database outage, ${missed.events} missed event(s) delivered`);
    } catch (error) {
      this.logger.warn(`catching up after the database outage failed: ${describeFailure(error)}`);
    } finally {
      // Whatever could not be read stays missed; the feeds go on live rather than wait for ever.
      for (const feed of feeds) if (feed.holdingBack && this.live) feed.release([]);
    }
    for (const listener of this.reconnectListeners) listener();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.stopWatchingUp?.();
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    await this.watches
      .close()
      .catch((error: unknown) => this.logger.warn(`watches not removed: ${describeFailure(error)}`));
    await this.pool.end().catch(() => undefined);
    await this.transport.stop();
  }

  /** Changes of one game from now on, preceded by one for the game as it is now. */
  async subscribeGame(gameId: string): Promise<AsyncIterableIterator<GameChanged>> {
    const release = await this.watches.watch('game', gameId);
    const changes = this.pubsub.asyncIterableIterator<GameChanged>(gameTopic(gameId));
    return withRelease(startingNow({ gameId }, changes as AsyncIterableIterator<GameChanged>), release);
  }

  /**
   * The chat messages of one game written (or hidden) from now on, in every room: the subscriber filters what its
   * viewer may see. Messages announced while the LISTEN connection was down are not repeated: a client reads the
   * room again (`gameChat`) after a reconnection, as the web client does.
   */
  async subscribeChat(gameId: string): Promise<AsyncIterableIterator<ChatAnnounced>> {
    const release = await this.watches.watch('game', gameId);
    const messages = this.pubsub.asyncIterableIterator<ChatAnnounced>(chatTopic(gameId));
    return withRelease(messages as AsyncIterableIterator<ChatAnnounced>, release);
  }

  /**
   * A player's events from now on — or, given `after` (an event id the client saw last), from after it: those
   * stored since then first, then the live ones, with no gap between the two — and after a lost LISTEN connection
   * those missed meanwhile, each once, oldest first. More than SUBSCRIBE_CATCH_UP_MAX stored since `after` is
   * refused (BAD_USER_INPUT): a client that far behind pages through `playerEvents` first.
   */
  async subscribePlayer(
    playerId: string,
    after: string | null = null,
  ): Promise<AsyncIterableIterator<PlayerEventMessage>> {
    let release = (): void => undefined;
    const feed = new PlayerFeed(playerId, () => {
      this.removeFeed(feed);
      release();
    });
    // Registered (holding back) before the watch, so that nothing announced from here on is missed.
    const feeds = this.feeds.get(playerId) ?? new Set<PlayerFeed>();
    this.feeds.set(playerId, feeds.add(feed));
    try {
      release = await this.watches.watch('player', playerId);
      feed.startAfter(after ?? (await this.statements.latestEventId(playerId)));
      // Read once the feed holds back what is announced from now on: nothing falls between the two.
      const missed =
        after === null || !this.live ? [] : await this.eventsAfter(playerId, after, SUBSCRIBE_CATCH_UP_MAX);
      if (missed.length > SUBSCRIBE_CATCH_UP_MAX) {
        throw new ApiError(
          'BAD_USER_INPUT',
          `more than ${SUBSCRIBE_CATCH_UP_MAX} events since after: read them with playerEvents first, then ` +
            'subscribe after the last one',
          { field: 'after' },
        );
      }
      if (feed.done) release();
      // Not listening now: the reconnection's catch-up releases it (it has a starting point now).
      else if (this.live) feed.release(missed);
    } catch (error) {
      this.removeFeed(feed);
      release();
      throw error;
    }
    return feed;
  }

  /**
   * The events of the given players from now on, for background workers (the built-in bots). Resolves once they
   * are watched; returns the unsubscribe. Events announced while the LISTEN connection was down are not repeated:
   * the workers have their own catch-up (the bots' scan).
   */
  async onPlayerEvents(
    playerIds: readonly string[],
    listener: (event: PlayerEventMessage) => void,
  ): Promise<() => void> {
    const releases = await Promise.all(playerIds.map((id) => this.watches.watch('player', id)));
    const wanted = new Set(playerIds);
    const filtered = (event: PlayerEventMessage): void => {
      if (wanted.has(event.playerId)) listener(event);
    };
    this.playerListeners.add(filtered);
    return () => {
      this.playerListeners.delete(filtered);
      for (const release of releases) release();
    };
  }

  /** The games or players someone on this copy listens for now (for tests and diagnostics). */
  watchedNow(kind: WatchKind): string[] {
    return this.watches.watching(kind);
  }

  /** How many listeners of this copy hold the watch of one game or player, once stored (for tests and diagnostics). */
  watchHolders(kind: WatchKind, id: string): Promise<number> {
    return this.watches.holders(kind, id);
  }

  /**
   * Called whenever deliveries of `channel` were queued, by any copy (the channel's worker), and after the LISTEN
   * connection is back (what was announced meanwhile reached nobody). Returns the unsubscribe.
   */
  onDeliveriesQueued(channel: DeliveryChannel, listener: () => void): () => void {
    const listeners = this.queuedListeners.get(channel)!;
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  private wakeDeliveries(channel: DeliveryChannel): void {
    for (const listener of this.queuedListeners.get(channel)!) listener();
  }

  /**
   * A push of this game could not be built (the database failed meanwhile): its subscribers are pushed the game
   * again once the database answers, so that none is left behind the game's current version.
   */
  refreshGameSoon(gameId: string): void {
    this.refreshes.add(gameId);
    if (this.refreshTimer !== null || this.stopping) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      if (!this.availability.databaseUp) {
        this.refreshGameSoon(gameId);
        return;
      }
      const games = [...this.refreshes];
      this.refreshes.clear();
      for (const id of games) this.publishGame(id);
    }, this.config.database.probeIntervalMs);
    this.refreshTimer.unref();
  }

  private removeFeed(feed: PlayerFeed): void {
    const feeds = this.feeds.get(feed.playerId);
    feeds?.delete(feed);
    if (feeds?.size === 0) this.feeds.delete(feed.playerId);
  }

  private allFeeds(): PlayerFeed[] {
    return [...this.feeds.values()].flatMap((feeds) => [...feeds]);
  }

  /** A player's tokens changed, on any app copy (TOKENS_CHANNEL); returns the unsubscribe. */
  onTokensChanged(listener: (playerId: string) => void): () => void {
    this.tokenListeners.add(listener);
    return () => this.tokenListeners.delete(listener);
  }

  /**
   * Listening again after the LISTEN connection was lost: announcements made meanwhile reached nobody, so whoever
   * depends on one (not on a feed, which catches up by itself) looks again. Returns the unsubscribe.
   */
  onReconnected(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** The transport may miss announcements from now on: feeds hold back until it is back and they caught up. */
  lost(reason: string): void {
    if (this.stopping) return;
    this.losses++;
    this.live = false;
    this.availability.setListening(false);
    for (const feed of this.allFeeds()) feed.hold();
    if (this.lostAt === null) {
      this.lostAt = Date.now();
      this.logger.warn(`${reason}: reconnecting; subscribers get what they missed once it is back`);
    }
  }

  /** The transport hears announcements again: hands out what was missed, then counts as listening. */
  async back(): Promise<void> {
    if (this.stopping) return;
    const losses = this.losses;
    try {
      // Announcements are heard from here on (and kept back by the feeds); watches stored from here on are sure.
      await this.watches.renewAll();
      const missed = await this.catchUp(losses);
      // Lost again meanwhile: what was handed out stands (the feeds' cursors say so), the rest waits for the next try.
      if (this.losses !== losses) throw new Error('the connection was lost again while catching up');
      this.live = true;
      this.availability.setListening(true);
      const seconds = this.lostAt === null ? 0 : (Date.now() - this.lostAt) / 1000;
      this.lostAt = null;
      // Token changes announced meanwhile were missed too: whoever holds tokens open checks them all again.
      for (const listener of this.reconnectListeners) listener();
      this.logger.warn(
        `${this.connectionName()} is back after ${seconds.toFixed(1)} s: ${missed.games} game subscription(s) ` +
          'pushed the game again, ' +
          `${missed.events} missed event(s) delivered`,
      );
    } catch (error) {
      for (const feed of this.allFeeds()) feed.hold();
      throw error;
    }
  }

  /** What the log calls the transport's connection. */
  private connectionName(): string {
    return this.transport.name === 'postgres' ? 'the LISTEN connection' : 'the broker connection';
  }

  /**
   * What nobody heard while the transport's connection was down: every watched game is pushed as it is now, every
   * feed gets its player's events after its cursor; feeds that got their starting point meanwhile are included.
   * Stops early if the connection is lost again meanwhile (`losses` changed).
   */
  private async catchUp(losses: number): Promise<{ games: number; events: number }> {
    const games = this.watches.watching('game');
    for (const gameId of games) this.publishGame(gameId);
    let events = 0;
    for (;;) {
      const waiting = this.allFeeds().filter((feed) => feed.holdingBack && feed.cursor !== null);
      if (waiting.length === 0 || this.losses !== losses) break;
      for (const feed of waiting) {
        const missed = await this.eventsAfter(feed.playerId, feed.cursor!);
        events += missed.length;
        feed.release(missed);
      }
    }
    for (const channel of DELIVERY_CHANNELS) this.wakeDeliveries(channel);
    return { games: games.length, events };
  }

  /** The player's events after `after`, oldest first; past `limit`, one more than it (to say there are more). */
  private async eventsAfter(
    playerId: string,
    after: string,
    limit = Number.POSITIVE_INFINITY,
  ): Promise<PlayerEventMessage[]> {
    const events: PlayerEventMessage[] = [];
    for (let cursor = after; ;) {
      const page = await this.statements.eventsAfter(playerId, cursor);
      events.push(...page);
      if (page.length < CATCH_UP_PAGE || events.length > limit) return events.slice(0, limit + 1);
      cursor = page[page.length - 1]!.id;
    }
  }

  private publishGame(gameId: string): void {
    void this.pubsub.publish(gameTopic(gameId), { gameId });
  }

  /** An announcement, from any copy (this one too). */
  message(kind: AnnouncementKind, payload: string): void {
    try {
      switch (kind) {
        case 'game':
          this.publishGame(payload);
          return;
        case 'playerEvent': {
          const event = JSON.parse(payload) as PlayerEventMessage;
          for (const feed of this.feeds.get(event.playerId) ?? []) feed.offer(event);
          for (const listener of this.playerListeners) listener(event);
          return;
        }
        case 'tokens':
          for (const listener of this.tokenListeners) listener(payload);
          return;
        case 'chat': {
          const announced = JSON.parse(payload) as ChatAnnounced;
          void this.pubsub.publish(chatTopic(announced.gameId), announced);
          return;
        }
        case 'webhooks':
        case 'push':
        case 'mail':
          this.wakeDeliveries(kind);
          return;
        default: {
          const never: never = kind;
          return never;
        }
      }
    } catch (error) {
      // Thrown here it would escape from the transport's connection handler and end the process.
      this.logger.error(`announcement of kind ${kind} not handled: ${describeFailure(error)}`);
    }
  }
}

function gameTopic(gameId: string): string {
  return `game:${gameId}`;
}

function chatTopic(gameId: string): string {
  return `chat:${gameId}`;
}
