/**
 * The one entry point for every change to a game (docs/architecture.md#where-a-change-to-a-game-is-decided):
 * `handle(gameId, command)` loads the game, asks the decider (decide-change.ts, pure) for a GameChange, has the one
 * writer (GamesRepository) store it in one transaction or statement, and updates this copy's cache and the answer
 * from the same value (apply-change.ts). Two ways to load:
 *
 * - **Play** (move, resign, timeout) is optimistic: decided on the cached state (or the row and the log folded), and
 *   written by one statement guarded by the version it was decided on. A lost race is retried here only for a
 *   command without a client guard (a resignation, a timeout's own version check); a move carrying
 *   `expectedVersion` or `clientMoveId` is the client's to decide again
 *   (docs/api/games-and-moves.md#concurrency-versions-and-retries).
 * - **The rest of a game's life** (create, join, client seeds, call-offs, reminders, bot versions) is decided under
 *   the game row's lock, in the transaction that writes it: changes of one game take turns, so the decision is
 *   never stale.
 *
 * Refusals are the decider's; they become API errors in one place (`refusalError`).
 */
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { commandOf } from '../../engine';
import { ApiError, violationError } from '../../errors/api-error';
import { Clock } from '../../clock/clock';
import { isUuid } from '../../common/ids';
import { PlayersService } from '../../players/players.service';
import { SocialRepository } from '../../social/social.repository';
import { builtinBotById } from '../../players/builtin-bots';
import { guestCreationRefusal, guestJoinRefusal } from '../../players/guest-policy';
import { guestRefused } from '../../auth/guest-refusals';
import { hasSeekShape } from '../domain/seek-shape';
import { acceptsRating } from '../domain/seek-ratings';
import { CreateGameRequest, InputRefusal, createRequestRefusal, decideCreate } from '../domain/creation';
import type { GameRecord } from '../domain/game-record';
import type { StoredEvent } from '../domain/stored-event';
import { GameStore } from '../persistence/game-store';
import { GameTransaction, GamesRepository } from '../persistence/games.repository';
import { GamesService } from '../games.service';
import { gameAfter } from './apply-change';
import type { Created, GameChange, Played } from './game-change';
import type { CallOff, GameCommand } from './game-command';
import type { AwaySpan } from '../domain/vacation-clock';
import {
  Decision,
  PlayCommand,
  Refusal,
  decideBotVersion,
  decideCallOff,
  decideClientSeed,
  decideJoin,
  decideMoveClock,
  decidePlay,
  decideRemind,
  decideTimeout,
  playRefusal,
} from './decide-change';

/**
 * A write another module makes in the same transaction as the change (an admin's audit row): it commits with the
 * change or not at all. Named here, beside the transaction it runs in, so that the command (game-command.ts) names
 * no database type.
 */
export type AlongsideWrite = (db: PoolClient) => Promise<void>;

/** What a move did: the event it recorded, whether this answer replays an earlier identical request, the game. */
export interface MoveOutcome {
  readonly game: GameRecord;
  readonly move: StoredEvent;
  /** True when the clientMoveId's move was already in the log: nothing was written, `move` is the original. */
  readonly replayed: boolean;
}

/** What the sweeper's timeout did. */
export type TimeoutOutcome = 'timedOut' | 'aborted' | 'notDue';

/** The answer to each command. */
export interface Answers {
  readonly create: GameRecord;
  readonly openSeek: { readonly game: GameRecord; readonly opened: boolean };
  readonly join: GameRecord;
  readonly setClientSeed: GameRecord;
  readonly move: MoveOutcome;
  readonly resign: GameRecord;
  readonly timeout: TimeoutOutcome;
  readonly callOff: GameRecord;
  /** Whether the turn was reminded now. */
  readonly remind: boolean;
  readonly noteBotVersion: GameRecord;
  /** Whether the turn's clock moved. */
  readonly moveClock: boolean;
  readonly pair: GameRecord;
}

/** A command without a guard (a resignation) that lost a race is decided again on the new state this many times. */
const AUTO_RETRIES = 3;
const MAX_CLIENT_MOVE_ID = 64;

