/**
 * The decider of a game's changes (docs/architecture.md#where-a-change-to-a-game-is-decided): a command and the game as it
 * stands give a GameChange to write, nothing to do, or a refusal. Pure — no Nest, no SQL, no error classes of the
 * API; the time and the game's folded state are inputs — in the shape of the engine's own decide, whose play rules
 * it applies (src/engine/decide.ts) beside the life rules around play (src/games/domain/life.ts).
 */
import { type AwaySpan, clockWithTimeAway } from '../domain/vacation-clock';
import {
  Command,
  Violation,
  decide,
  isRulesVersion,
  standInClientSeed,
  takesClientSeeds,
} from '../../engine';
import { builtinBotById, builtinBotVersion } from '../../players/builtin-bots';
import { clientSeedRefusal } from '../domain/creation';
import { seatOutcomes } from '../domain/finish';
import type { GameRecord } from '../domain/game-record';
import { initialState } from '../domain/initial-state';
import {
  GameLife,
  LifeCommand,
  LifeRefusalCode,
  decideLife,
  newTurnClock,
  turnClockAfter,
} from '../domain/life';
import { GameLifeEvent, moveLifeEvents } from '../domain/notifications';
import { projectionOf } from '../domain/projection';
import { FoldedGame, advance } from '../domain/folded-game';
import type { CallOff } from './game-command';
import type { CalledOff, DealPlan, Expected, GameChange, Played } from './game-change';

/** Why a command changes nothing; the API maps each to its error in one place (game-handler.ts). */
export type Refusal =
  | {
      readonly type: 'refused';
      readonly code: LifeRefusalCode | 'NOT_FOUND';
      readonly message: string;
      readonly details?: Readonly<Record<string, string>>;
    }
  /** The rules refuse the play (the engine's violation, with its code and sentences). */
  | { readonly type: 'illegal'; readonly violation: Violation }
  /** The command was decided on another version than the game's: reload and decide again. */
  | { readonly type: 'conflict'; readonly currentVersion: number };

export type Decision<C extends GameChange = GameChange> =
  | { readonly ok: true; readonly change: C }
  /** Nothing is due: the command's moment has passed (a deadline moved, a reminder was sent, a version is known). */
  | { readonly ok: true; readonly change: null }
  | { readonly ok: false; readonly refusal: Refusal };

const refused = (
  code: LifeRefusalCode | 'NOT_FOUND',
  message: string,
  details?: Readonly<Record<string, string>>,
): Decision<never> => ({ ok: false, refusal: { type: 'refused', code, message, details } });
const nothing: Decision<never> = { ok: true, change: null };

/** What the life decisions read of a game. */
export function lifeOf(game: GameRecord): GameLife {
  return {
    status: game.status,
    version: game.version,
    rated: game.rated,
    seats: game.seats,
    createdById: game.createdById,
    invitedPlayerId: game.invitedPlayerId,
    tournamentId: game.tournamentId,
    seated: game.players,
    currentSeat: game.currentSeat,
    deadline: game.deadline,
  };
}

function expectedOf(game: GameRecord): Expected {
  return { status: game.status, version: game.version };
}

/** The players' ids in seat order. */
function seatedIds(seats: readonly { readonly seat: number; readonly playerId: string }[]): string[] {
  return [...seats].sort((a, b) => a.seat - b.seat).map((entry) => entry.playerId);
}

/**
 * The deal of a filled game (docs/fairness.md): a stand-in client seed for every seat without one (where the deal
 * mixes client seeds), and the seat the deal gives the first turn, whose clock starts now.
 */
