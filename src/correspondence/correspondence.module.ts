import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { VacationsModule } from '../vacations/vacations.module';
import { DeadlineSweeper } from './sweeper';

/** Deadlines and reminders (docs/correspondence.md), with the clocks of players away. */
@Module({
  imports: [GamesModule, VacationsModule],
  providers: [DeadlineSweeper],
  exports: [DeadlineSweeper],
})
export class CorrespondenceModule {}