/** Refusals that mean a deleted account's game ended meanwhile, or its seat is out already: nothing to settle. */
const SETTLED: readonly string[] = ['GAME_NOT_ACTIVE', 'ILLEGAL_MOVE', 'FORBIDDEN'];

@Injectable()
export class GameHandler {
  constructor(
    private readonly repository: GamesRepository,
    private readonly store: GameStore,
    private readonly games: GamesService,
    private readonly clock: Clock,
    private readonly players: PlayersService,
    private readonly social: SocialRepository,
  ) {}

  /**
   * Makes `command`'s change to game `gameId` (for `create` and `openSeek`, the id the new game gets) at `at`
   * (default: now), or throws its refusal as an ApiError.
   */
  async handle<T extends GameCommand['type']>(
    gameId: string,
    command: Extract<GameCommand, { type: T }>,
    at?: Date,
  ): Promise<Answers[T]> {
    return (await this.dispatch(gameId, command, at ?? this.clock.now())) as Answers[T];
  }

  private async dispatch(
    gameId: string,
    command: GameCommand,
    at: Date,
  ): Promise<Answers[GameCommand['type']]> {
    if (
      command.type !== 'create' &&
      command.type !== 'openSeek' &&
      command.type !== 'pair' &&
      !isUuid(gameId)
    )
      throw new ApiError('NOT_FOUND', 'no such game');
    switch (command.type) {
      case 'create':
        return this.create(gameId, command.playerId, command.request, at);
      case 'pair':
        return this.pair(gameId, command, at);
      case 'openSeek':
        return this.openSeek(gameId, command, at);
      case 'join': {
        await this.refuseJoin(gameId, command.playerId);
        const guest = await this.isGuest(command.playerId);
        return this.locked(gameId, (game) => {
          const refusal = guest ? guestJoinRefusal({ rated: game.rated, seek: hasSeekShape(game) }) : null;
          if (refusal !== null) throw guestRefused(refusal);
          return decideJoin(game, command.playerId, command.clientSeed, at);
        });
      }
      case 'setClientSeed':
        return this.locked(gameId, (game) =>
          decideClientSeed(game, command.playerId, command.clientSeed, at),
        );
      case 'move':
        return this.move(gameId, command, at);
      case 'resign':
        return (
          await this.play(
            gameId,
            {
              playerId: command.playerId,
              command: (seat) => ({ type: 'resign', seat }),
              expectedVersion: undefined,
              clientMoveId: null,
            },
            at,
          )
        ).game;
      case 'timeout':
        return this.timeout(gameId, command.version, at);
      case 'callOff':
        return this.locked(gameId, (game) => decideCallOff(game, command.by, at), command.alongside);
      case 'remind':
        return this.remind(gameId, at);
      case 'noteBotVersion':
        return this.locked(gameId, (game) => decideBotVersion(game, command.seat, command.botVersion, at));
      case 'moveClock':
        return this.moveClock(gameId, command.playerId, command.away, at);
      default: {
        const never: never = command;
        return never;
      }
    }
  }

  /**
   * Ends a deleted or disabled account's part in every game that is not over
   * (docs/api/players-and-accounts.md#deleteaccount): the games being played are resigned (so the opponents
   * get the usual events, result and rating changes), and the waiting games it sits in or is invited to are
   * called off (`withdraw`). A game that ended meanwhile is skipped. One pass: the caller runs it again once
   * the account's tokens are gone, for a join that was in flight.
   */
  async settleGamesOf(playerId: string): Promise<void> {
    for (const game of await this.repository.openGamesOf(playerId)) {
      try {
        if (game.status === 'ACTIVE') await this.handle(game.id, { type: 'resign', playerId });
        else await this.handle(game.id, { type: 'callOff', by: { type: 'withdraw', playerId } });
      } catch (error) {
        if (!(error instanceof ApiError) || !SETTLED.includes(error.code)) throw error;
      }
    }
  }

  /** An admin calls a game off, with the audit row written in the same transaction (`alongside`). */
  abortAsAdmin(gameId: string, alongside: AlongsideWrite): Promise<GameRecord> {
    const by: CallOff = { type: 'moderate' };
    return this.handle(gameId, { type: 'callOff', by, alongside });
  }

