/**
 * Game commands and queries. A command loads the game, asks the engine to `decide`, then appends the events
 * and updates the projection row in one transaction guarded by the version it read (DESIGN §2): a concurrent
 * writer makes it a VERSION_CONFLICT with nothing written, and a repeated clientMoveId returns the original
 * outcome without writing again.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  Command,
  GameEvent,
  GameResult,
  GameState,
  PresetName,
  RULES_VERSION,
  RuleOptions,
  decide,
  optionsFor,
  parsePosition,
  replayFrom,
  validateOptions,
} from '../engine';
import { ApiError, violationError } from '../errors/api-error';
import { Game, GamePlayer, Player, Prisma } from '../generated/prisma/client';
import { isUniqueViolation } from '../players/players.service';
import { PrismaService } from '../prisma/prisma.service';
import { FoldedGame, GameStore, advance } from './game-store';
import { GamePubSub } from './game-pubsub';
import { initialState } from './initial-state';
import { projectionOf, sameResult } from './projection';
import { GameStatus } from './game.types';

export type GameWithPlayers = Game & { players: (GamePlayer & { player: Player })[] };

export interface CreateGameRequest {
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  readonly seats: number | undefined;
  readonly rated: boolean;
  readonly opponent: string | undefined;
  readonly seed: string | undefined;
  readonly position: string | undefined;
}

export interface MoveRequest {
  readonly gameId: string;
  readonly playerId: string;
  readonly move: string;
  readonly expectedVersion: number | undefined;
  readonly clientMoveId: string | undefined;
}

export interface GamesPage {
  readonly games: GameWithPlayers[];
  readonly cursors: string[];
  readonly hasNextPage: boolean;
}

export interface GamesQuery {
  readonly viewerId: string | null;
  readonly mine: boolean;
  readonly myTurn: boolean;
  readonly open: boolean;
  readonly status: GameStatus | undefined;
  readonly preset: PresetName | undefined;
  readonly first: number;
  readonly after: string | undefined;
}

const INCLUDE_PLAYERS = { players: { include: { player: true }, orderBy: { seat: 'asc' } } } as const;
/** Without expectedVersion, a move that lost a race is decided again on the new state this many times. */
const AUTO_RETRIES = 3;
const MAX_CLIENT_MOVE_ID = 64;

