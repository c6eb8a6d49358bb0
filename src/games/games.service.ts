/**
 * Game commands and queries. A command takes the game's state (cached, or folded from the log), asks the engine
 * to `decide`, then appends the events and updates the projection row in one atomic statement guarded by the
 * version it decided on (docs/api.md#concurrency-versions-and-retries): a concurrent writer makes it a
 * VERSION_CONFLICT with nothing written, and a repeated clientMoveId returns the original outcome without writing
 * again.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { StoredEvent } from './domain/stored-event';
import {
  Command,
  GameEvent,
  GameState,
  commandOf,
  clientSeedProblems,
  decide,
  isRulesVersion,
  replayFrom,
  seedCommitment,
  standInClientSeed,
  takesClientSeeds,
} from '../engine';
import { ApiError, ApiErrorCode, violationError } from '../errors/api-error';
import { PlayersService, isUniqueViolation } from '../players/players.service';
import { isUuid } from '../common/ids';
import {
  CallOffReason,
  GameLife,
  LifeCommand,
  TurnClock,
  decideLife,
  newTurnClock,
  turnClockAfter,
} from './domain/life';
import { GamesRepository, SeatRequest } from './persistence/games.repository';
import {
  CreateDecision,
  CreateGameRequest,
  InputRefusal,
  clientSeedRefusal,
  createRequestRefusal,
  decideCreate,
} from './domain/creation';
import { moveLifeEvents, notificationsOf } from './domain/notifications';
import { FoldedGame, GameStore, advance } from './persistence/game-store';
import { initialState, originOf, versionOf } from './domain/initial-state';
import type { ClientSeedSourceName } from './domain/client-seed-source';
import type { DeclineReasonName } from './domain/challenge';
import { GameProjection, projectionOf, sameResult } from './domain/projection';
import { GameStatus } from './api/game.types';
import { Clock } from '../clock/clock';
import { builtinBotById, builtinBotVersion } from '../bots/builtin-bots';
import { BotChoicesOutcome, botChoicesOutcome, botDecisionsOf, botSeatsOf } from '../export/verify-export';
import { BotChoiceChecks } from './bot-choice-checks';
import { seatOutcomes } from './domain/finish';
import {
  GamesListQuery,
  SeekKind,
  decodeListCursor,
  encodeListCursor,
  gamesListSql,
  listOrder,
} from './persistence/games-list-sql';
import type { GameRecord } from './domain/game-record';

export type { GameRecord } from './domain/game-record';

export type { CreateGameRequest } from './domain/creation';

export interface MoveRequest {
  readonly gameId: string;
  readonly playerId: string;
  readonly move: string;
  readonly expectedVersion: number | undefined;
  readonly clientMoveId: string | undefined;
}

/** What a move did: the event it recorded, whether this answer replays an earlier identical request, the game. */
export interface MoveOutcome {
  readonly game: GameRecord;
  readonly move: StoredEvent;
  /** True when the clientMoveId's move was already in the log: nothing was written, `move` is the original. */
  readonly replayed: boolean;
}

export interface GamesPage {
  readonly games: GameRecord[];
  readonly cursors: string[];
  readonly hasNextPage: boolean;
}

/** A games list request: the filter with usernames still unresolved, and the raw cursor. */
export interface GamesQuery extends Omit<GamesListQuery, 'playerId' | 'opponentId' | 'after'> {
  readonly player?: string;
  readonly opponent?: string;
  readonly after?: string;
}

/** Refusals that mean a deleted account's game ended meanwhile, or its seat is out already: nothing to settle. */
const SETTLED: readonly ApiErrorCode[] = ['GAME_NOT_ACTIVE', 'ILLEGAL_MOVE', 'FORBIDDEN'];

/** A command without a guard (a resignation) that lost a race is decided again on the new state this many times. */
const AUTO_RETRIES = 3;
const MAX_CLIENT_MOVE_ID = 64;

@Injectable()
export class GamesService {
  constructor(
    private readonly repository: GamesRepository,
    private readonly store: GameStore,
    private readonly clock: Clock,
    private readonly players: PlayersService,
    private readonly botChoices: BotChoiceChecks,
  ) {}

  /**
   * The game row with its players. Once a game is dealt its seats never change, so they are read once and kept;
   * later reads fetch the row alone.
   */
  async get(gameId: string): Promise<GameRecord> {
    const game = await this.find(gameId);
    if (game === null) throw new ApiError('NOT_FOUND', 'no such game');
    return game;
  }

