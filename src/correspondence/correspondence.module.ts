import { DynamicModule, Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { ClockController } from './clock.controller';
import { DeadlineSweeper } from './sweeper';

/** Deadlines and reminders (docs/correspondence.md); the test clock endpoint only with CLOCK=manual. */
@Module({})
export class CorrespondenceModule {
  static forRoot(manualClock: boolean): DynamicModule {
    return {
      module: CorrespondenceModule,
      imports: [GamesModule],
      providers: [DeadlineSweeper],
      controllers: manualClock ? [ClockController] : [],
      exports: [DeadlineSweeper],
    };
  }
}
