/**
 * The decider of a game's changes (src/games/write/decide-change.ts) and the applier (apply-change.ts), pure: any
 * sequence of commands keeps the invariants docs/architecture.md#where-a-change-to-a-game-is-decided states — every accepted
 * change either appends to the log or changes the row's status, clock or seats; `version` counts the log; replaying
 * the log from the deal rebuilds the row's projection; a game that is over takes no change.
 */
import fc from 'fast-check';
import { GameEvent, legalMoves, replayFrom } from '../../../src/engine';
import type { GameRecord, GameSeatRecord } from '../../../src/games/domain/game-record';
import { initialState, originOf } from '../../../src/games/domain/initial-state';
import { projectionOf } from '../../../src/games/domain/projection';
import type { FoldedGame } from '../../../src/games/domain/folded-game';
import { gameAfter } from '../../../src/games/write/apply-change';
import {
  Decision,
  decideBotVersion,
  decideCallOff,
  decideClientSeed,
  decideJoin,
  decidePlay,
  decideRemind,
  decideTimeout,
  playRefusal,
} from '../../../src/games/write/decide-change';
import type { GameChange } from '../../../src/games/write/game-change';
import { decideCreate } from '../../../src/games/domain/creation';

const PLAYERS = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'] as const;
const STRANGER = '00000000-0000-4000-8000-00000000000c';
const START = new Date('2026-12-07T00:00:00.000Z');
const MINUTE_MS = 60_000;

/** A seat as the database would add it (the player's account is the database's: made up here). */
function seatRecord(
  gameId: string,
  seat: number,
  playerId: string,
  at: Date,
  clientSeed: string | null,
): GameSeatRecord {
  return {
    gameId,
    seat,
    playerId,
    joinedAt: at,
    clientSeed,
    clientSeedSource: clientSeed === null ? null : 'GIVEN_AFTER_COMMITMENT',
    finishedAt: null,
    outcome: null,
    placement: null,
    score: null,
    payoffLeft: null,
    ratingBefore: null,
    deviationBefore: null,
    volatilityBefore: null,
    ratingAfter: null,
    deviationAfter: null,
    volatilityAfter: null,
    botVersions: [],
    player: {
      id: playerId,
      username: `p${seat}`,
      usernameKey: `p${seat}`,
      isBot: false,
      createdAt: START,
      deletedAt: null,
      guestSince: null,
    },
  };
}

function newGame(seed: string, secondsPerMove: number | undefined, rated: boolean): GameRecord {
  const decision = decideCreate(
    {
      preset: 'classic',
      overrides: {},
      seats: undefined,
      rated,
      opponent: undefined,
      seed: undefined,
      position: undefined,
      secondsPerMove,
      bot: undefined,
      clientSeed: undefined,
      awaitClientSeed: false,
    },
    {
      creatorId: PLAYERS[0],
      opponentId: undefined,
      gameId: '00000000-0000-4000-8000-000000000001',
      serverSeed: seed,
    },
  );
  if (!decision.ok) throw new Error(decision.message);
  const { creatorClientSeed, creatorClientSeedSource, ...row } = decision.game;
  void creatorClientSeedSource;
  return {
    ...row,
    status: 'WAITING',
    version: 0,
    currentSeat: null,
    currentPlayerId: null,
    result: null,
    createdAt: START,
    startedAt: null,
    finishedAt: null,
    updatedAt: START,
    turnStartedAt: null,
    deadline: null,
    remindAt: null,
    remindedTurnAt: null,
    endReason: null,
    declineReason: null,
    sweepClaimedUntil: null,
    unratedReason: null,
    players: [seatRecord(row.id, 0, PLAYERS[0], START, creatorClientSeed)],
  };
}