  /** The game with its players, or null when no game has this id (a malformed id included). */
  async find(gameId: string): Promise<GameRecord | null> {
    if (!isUuid(gameId)) return null;
    const seated = this.dealtSeats(gameId);
    if (seated !== undefined) {
      const row = await this.repository.row(gameId);
      if (row === null) return null;
      // The seats as remembered now, not before the read: a seat amended meanwhile (its account deleted, announced
      // by another copy) must not be put back as it was.
      const seats = this.dealtSeats(gameId) ?? seated;
      // The seats gain their outcomes when the game finishes (perhaps through another app copy): read them then.
      const current = row.status !== GameStatus.FINISHED || seats.every((seat) => seat.finishedAt !== null);
      if (current) return this.known({ ...row, players: seats });
    }
    const game = await this.repository.withPlayers(gameId);
    if (game === null) return null;
    return this.known(game);
  }

  /** The seats of a dealt game as this copy last saw them: they never change but for the finish and bot versions. */
  private dealtSeats(gameId: string): GameRecord['players'] | undefined {
    const cached = this.store.peek(gameId).row;
    return cached !== undefined && cached.status !== GameStatus.WAITING && cached.startedAt !== null
      ? cached.players
      : undefined;
  }

  /** Records the latest row this copy of the app has seen of a game (the move path starts from it). */
  private known(game: GameRecord): GameRecord {
    // Monotonic by version: a row read before another move committed never replaces the newer one.
    return this.store.rememberRow(game);
  }

  async folded(game: GameRecord): Promise<FoldedGame> {
    return this.store.folded(game);
  }

  async create(playerId: string, request: CreateGameRequest): Promise<GameRecord> {
    const decision = await this.decideNew(playerId, request);
    const now = this.clock.now();
    const bot = decision.bot;
    if (bot === undefined) return this.repository.insert(decision.game, decision.events, now);
    // The bot sits down as anyone joining would (and the deal follows when that fills the game), in the creation's
    // own transaction: no seek or join ever finds its seat free. It gives no seed of its own: the server plays it,
    // so its seat gets the stand-in fixed by the server seed.
    await this.repository.insertSeated(decision.game, decision.events, now, (inserted) =>
      this.seatRequest(inserted, bot.playerId, undefined, now),
    );
    return this.get(decision.game.id);
  }

  /**
   * Opens a seek (docs/api.md#seekgame): a game made as `create` makes it — unless the player has an open seek of
   * the same kind already (one opened by a concurrent seek of theirs included), which is answered instead, with
   * nothing written (`opened` false).
   */
  async openSeek(
    playerId: string,
    kind: SeekKind,
    request: Pick<CreateGameRequest, 'clientSeed'>,
  ): Promise<{ readonly game: GameRecord; readonly opened: boolean }> {
    const decision = await this.decideNew(playerId, {
      preset: kind.preset,
      overrides: {},
      seats: 2,
      rated: kind.rated,
      opponent: undefined,
      seed: undefined,
      position: undefined,
      secondsPerMove: kind.secondsPerMove ?? undefined,
      bot: undefined,
      clientSeed: request.clientSeed,
      awaitClientSeed: false,
    });
    const result = await this.repository.openSeek(decision.game, this.clock.now());
    return { game: await this.get(result.id), opened: result.opened };
  }

  /** What a creation request makes (creation.ts, decideCreate), or its refusal thrown. */
  private async decideNew(
    playerId: string,
    request: CreateGameRequest,
  ): Promise<Extract<CreateDecision, { ok: true }>> {
    // 256 bits from the OS CSPRNG, committed to at once, revealed when the game is over (docs/fairness.md).
    const serverSeed = randomBytes(32).toString('hex');
    const early = createRequestRefusal(request, serverSeed);
    if (early !== null) throw refusalError(early);
    const opponentId =
      request.opponent === undefined ? undefined : (await this.liveOpponent(request.opponent)).id;
    const decision = decideCreate(request, {
      creatorId: playerId,
      opponentId,
      gameId: randomUUID(),
      serverSeed,
    });
    if (!decision.ok) throw refusalError(decision);
    return decision;
  }

  /**
   * The invited player: an account that exists, was not deleted and is not disabled (NOT_FOUND otherwise: a
   * disabled account could not answer, and its waiting games are called off when it is disabled).
   */
  private async liveOpponent(username: string): Promise<{ id: string }> {
    const opponent = await this.players.named(username);
    if (opponent.deletedAt !== null) throw new ApiError('NOT_FOUND', `the account ${username} was deleted`);
    if (opponent.disabledAt !== null)
      throw new ApiError('NOT_FOUND', `the account ${username} cannot be invited now`);
    return opponent;
  }