  // ---- the life of a game: decided under its row's lock ------------------------------------------------------

  /**
   * Locks the game, decides on it as locked, writes the change (and `alongside`) in the same transaction, then
   * answers the game as the change left it.
   */
  private async locked(
    gameId: string,
    decideOn: (game: GameRecord) => Decision,
    alongside?: AlongsideWrite,
  ): Promise<GameRecord> {
    const { game, change } = await this.repository.transaction(async (tx) => {
      const locked = await tx.lock(gameId);
      if (locked === null) throw new ApiError('NOT_FOUND', 'no such game');
      const decision = decideOn(locked);
      if (!decision.ok) throw refusalError(decision.refusal);
      if (decision.change !== null) await writeAsDecided(tx, decision.change);
      if (alongside !== undefined) await tx.alongside(alongside);
      return { game: locked, change: decision.change };
    });
    return this.settled(game, change);
  }

  /** A new game; with a built-in bot seated (and the deal, if that fills it) in the same transaction. */
  private async create(
    gameId: string,
    playerId: string,
    request: CreateGameRequest,
    at: Date,
  ): Promise<GameRecord> {
    const decision = await this.decideNew(gameId, playerId, request);
    const created: Created = { kind: 'created', gameId, at, game: decision.game, told: decision.events };
    const bot = decision.bot;
    await this.repository.transaction(async (tx) => {
      await writeAsDecided(tx, created);
      if (bot === undefined) return;
      // The bot sits down as anyone joining would, in the creation's own transaction: no seek or join ever finds
      // its seat free. It gives no seed of its own: the server plays it, so its seat gets the stand-in.
      const game = await tx.lock(gameId);
      if (game === null) throw new Error(`game ${gameId} is gone within its creation`);
      const seated = decideJoin(game, bot.playerId, undefined, at);
      if (!seated.ok) throw refusalError(seated.refusal);
      if (seated.change !== null) await writeAsDecided(tx, seated.change);
    });
    return this.games.get(gameId);
  }

  /**
   * A paired game: made as `create` makes it, with the second player seated (and so the game dealt) as anyone
   * joining would, and `alongside` written, all in one transaction.
   */
  private async pair(
    gameId: string,
    command: Extract<GameCommand, { type: 'pair' }>,
    at: Date,
  ): Promise<GameRecord> {
    const serverSeed = randomBytes(32).toString('hex');
    const decision = decideCreate(command.request, {
      creatorId: command.first,
      opponentId: undefined,
      gameId,
      serverSeed,
    });
    if (!decision.ok) throw inputError(decision);
    const created: Created = { kind: 'created', gameId, at, game: decision.game, told: decision.events };
    await this.repository.transaction(async (tx) => {
      await writeAsDecided(tx, created);
      const game = await tx.lock(gameId);
      if (game === null) throw new Error(`game ${gameId} is gone within its creation`);
      const seated = decideJoin(game, command.second, undefined, at);
      if (!seated.ok) throw refusalError(seated.refusal);
      if (seated.change !== null) await writeAsDecided(tx, seated.change);
      await tx.alongside(command.alongside);
    });
    return this.games.get(gameId);
  }

  /**
   * A seek (docs/api/challenges-and-seeks.md#seekgame): a game made as `create` makes it — unless the player
   * has an open seek of the same kind already (one a concurrent seek of theirs opened included), which is
   * answered instead, with nothing written.
   */
  private async openSeek(
    gameId: string,
    command: Extract<GameCommand, { type: 'openSeek' }>,
    at: Date,
  ): Promise<Answers['openSeek']> {
    const { kind, playerId } = command;
    const decision = await this.decideNew(
      gameId,
      playerId,
      {
        preset: kind.preset,
        overrides: {},
        seats: 2,
        rated: kind.rated,
        opponent: undefined,
        seed: undefined,
        position: undefined,
        secondsPerMove: kind.secondsPerMove ?? undefined,
        bot: undefined,
        clientSeed: command.clientSeed,
        awaitClientSeed: false,
        ratingRange: command.ratingRange,
      },
      true,
    );
    const created: Created = { kind: 'created', gameId, at, game: decision.game, told: decision.events };
    const opened = await this.repository.transaction(async (tx) => {
      const own = await tx.ownSeek(playerId, kind);
      if (own !== null) return { id: own, opened: false };
      await writeAsDecided(tx, created);
      return { id: gameId, opened: true };
    });
    return { game: await this.games.get(opened.id), opened: opened.opened };
  }

