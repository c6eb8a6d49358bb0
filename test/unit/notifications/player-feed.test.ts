/**
 * A `myEvents` feed (src/notifications/player-feed.ts) through any sequence of LISTEN losses and reconnections: whatever
 * happens, the subscriber is pushed every event of the player committed after it subscribed, once, oldest first.
 *
 * The model is the event bus's: while it listens, each committed event is announced (sometimes twice: an
 * announcement that overlaps a catch-up); a loss puts the feed on hold and announces nothing; a reconnection
 * listens first (announcements from then on are kept back) and then reads the log after the feed's cursor.
 */
import fc from 'fast-check';
import type { PlayerEventMessage } from '../../../src/notifications/event-bus';
import { PlayerFeed } from '../../../src/notifications/player-feed';

type Step = 'commit' | 'echo' | 'lose' | 'listen' | 'catchUp';

function event(id: number): PlayerEventMessage {
  return {
    id: String(id),
    playerId: 'p',
    kind: 'YOUR_TURN',
    gameId: null,
    createdAt: new Date(id * 1000).toISOString(),
  };
}

/** Everything the feed has queued for its subscriber now (without waiting for more). */
async function drain(feed: PlayerFeed): Promise<string[]> {
  const ids: string[] = [];
  const pending = Symbol('pending');
  for (;;) {
    const next = await Promise.race([
      feed.next(),
      new Promise<typeof pending>((resolve) => setImmediate(() => resolve(pending))),
    ]);
    if (next === pending || next.done === true) return ids;
    ids.push(next.value.id);
  }
}

describe('a myEvents feed', () => {
  it('through LISTEN losses and reconnections: every event after the subscription, once, oldest first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 5 }),
        fc.array(fc.constantFrom<Step>('commit', 'commit', 'commit', 'echo', 'lose', 'listen', 'catchUp'), {
          maxLength: 80,
        }),
        async (before, steps) => {
          const log = Array.from({ length: before }, (_, index) => event(index + 1));
          const feed = new PlayerFeed('p', () => undefined);
          feed.startAfter(before === 0 ? null : String(before));
          feed.release([]);
          let listening = true;
          let caughtUp = true;
          const catchUp = (): void => {
            feed.release(log.filter((entry) => BigInt(entry.id) > BigInt(feed.cursor!)));
            caughtUp = true;
          };
          for (const step of steps) {
            switch (step) {
              case 'commit': {
                const committed = event(log.length + 1);
                log.push(committed);
                if (listening) feed.offer(committed);
                break;
              }
              case 'echo':
                if (listening && log.length > before) feed.offer(log[log.length - 1]!);
                break;
              case 'lose':
                listening = false;
                caughtUp = false;
                feed.hold();
                break;
              case 'listen':
                listening = true;
                break;
              case 'catchUp':
                if (listening && !caughtUp) catchUp();
                break;
              default:
                return step satisfies never;
            }
          }
          listening = true;
          if (!caughtUp) catchUp();
          expect(await drain(feed)).toEqual(log.slice(before).map((entry) => entry.id));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a subscriber who leaves gets nothing more, and the feed says it is done', async () => {
    let ended = 0;
    const feed = new PlayerFeed('p', () => ended++);
    feed.startAfter(null);
    feed.release([]);
    feed.offer(event(1));
    expect(await feed.next()).toEqual({ done: false, value: event(1) });
    const waiting = feed.next();
    await feed.return();
    expect(await waiting).toEqual({ done: true, value: undefined });
    feed.offer(event(2));
    expect(await feed.next()).toEqual({ done: true, value: undefined });
    await feed.return();
    expect({ done: feed.done, ended }).toEqual({ done: true, ended: 1 });
  });
});
