/**
 * Vacations (docs/correspondence.md#vacation): starting and ending one, what a player has left, and keeping the
 * clocks of their turns in step with their time away — each moved through the game handler (`moveClock`), at the
 * start and the end of a vacation, and by the sweeper for a turn that begins while they are away (`moveAwayTurns`).
 */
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { ApiError } from '../errors/api-error';
import { GamesRepository } from '../games/persistence/games.repository';
import { GameHandler } from '../games/write/game-handler';
import { PlayersService } from '../players/players.service';
import { type TakenVacation, currentVacation, daysLeft, decideStart, spansOf } from './vacation-policy';
import { VacationsRepository } from './vacations.repository';

/** Where a player stands. */
export interface VacationStatus {
  readonly current: TakenVacation | null;
  readonly daysLeft: number;
  readonly allowanceDays: number;
  /** The vacations of the last 365 days, oldest first. */
  readonly recent: readonly TakenVacation[];
}

@Injectable()
export class VacationsService {
  private readonly allowance: number;

  constructor(
    private readonly vacations: VacationsRepository,
    private readonly games: GamesRepository,
    private readonly handler: GameHandler,
    private readonly players: PlayersService,
    private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) config: RuntimeConfig,
  ) {
    this.allowance = config.vacationDays;
  }

  async status(playerId: string): Promise<VacationStatus> {
    const now = this.clock.now();
    return this.statusOf(await this.vacations.vacationsOf(playerId, now), now);
  }

  /** Away for `days` whole days from now; the deadlines of the player's turns move by the time away. */
  async start(playerId: string, days: number): Promise<VacationStatus> {
    const player = await this.players.byId(playerId);
    if (player === null) throw new ApiError('NOT_FOUND', 'no such player');
    const now = this.clock.now();
    await this.vacations.locked(playerId, async (locked) => {
      const decision = decideStart(await locked.list(now), player, this.allowance, days, now);
      if (!decision.ok) throw new ApiError(decision.code, decision.message, { field: 'days' });
      await locked.insert(decision.startsAt, decision.endsAt, days);
    });
    await this.moveClocksOf(playerId, now);
    return this.status(playerId);
  }

  /** Back early: the vacation ends now, and the deadlines of the player's turns move back by the days not taken. */
  async end(playerId: string): Promise<VacationStatus> {
    const now = this.clock.now();
    await this.vacations.locked(playerId, async (locked) => {
      const current = currentVacation(await locked.list(now), now);
      if (current === null) throw new ApiError('NOT_FOUND', 'you are not on vacation');
      await locked.end(current.id, now);
    });
    await this.moveClocksOf(playerId, now);
    return this.status(playerId);
  }

  /** When the player's time away ends, if they are away now. */
  awayUntil(playerId: string): Promise<Date | null> {
    return this.vacations.awayUntil(playerId, this.clock.now());
  }

  /**
   * For the sweeper: the turns that began while their player is away get the clock of the time away. How many
   * clocks moved.
   */
  async moveAwayTurns(now: Date): Promise<number> {
    let moved = 0;
    for (const turn of await this.vacations.awayTurns(now)) {
      const away = spansOf(await this.vacations.vacationsOf(turn.playerId, now));
      if (await this.handler.handle(turn.gameId, { type: 'moveClock', playerId: turn.playerId, away }, now))
        moved++;
    }
    return moved;
  }

  private async moveClocksOf(playerId: string, now: Date): Promise<void> {
    const away = spansOf(await this.vacations.vacationsOf(playerId, now));
    for (const gameId of await this.games.timedTurnsOf(playerId)) {
      await this.handler.handle(gameId, { type: 'moveClock', playerId, away }, now);
    }
  }

  private statusOf(vacations: readonly TakenVacation[], now: Date): VacationStatus {
    return {
      current: currentVacation(vacations, now),
      daysLeft: daysLeft(vacations, this.allowance, now),
      allowanceDays: this.allowance,
      recent: vacations,
    };
  }
}
