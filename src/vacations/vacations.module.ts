import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { PlayersModule } from '../players/players.module';
import { VacationsRepository } from './vacations.repository';
import { VacationsResolver } from './vacations.resolver';
import { VacationsService } from './vacations.service';

/** Vacation (docs/correspondence.md#vacation); the service for the sweeper, which moves away players' clocks. */
@Module({
  imports: [GamesModule, PlayersModule],
  providers: [VacationsRepository, VacationsService, VacationsResolver],
  exports: [VacationsService],
})
export class VacationsModule {}
