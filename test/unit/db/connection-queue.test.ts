/**
 * The wait for a pooled connection (src/db/connection-queue.ts): one turn per connection, first come first served,
 * a bound on the wait and on the line, nobody waiting while the database is down; and what its refusals become
 * for a client (src/db/connection-errors.ts, src/errors/api-error.ts): UNAVAILABLE, a busy copy's with a retry
 * hint. The same through a real pool, Prisma and HTTP: test/db/db/connection-pools.db.test.ts.
 */
import { GraphQLError } from 'graphql';
import { databaseFailureOf } from '../../../src/db/connection-errors';
import { ConnectionQueue, QueueLimits, QueueRefusal, Release } from '../../../src/db/connection-queue';
import { errorShaper } from '../../../src/errors/api-error';
import type { QueueRefusalReason } from '../../../src/db/connection-errors';

const LIMITS: QueueLimits = { waitMs: 30_000, maxWaiting: 3 };

function setUp(size: number, limits: QueueLimits = LIMITS) {
  const state = { up: true };
  const refusals: QueueRefusalReason[] = [];
  const queue = new ConnectionQueue(
    size,
    limits,
    () => state.up,
    (reason) => refusals.push(reason),
  );
  return { queue, state, refusals };
}

/** Who has had a turn so far, in order, with each turn's release. */
function track(queue: ConnectionQueue, names: readonly string[]) {
  const served: string[] = [];
  const releases = new Map<string, Release>();
  const outcomes = names.map((name) =>
    queue.acquire().then(
      (release) => {
        served.push(name);
        releases.set(name, release);
        return 'served' as const;
      },
      (error: unknown) => error as QueueRefusal,
    ),
  );
  return { served, releases, outcomes };
}

/** Lets the promise reactions run (the queue resolves turns with promises). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

afterEach(() => jest.useRealTimers());

describe('ConnectionQueue', () => {
  it('gives as many turns at once as the pool has connections, then one per turn ended, oldest caller first', async () => {
    const { queue } = setUp(2);
    const { served, releases } = track(queue, ['a', 'b', 'c', 'd', 'e']);
    await settle();
    expect(served).toEqual(['a', 'b']);
    expect(queue.waiting).toBe(3);
    releases.get('b')!();
    // A newcomer while c, d and e wait goes behind them, even though a turn is being handed on right now.
    const late = track(queue, ['f']);
    await settle();
    expect(served).toEqual(['a', 'b', 'c']);
    releases.get('a')!();
    releases.get('c')!();
    await settle();
    expect(served).toEqual(['a', 'b', 'c', 'd', 'e']);
    releases.get('d')!();
    await settle();
    expect(late.served).toEqual(['f']);
    expect(queue.waiting).toBe(0);
  });

  it('ends a turn once, however often it is released', async () => {
    const { queue } = setUp(1);
    const first = track(queue, ['a']);
    await settle();
    const { served } = track(queue, ['b', 'c']);
    const release = first.releases.get('a')!;
    release();
    release();
    await settle();
    expect(served).toEqual(['b']);
    expect(queue.waiting).toBe(1);
  });

  it('refuses at once the caller past DATABASE_QUEUE_MAX waiting: busy, UNAVAILABLE with a retry hint', async () => {
    const { queue, refusals } = setUp(1, { waitMs: 30_000, maxWaiting: 2 });
    const { served, outcomes } = track(queue, ['a', 'b', 'c', 'd']);
    const refused = await outcomes[3];
    await settle();
    expect(served).toEqual(['a']);
    expect(queue.waiting).toBe(2);
    expect(refused).toBeInstanceOf(QueueRefusal);
    expect(refused).toMatchObject({ reason: 'full', code: 'MALICE_POOL_QUEUE_FULL' });
    expect((refused as QueueRefusal).message).toBe(
      '2 callers already wait for a database connection (DATABASE_QUEUE_MAX)',
    );
    expect(refusals).toEqual(['full']);
    expect(databaseFailureOf(refused)).toBe('busy');
    const shape = errorShaper({ revealSchema: true, log: () => undefined });
    expect(shape(new GraphQLError('raised', { path: ['game'], originalError: refused as Error }))).toEqual({
      message: 'the server is busy (too many requests are waiting for the database); try again in a second',
      path: ['game'],
      extensions: { code: 'UNAVAILABLE', retryAfter: 1 },
    });
  });

  it('with DATABASE_QUEUE_MAX 0 nobody waits: a caller without a free turn is refused at once', async () => {
    const { queue } = setUp(1, { waitMs: 30_000, maxWaiting: 0 });
    const { served, outcomes } = track(queue, ['a', 'b']);
    expect(await outcomes[1]).toMatchObject({ reason: 'full' });
    expect(served).toEqual(['a']);
  });

  it('refuses a caller that waited DATABASE_QUEUE_MS, and hands the next turn to the one behind it', async () => {
    jest.useFakeTimers();
    const { queue, refusals } = setUp(1, { waitMs: 1000, maxWaiting: 5 });
    const first = track(queue, ['a']);
    await settle();
    const early = track(queue, ['b']);
    jest.advanceTimersByTime(600);
    const late = track(queue, ['c']);
    jest.advanceTimersByTime(400);
    const refused = await early.outcomes[0];
    expect(refused).toMatchObject({ reason: 'timeout', code: 'MALICE_POOL_QUEUE_TIMEOUT' });
    expect((refused as QueueRefusal).message).toBe(
      'no database connection came free within 1000 ms (DATABASE_QUEUE_MS)',
    );
    expect(databaseFailureOf(refused)).toBe('busy');
    expect(queue.waiting).toBe(1);
    first.releases.get('a')!();
    await settle();
    expect(late.served).toEqual(['c']);
    expect(refusals).toEqual(['timeout']);
  });

  it('while the database is down hands out nothing: the waiting are refused when it goes down, newcomers at once', async () => {
    const { queue, state, refusals } = setUp(1);
    const first = track(queue, ['a']);
    await settle();
    const waiting = track(queue, ['b', 'c']);
    state.up = false;
    queue.refuseWaiting();
    const refused = await Promise.all(waiting.outcomes);
    expect(refused.map((error) => (error as QueueRefusal).code)).toEqual([
      'MALICE_DATABASE_DOWN',
      'MALICE_DATABASE_DOWN',
    ]);
    expect(databaseFailureOf(refused[0])).toBe('down');
    expect(queue.waiting).toBe(0);
    // A free turn is not handed out either while it is down.
    first.releases.get('a')!();
    const newcomer = track(queue, ['d']);
    expect(await newcomer.outcomes[0]).toMatchObject({ reason: 'down' });
    expect(refusals).toEqual(['down', 'down', 'down']);
    // Once it is up, the turn given back is there.
    state.up = true;
    const after = track(queue, ['e']);
    await settle();
    expect(after.served).toEqual(['e']);
  });
});
