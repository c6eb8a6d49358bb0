/**
 * @malice/client's EventFeed (clients/typescript/src/events.ts): the catch-up and the live pushes together, each
 * event handed on once and in order, as docs/quickstart.md ("Catch up after being away") asks of a client.
 */
import { EventFeed } from '../../../clients/typescript/src/events';

interface Event {
  readonly id: string;
  readonly via: 'catch-up' | 'push';
}

const pushed = (id: string): Event => ({ id, via: 'push' });
const listed = (id: string): Event => ({ id, via: 'catch-up' });

/** Everything the feed hands on now, without waiting for more. */
async function drain(feed: EventFeed<Event>): Promise<Event[]> {
  const taken: Event[] = [];
  feed.end();
  for await (const event of feed) taken.push(event);
  return taken;
}

describe('EventFeed', () => {
  it('hands on the missed events, then the pushes held meanwhile in id order, each id once', async () => {
    const feed = new EventFeed<Event>('10');
    feed.hold();
    // Pushes while the catch-up runs: one the catch-up lists too (12), two newer ones out of order.
    feed.offer(pushed('15'));
    feed.offer(pushed('12'));
    feed.offer(pushed('14'));
    feed.release([listed('11'), listed('12')]);
    feed.offer(pushed('16'));
    expect((await drain(feed)).map((event) => `${event.id} ${event.via}`)).toEqual([
      '11 catch-up',
      '12 catch-up',
      '14 push',
      '15 push',
      '16 push',
    ]);
  });

  it('moves its cursor to the highest id handed on, not the last one', async () => {
    const feed = new EventFeed<Event>(null);
    expect(feed.cursor).toBeNull();
    feed.release([listed('3'), listed('9')]);
    expect(feed.cursor).toBe('9');
    // Committed in another order than its id: handed on (it was never seen), and the cursor stays.
    feed.offer(pushed('7'));
    expect(feed.cursor).toBe('9');
    expect((await drain(feed)).map((event) => event.id)).toEqual(['3', '9', '7']);
  });

  it('compares ids as numbers, beyond what a double holds', async () => {
    const feed = new EventFeed<Event>('9007199254740993');
    feed.hold();
    feed.offer(pushed('9007199254740995'));
    feed.offer(pushed('10000000000000000'));
    feed.release([listed('9007199254740994')]);
    expect(feed.cursor).toBe('10000000000000000');
    expect((await drain(feed)).map((event) => event.id)).toEqual([
      '9007199254740994',
      '9007199254740995',
      '10000000000000000',
    ]);
  });

  it('recognises a push that comes again after a reconnection (its catch-up lists it too)', async () => {
    const feed = new EventFeed<Event>('1');
    feed.offer(pushed('2'));
    feed.offer(pushed('3'));
    // Reconnected: held again, and the listing after the cursor repeats nothing, but a late push repeats 3.
    feed.hold();
    feed.offer(pushed('3'));
    feed.offer(pushed('5'));
    feed.release([listed('4'), listed('5')]);
    expect((await drain(feed)).map((event) => `${event.id} ${event.via}`)).toEqual([
      '2 push',
      '3 push',
      '4 catch-up',
      '5 catch-up',
    ]);
  });

  it('keeps nothing back once released: a waiting pull gets the next push', async () => {
    const feed = new EventFeed<Event>(null);
    const next = feed.next();
    feed.offer(pushed('1'));
    await expect(next).resolves.toEqual({ done: false, value: pushed('1') });
    feed.hold();
    const held = feed.next();
    feed.offer(pushed('2'));
    let settled = false;
    void held.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    feed.release([]);
    await expect(held).resolves.toEqual({ done: false, value: pushed('2') });
  });

  it('ends with its error after the events already handed on, and tells its owner once', async () => {
    const ended = jest.fn();
    const feed = new EventFeed<Event>(null, ended);
    feed.offer(pushed('1'));
    feed.fail(new Error('the socket closed for good'));
    feed.offer(pushed('2'));
    await expect(feed.next()).resolves.toEqual({ done: false, value: pushed('1') });
    await expect(feed.next()).rejects.toThrow('the socket closed for good');
    await expect(feed.next()).resolves.toEqual({ done: true, value: undefined });
    feed.end();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('stops when its caller stops (return), dropping what was not taken', async () => {
    const ended = jest.fn();
    const feed = new EventFeed<Event>(null, ended);
    feed.offer(pushed('1'));
    await feed.return();
    feed.offer(pushed('2'));
    await expect(feed.next()).resolves.toEqual({ done: true, value: undefined });
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