export function dealPlan(
  game: GameRecord,
  seated: readonly { readonly seat: number; readonly playerId: string; readonly clientSeed: string | null }[],
  now: Date,
): DealPlan {
  const mixes = !game.dealChosen && isRulesVersion(game.rulesVersion) && takesClientSeeds(game.rulesVersion);
  const given = new Map(seated.map((entry) => [entry.seat, entry.clientSeed]));
  const seats = [...Array(game.seats).keys()];
  const standIns = mixes ? seats.filter((seat) => (given.get(seat) ?? null) === null) : [];
  const clientSeeds = seats.map(
    (seat) => given.get(seat) ?? (standIns.includes(seat) ? standInClientSeed(game.seed, seat) : null),
  );
  const firstSeat = initialState({ ...game, clientSeeds }).current;
  const firstPlayerId = seated.find((entry) => entry.seat === firstSeat)?.playerId;
  if (firstPlayerId === undefined) throw new Error(`the deal's first seat ${firstSeat} is empty`);
  return {
    standIns: standIns.map((seat) => ({ seat, seed: clientSeeds[seat] as string })),
    firstSeat,
    firstPlayerId,
    clock: newTurnClock(game.secondsPerMove, now),
  };
}

function dealtEvent(
  seated: readonly { readonly seat: number; readonly playerId: string }[],
  deal: DealPlan,
): GameLifeEvent {
  return { type: 'dealt', seated: seatedIds(seated), toMove: deal.firstPlayerId };
}

/**
 * `playerId` sits down in the lowest free seat; if that fills the game it is dealt in the same change, unless it
 * was created with awaitClientSeed (its creator's client seed deals it then).
 */
export function decideJoin(
  game: GameRecord,
  playerId: string,
  clientSeed: string | undefined,
  now: Date,
): Decision {
  const decision = decideLife(lifeOf(game), { type: 'join', playerId }, now);
  if (!decision.ok) return refused(decision.code, decision.message);
  if (decision.outcome.type !== 'seated') throw new Error(`a join decided ${decision.outcome.type}`);
  if (clientSeed !== undefined) {
    const refusal = clientSeedRefusal(clientSeed, game.dealChosen, game.rulesVersion);
    if (refusal !== null) return refused(refusal.code, refusal.message, refusal.details);
  }
  // A built-in bot's seat records the version of the play this copy will give it (noteBotVersion adds others).
  const bot = builtinBotById(playerId);
  const seat = {
    seat: decision.outcome.seat,
    playerId,
    clientSeed: clientSeed ?? null,
    clientSeedSource: clientSeed === undefined ? null : ('GIVEN_AFTER_COMMITMENT' as const),
    botVersions: bot === undefined ? [] : [builtinBotVersion(bot)],
  };
  const seated = [...game.players, seat];
  const deal = decision.outcome.fills && !game.awaitClientSeed ? dealPlan(game, seated, now) : null;
  return {
    ok: true,
    change: {
      kind: 'seated',
      gameId: game.id,
      at: now,
      expected: expectedOf(game),
      seat,
      deal,
      told: deal === null ? [] : [dealtEvent(seated, deal)],
    },
  };
}

/**
 * A seated player sets or replaces their client seed until the deal. In a game created with awaitClientSeed whose
 * seats are all taken, the creator's seed is what deals it (the same deal as a join that fills a game).
 */
export function decideClientSeed(
  game: GameRecord,
  playerId: string,
  clientSeed: string,
  now: Date,
): Decision {
  const own = game.players.find((entry) => entry.playerId === playerId);
  if (own === undefined)
    return refused('FORBIDDEN', 'only a player seated in this game may give it a client seed');
  const refusal = clientSeedRefusal(clientSeed, game.dealChosen, game.rulesVersion);
  if (refusal !== null) return refused(refusal.code, refusal.message, refusal.details);
  if (game.status !== 'WAITING') {
    return refused(
      'GAME_NOT_ACTIVE',
      game.status === 'ACTIVE' || game.status === 'FINISHED'
        ? 'the game has been dealt: its client seeds were fixed at the deal'
        : `the game is ${game.status.toLowerCase()}`,
    );
  }
  const seated = game.players.map((entry) =>
    entry.playerId === playerId ? { ...entry, clientSeed } : entry,
  );
  const deals = game.awaitClientSeed && game.createdById === playerId && seated.length === game.seats;
  const deal = deals ? dealPlan(game, seated, now) : null;
  // The same seed again, given as before, and dealing nothing: there is nothing to change.
  if (deal === null && own.clientSeed === clientSeed && own.clientSeedSource === 'GIVEN_AFTER_COMMITMENT')
    return nothing;
  return {
    ok: true,
    change: {
      kind: 'clientSeedSet',
      gameId: game.id,
      at: now,
      expected: expectedOf(game),
      seat: own.seat,
      clientSeed,
      deal,
      told: deal === null ? [] : [dealtEvent(seated, deal)],
    },
  };
}