  /**
   * Takes the lowest free seat, and deals if that fills the game — in one transaction that first locks the game
   * row, so joins (and setClientSeed) of one game take turns: the joiner who fills the last seat is the one who
   * deals, and the seat and the deal commit together (one change, so one push). The deal fixes every seat's client
   * seed: a seat without one gets its stand-in, derived from the server seed (docs/fairness.md).
   */
  async join(gameId: string, playerId: string, clientSeed: string | undefined): Promise<GameRecord> {
    const game = await this.get(gameId);
    const now = this.clock.now();
    // Refused at once when the game as read refuses it; decided again under the row lock, where joins take turns.
    const early = decideLife(lifeOf(game), { type: 'join', playerId }, now);
    if (!early.ok) throw new ApiError(early.code, early.message);
    if (clientSeed !== undefined) checkClientSeed(clientSeed, game.dealChosen, game.rulesVersion);
    const refusal = await this.repository.seat(
      gameId,
      this.seatRequest(game, playerId, clientSeed, now),
      now,
    );
    if (refusal !== null) throw refusal;
    return this.get(gameId);
  }

  /** `playerId` sitting down in `game` (as read), decided again on the seats as locked, and the deal it may fill. */
  private seatRequest(
    game: GameRecord,
    playerId: string,
    clientSeed: string | undefined,
    now: Date,
  ): SeatRequest {
    // A built-in bot's seat records the version of the play it will get from this copy (recordBotVersion adds any
    // other version that moves in it later).
    const bot = builtinBotById(playerId);
    return {
      playerId,
      clientSeed: clientSeed ?? null,
      clientSeedSource: clientSeed === undefined ? null : 'GIVEN_AFTER_COMMITMENT',
      botVersions: bot === undefined ? [] : [builtinBotVersion(bot)],
      decide: (locked) => {
        const life: GameLife = {
          ...lifeOf(game),
          status: locked.status as GameLife['status'],
          version: locked.version,
          seated: locked.seated,
        };
        const decision = decideLife(life, { type: 'join', playerId }, now);
        if (!decision.ok) return new ApiError(decision.code, decision.message);
        if (decision.outcome.type !== 'seated') throw new Error(`a join decided ${decision.outcome.type}`);
        return decision.outcome;
      },
      deal: (given) => dealPlan(game, given, now),
    };
  }

  /**
   * A seated player sets or replaces their client seed, until the deal: typically after noting the commitment, so
   * that the server, which drew its seed before seeing this one, cannot have chosen its seed to suit it. Takes the
   * game row's lock, as a join does, so a seed set while the last seat is being taken is either in the deal or
   * refused (GAME_NOT_ACTIVE), never lost. In a game created with awaitClientSeed, the creator's seed is what
   * deals it once every seat is taken: the same deal as a join that fills a game (dealPlan, GamesRepository.deal).
   */
  async setClientSeed(gameId: string, playerId: string, clientSeed: string): Promise<GameRecord> {
    const game = await this.get(gameId);
    if (!game.players.some((seat) => seat.playerId === playerId)) {
      throw new ApiError('FORBIDDEN', 'only a player seated in this game may give it a client seed');
    }
    checkClientSeed(clientSeed, game.dealChosen, game.rulesVersion);
    const now = this.clock.now();
    const status = await this.repository.setClientSeed(
      gameId,
      playerId,
      clientSeed,
      (given) => dealPlan(game, given, now),
      now,
    );
    if (status !== GameStatus.WAITING) {
      throw new ApiError(
        'GAME_NOT_ACTIVE',
        status === GameStatus.ACTIVE || status === GameStatus.FINISHED
          ? 'the game has been dealt: its client seeds were fixed at the deal'
          : `the game is ${status?.toLowerCase()}`,
      );
    }
    return this.get(gameId);
  }

  /**
   * Adds `botVersion` to the seat's versions unless it is among them already (for the bot worker, before a move
   * decided by that version is sent): a bot seat lists every version of its play that moved in it, in order of
   * first use. This copy's remembered seats are brought up to date; another copy's show the change once the game
   * is over, when every copy reads the seats again (`get`).
   */
  async recordBotVersion(gameId: string, seat: number, botVersion: string): Promise<void> {
    await this.repository.addBotVersion(gameId, seat, botVersion);
    const add = (players: GameRecord['players']): GameRecord['players'] =>
      players.map((entry) =>
        entry.seat === seat && !entry.botVersions.includes(botVersion)
          ? { ...entry, botVersions: [...entry.botVersions, botVersion] }
          : entry,
      );
    this.store.amendRow(gameId, (row) => ({ ...row, players: add(row.players) }));
  }

  async abort(gameId: string, playerId: string): Promise<GameRecord> {
    return this.callOffBy(
      gameId,
      { type: 'abort', playerId },
      'the game changed meanwhile (a move, or another abort)',
    );
  }

  /**
   * The invited player turns an invitation down: the waiting game is aborted, reason `declined`, and `reason` is
   * recorded for the challenger (src/games/domain/challenge.ts).
   */
  async decline(gameId: string, playerId: string, reason: DeclineReasonName): Promise<GameRecord> {
    return this.callOffBy(gameId, { type: 'decline', playerId, reason }, 'the invitation is no longer open');
  }

