/**
 * The workers' shared timer and turn-taking (src/db/periodic-pass.ts): passes on the interval only while the
 * database is up, one at a time, failures logged by kind, and a stop that waits for the running pass.
 */
import { PeriodicPass } from '../../../src/db/periodic-pass';

interface Logged {
  readonly level: 'error' | 'warn';
  readonly message: string;
}

function setUp(databaseUp = true) {
  const logged: Logged[] = [];
  const availability = { databaseUp };
  const logger = {
    error: (message: unknown) => void logged.push({ level: 'error', message: String(message) }),
    warn: (message: unknown) => void logged.push({ level: 'warn', message: String(message) }),
  };
  return { logged, availability, passes: new PeriodicPass<number>('test pass', logger, availability) };
}

/** A promise with its resolve, to hold a pass open until the test lets it end. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

afterEach(() => jest.useRealTimers());

describe('PeriodicPass', () => {
  it('runs a pass each interval while the database is up, and none while it is down', async () => {
    jest.useFakeTimers();
    const { availability, passes } = setUp();
    let count = 0;
    passes.start(1000, async () => count++);
    jest.advanceTimersByTime(2000);
    expect(count).toBe(2);
    availability.databaseUp = false;
    jest.advanceTimersByTime(3000);
    expect(count).toBe(2);
    availability.databaseUp = true;
    jest.advanceTimersByTime(1000);
    expect(count).toBe(3);
    await passes.stop();
    jest.advanceTimersByTime(5000);
    expect(count).toBe(3);
  });

  it('starts no timer for an interval of 0', () => {
    jest.useFakeTimers();
    const { passes } = setUp();
    passes.start(0, async () => undefined);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('logs a database outage as a warning and any other failure as an error', async () => {
    jest.useFakeTimers();
    const { logged, passes } = setUp();
    const failures = [
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      new Error('a bug'),
    ];
    passes.start(1000, () => Promise.reject(failures.shift()));
    await jest.advanceTimersByTimeAsync(2000);
    expect(logged.map((line) => line.level)).toEqual(['warn', 'error']);
    expect(logged[0]!.message).toContain('test pass failed, the database is unavailable');
    expect(logged[1]!.message).toBe('test pass failed: Error: a bug');
    await passes.stop();
  });

  it('runs one pass at a time: a second waits for the first to end', async () => {
    const { passes } = setUp();
    const first = gate();
    const order: string[] = [];
    const one = passes.run(async () => {
      order.push('first starts');
      await first.promise;
      order.push('first ends');
      return 1;
    });
    const two = passes.run(async () => {
      order.push('second starts');
      return 2;
    });
    await Promise.resolve();
    expect(order).toEqual(['first starts']);
    first.open();
    expect(await Promise.all([one, two])).toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('on stop, says it is stopping and waits for the running pass, even one that fails', async () => {
    const { passes } = setUp();
    const held = gate();
    let sawStopping = false;
    const running = passes.run(async () => {
      await held.promise;
      sawStopping = passes.stopping;
      throw new Error('failed after the stop');
    });
    expect(passes.stopping).toBe(false);
    let stopped = false;
    const stop = passes.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    held.open();
    await stop;
    expect(sawStopping).toBe(true);
    await expect(running).rejects.toThrow('failed after the stop');
  });
});
