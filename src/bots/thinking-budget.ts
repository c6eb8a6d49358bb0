/**
 * The expert bot's thinking time that guests' games share on one app copy (GUEST_EXPERT_MS_PER_MINUTE): anyone
 * may start guests, so their games must not crowd out everyone else's turns. A guest's expert decision starts while
 * the minute's budget lasts, and waits for the next minute once it is spent — the decision itself never changes
 * (every copy must pick the same move, and the export replays it: src/bots/bot-move.ts). Pure: time is an argument.
 */
const WINDOW_MS = 60_000;

export class ThinkingBudget {
  private windowStart = Number.NEGATIVE_INFINITY;
  private spent = 0;

  constructor(private readonly msPerMinute: number) {}

  /** How long a decision asked for at `now` (ms) waits: 0 while the minute's budget lasts. */
  waitMs(now: number): number {
    this.roll(now);
    return this.spent < this.msPerMinute ? 0 : this.windowStart + WINDOW_MS - now;
  }

  /** A decision that started in the minute of `now` took `ms`. */
  spend(ms: number, now: number): void {
    this.roll(now);
    this.spent += ms;
  }

  private roll(now: number): void {
    if (now - this.windowStart < WINDOW_MS) return;
    this.windowStart = now;
    this.spent = 0;
  }
}
