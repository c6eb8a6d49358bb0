/**
 * The service's time (docs/correspondence.md#the-testing-clock): every deadline, reminder, timestamp and retry
 * reads it from here, so tests drive time without sleeping. The system clock in production; a manual clock (real
 * time plus an offset that only moves forward) when CLOCK=manual, which the test-only endpoint in
 * src/testing/clock.controller.ts advances.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** Real time shifted by an offset that tests advance; it never goes back. */
export class ManualClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }

  /** Moves the clock to `time` (no-op if it is already later). */
  advanceTo(time: Date): Date {
    return this.advance(Math.max(0, time.getTime() - this.now().getTime()));
  }
}