  /** The challenger calls their pending challenge off (life.ts: `cancel`, abortGame's path for a challenge). */
  async cancel(gameId: string, playerId: string): Promise<GameRecord> {
    return this.callOffBy(gameId, { type: 'cancel', playerId }, 'the challenge is no longer pending');
  }

  /**
   * A player's call-off (abort, cancel, decline), decided on the game as read (docs/api.md#abortgame), then made
   * under the row's lock if the game is still as it was decided on; `raced` is the refusal when it is not.
   */
  private async callOffBy(gameId: string, command: LifeCommand, raced: string): Promise<GameRecord> {
    const game = await this.get(gameId);
    const now = this.clock.now();
    const decision = decideLife(lifeOf(game), command, now);
    if (!decision.ok) throw new ApiError(decision.code, decision.message);
    if (decision.outcome.type !== 'calledOff')
      throw new Error(`a ${command.type} decided ${decision.outcome.type}`);
    const expected = { status: game.status, version: game.version };
    const { reason, declineReason } = decision.outcome;
    if (!(await this.callOff(gameId, expected, reason, now, declineReason ?? null)))
      throw new ApiError('GAME_NOT_ACTIVE', raced);
    return this.get(gameId);
  }

  /**
   * An admin calls a game off (docs/operations.md#moderation): a waiting or running game ends ABORTED, reason
   * `moderated`, with no result and no rating change; its players are told GAME_OVER as for any call-off. `within`
   * (the audit row) is written in the same transaction. A game that moves meanwhile (a move, a bot) is decided
   * again on its new state; one over already is GAME_NOT_ACTIVE, an unknown one NOT_FOUND.
   */
  async abortAsAdmin(gameId: string, within: (client: PoolClient) => Promise<void>): Promise<GameRecord> {
    for (let attempt = 0; ; attempt++) {
      const game = await this.get(gameId);
      const now = this.clock.now();
      const decision = decideLife(lifeOf(game), { type: 'moderate' }, now);
      if (!decision.ok) throw new ApiError(decision.code, decision.message);
      if (decision.outcome.type !== 'calledOff')
        throw new Error(`a moderation decided ${decision.outcome.type}`);
      const expected = { status: game.status, version: game.version };
      if (await this.callOff(gameId, expected, decision.outcome.reason, now, null, within))
        return this.get(gameId);
      if (attempt >= AUTO_RETRIES)
        throw new ApiError('GAME_NOT_ACTIVE', 'the game keeps changing; try again');
    }
  }

  /** Calls a game off if it is still as `expected` (GamesRepository.callOff); false when it moved on meanwhile. */
  private async callOff(
    gameId: string,
    expected: { readonly status: string; readonly version: number },
    reason: CallOffReason,
    now: Date,
    declineReason: DeclineReasonName | null = null,
    within: ((client: PoolClient) => Promise<void>) | null = null,
  ): Promise<boolean> {
    const done = await this.repository.callOff(gameId, expected, reason, now, declineReason, within);
    if (done) this.store.forget(gameId);
    return done;
  }

  /**
   * Ends a deleted account's part in every game that is not over (docs/api.md#deleteaccount): the games being
   * played are resigned through the normal command path (so the opponents get the usual events, result and rating
   * changes), and the waiting games it sits in or is invited to are called off (`withdraw`). A game that ended
   * meanwhile is skipped. One pass: the caller runs it again once the account's tokens are gone, for a join that
   * was in flight.
   */
  async settleGamesOf(playerId: string): Promise<void> {
    for (const game of await this.repository.openGamesOf(playerId)) {
      try {
        if (game.status === GameStatus.ACTIVE) await this.resign(game.id, playerId);
        else await this.callOffBy(game.id, { type: 'withdraw', playerId }, 'the game changed meanwhile');
      } catch (error) {
        if (!(error instanceof ApiError) || !SETTLED.includes(error.code)) throw error;
      }
    }
  }

  /**
   * Shows a deleted account as deleted in the games this copy remembers (their seats are read once and kept).
   */
  accountDeleted(playerId: string, deletedAt: Date): void {
    this.store.playerDeleted(playerId, deletedAt);
  }