/** What the database does that the applier leaves to it: the seat a join adds (with its deal), a finish. */
function stored(game: GameRecord, change: GameChange): GameRecord {
  const applied = gameAfter(game, change);
  if (applied !== null) return applied;
  switch (change.kind) {
    case 'seated': {
      const seat = seatRecord(
        game.id,
        change.seat.seat,
        change.seat.playerId,
        change.at,
        change.seat.clientSeed,
      );
      const players = [...game.players, seat].sort((a, b) => a.seat - b.seat);
      const deal = change.deal;
      if (deal === null) return { ...game, players };
      const standIn = new Map(deal.standIns.map((entry) => [entry.seat, entry.seed]));
      return {
        ...game,
        players: players.map((entry): GameSeatRecord => {
          const seed = standIn.get(entry.seat);
          return seed === undefined
            ? entry
            : { ...entry, clientSeed: seed, clientSeedSource: 'SERVER_STAND_IN' };
        }),
        status: 'ACTIVE',
        startedAt: change.at,
        updatedAt: change.at,
        currentSeat: deal.firstSeat,
        currentPlayerId: deal.firstPlayerId,
        turnStartedAt: deal.clock.turnStartedAt,
        deadline: deal.clock.deadline,
        remindAt: deal.clock.remindAt,
      };
    }
    case 'played':
      return {
        ...game,
        version: change.projection.version,
        status: change.projection.status,
        currentSeat: change.projection.currentSeat,
        currentPlayerId: change.projection.currentPlayerId,
        result: change.projection.result,
        finishedAt: change.at,
        updatedAt: change.at,
        turnStartedAt: change.clock.turnStartedAt,
        deadline: change.clock.deadline,
        remindAt: change.clock.remindAt,
      };
    default:
      throw new Error(`the applier reads back a ${change.kind} change`);
  }
}

type Step =
  | { readonly type: 'join'; readonly who: number }
  | { readonly type: 'seed'; readonly who: number }
  | { readonly type: 'move'; readonly who: number; readonly pick: number }
  | { readonly type: 'resign'; readonly who: number }
  | {
      readonly type: 'callOff';
      readonly how: 'abort' | 'cancel' | 'withdraw' | 'moderate';
      readonly who: number;
    }
  | { readonly type: 'timeout'; readonly stale: boolean }
  /** The sweeper's pass, `percent` of the turn's time after it began (or now, if that has passed). */
  | { readonly type: 'remind'; readonly percent: number }
  | { readonly type: 'botVersion'; readonly seat: number };

const who = fc.integer({ min: 0, max: 2 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ type: fc.constant('join' as const), who }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('seed' as const), who }) },
  { weight: 8, arbitrary: fc.record({ type: fc.constant('move' as const), who, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('resign' as const), who }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('callOff' as const),
      how: fc.constantFrom('abort' as const, 'cancel' as const, 'withdraw' as const, 'moderate' as const),
      who,
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('timeout' as const), stale: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('remind' as const),
      percent: fc.integer({ min: 60, max: 110 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('botVersion' as const), seat: fc.integer({ min: 0, max: 2 }) }),
  },
);

const playerOf = (index: number): string => (index < 2 ? PLAYERS[index as 0 | 1] : STRANGER);

/** `folded`: the game's state, once it is dealt. */
function decideStep(game: GameRecord, folded: FoldedGame | null, step: Step, at: Date): Decision {
  if (folded === null && (step.type === 'move' || step.type === 'resign' || step.type === 'timeout')) {
    // Not dealt: no play, and nothing folded to decide on; the refusal comes before the state is looked at.
    const refusal = playRefusal(game, {
      playerId: playerOf(step.type === 'timeout' ? 0 : step.who),
      command: (seat) => ({ type: 'resign', seat }),
      expectedVersion: undefined,
      clientMoveId: null,
    });
    expect(refusal).not.toBeNull();
    expect(
      decideTimeout(game, { version: 0, state: null as never, last: null, movedSeats: [] }, game.version, at),
    ).toEqual({
      ok: true,
      change: null,
    });
    return { ok: false, refusal: refusal! };
  }
  switch (step.type) {
    case 'join':
      return decideJoin(game, playerOf(step.who), undefined, at);
    case 'seed':
      return decideClientSeed(game, playerOf(step.who), `seed-${step.who}`, at);
    case 'move': {
      const moves = game.status === 'ACTIVE' ? legalMoves(folded!.state) : ['pass'];
      const move = moves[step.pick % Math.max(1, moves.length)] ?? 'pass';
      const mover = step.who === 0 ? (game.currentPlayerId ?? playerOf(0)) : playerOf(step.who);
      return decidePlay(
        game,
        folded!,
        {
          playerId: mover,
          command: (seat) => ({ type: 'move', seat, move }),
          expectedVersion: game.version,
          clientMoveId: null,
        },
        at,
      );
    }
    case 'resign':
      return decidePlay(
        game,
        folded!,
        {
          playerId: playerOf(step.who),
          command: (seat) => ({ type: 'resign', seat }),
          expectedVersion: undefined,
          clientMoveId: null,
        },
        at,
      );
    case 'callOff': {
      const playerId = playerOf(step.who);
      return decideCallOff(
        game,
        step.how === 'moderate' ? { type: 'moderate' } : { type: step.how, playerId },
        at,
      );
    }
    case 'timeout':
      return decideTimeout(game, folded!, step.stale ? game.version - 1 : game.version, at);
    case 'remind':
      return decideRemind(game, at);
    case 'botVersion':
      return decideBotVersion(game, step.seat, 'bot-v1', at);
  }
}

