/**
 * A challenge's state is derived from its game (src/games/domain/challenge.ts): pending while the game waits,
 * accepted from the deal on, declined or canceled when it was called off before the deal.
 */
import { challengeStateOf } from '../../../src/games/domain/challenge';

const DEALT = new Date('2026-12-01T12:00:00Z');

describe('challengeStateOf', () => {
  it('reads the state off the game’s status, deal and abort reason', () => {
    const game = { status: 'WAITING', startedAt: null, endReason: null } as const;
    expect(challengeStateOf(game)).toBe('PENDING');
    expect(challengeStateOf({ ...game, status: 'ACTIVE', startedAt: DEALT })).toBe('ACCEPTED');
    expect(challengeStateOf({ ...game, status: 'FINISHED', startedAt: DEALT })).toBe('ACCEPTED');
    // Accepted, then aborted before the first move: the challenge was accepted all the same.
    expect(challengeStateOf({ status: 'ABORTED', startedAt: DEALT, endReason: 'aborted' })).toBe('ACCEPTED');
    expect(challengeStateOf({ status: 'ABORTED', startedAt: null, endReason: 'declined' })).toBe('DECLINED');
    expect(challengeStateOf({ status: 'ABORTED', startedAt: null, endReason: 'aborted' })).toBe('CANCELED');
    expect(challengeStateOf({ status: 'ABORTED', startedAt: null, endReason: 'dealExposed' })).toBe(
      'CANCELED',
    );
  });
});