  async move(request: MoveRequest): Promise<MoveOutcome> {
    // Without either guard, a move sent twice (a retry, two app copies) could be decided twice and applied twice:
    // refused before anything is read.
    if (request.expectedVersion === undefined && request.clientMoveId === undefined) {
      throw new ApiError(
        'BAD_USER_INPUT',
        'a move needs expectedVersion (the version you decided on) or clientMoveId (your id for this move), or both, ' +
          'so that a move sent twice is applied once',
      );
    }
    if (
      request.clientMoveId !== undefined &&
      (request.clientMoveId.length === 0 || request.clientMoveId.length > MAX_CLIENT_MOVE_ID)
    ) {
      throw new ApiError('BAD_USER_INPUT', `clientMoveId is 1–${MAX_CLIENT_MOVE_ID} characters`, {
        field: 'clientMoveId',
      });
    }
    return this.command(
      request.gameId,
      request.playerId,
      request.expectedVersion,
      request.clientMoveId ?? null,
      (seat) => ({
        type: 'move',
        seat,
        move: request.move,
      }),
    );
  }

  async resign(gameId: string, playerId: string): Promise<GameRecord> {
    return (await this.command(gameId, playerId, undefined, null, (seat) => ({ type: 'resign', seat }))).game;
  }

  /**
   * A missed deadline, for the deadline sweeper: at `version`, the player to move ran out of time.
   * Goes through the normal command path with that version as expectedVersion, so when several sweepers (one per
   * app copy) find the same game, exactly one appends the timeout and the others get VERSION_CONFLICT. In an
   * unrated game, a player who never moved in it ends it as aborted instead (no result). A rated game is never
   * called off once dealt: every player has seen their hand, and a player who could end it unrated by not moving
   * could shop for deals, so they time out and lose as in any timeout.
   */
  async timeOut(gameId: string, version: number): Promise<'timedOut' | 'aborted' | 'notDue'> {
    const game = await this.get(gameId);
    const now = this.clock.now();
    const seat = game.currentSeat;
    // Whether the mover ever moved needs the folded log: not worth reading for a game that cannot time out.
    if (game.status !== GameStatus.ACTIVE || seat === null || game.currentPlayerId === null) return 'notDue';
    const folded = await this.store.folded(game);
    const moverHasMoved = folded.events.some((stored) => stored.event.seat === seat);
    const decision = decideLife(lifeOf(game), { type: 'timeout', version, moverHasMoved }, now);
    if (!decision.ok || decision.outcome.type === 'notDue') return 'notDue';
    if (decision.outcome.type === 'calledOff') {
      const called = await this.callOff(
        gameId,
        { status: game.status, version },
        decision.outcome.reason,
        now,
      );
      return called ? 'aborted' : 'notDue';
    }
    try {
      await this.command(gameId, game.currentPlayerId, version, null, (mover) => ({
        type: 'timeout',
        seat: mover,
      }));
      return 'timedOut';
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VERSION_CONFLICT') return 'notDue';
      throw error;
    }
  }

  /**
   * A seated player's command, decided by the engine and appended to the log. The fast path reads the game row
   * and writes once; the clientMoveId is looked up only when something refuses the command, because a retry of
   * an applied move is refused by the log itself (the state moved on, or the unique clientMoveId clashes).
   */
  private async command(
    gameId: string,
    playerId: string,
    expectedVersion: number | undefined,
    clientMoveId: string | null,
    commandFor: (seat: number) => Command,
  ): Promise<MoveOutcome> {
    /**
     * A retry of a move already applied gets that move's outcome (the recorded move, and the game now) and writes
     * nothing. The id is looked up among this player's own: another player's move under the same id is theirs,
     * not this one.
     */
    const refuse = async (error: ApiError): Promise<MoveOutcome> => {
      if (clientMoveId !== null) {
        const original = await this.repository.eventOfClientMove(gameId, playerId, clientMoveId);
        if (original !== null) {
          const applied = commandOf(original.event);
          const requested = commandFor(applied.seat);
          if (JSON.stringify(applied) !== JSON.stringify(requested)) {
            // Like an idempotency key reused with other parameters: a client bug, not a retry.
            throw new ApiError(
              'BAD_USER_INPUT',
              `clientMoveId ${clientMoveId} was already used for another move`,
              {
                field: 'clientMoveId',
              },
            );
          }
          return { game: await this.get(gameId), move: original, replayed: true };
        }
      }
      throw error;
    };
    const fast = await this.tryFastMove(gameId, playerId, expectedVersion, clientMoveId, commandFor);
    if (fast !== null) return fast;
    for (let attempt = 0; ; attempt++) {
      const game = await this.get(gameId);
      const seat = game.players.find((entry) => entry.playerId === playerId)?.seat;
      if (seat === undefined) throw new ApiError('FORBIDDEN', 'only the players of this game may move in it');
      if (game.status !== GameStatus.ACTIVE) {
        return refuse(new ApiError('GAME_NOT_ACTIVE', `the game is ${game.status.toLowerCase()}`));
      }
      if (expectedVersion !== undefined && expectedVersion !== game.version)
        return refuse(conflict(game.version));
      const folded = await this.store.folded(game);
      const decision = decide(folded.state, commandFor(seat));
      if (!decision.ok) return refuse(violationError(decision.violation));
      const moved = await this.commit(game, folded, decision.events, playerId, clientMoveId);
      if (moved !== null) return moved;
      // Lost a race: someone else wrote first. With expectedVersion (or a clientMoveId, whose retry may be what
      // won) the client decides what to do. Without either — only a resignation now, since a move must carry one
      // (see `move`) — the command is decided again on the new state: a resignation that lost to another command
      // still resigns, and one that lost to itself (sent twice) is refused by the rules (the seat is out, or the
      // game over), so it is never applied twice.
      if (expectedVersion !== undefined || clientMoveId !== null || attempt >= AUTO_RETRIES) {
        return refuse(conflict((await this.repository.version(gameId)) ?? folded.version));
      }
    }
  }