  /** What a creation request makes (creation.ts, decideCreate), or its refusal thrown. */
  private async decideNew(
    gameId: string,
    playerId: string,
    request: CreateGameRequest,
    seek = false,
  ): Promise<Extract<ReturnType<typeof decideCreate>, { ok: true }>> {
    // 256 bits from the OS CSPRNG, committed to at once, revealed when the game is over (docs/fairness.md).
    const serverSeed = randomBytes(32).toString('hex');
    const early = createRequestRefusal(request, serverSeed);
    if (early !== null) throw inputError(early);
    const opponent = request.opponent === undefined ? undefined : await this.liveOpponent(request.opponent);
    const opponentId = opponent?.id;
    if (await this.isGuest(playerId)) {
      const refusal = guestCreationRefusal({
        rated: request.rated,
        bot:
          request.bot !== undefined || (opponentId !== undefined && builtinBotById(opponentId) !== undefined),
        invitation: opponentId !== undefined && builtinBotById(opponentId) === undefined,
        seek,
      });
      if (refusal !== null) throw guestRefused(refusal);
    }
    if (opponent?.guestSince != null) throw guestRefused('invited');
    if (opponentId !== undefined && (await this.social.blockedEitherWay(playerId, opponentId)))
      throw new ApiError('BLOCKED', `${request.opponent} does not play with you`);
    const decision = decideCreate(request, { creatorId: playerId, opponentId, gameId, serverSeed });
    if (!decision.ok) throw inputError(decision);
    return decision;
  }

  /**
   * The invited player: an account that exists, was not deleted and is not disabled (NOT_FOUND otherwise: a
   * disabled account could not answer, and its waiting games are called off when it is disabled).
   */
  private async liveOpponent(username: string): Promise<{ id: string; guestSince: Date | null }> {
    const opponent = await this.players.named(username);
    if (opponent.deletedAt !== null) throw new ApiError('NOT_FOUND', `the account ${username} was deleted`);
    if (opponent.disabledAt !== null)
      throw new ApiError('NOT_FOUND', `the account ${username} cannot be invited now`);
    return opponent;
  }

  /**
   * What keeps `playerId` out of a waiting game besides its life (docs/social.md): BLOCKED when someone seated in it
   * blocks them or is blocked by them; FORBIDDEN for a seek whose rating range leaves them out. Read before the
   * lock: the seats and the range of a waiting game change only by joins, which the lock then decides.
   */
  private async refuseJoin(gameId: string, playerId: string): Promise<void> {
    const game = await this.games.find(gameId);
    if (game === null) return;
    const seated = game.players.map((seat) => seat.playerId).filter((id) => id !== playerId);
    if (await this.social.blockedWithAny(playerId, seated))
      throw new ApiError('BLOCKED', 'someone in this game does not play with you');
    const range = game.seekRatings;
    if (range !== null && !acceptsRating(range, await this.repository.ratingIn(playerId, game.preset)))
      throw new ApiError('FORBIDDEN', `this seek is for players rated ${range.min}–${range.max}`);
  }

  /** Whether `playerId` is a guest (src/players/guest-policy.ts): guests start and join fewer games. */
  private async isGuest(playerId: string): Promise<boolean> {
    return (await this.players.byId(playerId))?.guestSince != null;
  }

  /** The turn's reminder, under the lock (so several sweepers remind a turn once); whether it was sent now. */
  private async remind(gameId: string, at: Date): Promise<boolean> {
    const { change } = await this.repository.transaction(async (tx) => {
      const game = await tx.lock(gameId);
      if (game === null) return { change: null };
      const decision = decideRemind(game, at);
      if (!decision.ok || decision.change === null) return { change: null };
      await writeAsDecided(tx, decision.change);
      return { change: decision.change };
    });
    return change !== null;
  }