/** The row's state that a change other than a play must move. */
function lifeColumns(game: GameRecord): unknown {
  return {
    status: game.status,
    deadline: game.deadline,
    remindAt: game.remindAt,
    remindedTurnAt: game.remindedTurnAt,
    currentPlayerId: game.currentPlayerId,
    seats: game.players.map((seat) => [seat.seat, seat.playerId, seat.clientSeed, seat.botVersions]),
  };
}

describe('the decider of a game’s changes (docs/architecture.md#where-a-change-to-a-game-is-decided)', () => {
  it('any sequence of commands keeps the invariants, and the log replays to the row', () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex')),
        // Timed four times in five: the clock's changes (reminders, timeouts) need a time control.
        fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
        fc.boolean(),
        fc.array(fc.tuple(stepArb, fc.integer({ min: 0, max: 90 })), { maxLength: 60 }),
        (seed, timed, rated, steps) => {
          let game = newGame(seed, timed ? 36_000 : undefined, rated);
          let folded: FoldedGame | null = null;
          const log: GameEvent[] = [];
          let at = START;
          for (const [step, minutes] of steps) {
            at = new Date(at.getTime() + minutes * MINUTE_MS);
            if (step.type === 'remind' && game.turnStartedAt !== null && game.secondsPerMove !== null) {
              const due = game.turnStartedAt.getTime() + (step.percent / 100) * game.secondsPerMove * 1000;
              at = new Date(Math.max(at.getTime(), due));
            }
            const over = game.status === 'FINISHED' || game.status === 'ABORTED';
            const decision = decideStep(game, folded, step, at);
            if (!decision.ok || decision.change === null) continue;
            const change = decision.change;
            // A game that is over takes no change (but a bot version noted on its seat).
            if (over) expect(change.kind).toBe('botVersionNoted');
            kinds.add(change.kind);
            const next = stored(game, change);
            if (change.kind === 'played') {
              // It appends to the log: version counts its events, seq = version.
              expect(change.appended.length).toBeGreaterThan(0);
              change.appended.forEach((stored, index) => expect(stored.seq).toBe(game.version + index + 1));
              expect(next.version).toBe(game.version + change.appended.length);
              folded = change.next;
              log.push(...change.appended.map((stored): GameEvent => stored.event));
              expect(folded.last).toEqual(change.appended.at(-1));
            } else {
              // It changes the row's status, clock or seats, never the log.
              expect(next.version).toBe(game.version);
              expect(lifeColumns(next)).not.toEqual(lifeColumns(game));
            }
            if (change.kind === 'calledOff') expect(next.status).toBe('ABORTED');
            game = next;
            // Dealt: the state the log folds from.
            if (folded === null && game.startedAt !== null)
              folded = { version: 0, state: initialState(originOf(game)), last: null, movedSeats: [] };
            // Replaying the log from the deal rebuilds the row's projection.
            if (folded !== null && game.status !== 'ABORTED') {
              const replayed = replayFrom(initialState(originOf(game)), log);
              expect(replayed.ok).toBe(true);
              if (!replayed.ok) return;
              const projection = projectionOf(replayed.state, log.length, game.players);
              expect({
                version: game.version,
                status: game.status,
                currentSeat: game.currentSeat,
                currentPlayerId: game.currentPlayerId,
                result: game.result,
              }).toEqual(projection);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
    // The runs reach every kind of change but a creation (made before the sequence), or the checks above are idle.
    for (const kind of ['seated', 'clientSeedSet', 'played', 'calledOff', 'reminded', 'botVersionNoted'])
      expect(kinds).toContain(kind);
  });
});
