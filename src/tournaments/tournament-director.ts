/**
 * Moves tournaments on (docs/social.md#tournaments): every TOURNAMENT_INTERVAL_MS on every app copy, and at once
 * after a change that may let one move (a start, a withdrawal). An open tournament starts when it is full, or at its
 * start time with enough players (else it is called off); a running one gets its next round once every board of
 * the current one is over, or finishes. What comes next is src/tournaments/domain/lifecycle.ts; a round is claimed
 * once across copies (TournamentsRepository.startRound) and its games are made through the game handler, each with
 * its board's link in the same transaction — a board whose game was not made (a copy stopped midway) is made by the
 * next pass.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { PeriodicPass } from '../db/periodic-pass';
import { GameHandler } from '../games/write/game-handler';
import { entrantsOf, nextStep, openDecision, seeds, type Entrant } from './domain/lifecycle';
import { BoardTaken, TournamentRecord, TournamentsRepository } from './tournaments.repository';

/** Tournaments looked at per pass. */
const PASS_LIMIT = 200;

@Injectable()
export class TournamentDirector implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TournamentDirector.name);
  private readonly passes: PeriodicPass<number>;

  constructor(
    private readonly tournaments: TournamentsRepository,
    private readonly handler: GameHandler,
    private readonly clock: Clock,
    availability: DatabaseAvailability,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.passes = new PeriodicPass('tournament pass', this.logger, availability);
  }

  onApplicationBootstrap(): void {
    this.passes.start(this.config.workers.tournamentIntervalMs, () => this.pass());
  }

  async onModuleDestroy(): Promise<void> {
    await this.passes.stop();
  }

  /** One pass over every tournament that may move; resolves with how many it looked at. */
  pass(at?: Date): Promise<number> {
    return this.passes.run(async () => {
      const now = at ?? this.clock.now();
      const due = await this.tournaments.due(now, PASS_LIMIT);
      for (const id of due) {
        if (this.passes.stopping) break;
        await this.advance(id, now).catch((error: unknown) =>
          this.logger.error(`tournament ${id} could not move on: ${String(error)}`),
        );
      }
      return due.length;
    });
  }

  /** Moves one tournament on as far as it goes now. */
  async advance(tournamentId: string, at?: Date): Promise<void> {
    const now = at ?? this.clock.now();
    // A round whose games are all over at once (byes only) is followed by the next in the same call.
    for (let step = 0; step < 64; step += 1) {
      const tournament = await this.tournaments.byId(tournamentId);
      if (tournament === null) return;
      if (!(await this.step(tournament, now))) return;
    }
  }

  /** One step; true when something changed and another may follow. */
  private async step(tournament: TournamentRecord, now: Date): Promise<boolean> {
    const entries = await this.tournaments.entries(tournament.id);
    switch (tournament.status) {
      case 'OPEN': {
        // A player whose account was deleted or disabled while it was open does not start in it.
        const present = entries.filter((entry) => !entry.gone);
        const decision = openDecision(tournament, present.length, now);
        if (decision === 'wait') return false;
        if (decision === 'cancel') {
          await this.tournaments.end(tournament.id, 'CANCELLED', now);
          return false;
        }
        const seeded = seeds(
          present.map((entry) => ({ id: entry.playerId, rating: entry.rating, joinedAt: entry.joinedAt })),
        );
        const entrants: Entrant[] = present.map((entry) => ({
          id: entry.playerId,
          seed: seeded.get(entry.playerId)!,
          withdrawn: false,
        }));
        const next = nextStep({ ...tournament, currentRound: 0, entrants, boards: [] });
        if (next.kind !== 'round') {
          await this.tournaments.end(tournament.id, 'CANCELLED', now);
          return false;
        }
        if (!(await this.tournaments.startRound(tournament.id, next.round, next.boards, seeded, now)))
          return false;
        await this.makeGames(tournament, next.round);
        return true;
      }
      case 'RUNNING': {
        await this.makeGames(tournament, tournament.currentRound);
        const boards = await this.tournaments.boards(tournament.id);
        const next = nextStep({ ...tournament, entrants: entrantsOf(entries), boards });
        switch (next.kind) {
          case 'wait':
            return false;
          case 'finish':
            await this.tournaments.end(tournament.id, 'FINISHED', now);
            return false;
          case 'round':
            if (!(await this.tournaments.startRound(tournament.id, next.round, next.boards, null, now)))
              return false;
            await this.makeGames(tournament, next.round);
            return true;
          default:
            return unreachable(next);
        }
      }
      case 'FINISHED':
      case 'CANCELLED':
        return false;
      default:
        return unreachable(tournament.status);
    }
  }

  /** Makes the games of the round's boards that have none yet, each with its link, through the game handler. */
  private async makeGames(tournament: TournamentRecord, round: number): Promise<void> {
    for (const board of await this.tournaments.boardsWithoutGame(tournament.id, round)) {
      const gameId = randomUUID();
      try {
        await this.handler.handle(gameId, {
          type: 'pair',
          first: board.first,
          second: board.second,
          request: {
            preset: tournament.preset,
            overrides: {},
            seats: 2,
            rated: tournament.rated,
            opponent: undefined,
            seed: undefined,
            position: undefined,
            secondsPerMove: tournament.secondsPerMove,
            bot: undefined,
            clientSeed: undefined,
            awaitClientSeed: false,
            vacationPauses: tournament.vacationPauses,
            tournamentId: tournament.id,
          },
          alongside: this.tournaments.linkGame(tournament.id, round, board.board, gameId),
        });
      } catch (error) {
        // Another copy made this board's game meanwhile: nothing was written here.
        if (!(error instanceof BoardTaken)) throw error;
      }
    }
  }
}

function unreachable(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
