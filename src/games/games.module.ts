import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PlayersModule } from '../players/players.module';
import { GameStore } from './game-store';
import { GamesResolver } from './games.resolver';
import { GamesService } from './games.service';
import { LobbyResolver } from './lobby.resolver';
import { LobbyService } from './lobby.service';

@Module({
  imports: [AuthModule, PlayersModule],
  providers: [GameStore, GamesService, GamesResolver, LobbyService, LobbyResolver],
  exports: [GamesService],
})
export class GamesModule {}
