import { Logger, Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { BotThreads } from './bot-threads';
import { BotWorker } from './bot-worker';

/**
 * The built-in opponents' worker: one per app copy, moving the bots through GamesService, with their decisions
 * computed in the copy's bot threads.
 */
@Module({
  imports: [GamesModule],
  providers: [
    BotWorker,
    {
      provide: BotThreads,
      useFactory: (): BotThreads => {
        const logger = new Logger(BotThreads.name);
        return new BotThreads({
          log: (level, message) => (level === 'error' ? logger.error(message) : logger.warn(message)),
        });
      },
    },
  ],
  exports: [BotWorker],
})
export class BotsModule {}
