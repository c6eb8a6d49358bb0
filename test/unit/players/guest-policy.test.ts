/**
 * Guests' rules (src/players/guest-policy.ts), their namespace (src/players/reserved-names.ts `isGuestNamespace`),
 * the shape of a seek a guest may join (src/games/domain/seek-shape.ts) and the expert's thinking time guests share
 * (src/bots/thinking-budget.ts). Pure.
 */
import fc from 'fast-check';
import { ThinkingBudget } from '../../../src/bots/thinking-budget';
import { optionsFor } from '../../../src/engine';
import { hasSeekShape } from '../../../src/games/domain/seek-shape';
import { GUEST_REFUSALS, guestRefusalMessage } from '../../../src/auth/guest-refusals';
import {
  guestCreationRefusal,
  guestCutoff,
  guestJoinRefusal,
  guestName,
} from '../../../src/players/guest-policy';
import { isGuestNamespace } from '../../../src/players/reserved-names';

describe('guest names', () => {
  it('are Guest- and six digits, every one in the guests’ namespace', () => {
    expect(guestName(0)).toBe('Guest-000000');
    expect(guestName(999_999)).toBe('Guest-999999');
    expect(() => guestName(1_000_000)).toThrow(RangeError);
    expect(() => guestName(-1)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (drawn) => {
        const name = guestName(drawn);
        return /^Guest-\d{6}$/.test(name) && isGuestNamespace(name);
      }),
    );
  });

  it('the namespace holds every name that reads as "guest", and not words that merely contain it', () => {
    for (const name of ['guest', 'Guest-1', 'guest_7', 'GUE5T', 'my-guest', 'guest2', 'Gu3st']) {
      expect({ name, reserved: isGuestNamespace(name) }).toEqual({ name, reserved: true });
    }
    for (const name of ['Guestbook', 'Guests', 'ann', 'Conguest']) {
      expect({ name, reserved: isGuestNamespace(name) }).toEqual({ name, reserved: false });
    }
  });
});

describe('what a guest may start and join', () => {
  it('starts unrated bot games and unrated seeks only', () => {
    const base = { rated: false, bot: false, invitation: false, seek: false };
    expect(guestCreationRefusal({ ...base, bot: true })).toBeNull();
    expect(guestCreationRefusal({ ...base, seek: true })).toBeNull();
    expect(guestCreationRefusal({ ...base, bot: true, rated: true })).toBe('ratedGame');
    expect(guestCreationRefusal({ ...base, seek: true, rated: true })).toBe('ratedGame');
    expect(guestCreationRefusal({ ...base, invitation: true })).toBe('invitation');
    expect(guestCreationRefusal(base)).toBe('openGame');
  });

  it('joins unrated seeks only', () => {
    expect(guestJoinRefusal({ rated: false, seek: true })).toBeNull();
    expect(guestJoinRefusal({ rated: true, seek: true })).toBe('ratedGame');
    expect(guestJoinRefusal({ rated: false, seek: false })).toBe('joinGame');
  });

  it('every refusal tells the way out', () => {
    for (const refusal of Object.keys(GUEST_REFUSALS) as (keyof typeof GUEST_REFUSALS)[]) {
      expect(guestRefusalMessage(refusal)).toContain('keepGuestAccount');
    }
  });

  it('a seek is two seats waiting, nobody invited, the preset’s own rules whatever their key order', () => {
    const seek = {
      status: 'WAITING',
      seats: 2,
      invitedPlayerId: null,
      dealChosen: false,
      awaitClientSeed: false,
      preset: 'classic',
      // As jsonb gives it back: keys in another order.
      options: Object.fromEntries(Object.entries(optionsFor('classic', {})).reverse()),
    } as unknown as Parameters<typeof hasSeekShape>[0];
    expect(hasSeekShape(seek)).toBe(true);
    expect(hasSeekShape({ ...seek, seats: 3 })).toBe(false);
    expect(hasSeekShape({ ...seek, invitedPlayerId: 'someone' })).toBe(false);
    expect(hasSeekShape({ ...seek, dealChosen: true })).toBe(false);
    expect(hasSeekShape({ ...seek, awaitClientSeed: true })).toBe(false);
    expect(hasSeekShape({ ...seek, status: 'ACTIVE' })).toBe(false);
    expect(hasSeekShape({ ...seek, options: optionsFor('classic', { payoffSize: 10 }) })).toBe(false);
  });

  it('a guest left alone goes inactiveDays after its last activity', () => {
    const now = new Date('2026-12-31T12:00:00Z');
    expect(guestCutoff(now, 30).toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });
});

describe('the expert’s thinking time guests share', () => {
  it('admits decisions while the minute’s budget lasts, then waits for the next minute', () => {
    const budget = new ThinkingBudget(1000);
    expect(budget.waitMs(0)).toBe(0);
    budget.spend(600, 100);
    expect(budget.waitMs(200)).toBe(0);
    budget.spend(500, 300);
    // 1,100 ms spent in the minute that began at 0: the next decision waits until 60,000.
    expect(budget.waitMs(10_000)).toBe(50_000);
    expect(budget.waitMs(60_000)).toBe(0);
  });

  it('never lets more than the budget start past its end in one minute (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ gap: fc.integer({ min: 0, max: 5000 }), took: fc.integer({ min: 1, max: 800 }) }),
          {
            maxLength: 60,
          },
        ),
        (decisions) => {
          const budget = new ThinkingBudget(2000);
          let now = 0;
          const started: { at: number; took: number }[] = [];
          for (const { gap, took } of decisions) {
            now += gap;
            const wait = budget.waitMs(now);
            now += wait;
            expect(budget.waitMs(now)).toBe(0);
            budget.spend(took, now);
            started.push({ at: now, took });
          }
          // Within any window's start and 60 s on, what started before the budget ran out is at most budget + one.
          for (const first of started) {
            const inWindow = started.filter((entry) => entry.at >= first.at && entry.at < first.at + 60_000);
            const spent = inWindow.reduce((sum, entry) => sum + entry.took, 0);
            expect(spent).toBeLessThanOrEqual(2 * (2000 + 800));
          }
        },
      ),
    );
  });
});
