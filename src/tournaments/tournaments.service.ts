/**
 * Correspondence tournaments (docs/social.md#tournaments): making one, joining, withdrawing, starting early,
 * calling one off, and reading one with its boards and live standings. What is allowed is
 * src/tournaments/domain/lifecycle.ts; the rounds are moved on by the director (./tournament-director.ts).
 */
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { guestRefused } from '../auth/guest-refusals';
import type { Viewer } from '../auth/viewer';
import { Clock } from '../clock/clock';
import { isUuid } from '../common/ids';
import { ApiError } from '../errors/api-error';
import { timeoutRate, TIMEOUT_WINDOW } from '../games/domain/timeout-rate';
import { GamesRepository } from '../games/persistence/games.repository';
import { GameHandler } from '../games/write/game-handler';
import { builtinBotById } from '../players/builtin-bots';
import type { PresetName } from '../engine';
import {
  JOIN_REFUSAL_MESSAGES,
  entrantsOf,
  joinRefusal,
  requestRefusal,
  tableOf,
  type TournamentRequest,
} from './domain/lifecycle';
import { roundRobinRounds } from './domain/round-robin';
import type { StandingRow } from './domain/standings';
import { TournamentDirector } from './tournament-director';
import {
  BoardRecord,
  EntryRecord,
  TournamentMissing,
  TournamentRecord,
  TournamentsRepository,
} from './tournaments.repository';
import type { TournamentStatus } from './domain/vocabulary';

/** The most tournaments one list answers. */
export const MAX_TOURNAMENT_LIST = 100;

@Injectable()
export class TournamentsService {
  constructor(
    private readonly tournaments: TournamentsRepository,
    private readonly director: TournamentDirector,
    private readonly handler: GameHandler,
    private readonly games: GamesRepository,
    private readonly clock: Clock,
  ) {}

  async create(
    viewer: Viewer,
    input: TournamentRequest & {
      readonly preset: PresetName;
      readonly rated: boolean;
      readonly vacationPauses: boolean;
    },
  ): Promise<TournamentRecord> {
    const me = viewer.player!;
    if (me.isGuest) throw guestRefused('tournament');
    const now = this.clock.now();
    const refusal = requestRefusal(input, now, await this.tournaments.organisedBy(me.id));
    if (refusal !== null) {
      throw new ApiError('BAD_USER_INPUT', refusal.message, {
        field: refusal.field,
        refusal: refusal.reason,
      });
    }
    const id = randomUUID();
    await this.tournaments.create({
      id,
      name: input.name.trim(),
      format: input.format,
      preset: input.preset,
      rated: input.rated,
      secondsPerMove: input.daysPerMove * 86_400,
      minPlayers: input.minPlayers,
      maxPlayers: input.maxPlayers,
      rounds: input.rounds,
      maxTimeoutRate: input.maxTimeoutRate,
      vacationPauses: input.vacationPauses,
      startsAt: input.startsAt,
      createdById: me.id,
      createdAt: now,
    });
    return this.get(id);
  }

  async get(id: string): Promise<TournamentRecord> {
    const tournament = isUuid(id) ? await this.tournaments.byId(id) : null;
    if (tournament === null) throw new ApiError('NOT_FOUND', 'no such tournament');
    return tournament;
  }

  list(statuses: readonly TournamentStatus[], first: number): Promise<TournamentRecord[]> {
    return this.tournaments.list(statuses, first);
  }

  /** Joins (again: nothing changes); a full tournament starts at once. */
  async join(viewer: Viewer, id: string): Promise<TournamentRecord> {
    const me = viewer.player!;
    const tournament = await this.get(id);
    const rate =
      tournament.maxTimeoutRate === null
        ? null
        : timeoutRate(await this.games.timeoutRecord(me.id, TIMEOUT_WINDOW));
    await this.locked(() =>
      this.tournaments.join(id, me.id, this.clock.now(), (facts) => {
        const refusal = joinRefusal({
          ...facts,
          maxPlayers: tournament.maxPlayers,
          isGuest: me.isGuest,
          isBuiltinBot: builtinBotById(me.id) !== undefined,
          timeoutRate: rate,
          maxTimeoutRate: tournament.maxTimeoutRate,
        });
        switch (refusal) {
          case null:
            return;
          case 'guest':
            throw guestRefused('tournament');
          case 'timeoutRate':
            throw new ApiError('FORBIDDEN', JOIN_REFUSAL_MESSAGES.timeoutRate, { refusal });
          default:
            throw new ApiError('BAD_USER_INPUT', JOIN_REFUSAL_MESSAGES[refusal], { refusal });
        }
      }),
    );
    await this.director.advance(id);
    return this.get(id);
  }

