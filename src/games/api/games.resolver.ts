/**
 * The games API: thin resolvers over GamesService (reads) and GameHandler (every change). Everything a caller
 * sees of a running game is built from the engine's `viewFor(state, callerSeat)`; spectators get the public view.
 */
import { randomUUID } from 'node:crypto';
import {
  Args,
  Context,
  ID,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
  Subscription,
} from '@nestjs/graphql';
import { requirePlayer, requireReadable } from '../../auth/auth.service';
import { dateArgument } from '../../graphql/date-time.scalar';
import { AFTER_ARG, FIRST_ARG, pageSize } from '../../graphql/page-size';
import type { RequestContext, Viewer } from '../../auth/viewer';
import { AccessGate } from '../../auth/access-gate';
import { withRelease } from '../../common/async-iterators';
import {
  GameEvent,
  GameResult,
  Move,
  RuleOptions,
  assertNever,
  forcedPlays,
  formatRank,
  legalMoves,
  optionsFor,
  parseMove,
  recordedOptions,
  viewFor,
} from '../../engine';
import { ApiError } from '../../errors/api-error';
import { databaseFailureOf } from '../../db/connection-errors';
import { toPlayer } from '../../players/players.resolver';
import { EventBus, GameChanged } from '../../notifications/event-bus';
import {
  CenterPileLimitInput,
  CreateGameInput,
  DAYS_PER_MOVE,
  ForcedPlayType,
  GameConnectionType,
  GamePlayerType,
  GameResultType,
  GameStatus,
  GameType,
  GameViewType,
  GamesFilter,
  MakeMovePayloadType,
  MAX_HOURS_PER_MOVE,
  MIN_HOURS_PER_MOVE,
  MoveRecordConnectionType,
  MoveRecordType,
  Preset,
  RuleOptionsType,
  TimeControlChoicesType,
  TimeControlType,
} from './game.types';
import { GameRecord, GamesService } from '../games.service';
import { GameHandler } from '../write/game-handler';
import { isChallenge } from '../domain/challenge';
import { centerPileId, gamePlayerId, gameViewId, seatViewId } from './object-ids';
import { pageInfoOf } from '../../graphql/page-info';

/** The resolved game plus its row, which the field resolvers below need. */
export type GameParent = GameType & { readonly row: GameRecord };

@Resolver(() => GameType)
export class GamesResolver {
  constructor(
    private readonly service: GamesService,
    private readonly handler: GameHandler,
    private readonly events: EventBus,
    private readonly gate: AccessGate,
  ) {}

