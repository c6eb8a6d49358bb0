import { Module } from '@nestjs/common';
import { GameStore } from './game-store';
import { GamesResolver } from './games.resolver';
import { GamesService } from './games.service';

@Module({ providers: [GameStore, GamesService, GamesResolver], exports: [GamesService] })
export class GamesModule {}
