/**
 * Pushes within and between app copies (issue 5 §3). Every change that matters is announced by Postgres at
 * commit (triggers in prisma/migrations/20261129140000_correspondence: `malice_games` with a game id,
 * `malice_player_events` with a player event); each app copy LISTENs on one dedicated connection and hands the
 * announcements to its local subscribers. So a move made through any copy reaches subscribers on every copy, and
 * nothing is announced for a change that rolled back. There is one path: the copy that made a change hears of it
 * the same way as the others.
 *
 * Postgres announces only what some copy listens for (src/events/watch-registry.ts): subscribing stores a watch
 * first, and returns once every change committing from then on will be announced.
 */
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PubSub } from 'graphql-subscriptions';
import { Client, Notification, Pool } from 'pg';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { WatchRegistry } from './watch-registry';

/** What a game change publishes: only the id. Each subscriber's payload is built from their own view. */
export interface GameChanged {
  readonly gameId: string;
}

export type PlayerEventKind =
  'YOUR_TURN' | 'GAME_STARTED' | 'GAME_OVER' | 'CHALLENGE_RECEIVED' | 'REMINDER' | 'GAME_UNRATED';

/** A row of player_events, as announced. */
export interface PlayerEventMessage {
  readonly id: string;
  readonly playerId: string;
  readonly kind: PlayerEventKind;
  readonly gameId: string | null;
  readonly createdAt: string;
}

const GAMES_CHANNEL = 'malice_games';
const PLAYER_EVENTS_CHANNEL = 'malice_player_events';
/** Webhook deliveries were queued (no payload): the webhook workers look at once. */
const WEBHOOKS_CHANNEL = 'malice_webhooks';
const RECONNECT_MS = 1000;

type Topics = Record<string, GameChanged | PlayerEventMessage>;

@Injectable()
export class EventBus implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EventBus.name);
  private readonly pubsub = new PubSub<Topics>();
  private readonly playerListeners = new Set<(event: PlayerEventMessage) => void>();
  private readonly webhookListeners = new Set<() => void>();
  /** Watches are stored over their own small pool: they outlive no module, and stay off the move path's pool. */
  private readonly pool: Pool;
  private readonly watches: WatchRegistry;
  private client: Client | null = null;
  private stopping = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(@Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig) {
    this.pool = new Pool({ connectionString: config.databaseUrl, max: 2 });
    this.watches = new WatchRegistry(this.pool);
  }

  async onModuleInit(): Promise<void> {
    await this.connect();
    this.watches.start((error) => this.logger.warn(`watch housekeeping failed: ${String(error)}`));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    await this.watches
      .close()
      .catch((error: unknown) => this.logger.warn(`watches not removed: ${String(error)}`));
    await this.pool.end().catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }

  /** Changes of one game from now on, preceded by one for the game as it is now. */
  async subscribeGame(gameId: string): Promise<AsyncIterableIterator<GameChanged>> {
    const release = await this.watches.watch('game', gameId);
    const changes = this.pubsub.asyncIterableIterator<GameChanged>(gameTopic(gameId));
    return releasing(startingNow({ gameId }, changes as AsyncIterableIterator<GameChanged>), release);
  }

  /** A player's events from now on. */
  async subscribePlayer(playerId: string): Promise<AsyncIterableIterator<PlayerEventMessage>> {
    const release = await this.watches.watch('player', playerId);
    const events = this.pubsub.asyncIterableIterator<PlayerEventMessage>(playerTopic(playerId));
    return releasing(events as AsyncIterableIterator<PlayerEventMessage>, release);
  }

  /**
   * The events of the given players from now on, for background workers (the built-in bots). Resolves once they
   * are watched; returns the unsubscribe.
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

  /** Called whenever webhook deliveries were queued, by any copy (the webhook worker). Returns the unsubscribe. */
  onWebhooksQueued(listener: () => void): () => void {
    this.webhookListeners.add(listener);
    return () => this.webhookListeners.delete(listener);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    client.on('notification', (message) => this.receive(message));
    client.on('error', (error) => {
      this.logger.warn(`event connection lost: ${error.message}`);
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    await client.connect();
    await client.query(
      `LISTEN ${GAMES_CHANNEL}; LISTEN ${PLAYER_EVENTS_CHANNEL}; LISTEN ${WEBHOOKS_CHANNEL}`,
    );
    this.client = client;
  }

  private reconnectLater(lost: Client): void {
    if (this.stopping || this.client !== lost) return;
    this.client = null;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((error: unknown) => {
        this.logger.warn(`event connection failed: ${String(error)}`);
        if (!this.stopping) this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_MS);
      });
    }, RECONNECT_MS);
  }

  private receive(message: Notification): void {
    if (message.payload === undefined) return;
    switch (message.channel) {
      case GAMES_CHANNEL:
        void this.pubsub.publish(gameTopic(message.payload), { gameId: message.payload });
        return;
      case PLAYER_EVENTS_CHANNEL: {
        const event = JSON.parse(message.payload) as PlayerEventMessage;
        void this.pubsub.publish(playerTopic(event.playerId), event);
        for (const listener of this.playerListeners) listener(event);
        return;
      }
      case WEBHOOKS_CHANNEL:
        for (const listener of this.webhookListeners) listener();
        return;
    }
  }
}

function gameTopic(gameId: string): string {
  return `game:${gameId}`;
}

function playerTopic(playerId: string): string {
  return `player:${playerId}`;
}

/**
 * `first`, then everything from `source`. The pubsub only starts listening on the first `next()`, so that call is
 * made before `first` goes out: nothing published meanwhile is missed. The source is released however the
 * subscriber leaves (even right after `first`).
 */
async function* startingNow<T>(first: T, source: AsyncIterableIterator<T>): AsyncGenerator<T> {
  const pending = source.next();
  try {
    yield first;
    const next = await pending;
    if (next.done === true) return;
    yield next.value;
    yield* source;
  } finally {
    await source.return?.();
  }
}

/** `source`, calling `release` once it ends or is given up, even if it was never started. */
function releasing<T>(source: AsyncIterableIterator<T>, release: () => void): AsyncIterableIterator<T> {
  return {
    next: async () => {
      const result = await source.next();
      if (result.done === true) release();
      return result;
    },
    return: async (value?: unknown) => {
      release();
      return (await source.return?.(value)) ?? { done: true, value: undefined };
    },
    throw: async (error?: unknown) => {
      release();
      if (source.throw !== undefined) return source.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
