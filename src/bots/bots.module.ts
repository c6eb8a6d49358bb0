import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { BotThreadsModule } from './bot-threads.module';
import { BotWorker } from './bot-worker';

/**
 * The built-in opponents' worker: one per app copy, moving the bots through GamesService, with their decisions
 * computed in the copy's bot threads.
 */
@Module({
  imports: [GamesModule, BotThreadsModule],
  providers: [BotWorker],
  exports: [BotWorker],
})
export class BotsModule {}