  /** The turn's clock with the player's time away, under the lock; whether it moved. */
  private async moveClock(
    gameId: string,
    playerId: string,
    away: readonly AwaySpan[],
    at: Date,
  ): Promise<boolean> {
    const { game, change } = await this.repository.transaction(async (tx) => {
      const locked = await tx.lock(gameId);
      if (locked === null) return { game: null, change: null };
      const decision = decideMoveClock(locked, playerId, away, at);
      if (!decision.ok || decision.change === null) return { game: locked, change: null };
      await writeAsDecided(tx, decision.change);
      return { game: locked, change: decision.change };
    });
    if (game === null || change === null) return false;
    await this.settled(game, change);
    return true;
  }

  // ---- play: decided on the cached or folded state, written under the version guard ---------------------------

  private async move(
    gameId: string,
    command: Extract<GameCommand, { type: 'move' }>,
    at: Date,
  ): Promise<MoveOutcome> {
    // Without either guard, a move sent twice (a retry, two app copies) could be decided twice and applied twice:
    // refused before anything is read.
    if (command.expectedVersion === undefined && command.clientMoveId === undefined) {
      throw new ApiError(
        'BAD_USER_INPUT',
        'a move needs expectedVersion (the version you decided on) or clientMoveId (your id for this move), or both, ' +
          'so that a move sent twice is applied once',
      );
    }
    const clientMoveId = command.clientMoveId;
    if (
      clientMoveId !== undefined &&
      (clientMoveId.length === 0 || clientMoveId.length > MAX_CLIENT_MOVE_ID)
    ) {
      throw new ApiError('BAD_USER_INPUT', `clientMoveId is 1–${MAX_CLIENT_MOVE_ID} characters`, {
        field: 'clientMoveId',
      });
    }
    return this.play(
      gameId,
      {
        playerId: command.playerId,
        command: (seat) => ({ type: 'move', seat, move: command.move }),
        expectedVersion: command.expectedVersion,
        clientMoveId: clientMoveId ?? null,
      },
      at,
    );
  }

  /**
   * A seated player's play, decided by the engine and appended to the log. First on what this copy knows (its
   * cached row and state, when they agree: no read at all); a miss, a refusal (judged again on fresh data) or a lost
   * race goes down the full path, which reads the game. The clientMoveId is looked up only when something refuses the
   * play, because a retry of an applied move is refused by the log itself.
   */
  private async play(gameId: string, play: PlayCommand, at: Date): Promise<MoveOutcome> {
    const cached = this.store.peek(gameId);
    if (
      cached.row !== undefined &&
      cached.folded !== undefined &&
      cached.row.version === cached.folded.version
    ) {
      const decision = decidePlay(cached.row, cached.folded, play, at);
      if (decision.ok && decision.change !== null && (await this.repository.write(decision.change)))
        return this.played(cached.row, decision.change);
    }
    for (let attempt = 0; ; attempt++) {
      const game = await this.games.get(gameId);
      const early = playRefusal(game, play);
      if (early !== null) return this.refusePlay(gameId, play, early);
      const decision = decidePlay(game, await this.store.folded(game), play, at);
      if (!decision.ok) return this.refusePlay(gameId, play, decision.refusal);
      if (decision.change === null) throw new Error('a play decided nothing');
      if (await this.repository.write(decision.change)) return this.played(game, decision.change);
      const currentVersion = (await this.repository.version(gameId)) ?? game.version;
      // The log did not move: only the row did (a vacation moved the clock, or the game was called off). The
      // client's guards are about the log, so the play is decided again on the game as it is now.
      if (currentVersion === game.version && attempt < AUTO_RETRIES) continue;
      // Lost a race: someone else wrote first. With expectedVersion (or a clientMoveId, whose retry may be what
      // won) the client decides what to do. Without either — a resignation — the play is decided again on the new
      // state: one that lost to another command still resigns, and one that lost to itself (sent twice) is refused
      // by the rules (the seat is out, or the game over), so it is never applied twice.
      if (play.expectedVersion !== undefined || play.clientMoveId !== null || attempt >= AUTO_RETRIES) {
        return this.refusePlay(gameId, play, { type: 'conflict', currentVersion });
      }
    }
  }