  /**
   * The common case, with no read at all: this copy of the app made or saw the game's latest move, so its cached
   * row and state are current; decide on them and append — the append's version guard catches a stale cache.
   * Null sends the command down the full path (which reads the game): a cache miss, a refusal (which must be
   * judged on fresh data), or a lost race.
   */
  private async tryFastMove(
    gameId: string,
    playerId: string,
    expectedVersion: number | undefined,
    clientMoveId: string | null,
    commandFor: (seat: number) => Command,
  ): Promise<MoveOutcome | null> {
    const { row: game, folded } = this.store.peek(gameId);
    if (game === undefined || folded === undefined || game.status !== GameStatus.ACTIVE) return null;
    if (
      folded.version !== game.version ||
      (expectedVersion !== undefined && expectedVersion !== game.version)
    ) {
      return null;
    }
    const seat = game.players.find((entry) => entry.playerId === playerId)?.seat;
    if (seat === undefined) return null;
    const decision = decide(folded.state, commandFor(seat));
    if (!decision.ok) return null;
    return this.commit(game, folded, decision.events, playerId, clientMoveId);
  }

  /**
   * Writes what the engine decided on `folded` (the state at `game`'s version): the new state, the projection and
   * the turn's clock are computed once here, appended under the version guard, and the answer is built from the
   * same values. Null when another write came first (nothing was written).
   */
  private async commit(
    game: GameRecord,
    folded: FoldedGame,
    events: readonly GameEvent[],
    playerId: string,
    clientMoveId: string | null,
  ): Promise<MoveOutcome | null> {
    const now = this.clock.now();
    const next = advance(folded, events, now, clientMoveId);
    const projection = projectionOf(next.state, next.version, game.players);
    const clock = clockAfterMove(game, projection, now);
    const appended = await this.append(
      game,
      folded.version,
      events,
      playerId,
      clientMoveId,
      projection,
      clock,
      now,
    );
    if (!appended) return null;
    // A command decides exactly one event (src/engine/decide.ts): the last of the new log.
    const move = next.events[next.events.length - 1]!;
    return { game: await this.moved(game, next, projection, clock, now), move, replayed: false };
  }

  /** After a write: remember the new state and row, tell subscribers, answer with the game as the move left it. */
  private async moved(
    game: GameRecord,
    next: FoldedGame,
    projection: GameProjection,
    clock: TurnClock,
    now: Date,
  ): Promise<GameRecord> {
    this.store.remember(game.id, next);
    if (projection.result !== null) {
      // The finish wrote each seat's outcome and rating change: `get` reads them (a finished row, seats without).
      return this.get(game.id);
    }
    return this.known(afterMove(game, projection, clock, now));
  }