  @Query(() => GameType, {
    nullable: true,
    description:
      'A game, as the caller may see it (anyone may watch as a spectator); null when no game has this id.',
  })
  async game(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID, description: 'The game’s id.' }) id: string,
  ): Promise<GameParent | null> {
    requireReadable(context.viewer);
    const game = await this.service.find(id);
    return game === null ? null : toGame(game, context.viewer);
  }

  @Query(() => GameConnectionType, { description: 'Games, newest first, with cursor pagination.' })
  async games(
    @Context() context: RequestContext,
    @Args('filter', { type: () => GamesFilter, nullable: true, description: 'Which games (default: all).' })
    filter: GamesFilter | null,
    @Args('first', FIRST_ARG)
    first: number | null,
    @Args('after', AFTER_ARG)
    after: string | null,
  ): Promise<GameConnectionType> {
    requireReadable(context.viewer);
    const size = pageSize(first);
    const page = await this.service.list({
      viewerId: context.viewer.player?.id ?? null,
      mine: filter?.mine ?? false,
      following: filter?.following ?? false,
      myTurn: filter?.myTurn ?? false,
      open: filter?.open ?? false,
      status: filter?.status ?? undefined,
      preset: filter?.preset ?? undefined,
      player: filter?.player ?? undefined,
      opponent: filter?.opponent ?? undefined,
      result: filter?.result ?? undefined,
      rated: filter?.rated ?? undefined,
      finishedAfter: dateArgument('finishedAfter', filter?.finishedAfter),
      finishedBefore: dateArgument('finishedBefore', filter?.finishedBefore),
      first: size,
      after: after ?? undefined,
    });
    return {
      edges: page.games.map((game, index) => ({
        cursor: page.cursors[index]!,
        node: toGame(game, context.viewer),
      })),
      pageInfo: pageInfoOf(page.cursors, page.hasNextPage, after),
    };
  }

  @Mutation(() => GameType, { description: 'Create a game; the creator takes seat 0.' })
  async createGame(
    @Context() context: RequestContext,
    @Args('input', { description: 'The rules, seats and who may join.' }) input: CreateGameInput,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    const game = await this.handler.handle(randomUUID(), {
      type: 'create',
      playerId: player.id,
      request: {
        preset: input.preset,
        overrides: overridesOf(input),
        seats: input.seats ?? undefined,
        rated: input.rated ?? false,
        opponent: input.opponent ?? undefined,
        seed: input.seed ?? undefined,
        position: input.position ?? undefined,
        secondsPerMove: secondsPerMoveOf(input),
        bot: input.bot ?? undefined,
        clientSeed: input.clientSeed ?? undefined,
        awaitClientSeed: input.awaitClientSeed ?? false,
      },
    });
    return toGame(game, context.viewer);
  }

  @Mutation(() => GameType, {
    description: 'Take the next free seat. The game is dealt when every seat is filled.',
  })
  async joinGame(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The game’s id.' }) gameId: string,
    @Args('clientSeed', {
      type: () => String,
      nullable: true,
      description:
        'Your own seed, mixed into the deal (1–64 characters of A–Z a–z 0–9 . _ ~ -; not for a chosen deal). ' +
        'Without one, your seat gets the stand-in fixed by the server seed.',
    })
    clientSeed: string | null,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    const game = await this.handler.handle(gameId, {
      type: 'join',
      playerId: player.id,
      clientSeed: clientSeed ?? undefined,
    });
    return toGame(game, context.viewer);
  }

  @Mutation(() => GameType, {
    description:
      'Set or replace your client seed in a game you sit in, until the deal (then GAME_NOT_ACTIVE). Give it after ' +
      'noting seedCommitment: the server drew its seed before it could see yours, so it cannot have chosen the deal.',
  })
  async setClientSeed(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The game’s id.' }) gameId: string,
    @Args('clientSeed', { description: '1–64 characters of A–Z a–z 0–9 . _ ~ -.' }) clientSeed: string,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    const game = await this.handler.handle(gameId, {
      type: 'setClientSeed',
      playerId: player.id,
      clientSeed,
    });
    return toGame(game, context.viewer);
  }

  @Mutation(() => MakeMovePayloadType, {
    description:
      'Make a move in notation (docs/notation.md), e.g. 7H-c2, p-c, d3-c1, 8S-d1, *-d2=8, pass. It carries ' +
      'expectedVersion, clientMoveId or both (neither: BAD_USER_INPUT). expectedVersion guards against deciding ' +
      'on a stale state; a retried clientMoveId is applied once, and its answer (replayed: true) names the move ' +
      'first recorded.',
  })
  async makeMove(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The game’s id.' }) gameId: string,
    @Args('move', { description: 'The move in notation.' }) move: string,
    @Args('expectedVersion', { type: () => Int, nullable: true, description: 'The version you decided on.' })
    expectedVersion: number | null,
    @Args('clientMoveId', {
      type: () => String,
      nullable: true,
      description: 'Your id for this move (1–64 chars), unique among your own moves in the game.',
    })
    clientMoveId: string | null,
  ): Promise<MakeMovePayloadType> {
    const player = requirePlayer(context.viewer, 'game:play');
    const outcome = await this.handler.handle(gameId, {
      type: 'move',
      playerId: player.id,
      move,
      expectedVersion: expectedVersion ?? undefined,
      clientMoveId: clientMoveId ?? undefined,
    });
    const recorded = outcome.move;
    return {
      move: toMoveRecord(recorded.seq, recorded.event, recorded.createdAt),
      replayed: outcome.replayed,
      game: toGame(outcome.game, context.viewer),
    };
  }

  @Mutation(() => GameType, {
    description: 'Resign. With two players the other wins; with more you leave and play goes on.',
  })
  async resign(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The game’s id.' }) gameId: string,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    return toGame(await this.handler.handle(gameId, { type: 'resign', playerId: player.id }), context.viewer);
  }

  @Mutation(() => GameType, {
    description: 'Call off a game before its first move (the creator, or any player once dealt).',
  })
  async abortGame(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The game’s id.' }) gameId: string,
  ): Promise<GameParent> {
    const player = requirePlayer(context.viewer, 'game:play');
    const game = await this.handler.handle(gameId, {
      type: 'callOff',
      by: { type: 'abort', playerId: player.id },
    });
    return toGame(game, context.viewer);
  }

  @Query(() => RuleOptionsType, {
    description:
      'A preset’s own rules, every option as a game of that preset gets it without overrides (docs/rules.md §3.1): ' +
      'what a client shows as the defaults of its rule overrides.',
  })
  presetRules(
    @Context() context: RequestContext,
    @Args('preset', { type: () => Preset, description: 'Which preset.' }) preset: Preset,
  ): RuleOptionsType {
    requireReadable(context.viewer);
    return toOptions(optionsFor(preset));
  }

  @Query(() => TimeControlChoicesType, {
    description:
      'The time controls createGame and seekGame accept (daysPerMove, hoursPerMove): what a client offers, from ' +
      'the values their validation uses.',
  })
  timeControlChoices(@Context() context: RequestContext): TimeControlChoicesType {
    requireReadable(context.viewer);
    return {
      daysPerMove: DAYS_PER_MOVE,
      hoursPerMoveMin: MIN_HOURS_PER_MOVE,
      hoursPerMoveMax: MAX_HOURS_PER_MOVE,
    };
  }

  @Subscription(() => GameType, {
    description:
      'The game as it is now, then each time it changes (join, start, move, end), as the subscriber may see it.',
    resolve(this: GamesResolver, payload: GameChanged | undefined, _args: unknown, context: RequestContext) {
      // Over HTTP a subscription is executed like a query, without an event: say where it is served instead.
      if (payload === undefined) {
        throw new ApiError(
          'BAD_USER_INPUT',
          'subscriptions are served over graphql-ws: open a WebSocket on the /graphql path',
        );
      }
      return this.service.get(payload.gameId).then(
        (game) => toGame(game, context.viewer),
        (error: unknown) => {
          // This push fails (UNAVAILABLE); the subscribers get the game again once the database answers, so that
          // none stays behind its current version (docs/operations.md#outages).
          if (databaseFailureOf(error) !== null) this.events.refreshGameSoon(payload.gameId);
          throw error;
        },
      );
    },
  })
  async gameUpdated(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The game’s id.' }) gameId: string,
  ): Promise<AsyncIterableIterator<unknown>> {
    requireReadable(context.viewer);
    await this.service.get(gameId); // NOT_FOUND before subscribing to nothing
    const release = this.gate.watchGame(context.viewer, gameId);
    try {
      return withRelease(await this.events.subscribeGame(gameId), release);
    } catch (error) {
      release();
      throw error;
    }
  }

  @ResolveField(() => GameViewType, {
    description: 'The board as the caller may see it. Before the deal (a waiting game) it is empty.',
  })
  async view(@Parent() game: GameParent, @Context() context: RequestContext): Promise<GameViewType> {
    const seat = seatOf(game.row, context.viewer);
    const folded = await this.foldedOrNull(game);
    if (folded === null) return undealtView(game.row, seat);
    const {
      hand,
      stockCount,
      setAsideCount,
      centerPiles,
      seats,
      turn,
      nullTurns,
      turnActive,
      maxCenterPiles,
    } = viewFor(folded.state, seat);
    const gameId = game.row.id;
    return {
      id: gameViewId(gameId, seat),
      hand,
      stockCount,
      setAsideCount,
      centerPiles: centerPiles.map((pile) => ({ ...pile, id: centerPileId(gameId, pile.slot) })),
      seats: seats.map((view) => ({ ...view, id: seatViewId(gameId, view.seat) })),
      turn,
      nullTurns,
      turnActive,
      maxCenterPiles,
    };
  }

  @ResolveField(() => [String], {
    description: 'The caller’s legal moves in notation; empty unless it is their turn.',
  })
  async legalMoves(@Parent() game: GameParent, @Context() context: RequestContext): Promise<string[]> {
    const seat = seatOf(game.row, context.viewer);
    if (game.row.status !== GameStatus.ACTIVE || seat === null || game.row.currentSeat !== seat) return [];
    const folded = await this.service.folded(game.row);
    return folded.state.current === seat ? legalMoves(folded.state) : [];
  }

  // The caller's own seat only: an opponent's forced ace or 2 would name a card in their hand.
  @ResolveField(() => [ForcedPlayType], {
    description:
      'The plays the rules force on the caller right now (docs/rules.md §2.6), each with the rule forcing it, in ' +
      'the order of legalMoves; empty unless it is their turn, and for everyone else. Since malice-rules-2 they are ' +
      'then the only legal moves; under malice-rules-1 one of them must be made before the turn ends.',
  })
  async forcedPlays(
    @Parent() game: GameParent,
    @Context() context: RequestContext,
  ): Promise<ForcedPlayType[]> {
    const seat = seatOf(game.row, context.viewer);
    if (game.row.status !== GameStatus.ACTIVE || seat === null || game.row.currentSeat !== seat) return [];
    const folded = await this.service.folded(game.row);
    return folded.state.current === seat ? forcedPlays(folded.state) : [];
  }

  @ResolveField(() => MoveRecordType, {
    nullable: true,
    description:
      'The latest event of the log (what made this version): the move a client animates, and what each line of ' +
      'the game stream says happened. Null before the first move.',
  })
  async lastMove(@Parent() game: GameParent): Promise<MoveRecordType | null> {
    const last = (await this.foldedOrNull(game))?.last ?? null;
    return last === null ? null : toMoveRecord(last.seq, last.event, last.createdAt);
  }

  @ResolveField(() => MoveRecordConnectionType, {
    description: 'The move log, oldest first (all of it is public), with cursor pagination.',
  })
  async moves(
    @Parent() game: GameParent,
    @Args('first', FIRST_ARG)
    first: number | null,
    @Args('after', AFTER_ARG)
    after: string | null,
  ): Promise<MoveRecordConnectionType> {
    const size = pageSize(first);
    after ??= null; // an argument left out comes as undefined
    if (after !== null && !/^\d{1,9}$/.test(after)) {
      throw new ApiError('BAD_USER_INPUT', 'after: a cursor of this list (a seq)', { field: 'after' });
    }
    // The log's seqs are 1, 2, …, version: the events after seq n are n + 1 onwards.
    const dealt = (await this.foldedOrNull(game)) !== null;
    const from = after === null ? 0 : Number(after);
    const page = dealt ? await this.service.moves(game.row, from, size) : [];
    return {
      edges: page.map((stored) => ({
        cursor: String(stored.seq),
        node: toMoveRecord(stored.seq, stored.event, stored.createdAt),
      })),
      pageInfo: pageInfoOf(
        page.map((stored) => String(stored.seq)),
        dealt && from + size < game.row.version,
        after,
      ),
      // Free: the log holds exactly `version` events (the other connections would need a count query: docs/api/types.md).
      totalCount: dealt ? game.row.version : 0,
    };
  }

  private async foldedOrNull(game: GameParent) {
    if (game.row.status === GameStatus.WAITING) return null;
    if (game.row.status === GameStatus.ABORTED && game.row.startedAt === null) return null;
    return this.service.folded(game.row);
  }
}

