/**
 * The life of a game around its play (src/games/domain/life.ts): joining, calling off (by a player or an admin),
 * declining, leaving (a deleted account), timing out — decided from the game and the command alone, with the time as an input.
 */
import {
  GameLife,
  REMINDER_SHARE,
  decideLife,
  newTurnClock,
  turnClockAfter,
} from '../../../src/games/domain/life';

const NOW = new Date('2026-12-01T12:00:00Z');
const ANN = 'ann';
const BOB = 'bob';

const waiting: GameLife = {
  status: 'WAITING',
  version: 0,
  rated: false,
  seats: 2,
  createdById: ANN,
  invitedPlayerId: null,
  seated: [{ seat: 0, playerId: ANN }],
  currentSeat: null,
  deadline: null,
  tournamentId: null,
};
const dealt: GameLife = {
  ...waiting,
  status: 'ACTIVE',
  seated: [
    { seat: 0, playerId: ANN },
    { seat: 1, playerId: BOB },
  ],
  currentSeat: 1,
  deadline: new Date(NOW.getTime() - 1),
};

describe('joining', () => {
  it('takes the lowest free seat, and says when that fills the game (the deal follows)', () => {
    expect(decideLife(waiting, { type: 'join', playerId: BOB }, NOW)).toEqual({
      ok: true,
      outcome: { type: 'seated', seat: 1, fills: true },
    });
    const three = { ...waiting, seats: 3, seated: [{ seat: 1, playerId: ANN }] };
    expect(decideLife(three, { type: 'join', playerId: BOB }, NOW)).toEqual({
      ok: true,
      outcome: { type: 'seated', seat: 0, fills: false },
    });
  });

  it('refuses another player than the invited one, a seated player, a full or dealt game', () => {
    const invitation = { ...waiting, invitedPlayerId: 'cy' };
    expect(decideLife(invitation, { type: 'join', playerId: BOB }, NOW)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(decideLife(invitation, { type: 'join', playerId: 'cy' }, NOW)).toMatchObject({ ok: true });
    expect(decideLife(waiting, { type: 'join', playerId: ANN }, NOW)).toMatchObject({
      ok: false,
      code: 'BAD_USER_INPUT',
      message: 'you already sit in this game',
    });
    const full = { ...waiting, seated: dealt.seated };
    expect(decideLife(full, { type: 'join', playerId: 'cy' }, NOW)).toMatchObject({
      ok: false,
      code: 'GAME_NOT_ACTIVE',
      message: 'every seat of this game is taken',
    });
    expect(decideLife(dealt, { type: 'join', playerId: 'cy' }, NOW)).toMatchObject({
      ok: false,
      code: 'GAME_NOT_ACTIVE',
      message: 'the game is active, not waiting for players',
    });
  });
});

describe('calling a game off', () => {
  it('the creator calls off a waiting game; nobody else may', () => {
    expect(decideLife(waiting, { type: 'abort', playerId: ANN }, NOW)).toEqual({
      ok: true,
      outcome: { type: 'calledOff', reason: 'aborted' },
    });
    const joined = { ...waiting, seats: 3, seated: dealt.seated };
    expect(decideLife(joined, { type: 'abort', playerId: BOB }, NOW)).toMatchObject({
      ok: false,
      code: 'GAME_NOT_ACTIVE',
    });
    expect(decideLife(waiting, { type: 'abort', playerId: 'cy' }, NOW)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
  });

  it('any player calls off an unrated dealt game before the first move; a rated one never once dealt', () => {
    expect(decideLife(dealt, { type: 'abort', playerId: BOB }, NOW)).toMatchObject({ ok: true });
    expect(decideLife({ ...dealt, version: 1 }, { type: 'abort', playerId: BOB }, NOW)).toMatchObject({
      ok: false,
      code: 'GAME_NOT_ACTIVE',
      message: 'a game can be aborted only before its first move',
    });
    expect(decideLife({ ...dealt, rated: true }, { type: 'abort', playerId: ANN }, NOW)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      message: 'a rated game cannot be aborted once dealt; resign instead',
    });
    expect(decideLife({ ...dealt, status: 'FINISHED' }, { type: 'abort', playerId: ANN }, NOW)).toMatchObject(
      {
        ok: false,
        code: 'GAME_NOT_ACTIVE',
      },
    );
  });

  it('nobody calls off a tournament’s game, even unrated before the first move: its round needs a result', () => {
    expect(decideLife({ ...dealt, tournamentId: 't1' }, { type: 'abort', playerId: BOB }, NOW)).toMatchObject(
      {
        ok: false,
        code: 'FORBIDDEN',
        message: 'a tournament game cannot be aborted; resign instead',
      },
    );
  });

  it('only the invited player declines, and only while the invitation is open; the reason is recorded', () => {
    const invitation = { ...waiting, invitedPlayerId: BOB };
    expect(decideLife(invitation, { type: 'decline', playerId: BOB, reason: 'TOO_FAST' }, NOW)).toEqual({
      ok: true,
      outcome: { type: 'calledOff', reason: 'declined', declineReason: 'TOO_FAST' },
    });
    expect(decideLife(invitation, { type: 'decline', playerId: ANN, reason: 'GENERIC' }, NOW)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(
      decideLife(
        { ...invitation, status: 'ABORTED' },
        { type: 'decline', playerId: BOB, reason: 'GENERIC' },
        NOW,
      ),
    ).toMatchObject({ ok: false, code: 'GAME_NOT_ACTIVE', message: 'the invitation is no longer open' });
  });
});

describe('a deleted account leaving a game', () => {
  it('calls off a waiting game it sits in (aborted) or is invited to (declined)', () => {
    const three = { ...waiting, seats: 3, seated: [...waiting.seated, { seat: 1, playerId: BOB }] };
    expect(decideLife(three, { type: 'withdraw', playerId: BOB }, NOW)).toEqual({
      ok: true,
      outcome: { type: 'calledOff', reason: 'aborted' },
    });
    expect(decideLife(waiting, { type: 'withdraw', playerId: ANN }, NOW)).toEqual({
      ok: true,
      outcome: { type: 'calledOff', reason: 'aborted' },
    });
    const invitation = { ...waiting, invitedPlayerId: BOB };
    expect(decideLife(invitation, { type: 'withdraw', playerId: BOB }, NOW)).toEqual({
      ok: true,
      outcome: { type: 'calledOff', reason: 'declined' },
    });
  });

  it('leaves a dealt game to the engine (resigned), and a game it has no part in alone', () => {
    expect(decideLife(dealt, { type: 'withdraw', playerId: BOB }, NOW)).toMatchObject({
      ok: false,
      code: 'GAME_NOT_ACTIVE',
    });
    expect(decideLife(waiting, { type: 'withdraw', playerId: BOB }, NOW)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
  });
});

describe('canceling a challenge', () => {
  it('only the challenger cancels, and only while the challenge is pending', () => {
    const invitation = { ...waiting, invitedPlayerId: BOB };
    expect(decideLife(invitation, { type: 'cancel', playerId: ANN }, NOW)).toEqual({
      ok: true,
      outcome: { type: 'calledOff', reason: 'aborted' },
    });
    expect(decideLife(invitation, { type: 'cancel', playerId: BOB }, NOW)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(decideLife(waiting, { type: 'cancel', playerId: ANN }, NOW)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(
      decideLife({ ...invitation, status: 'ACTIVE' }, { type: 'cancel', playerId: ANN }, NOW),
    ).toMatchObject({ ok: false, code: 'GAME_NOT_ACTIVE', message: 'the challenge is no longer pending' });
  });
});

describe('an admin calling a game off (docs/operations.md#moderation)', () => {
  it('calls off any game that is not over, waiting or being played, rated or not, whoever sits in it', () => {
    for (const game of [waiting, dealt, { ...dealt, rated: true, version: 12 }]) {
      expect(decideLife(game, { type: 'moderate' }, NOW)).toEqual({
        ok: true,
        outcome: { type: 'calledOff', reason: 'moderated' },
      });
    }
  });

  it('refuses a game that is over', () => {
    for (const status of ['FINISHED', 'ABORTED'] as const) {
      expect(decideLife({ ...dealt, status }, { type: 'moderate' }, NOW)).toMatchObject({
        ok: false,
        code: 'GAME_NOT_ACTIVE',
      });
    }
  });
});

describe('a missed deadline', () => {
  const timeout = (moverHasMoved: boolean, version = 0) => ({
    type: 'timeout' as const,
    version,
    moverHasMoved,
  });

  it('times the player to move out once the deadline has passed — not a millisecond before', () => {
    expect(decideLife(dealt, timeout(true), NOW)).toEqual({
      ok: true,
      outcome: { type: 'timedOut', seat: 1 },
    });
    const later = { ...dealt, deadline: new Date(NOW.getTime() + 1) };
    expect(decideLife(later, timeout(true), NOW)).toEqual({ ok: true, outcome: { type: 'notDue' } });
    expect(decideLife({ ...dealt, deadline: NOW }, timeout(true), NOW)).toMatchObject({
      outcome: { type: 'timedOut' },
    });
  });

  it('calls off an unrated game whose player to move never moved; a rated one times out all the same', () => {
    expect(decideLife(dealt, timeout(false), NOW)).toEqual({
      ok: true,
      outcome: { type: 'calledOff', reason: 'noMove' },
    });
    expect(decideLife({ ...dealt, rated: true }, timeout(false), NOW)).toMatchObject({
      outcome: { type: 'timedOut', seat: 1 },
    });
  });

  it('times out the player to move of a tournament game who never moved: the round needs its result', () => {
    expect(decideLife({ ...dealt, tournamentId: 't1' }, timeout(false), NOW)).toEqual({
      ok: true,
      outcome: { type: 'timedOut', seat: 1 },
    });
  });

  it('is not due when a move came first (another version), without a time control, or once the game is over', () => {
    expect(decideLife(dealt, timeout(true, 3), NOW)).toMatchObject({ outcome: { type: 'notDue' } });
    expect(decideLife({ ...dealt, deadline: null }, timeout(true), NOW)).toMatchObject({
      outcome: { type: 'notDue' },
    });
    expect(decideLife({ ...dealt, status: 'FINISHED' }, timeout(true), NOW)).toMatchObject({
      outcome: { type: 'notDue' },
    });
  });
});

describe('the turn’s clock', () => {
  const HOUR = 3_600_000;
  const before = {
    currentPlayerId: ANN,
    turnStartedAt: new Date(NOW.getTime() - HOUR),
    remindAt: new Date(NOW.getTime() - HOUR + 0.8 * 86_400_000),
    deadline: new Date(NOW.getTime() - HOUR + 86_400_000),
    secondsPerMove: 86_400,
  };

  it('another player to move starts a new turn with a full time control, reminded at 80 % of it', () => {
    expect(turnClockAfter(before, { currentPlayerId: BOB, finished: false }, NOW)).toEqual({
      turnStartedAt: NOW,
      remindAt: new Date(NOW.getTime() + 0.8 * 86_400_000),
      deadline: new Date(NOW.getTime() + 86_400_000),
    });
    expect(REMINDER_SHARE).toBe(0.8);
    expect(newTurnClock(null, NOW)).toEqual({ turnStartedAt: NOW, remindAt: null, deadline: null });
    // An hour per move: reminded after 48 minutes.
    expect(newTurnClock(3600, NOW).remindAt).toEqual(new Date(NOW.getTime() + 48 * 60_000));
  });

  it('a move within the turn keeps its start, reminder and deadline; the end clears reminder and deadline', () => {
    expect(turnClockAfter(before, { currentPlayerId: ANN, finished: false }, NOW)).toEqual({
      turnStartedAt: before.turnStartedAt,
      remindAt: before.remindAt,
      deadline: before.deadline,
    });
    expect(turnClockAfter(before, { currentPlayerId: null, finished: true }, NOW)).toEqual({
      turnStartedAt: NOW,
      remindAt: null,
      deadline: null,
    });
  });

  it('has no deadline without a time control', () => {
    const untimed = { ...before, remindAt: null, deadline: null, secondsPerMove: null };
    const next = turnClockAfter(untimed, { currentPlayerId: BOB, finished: false }, NOW);
    expect(next.deadline).toBeNull();
    expect(next.remindAt).toBeNull();
  });
});