@Injectable()
export class GamesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly store: GameStore,
    private readonly pubsub: GamePubSub,
  ) {}

  async get(gameId: string): Promise<GameWithPlayers> {
    if (!isUuid(gameId)) throw new ApiError('NOT_FOUND', 'no such game');
    const game = await this.prisma.game.findUnique({ where: { id: gameId }, include: INCLUDE_PLAYERS });
    if (game === null) throw new ApiError('NOT_FOUND', 'no such game');
    return game;
  }

  async folded(game: Game): Promise<FoldedGame> {
    return this.store.folded(game);
  }

  async create(playerId: string, request: CreateGameRequest): Promise<GameWithPlayers> {
    const options = this.resolveOptions(request);
    const seats = request.seats ?? options.minPlayers;
    const problems = validateOptions(options, seats);
    if (problems.length > 0) {
      throw new ApiError('BAD_USER_INPUT', problems.map((problem) => problem.message).join('; '), {
        option: problems[0]!.option,
      });
    }
    if (request.rated && (request.seed !== undefined || request.position !== undefined)) {
      throw new ApiError('BAD_USER_INPUT', 'a rated game cannot fix its seed or start position');
    }
    if (request.seed !== undefined && (request.seed.length < 1 || request.seed.length > 200)) {
      throw new ApiError('BAD_USER_INPUT', 'a seed is 1–200 characters', { field: 'seed' });
    }
    if (request.position !== undefined) {
      const parsed = parsePosition(options, request.position);
      if (!parsed.ok)
        throw new ApiError('BAD_USER_INPUT', `position: ${parsed.error}`, { field: 'position' });
      if (parsed.state.seats.length !== seats) {
        throw new ApiError(
          'BAD_USER_INPUT',
          `the position has ${parsed.state.seats.length} seats, the game ${seats}`,
        );
      }
    }
    let invitedPlayerId: string | null = null;
    if (request.opponent !== undefined) {
      const opponent = await this.prisma.player.findUnique({
        where: { usernameKey: request.opponent.toLowerCase() },
      });
      if (opponent === null) throw new ApiError('NOT_FOUND', `no player named ${request.opponent}`);
      if (opponent.id === playerId) throw new ApiError('BAD_USER_INPUT', 'you cannot invite yourself');
      invitedPlayerId = opponent.id;
    }
    // DESIGN §3: 256 bits from the OS CSPRNG, committed to at once, revealed when the game is over.
    const seed = request.seed ?? randomBytes(32).toString('hex');
    const game = await this.prisma.game.create({
      data: {
        id: randomUUID(),
        preset: request.preset,
        options: options as unknown as Prisma.InputJsonValue,
        seats,
        rated: request.rated,
        status: GameStatus.WAITING,
        seed,
        seedCommitment: sha256(seed),
        rulesVersion: RULES_VERSION,
        startPosition: request.position ?? null,
        invitedPlayerId,
        createdById: playerId,
        players: { create: [{ seat: 0, playerId }] },
      },
      include: INCLUDE_PLAYERS,
    });
    this.pubsub.publish(game.id);
    return game;
  }

  async join(gameId: string, playerId: string): Promise<GameWithPlayers> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const game = await this.get(gameId);
      if (game.status !== GameStatus.WAITING) {
        throw new ApiError(
          'GAME_NOT_ACTIVE',
          `the game is ${game.status.toLowerCase()}, not waiting for players`,
        );
      }
      if (game.players.some((seat) => seat.playerId === playerId)) {
        throw new ApiError('BAD_USER_INPUT', 'you already sit in this game');
      }
      if (game.invitedPlayerId !== null && game.invitedPlayerId !== playerId) {
        throw new ApiError('FORBIDDEN', 'this game is an invitation to another player');
      }
      const taken = new Set(game.players.map((seat) => seat.seat));
      const seat = [...Array(game.seats).keys()].find((candidate) => !taken.has(candidate)) as number;
      const full = taken.size + 1 === game.seats;
      const initial = full ? initialState(game) : null;
      try {
        await this.prisma.$transaction(async (tx) => {
          await tx.gamePlayer.create({ data: { gameId, seat, playerId } });
          if (initial === null) return;
          const players = [...game.players.map((entry) => entry), { seat, playerId }];
          const current = players.find((entry) => entry.seat === initial.current)!.playerId;
          const { count } = await tx.game.updateMany({
            where: { id: gameId, status: GameStatus.WAITING },
            data: {
              status: GameStatus.ACTIVE,
              startedAt: new Date(),
              updatedAt: new Date(),
              currentSeat: initial.current,
              currentPlayerId: current,
            },
          });
          if (count === 0) throw new JoinRace();
        });
      } catch (error) {
        if (error instanceof JoinRace || isUniqueViolation(error)) continue;
        throw error;
      }
      this.pubsub.publish(gameId);
      return this.get(gameId);
    }
    throw new ApiError('GAME_NOT_ACTIVE', 'the game filled up while you joined');
  }

  async abort(gameId: string, playerId: string): Promise<GameWithPlayers> {
    const game = await this.get(gameId);
    const seated = game.players.some((seat) => seat.playerId === playerId);
    if (!seated) throw new ApiError('FORBIDDEN', 'only a player of this game may abort it');
    if (
      game.status === GameStatus.WAITING
        ? game.createdById !== playerId
        : game.status !== GameStatus.ACTIVE || game.version > 0
    ) {
      throw new ApiError(
        'GAME_NOT_ACTIVE',
        game.status === GameStatus.WAITING
          ? 'only the creator may call off a waiting game'
          : 'a game can be aborted only before its first move',
      );
    }
    const { count } = await this.prisma.game.updateMany({
      where: { id: gameId, status: game.status, version: 0 },
      data: {
        status: GameStatus.ABORTED,
        finishedAt: new Date(),
        updatedAt: new Date(),
        currentSeat: null,
        currentPlayerId: null,
      },
    });
    if (count === 0)
      throw new ApiError('VERSION_CONFLICT', 'the game changed meanwhile; reload it', {
        currentVersion: null,
      });
    this.store.forget(gameId);
    this.pubsub.publish(gameId);
    return this.get(gameId);
  }

  async move(request: MoveRequest): Promise<GameWithPlayers> {
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

  async resign(gameId: string, playerId: string): Promise<GameWithPlayers> {
    return this.command(gameId, playerId, undefined, null, (seat) => ({ type: 'resign', seat }));
  }

  /** A seated player's command, decided by the engine and appended to the log. */
  private async command(
    gameId: string,
    playerId: string,
    expectedVersion: number | undefined,
    clientMoveId: string | null,
    commandFor: (seat: number) => Command,
  ): Promise<GameWithPlayers> {
    let recheckedClientMoveId = false;
    for (let attempt = 0; ; attempt++) {
      const game = await this.get(gameId);
      const seat = game.players.find((entry) => entry.playerId === playerId)?.seat;
      if (seat === undefined) throw new ApiError('FORBIDDEN', 'only the players of this game may move in it');
      if (clientMoveId !== null) {
        const original = await this.prisma.gameEvent.findUnique({
          where: { gameId_clientMoveId: { gameId, clientMoveId } },
        });
        if (original !== null) {
          if (original.actorId !== playerId)
            throw new ApiError('BAD_USER_INPUT', 'that clientMoveId was used by another player');
          return game; // A retry of a move already applied: its outcome is this game; nothing is written again.
        }
      }
      if (game.status !== GameStatus.ACTIVE) {
        throw new ApiError('GAME_NOT_ACTIVE', `the game is ${game.status.toLowerCase()}`);
      }
      if (expectedVersion !== undefined && expectedVersion !== game.version) {
        throw conflict(game.version);
      }
      const folded = await this.store.folded(game);
      const decision = decide(folded.state, commandFor(seat));
      if (!decision.ok) throw violationError(decision.violation);
      const now = new Date();
      const next = advance(folded, decision.events, now, clientMoveId);
      const outcome = await this.append(
        game,
        folded.version,
        decision.events,
        playerId,
        clientMoveId,
        next.state,
        now,
      );
      if (outcome === 'written') {
        this.store.remember(gameId, next);
        this.pubsub.publish(gameId);
        return this.get(gameId);
      }
      // Lost a race: someone else wrote first. If that was a retry of this very request (same clientMoveId), the
      // next round finds it and returns its outcome. Otherwise, with expectedVersion the client decides what to
      // do; without, the move is decided again on the new state (it may now be illegal, and will then say so).
      if (clientMoveId !== null && !recheckedClientMoveId) {
        recheckedClientMoveId = true;
        continue;
      }
      if (expectedVersion !== undefined || attempt >= AUTO_RETRIES) {
        const current = await this.prisma.game.findUnique({
          where: { id: gameId },
          select: { version: true },
        });
        throw conflict(current?.version ?? folded.version);
      }
    }
  }

  /** Appends events and updates the projection in one transaction; 'conflict' when the version moved. */
  private async append(
    game: GameWithPlayers,
    version: number,
    events: readonly GameEvent[],
    actorId: string,
    clientMoveId: string | null,
    state: GameState,
    now: Date,
  ): Promise<'written' | 'conflict'> {
    const projection = projectionOf(state, version + events.length, game.players);
    try {
      await this.prisma.$transaction(async (tx) => {
        const { count } = await tx.game.updateMany({
          where: { id: game.id, version },
          data: {
            version: projection.version,
            currentSeat: projection.currentSeat,
            currentPlayerId: projection.currentPlayerId,
            updatedAt: now,
            ...(projection.result === null
              ? {}
              : {
                  status: projection.status,
                  finishedAt: now,
                  result: projection.result as unknown as Prisma.InputJsonValue,
                }),
          },
        });
        if (count === 0) throw new VersionMoved();
        await tx.gameEvent.createMany({
          data: events.map((event, index) => ({
            gameId: game.id,
            seq: version + index + 1,
            type: event.type,
            payload: event as unknown as Prisma.InputJsonValue,
            actorId,
            clientMoveId: index === 0 ? clientMoveId : null,
            createdAt: now,
          })),
        });
      });
      return 'written';
    } catch (error) {
      if (error instanceof VersionMoved || isUniqueViolation(error)) return 'conflict';
      throw error;
    }
  }

  async list(query: GamesQuery): Promise<GamesPage> {
    const where: Prisma.GameWhereInput = {};
    const and: Prisma.GameWhereInput[] = [];
    if (query.status !== undefined) and.push({ status: query.status });
    if (query.preset !== undefined) and.push({ preset: query.preset });
    if (query.mine || query.myTurn || query.open) {
      if (query.viewerId === null) throw new ApiError('UNAUTHENTICATED', 'sign in to list your games');
    }
    if (query.mine) and.push({ players: { some: { playerId: query.viewerId! } } });
    if (query.myTurn) and.push({ status: GameStatus.ACTIVE, currentPlayerId: query.viewerId! });
    if (query.open) {
      and.push({
        status: GameStatus.WAITING,
        players: { none: { playerId: query.viewerId! } },
        OR: [{ invitedPlayerId: null }, { invitedPlayerId: query.viewerId! }],
      });
    }
    if (query.after !== undefined) {
      const cursor = decodeCursor(query.after);
      and.push({
        OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
      });
    }
    if (and.length > 0) where.AND = and;
    const rows = await this.prisma.game.findMany({
      where,
      include: INCLUDE_PLAYERS,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: query.first + 1,
    });
    const games = rows.slice(0, query.first);
    return { games, cursors: games.map(encodeCursor), hasNextPage: rows.length > query.first };
  }

  /** Replays a finished game from its revealed seed and compares with what was recorded (DESIGN §3). */
  async verify(gameId: string): Promise<{
    seedMatchesCommitment: boolean;
    replayMatches: boolean;
    resultMatches: boolean;
    message: string;
  }> {
    const game = await this.get(gameId);
    if (game.status !== GameStatus.FINISHED) {
      throw new ApiError(
        'GAME_NOT_ACTIVE',
        'only a finished game can be verified: its seed is secret until then',
      );
    }
    const seedMatchesCommitment = sha256(game.seed) === game.seedCommitment;
    const rows = await this.prisma.gameEvent.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
    const gapless = rows.every((row, index) => row.seq === index + 1) && rows.length === game.version;
    let replayMatches = false;
    let resultMatches = false;
    let message = 'the seed matches its commitment, every move replays legally and the result is the same';
    try {
      const initial = initialState(game);
      const replayed = replayFrom(
        initial,
        rows.map((row) => row.payload as unknown as GameEvent),
      );
      replayMatches = replayed.ok && gapless;
      resultMatches =
        replayed.ok && sameResult(replayed.state.result, game.result as unknown as GameResult | null);
      if (!replayed.ok) message = `event ${replayed.index + 1} does not replay: ${replayed.violation.reason}`;
      else if (!gapless) message = 'the log has a gap or does not match the game version';
      else if (!resultMatches) message = 'the replay ends with a different result than the one recorded';
    } catch (error) {
      message = `the game cannot be replayed: ${(error as Error).message}`;
    }
    if (!seedMatchesCommitment) message = 'the revealed seed does not match the commitment';
    return { seedMatchesCommitment, replayMatches, resultMatches, message };
  }

  private resolveOptions(request: CreateGameRequest): RuleOptions {
    return optionsFor(request.preset, request.overrides);
  }
}

class VersionMoved extends Error {}
class JoinRace extends Error {}

function conflict(currentVersion: number): ApiError {
  return new ApiError(
    'VERSION_CONFLICT',
    `the game is at version ${currentVersion}; reload and decide again`,
    {
      currentVersion,
    },
  );
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

function encodeCursor(game: Game): string {
  return Buffer.from(`${game.createdAt.toISOString()}|${game.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (id === undefined || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw new ApiError('BAD_USER_INPUT', 'after: not a cursor from this list', { field: 'after' });
  }
  return { createdAt, id };
}
