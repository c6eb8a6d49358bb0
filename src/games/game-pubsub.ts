import { Injectable } from '@nestjs/common';
import { PubSub } from 'graphql-subscriptions';

/** What a game change publishes: only the id. Each subscriber's payload is built from their own view. */
export interface GameChanged {
  readonly gameId: string;
}

/**
 * Game change notifications within this copy of the app. (Fan-out between copies through Postgres
 * LISTEN/NOTIFY is issue 5; everything that publishes goes through `publish`, so that is one place to extend.)
 */
@Injectable()
export class GamePubSub {
  private readonly pubsub = new PubSub<Record<string, GameChanged>>();

  publish(gameId: string): void {
    void this.pubsub.publish(topic(gameId), { gameId });
  }

  /** Changes from now on, preceded by one for the game as it is now (so a subscriber needs no separate read). */
  subscribe(gameId: string): AsyncIterableIterator<GameChanged> {
    return startingNow({ gameId }, this.pubsub.asyncIterableIterator<GameChanged>(topic(gameId)));
  }
}

/**
 * `first`, then everything from `source`. The pubsub only starts listening on the first `next()`, so that call is
 * made before `first` goes out: nothing published meanwhile is missed. The source is released however the
 * subscriber leaves (even right after `first`).
 */
async function* startingNow(
  first: GameChanged,
  source: AsyncIterableIterator<GameChanged>,
): AsyncGenerator<GameChanged> {
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

function topic(gameId: string): string {
  return `game:${gameId}`;
}