/**
 * Nothing is shown before the deal, not even to a seated player: a creator who could see their hand or pay-off
 * top while waiting could abort and re-create until they liked it.
 */
function undealtView(game: GameRecord, seat: number | null): GameViewType {
  const sidePiles = game.options.sidePiles;
  return {
    id: gameViewId(game.id, seat),
    hand: seat === null ? null : [],
    stockCount: 0,
    setAsideCount: 0,
    centerPiles: [],
    seats: [...Array(game.seats).keys()].map((index) => ({
      id: seatViewId(game.id, index),
      seat: index,
      handCount: 0,
      payoffTop: null,
      payoffCount: null,
      sidePiles: Array.from({ length: sidePiles }, () => []),
      out: false,
    })),
    turn: 0,
    nullTurns: 0,
    turnActive: false,
    maxCenterPiles: 0,
  };
}

function seatOf(game: GameRecord, viewer: Viewer): number | null {
  if (viewer.player === null) return null;
  return game.players.find((entry) => entry.playerId === viewer.player!.id)?.seat ?? null;
}

export function toGame(row: GameRecord, viewer: Viewer): GameParent {
  const over = row.status === GameStatus.FINISHED || row.status === GameStatus.ABORTED;
  const mySeat = seatOf(row, viewer);
  return {
    row,
    id: row.id,
    preset: row.preset,
    options: toOptions(recordedOptions(row.rulesVersion, row.options)),
    status: row.status,
    version: row.version,
    moveCount: row.version,
    currentSeat: row.status === GameStatus.ACTIVE ? row.currentSeat : null,
    seats: row.seats,
    rated: row.rated,
    unratedReason: row.unratedReason,
    // Client seeds are public from the deal on; before it each player sees only their own.
    players: row.players.map((entry) =>
      toGamePlayer(entry, row.startedAt !== null || entry.playerId === viewer.player?.id),
    ),
    mySeat,
    isMyTurn: mySeat !== null && row.status === GameStatus.ACTIVE && row.currentSeat === mySeat,
    result: row.result === null ? null : toResult(row.result),
    seedCommitment: row.seedCommitment,
    // The seed stays secret while the game can still be played (docs/fairness.md).
    seed: over ? row.seed : null,
    rulesVersion: row.rulesVersion,
    // The position holds every hand and the stock order: secret, like the seed, until the game is over.
    startPosition: over ? row.startPosition : null,
    dealChosen: row.dealChosen,
    invitation: isChallenge(row),
    awaitClientSeed: row.awaitClientSeed,
    timeControl: timeControlOf(row.secondsPerMove),
    deadline: row.status === GameStatus.ACTIVE ? row.deadline : null,
    turnStartedAt: row.status === GameStatus.ACTIVE ? row.turnStartedAt : null,
    abortReason: row.status === GameStatus.ABORTED ? row.endReason : null,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

const DAY = 86_400;
const HOUR = 3_600;

/** The time control asked for, in seconds per move, or undefined for none. */
export function secondsPerMoveOf(input: {
  daysPerMove?: number | null;
  hoursPerMove?: number | null;
}): number | undefined {
  const { daysPerMove, hoursPerMove } = input;
  if (daysPerMove != null && hoursPerMove != null) {
    throw new ApiError('BAD_USER_INPUT', 'give daysPerMove or hoursPerMove, not both', {
      field: 'hoursPerMove',
    });
  }
  if (daysPerMove != null) {
    if (!(DAYS_PER_MOVE as readonly number[]).includes(daysPerMove)) {
      throw new ApiError('BAD_USER_INPUT', `daysPerMove is one of ${DAYS_PER_MOVE.join(', ')}`, {
        field: 'daysPerMove',
      });
    }
    return daysPerMove * DAY;
  }
  if (hoursPerMove != null) {
    if (
      !Number.isInteger(hoursPerMove) ||
      hoursPerMove < MIN_HOURS_PER_MOVE ||
      hoursPerMove > MAX_HOURS_PER_MOVE
    ) {
      throw new ApiError('BAD_USER_INPUT', `hoursPerMove is ${MIN_HOURS_PER_MOVE}–${MAX_HOURS_PER_MOVE}`, {
        field: 'hoursPerMove',
      });
    }
    return hoursPerMove * HOUR;
  }
  return undefined;
}

export function timeControlOf(secondsPerMove: number | null): TimeControlType | null {
  if (secondsPerMove === null) return null;
  const days = secondsPerMove % DAY === 0 ? secondsPerMove / DAY : null;
  return {
    daysPerMove: days,
    hoursPerMove: days === null && secondsPerMove % HOUR === 0 ? secondsPerMove / HOUR : null,
    secondsPerMove,
  };
}

function toGamePlayer(entry: GameRecord['players'][number], seedShown: boolean): GamePlayerType {
  const rated = entry.ratingBefore !== null && entry.ratingAfter !== null;
  return {
    id: gamePlayerId(entry.gameId, entry.seat),
    seat: entry.seat,
    player: toPlayer(entry.player),
    outcome: entry.outcome,
    placement: entry.placement,
    score: entry.score,
    payoffLeft: entry.payoffLeft,
    ratingBefore: entry.ratingBefore,
    ratingAfter: entry.ratingAfter,
    ratingChange: rated ? entry.ratingAfter! - entry.ratingBefore! : null,
    deviationBefore: entry.deviationBefore,
    deviationAfter: entry.deviationAfter,
    clientSeed: seedShown ? entry.clientSeed : null,
    clientSeedSource: seedShown ? entry.clientSeedSource : null,
    botVersions: entry.botVersions.length === 0 ? null : [...entry.botVersions],
  };
}

function toResult(result: GameResult): GameResultType {
  return {
    reason: result.reason,
    winner: result.winner,
    score: result.score,
    ranking: result.ranking.map((group) => [...group]),
    payoffLeft: [...result.payoffLeft],
  };
}

function toOptions(options: RuleOptions): RuleOptionsType {
  const limit = options.maxCenterPiles;
  return {
    ...options,
    maxCenterPiles:
      typeof limit === 'number' ? { kind: 'fixed', count: limit } : { kind: limit, count: null },
  };
}

function overridesOf(input: CreateGameInput): Partial<RuleOptions> {
  const overrides: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.options ?? {})) {
    if (value === null || value === undefined) continue;
    overrides[key] = key === 'maxCenterPiles' ? centerLimitOf(value as CenterPileLimitInput) : value;
  }
  return overrides as Partial<RuleOptions>;
}

