import { Module } from '@nestjs/common';
import { GamePubSub } from './game-pubsub';
import { GameStore } from './game-store';
import { GamesResolver } from './games.resolver';
import { GamesService } from './games.service';

@Module({ providers: [GameStore, GamePubSub, GamesService, GamesResolver], exports: [GamesService] })
export class GamesModule {}
