import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { BotWorker } from './bot-worker';

/** The built-in opponents' worker: one per app copy, moving the bots through GamesService. */
@Module({ imports: [GamesModule], providers: [BotWorker], exports: [BotWorker] })
export class BotsModule {}