  /**
   * Appends the move (GamesRepository.append: one statement, guarded by `version`), with the notifications it
   * causes. False when another write came first or the clientMoveId is already the actor's in the log.
   */
  private async append(
    game: GameRecord,
    version: number,
    events: readonly GameEvent[],
    actorId: string,
    clientMoveId: string | null,
    projection: GameProjection,
    clock: TurnClock,
    now: Date,
  ): Promise<boolean> {
    const rows = events.map((event, index) => ({
      seq: version + index + 1,
      type: event.type,
      payload: event,
      client_move_id: index === 0 ? clientMoveId : null,
    }));
    const result = projection.result;
    const seated = game.players.map((entry) => entry.playerId);
    const notifications = notificationsOf(
      game.id,
      moveLifeEvents({
        before: game.currentPlayerId,
        after: projection.currentPlayerId,
        finished: result !== null,
        seated,
      }),
    );
    try {
      return await this.repository.append({
        game,
        version,
        rows,
        actorId,
        projection,
        clock,
        notifications,
        outcomes: result === null ? null : seatOutcomes(result, game.players),
        now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async list(query: GamesQuery): Promise<GamesPage> {
    const { player, opponent, after, ...filter } = query;
    const listQuery: GamesListQuery = {
      ...filter,
      playerId: player === undefined ? undefined : (await this.players.named(player)).id,
      opponentId: opponent === undefined ? undefined : (await this.players.named(opponent)).id,
      after: after === undefined ? undefined : decodeListCursor(after),
    };
    const order = listOrder(listQuery);
    const statement = gamesListSql(listQuery);
    const rows = await this.repository.listPage(statement);
    const page = rows.slice(0, query.first);
    const games = await this.repository.many(page.map((row) => row.id));
    return {
      games,
      cursors: page.map((row) =>
        // pg reads 'infinity' as the number Infinity (not a Date): a game without a deadline.
        encodeListCursor({ order, at: row.sort_at instanceof Date ? row.sort_at : null, id: row.id }),
      ),
      hasNextPage: rows.length > query.first,
    };
  }

  /**
   * Replays a finished game from its revealed seed and its client seeds, under its own rules version, and compares
   * with what was recorded (docs/fairness.md); then replays its built-in bots' choices (check 8 of
   * src/export/verify-export.ts, in the bot threads: bot-choice-checks.ts, which may refuse with RATE_LIMITED). A
   * version this engine does not know is UNSUPPORTED_RULES_VERSION.
   */
  async verify(gameId: string): Promise<{
    seedMatchesCommitment: boolean;
    clientSeedsMatch: boolean;
    replayMatches: boolean;
    resultMatches: boolean;
    botChoicesMatch: boolean;
    botDecisionsReplayed: number;
    botDecisionsNotChecked: number;
    firstDifferingBotMove: number | null;
    message: string;
  }> {
    const game = await this.get(gameId);
    // A game that is over — finished, or called off — has revealed its seed (docs/fairness.md); one that can
    // still be played keeps it secret.
    if (game.status !== GameStatus.FINISHED && game.status !== GameStatus.ABORTED) {
      throw new ApiError(
        'GAME_NOT_ACTIVE',
        `the game is ${game.status.toLowerCase()}: its seed is secret until it is over, so there is nothing to verify yet`,
        { reason: 'SEED_SECRET' },
      );
    }
    const version = versionOf(game);
    const seedMatchesCommitment = seedCommitment(version, game.seed) === game.seedCommitment;
    const botSeats = botSeatsOf(
      game.players.map((entry) => ({
        seat: entry.seat,
        username: entry.player.username,
        botVersions: entry.botVersions,
      })),
    );
    if (game.startedAt === null) {
      // Called off before the deal: no hand was dealt and nobody moved, so the commitment is all there is to check.
      const untouched = game.version === 0 && (await this.repository.log(gameId, 0)).length === 0;
      return {
        seedMatchesCommitment,
        clientSeedsMatch: true,
        replayMatches: untouched,
        resultMatches: game.result === null,
        botChoicesMatch: true,
        botDecisionsReplayed: 0,
        botDecisionsNotChecked: 0,
        firstDifferingBotMove: null,
        message: !seedMatchesCommitment
          ? 'the revealed seed does not match the commitment'
          : untouched
            ? 'the seed matches its commitment; the game was called off before the deal, so no deal or move is left to check'
            : 'a game called off before the deal has events in its log',
      };
    }
    const origin = originOf(game);
    const seedProblems = clientSeedProblems(
      version,
      game.dealChosen,
      game.seed,
      game.seats,
      game.players.map((entry) => ({
        seat: entry.seat,
        clientSeed: entry.clientSeed,
        standIn: entry.clientSeedSource === ('SERVER_STAND_IN' satisfies ClientSeedSourceName),
      })),
    );
    const clientSeedsMatch = seedProblems.length === 0;
    const rows = await this.repository.log(gameId, 0);
    const gapless = rows.every((row, index) => row.seq === index + 1) && rows.length === game.version;
    let replayMatches = false;
    let resultMatches = false;
    const mixes = !game.dealChosen && takesClientSeeds(version);
    let message = mixes
      ? 'the seed matches its commitment, the client seeds are in order, every move replays legally and the result is the same'
      : 'the seed matches its commitment, every move replays legally and the result is the same';
    const events = rows.map((row) => row.event);
    let initial: GameState | null = null;
    try {
      initial = initialState(origin);
      const replayed = replayFrom(initial, events);
      replayMatches = replayed.ok && gapless;
      resultMatches = replayed.ok && sameResult(replayed.state.result, game.result);
      if (!replayed.ok) message = `event ${replayed.index + 1} does not replay: ${replayed.violation.reason}`;
      else if (!gapless) message = 'the log has a gap or does not match the game version';
      else if (!resultMatches) message = 'the replay ends with a different result than the one recorded';
    } catch (error) {
      message = `the game cannot be replayed: ${(error as Error).message}`;
    }
    // Check 8 only where the log replays (the bots' views come from that replay); where it does not, the bots'
    // moves are not shown to be theirs either, as the result is not. Outside the try above: its refusal
    // (RATE_LIMITED) is an answer of its own, not a finding about the game.
    let bots: BotChoicesOutcome = botChoicesOutcome([...botSeats.values()], 0);
    const botsReplayed = botSeats.size === 0 || replayMatches;
    if (replayMatches && initial !== null && botSeats.size > 0) {
      bots = await this.botChoices.check(
        { id: game.id, rulesVersion: version, seed: game.seed },
        [...botSeats.values()],
        botDecisionsOf(botSeats, initial, events),
      );
      // After the checks before it: a result that differs is what the message says first.
      if (resultMatches && !bots.ok) message = bots.text;
      else if (resultMatches && bots.decisions > 0) message = `${message}; ${bots.text}`;
    }
    if (!clientSeedsMatch) message = `client seeds: ${seedProblems.join('; ')}`;
    if (!seedMatchesCommitment) message = 'the revealed seed does not match the commitment';
    return {
      seedMatchesCommitment,
      clientSeedsMatch,
      replayMatches,
      resultMatches,
      botChoicesMatch: botsReplayed && bots.ok,
      botDecisionsReplayed: bots.replayed,
      botDecisionsNotChecked: bots.unchecked,
      firstDifferingBotMove: bots.firstDiffering,
      message,
    };
  }
}

/** The game as the move left it, without reading it back: only the projection columns changed. */
/** The turn's clock after a move that produced `projection` (turnClockAfter, for the append and the answer). */
function clockAfterMove(game: GameRecord, projection: GameProjection, now: Date): TurnClock {
  return turnClockAfter(
    game,
    { currentPlayerId: projection.currentPlayerId, finished: projection.result !== null },
    now,
  );
}

/** The row as the append left it: the projection and the turn's clock it stored. */
function afterMove(game: GameRecord, projection: GameProjection, clock: TurnClock, now: Date): GameRecord {
  const finished = projection.result !== null;
  return {
    ...game,
    turnStartedAt: clock.turnStartedAt,
    remindAt: clock.remindAt,
    deadline: clock.deadline,
    version: projection.version,
    status: projection.status,
    currentSeat: projection.currentSeat,
    currentPlayerId: projection.currentPlayerId,
    updatedAt: now,
    finishedAt: finished ? now : game.finishedAt,
    result: finished ? projection.result : game.result,
  };
}

/**
 * The deal of a filled game (docs/fairness.md): a stand-in client seed for every seat without one (where the
 * deal mixes client seeds), and the seat the deal gives the first turn.
 */
function dealPlan(
  game: GameRecord,
  given: ReadonlyMap<number, string | null>,
  now: Date,
): { standIns: { seat: number; seed: string }[]; firstSeat: number; clock: TurnClock } {
  const mixes = !game.dealChosen && isRulesVersion(game.rulesVersion) && takesClientSeeds(game.rulesVersion);
  const seats = [...Array(game.seats).keys()];
  const standIns = mixes ? seats.filter((seat) => (given.get(seat) ?? null) === null) : [];
  const clientSeeds = seats.map(
    (seat) => given.get(seat) ?? (standIns.includes(seat) ? standInClientSeed(game.seed, seat) : null),
  );
  const firstSeat = initialState({ ...game, clientSeeds }).current;
  return {
    standIns: standIns.map((seat) => ({ seat, seed: clientSeeds[seat] as string })),
    firstSeat,
    clock: newTurnClock(game.secondsPerMove, now),
  };
}

/** What the life decisions (domain/life.ts) read of a game. */
function lifeOf(game: GameRecord): GameLife {
  return {
    status: game.status,
    version: game.version,
    rated: game.rated,
    seats: game.seats,
    createdById: game.createdById,
    invitedPlayerId: game.invitedPlayerId,
    seated: game.players,
    currentSeat: game.currentSeat,
    deadline: game.deadline,
  };
}

function conflict(currentVersion: number): ApiError {
  return new ApiError(
    'VERSION_CONFLICT',
    `the game is at version ${currentVersion}; reload and decide again`,
    {
      currentVersion,
    },
  );
}

/** A client seed the game cannot take is BAD_USER_INPUT naming the field (creation.ts, clientSeedRefusal). */
function checkClientSeed(clientSeed: string, dealChosen: boolean, rulesVersion: string): void {
  const refusal = clientSeedRefusal(clientSeed, dealChosen, rulesVersion);
  if (refusal !== null) throw refusalError(refusal);
}

function refusalError(refusal: InputRefusal): ApiError {
  return new ApiError(refusal.code, refusal.message, refusal.details);
}
