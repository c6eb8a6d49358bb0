import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { DeadlineSweeper } from './sweeper';

/** Deadlines and reminders (docs/correspondence.md). */
@Module({
  imports: [GamesModule],
  providers: [DeadlineSweeper],
  exports: [DeadlineSweeper],
})
export class CorrespondenceModule {}
