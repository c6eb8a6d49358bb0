/** Who may follow or block whom (src/social/social-policy.ts), and the timeout rate (src/games/domain/timeout-rate.ts). */
import { TIMEOUT_MIN_GAMES, timeoutRate } from '../../../src/games/domain/timeout-rate';
import { MAX_BLOCKS, MAX_FOLLOWS, blockRefusal, followRefusal } from '../../../src/social/social-policy';

const me = { id: 'me' };
const them = { id: 'them' };

it('a follow: not oneself, not across a block, at most MAX_FOLLOWS', () => {
  expect(followRefusal(me, them, { following: 0, blockedEitherWay: false })).toBeNull();
  expect(followRefusal(me, me, { following: 0, blockedEitherWay: false })).toBe('self');
  expect(followRefusal(me, them, { following: 0, blockedEitherWay: true })).toBe('blocked');
  expect(followRefusal(me, them, { following: MAX_FOLLOWS - 1, blockedEitherWay: false })).toBeNull();
  expect(followRefusal(me, them, { following: MAX_FOLLOWS, blockedEitherWay: false })).toBe('limit');
});

it('a block: not oneself, not a built-in bot, at most MAX_BLOCKS', () => {
  expect(blockRefusal(me, { ...them, builtinBot: false }, { blocking: 0 })).toBeNull();
  expect(blockRefusal(me, { ...me, builtinBot: false }, { blocking: 0 })).toBe('self');
  expect(blockRefusal(me, { ...them, builtinBot: true }, { blocking: 0 })).toBe('bot');
  expect(blockRefusal(me, { ...them, builtinBot: false }, { blocking: MAX_BLOCKS })).toBe('limit');
});

it('a timeout rate needs TIMEOUT_MIN_GAMES games, then is the share lost on time', () => {
  expect(timeoutRate({ games: TIMEOUT_MIN_GAMES - 1, timeouts: 1 })).toBeNull();
  expect(timeoutRate({ games: TIMEOUT_MIN_GAMES, timeouts: 0 })).toBe(0);
  expect(timeoutRate({ games: 10, timeouts: 3 })).toBeCloseTo(0.3);
});