/** The engine's form of a centre-pile limit; its range (1–48) is the engine's to check, with the other options. */
function centerLimitOf(limit: CenterPileLimitInput): RuleOptions['maxCenterPiles'] {
  const count = limit.count ?? null;
  switch (limit.kind) {
    case 'fixed':
      if (count === null) {
        throw new ApiError('BAD_USER_INPUT', 'maxCenterPiles: FIXED needs a count', {
          option: 'maxCenterPiles',
        });
      }
      return count;
    case 'playersPlusOne':
    case 'unlimited':
      if (count !== null) {
        throw new ApiError('BAD_USER_INPUT', 'maxCenterPiles: a count goes with FIXED only', {
          option: 'maxCenterPiles',
        });
      }
      return limit.kind;
    default:
      return assertNever(limit.kind);
  }
}

function toMoveRecord(seq: number, event: GameEvent, createdAt: Date): MoveRecordType {
  const base = { seq, seat: event.seat, type: event.type, createdAt };
  const none = { from: null, fromSidePile: null, slot: null, sidePile: null, declaredRank: null };
  switch (event.type) {
    case 'played':
    case 'discarded': {
      const placed = placementOf(event.move);
      return {
        ...base,
        ...none,
        move: event.move,
        card: event.card,
        from: placed.from.kind,
        fromSidePile: placed.from.kind === 'side' ? placed.from.pile : null,
        // The slot the card landed on (a new pile's too) is the event's: `c` names no slot.
        slot: event.type === 'played' ? event.slot : null,
        sidePile: placed.to.kind === 'side' ? placed.to.pile : null,
        declaredRank: placed.declared === null ? null : formatRank(placed.declared),
      };
    }
    case 'passed':
      return { ...base, ...none, move: 'pass', card: null };
    case 'resigned':
    case 'timedOut':
      return { ...base, ...none, move: null, card: null };
  }
}

/** A logged play or discard's placement: the log holds only moves the engine accepted, so it parses. */
function placementOf(text: string): Extract<Move, { kind: 'place' }> {
  const move = parseMove(text);
  if (move === null || move.kind !== 'place') throw new Error(`a logged placement that is not one: ${text}`);
  return move;
}
