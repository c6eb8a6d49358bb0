/** The retention policy's arithmetic (src/retention/retention-policy.ts): the cutoff, and the per-table sums. */
import {
  NOTHING_REMOVED,
  RUNNING_STATUSES,
  addReports,
  retentionCutoff,
} from '../../../src/retention/retention-policy';

describe('the retention policy', () => {
  it('cuts off whole days before now', () => {
    const now = new Date('2026-12-02T06:00:00.000Z');
    expect(retentionCutoff(now, 90).toISOString()).toBe('2026-09-03T06:00:00.000Z');
    expect(retentionCutoff(now, 1).toISOString()).toBe('2026-12-01T06:00:00.000Z');
  });

  it('refuses a retention that is not a whole number of days from 1', () => {
    const now = new Date();
    for (const days of [0, -1, 1.5, Number.NaN]) expect(() => retentionCutoff(now, days)).toThrow(RangeError);
  });

  it('keeps the player events of games still waiting or running, of no other state', () => {
    expect([...RUNNING_STATUSES].sort()).toEqual(['ACTIVE', 'WAITING']);
  });

  it('adds reports table by table', () => {
    const one = { webhook_deliveries: 2, webhook_delivery_attempts: 3, player_events: 5, chat_messages: 7 };
    expect(addReports(NOTHING_REMOVED, one)).toEqual(one);
    expect(addReports(one, one)).toEqual({
      webhook_deliveries: 4,
      webhook_delivery_attempts: 6,
      player_events: 10,
      chat_messages: 14,
    });
  });
});