/** A seated player's play (a move, a resignation, the timeout of the seat to move), decided by the engine. */
export interface PlayCommand {
  readonly playerId: string;
  readonly command: (seat: number) => Command;
  readonly expectedVersion: number | undefined;
  readonly clientMoveId: string | null;
}

/**
 * What refuses a play before the game's state is looked at (so a game that cannot be played is not folded): a
 * player not seated, a game not being played, a version other than the one the client decided on.
 */
export function playRefusal(game: GameRecord, play: PlayCommand): Refusal | null {
  if (!game.players.some((entry) => entry.playerId === play.playerId))
    return { type: 'refused', code: 'FORBIDDEN', message: 'only the players of this game may move in it' };
  if (game.status !== 'ACTIVE')
    return { type: 'refused', code: 'GAME_NOT_ACTIVE', message: `the game is ${game.status.toLowerCase()}` };
  if (play.expectedVersion !== undefined && play.expectedVersion !== game.version)
    return { type: 'conflict', currentVersion: game.version };
  return null;
}

/** `folded` is the game's state at `game.version`. */
export function decidePlay(
  game: GameRecord,
  folded: FoldedGame,
  play: PlayCommand,
  now: Date,
): Decision<Played> {
  const early = playRefusal(game, play);
  if (early !== null) return { ok: false, refusal: early };
  const seat = game.players.find((entry) => entry.playerId === play.playerId)!.seat;
  if (folded.version !== game.version)
    throw new Error(`game ${game.id}: decided on state ${folded.version} for row ${game.version}`);
  const decision = decide(folded.state, play.command(seat));
  if (!decision.ok) return { ok: false, refusal: { type: 'illegal', violation: decision.violation } };
  const { next, appended } = advance(folded, decision.events, now, play.clientMoveId);
  const projection = projectionOf(next.state, next.version, game.players);
  const finished = projection.result !== null;
  const clock = turnClockAfter(game, { currentPlayerId: projection.currentPlayerId, finished }, now);
  return {
    ok: true,
    change: {
      kind: 'played',
      gameId: game.id,
      at: now,
      expected: expectedOf(game),
      deadlineDecidedOn: game.deadline,
      actorId: play.playerId,
      appended,
      projection,
      clock,
      outcomes: projection.result === null ? null : seatOutcomes(projection.result, game.players),
      finishing: { preset: game.preset, rated: game.rated },
      next,
      told: moveLifeEvents({
        before: game.currentPlayerId,
        after: projection.currentPlayerId,
        finished,
        seated: seatedIds(game.players),
      }),
    },
  };
}

/**
 * A missed deadline at `version`: the seat to move times out through the engine — or, in an unrated game in which
 * they never moved, the game is called off (life.ts). Nothing when it is not due any more.
 */
export function decideTimeout(game: GameRecord, folded: FoldedGame, version: number, now: Date): Decision {
  const seat = game.currentSeat;
  const mover = game.currentPlayerId;
  if (game.status !== 'ACTIVE' || seat === null || mover === null) return nothing;
  const moverHasMoved = folded.movedSeats.includes(seat);
  const decision = decideLife(lifeOf(game), { type: 'timeout', version, moverHasMoved }, now);
  if (!decision.ok) return nothing;
  switch (decision.outcome.type) {
    case 'notDue':
      return nothing;
    case 'calledOff':
      return { ok: true, change: calledOff(game, decision.outcome.reason, null, now) };
    case 'timedOut':
      return decidePlay(
        game,
        folded,
        {
          playerId: mover,
          command: (timedOut) => ({ type: 'timeout', seat: timedOut }),
          expectedVersion: version,
          clientMoveId: null,
        },
        now,
      );
    case 'seated':
      throw new Error('a timeout decided a seat');
    default: {
      const never: never = decision.outcome;
      return never;
    }
  }
}