  /**
   * A refused play — unless it is a retry of a move already applied: then that move's outcome (the recorded move,
   * and the game now), with nothing written. The id is looked up among this player's own: another player's move
   * under the same id is theirs, not this one.
   */
  private async refusePlay(gameId: string, play: PlayCommand, refusal: Refusal): Promise<MoveOutcome> {
    if (play.clientMoveId !== null) {
      const original = await this.repository.eventOfClientMove(gameId, play.playerId, play.clientMoveId);
      if (original !== null) {
        const applied = commandOf(original.event);
        if (JSON.stringify(applied) !== JSON.stringify(play.command(applied.seat))) {
          // Like an idempotency key reused with other parameters: a client bug, not a retry.
          throw new ApiError(
            'BAD_USER_INPUT',
            `clientMoveId ${play.clientMoveId} was already used for another move`,
            {
              field: 'clientMoveId',
            },
          );
        }
        return { game: await this.games.get(gameId), move: original, replayed: true };
      }
    }
    throw refusalError(refusal);
  }

  /** A written play: the answer and the cache from the change itself. */
  private async played(game: GameRecord, change: Played): Promise<MoveOutcome> {
    // A play decides exactly one event (src/engine/decide.ts): the last appended.
    const move = change.appended[change.appended.length - 1]!;
    return { game: await this.settled(game, change), move, replayed: false };
  }

  /**
   * A missed deadline at `version`, for the deadline sweeper: the seat to move times out (through the engine), or
   * an unrated game in which they never moved is called off. Guarded by `version`, so when several sweepers find
   * the same game exactly one writes; the others find it not due.
   */
  private async timeout(gameId: string, version: number, at: Date): Promise<TimeoutOutcome> {
    const game = await this.games.get(gameId);
    // Whether the mover ever moved needs the folded log: not worth reading for a game that cannot time out.
    if (game.status !== 'ACTIVE' || game.currentSeat === null || game.currentPlayerId === null)
      return 'notDue';
    const decision = decideTimeout(game, await this.store.folded(game), version, at);
    if (!decision.ok || decision.change === null) return 'notDue';
    const change = decision.change;
    if (!(await this.repository.write(change))) return 'notDue';
    await this.settled(game, change);
    return change.kind === 'calledOff' ? 'aborted' : 'timedOut';
  }

  /**
   * After a write: this copy remembers the state and row the change left (or reads back what only the database
   * knows: apply-change.ts), and answers the game so.
   */
  private async settled(game: GameRecord, change: GameChange | null): Promise<GameRecord> {
    if (change === null) return this.store.rememberRow(game);
    if (change.kind === 'played') this.store.remember(game.id, change.next);
    // A call-off ends the game without a result: nothing will be folded on it again.
    if (change.kind === 'calledOff') this.store.forget(game.id);
    const after = gameAfter(game, change);
    return after === null ? this.games.get(game.id) : this.store.rememberRow(after);
  }
}

/** A change decided under the lock applies as decided; anything else is a bug, and rolls the transaction back. */
async function writeAsDecided(tx: GameTransaction, change: GameChange): Promise<void> {
  if (!(await tx.write(change)))
    throw new Error(`a ${change.kind} change of game ${change.gameId} decided under its lock did not apply`);
}

/** The one mapping of the decider's refusals to API errors. */
export function refusalError(refusal: Refusal): ApiError {
  switch (refusal.type) {
    case 'refused':
      return new ApiError(refusal.code, refusal.message, refusal.details);
    case 'illegal':
      return violationError(refusal.violation);
    case 'conflict':
      return new ApiError(
        'VERSION_CONFLICT',
        `the game is at version ${refusal.currentVersion}; reload and decide again`,
        { currentVersion: refusal.currentVersion },
      );
    default: {
      const never: never = refusal;
      return never;
    }
  }
}

function inputError(refusal: InputRefusal): ApiError {
  return new ApiError(refusal.code, refusal.message, refusal.details);
}
