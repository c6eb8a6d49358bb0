/**
 * The iterators behind the subscriptions and streams (src/common/async-iterators.ts): `gameUpdated` sends the game
 * as it is now, then each change, and an unsubscribe must let go of the pubsub's listener at once — a quiet game
 * may not change for days.
 */
import { PubSub } from 'graphql-subscriptions';
import { startingNow } from '../../../src/common/async-iterators';

describe('startingNow', () => {
  it('sends the first value, then what is published after it was made (nothing in between is missed)', async () => {
    const pubsub = new PubSub<{ t: number }>();
    const changes = startingNow(0, pubsub.asyncIterableIterator<number>('t'));
    await pubsub.publish('t', 1); // published before the subscriber has even read the first value
    expect(await changes.next()).toEqual({ done: false, value: 0 });
    expect(await changes.next()).toEqual({ done: false, value: 1 });
    await changes.return?.();
  });

  it('an unsubscribe while waiting for a change ends it at once and frees the listener', async () => {
    const pubsub = new PubSub<{ t: number }>();
    const listeners = (): number =>
      (pubsub as unknown as { ee: { listenerCount(topic: string): number } }).ee.listenerCount('t');
    const changes = startingNow(0, pubsub.asyncIterableIterator<number>('t'));
    expect(listeners()).toBe(1);
    await changes.next();
    const waiting = changes.next(); // as graphql-ws's for-await does, while the game is quiet
    // Nothing is published: before, this return() waited for the game's next change, keeping the listener.
    await changes.return?.();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(listeners()).toBe(0);
    expect(await changes.next()).toEqual({ done: true, value: undefined });
  }, 5000);
});