function calledOff(
  game: GameRecord,
  reason: CalledOff['reason'],
  declineReason: CalledOff['declineReason'],
  now: Date,
): CalledOff {
  return {
    kind: 'calledOff',
    gameId: game.id,
    at: now,
    expected: expectedOf(game),
    reason,
    declineReason,
    // Those seated when it ends: under the row's lock, exactly them.
    told: [{ type: 'ended', seated: seatedIds(game.players) }],
  };
}

/** A call-off by a player or an admin (life.ts says who may, and when). */
export function decideCallOff(game: GameRecord, by: CallOff, now: Date): Decision {
  const command: LifeCommand = by;
  const decision = decideLife(lifeOf(game), command, now);
  if (!decision.ok) return refused(decision.code, decision.message);
  if (decision.outcome.type !== 'calledOff') throw new Error(`a ${by.type} decided ${decision.outcome.type}`);
  return {
    ok: true,
    change: calledOff(game, decision.outcome.reason, decision.outcome.declineReason ?? null, now),
  };
}

/**
 * The turn's reminder (docs/correspondence.md#reminders), once per turn: due when the reminder time the turn's
 * clock set (newTurnClock) has come, the deadline has not, and this turn was not reminded yet.
 */
export function decideRemind(game: GameRecord, now: Date): Decision {
  const { turnStartedAt, remindAt, deadline, currentPlayerId } = game;
  if (game.status !== 'ACTIVE' || turnStartedAt === null || remindAt === null || currentPlayerId === null)
    return nothing;
  const due =
    remindAt.getTime() >= turnStartedAt.getTime() &&
    remindAt.getTime() <= now.getTime() &&
    deadline !== null &&
    deadline.getTime() > now.getTime() &&
    (game.remindedTurnAt === null || game.remindedTurnAt.getTime() < turnStartedAt.getTime());
  if (!due) return nothing;
  return {
    ok: true,
    change: {
      kind: 'reminded',
      gameId: game.id,
      at: now,
      expected: expectedOf(game),
      turnStartedAt,
      told: [{ type: 'reminded', playerId: currentPlayerId }],
    },
  };
}

/**
 * The clock of `playerId`'s turn with their time away (src/games/domain/vacation-clock.ts): nothing when it is not
 * their turn, the game has no time control, or the clock already is so.
 */
export function decideMoveClock(
  game: GameRecord,
  playerId: string,
  away: readonly AwaySpan[],
  now: Date,
): Decision {
  if (game.status !== 'ACTIVE' || game.currentPlayerId !== playerId || game.turnStartedAt === null)
    return nothing;
  const clock = clockWithTimeAway(game.turnStartedAt, game.secondsPerMove, away);
  if (clock === null) return nothing;
  const same = (a: Date | null, b: Date | null): boolean => (a?.getTime() ?? null) === (b?.getTime() ?? null);
  if (same(clock.deadline, game.deadline) && same(clock.remindAt, game.remindAt)) return nothing;
  return {
    ok: true,
    change: { kind: 'clockMoved', gameId: game.id, at: now, expected: expectedOf(game), clock, told: [] },
  };
}

/** A bot seat lists `botVersion` (once): nothing when it does already. */
export function decideBotVersion(game: GameRecord, seat: number, botVersion: string, now: Date): Decision {
  const entry = game.players.find((candidate) => candidate.seat === seat);
  if (entry === undefined) return refused('NOT_FOUND', `seat ${seat} is empty`);
  if (entry.botVersions.includes(botVersion)) return nothing;
  return {
    ok: true,
    change: { kind: 'botVersionNoted', gameId: game.id, at: now, seat, botVersion, told: [] },
  };
}
