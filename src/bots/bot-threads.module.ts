import { Logger, Module } from '@nestjs/common';
import { BotThreads } from './bot-threads';

/**
 * The copy's one pool of bot threads (bot-threads.ts), shared by the bot worker (its turns) and verifyGame (its
 * replays of finished games' bot moves, src/export/bot-choice-checks.ts), so that both together never take more
 * cores than the pool has.
 */
@Module({
  providers: [
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
  exports: [BotThreads],
})
export class BotThreadsModule {}