  /**
   * Leaves: before the start, the entry goes; once it runs, the player is withdrawn — their running games in it are
   * resigned (the opponents win), they are paired no more, and their results stay in the standings.
   */
  async withdraw(viewer: Viewer, id: string): Promise<TournamentRecord> {
    const me = viewer.player!;
    await this.get(id);
    const outcome = await this.locked(() => this.tournaments.withdraw(id, me.id, this.clock.now()));
    if (outcome === 'notIn') {
      throw new ApiError('BAD_USER_INPUT', 'you are not playing in this tournament', { refusal: 'notIn' });
    }
    if (outcome === 'withdrawn') {
      for (const gameId of await this.tournaments.runningGamesOf(id, me.id)) {
        await this.handler.handle(gameId, { type: 'resign', playerId: me.id });
      }
      await this.director.advance(id);
    }
    return this.get(id);
  }

  /** The organiser (or an admin) starts an open tournament now, if it has enough players. */
  async start(viewer: Viewer, id: string): Promise<TournamentRecord> {
    const tournament = await this.organised(viewer, id);
    if (tournament.status !== 'OPEN') {
      throw new ApiError('BAD_USER_INPUT', 'the tournament is not open', { refusal: 'notOpen' });
    }
    if (tournament.entrants < tournament.minPlayers) {
      throw new ApiError('BAD_USER_INPUT', `it needs ${tournament.minPlayers} players to start`, {
        refusal: 'tooFew',
      });
    }
    await this.tournaments.startNow(id, this.clock.now());
    await this.director.advance(id);
    return this.get(id);
  }

  /** The organiser (or an admin) calls off a tournament that has not started. */
  async cancel(viewer: Viewer, id: string): Promise<TournamentRecord> {
    const tournament = await this.organised(viewer, id);
    if (tournament.status !== 'OPEN')
      throw new ApiError('BAD_USER_INPUT', 'only an open tournament is called off');
    await this.tournaments.end(id, 'CANCELLED', this.clock.now());
    return this.get(id);
  }

  entries(id: string): Promise<EntryRecord[]> {
    return this.tournaments.entries(id);
  }

  boards(id: string): Promise<BoardRecord[]> {
    return this.tournaments.boards(id);
  }

  /** The standings now, and the number of rounds (a round robin's once it started). */
  async standings(tournament: TournamentRecord): Promise<StandingRow[]> {
    const [entries, boards] = await Promise.all([this.entries(tournament.id), this.boards(tournament.id)]);
    return tableOf({ format: tournament.format, entrants: entrantsOf(entries), boards });
  }

  /** How many rounds it has: a Swiss tournament's number, a round robin's once its players are known. */
  async rounds(tournament: TournamentRecord): Promise<number | null> {
    if (tournament.format === 'SWISS') return tournament.rounds;
    if (tournament.status === 'OPEN' || tournament.status === 'CANCELLED') return null;
    const entries = await this.entries(tournament.id);
    return entries.length < 2 ? 0 : roundRobinRounds(entries.map((entry) => entry.playerId)).length;
  }

  ofGame(gameId: string): Promise<{ id: string; name: string; round: number } | null> {
    return this.tournaments.ofGame(gameId);
  }

  private async organised(viewer: Viewer, id: string): Promise<TournamentRecord> {
    const tournament = await this.get(id);
    const me = viewer.player!;
    if (tournament.createdById !== me.id && !viewer.scopes.includes('admin')) {
      throw new ApiError('FORBIDDEN', 'only its organiser (or an admin) may do this', {
        refusal: 'notOrganiser',
      });
    }
    return tournament;
  }

  private async locked<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof TournamentMissing) throw new ApiError('NOT_FOUND', 'no such tournament');
      throw error;
    }
  }
}
