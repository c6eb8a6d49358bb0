import { Module } from '@nestjs/common';
import { DateTimeScalar } from '../common/date-time.scalar';
import { PlayersModule } from '../players/players.module';
import { GameStore } from './game-store';
import { GamesResolver } from './games.resolver';
import { GamesService } from './games.service';
import { LobbyResolver } from './lobby.resolver';
import { LobbyService } from './lobby.service';

@Module({
  imports: [PlayersModule],
  // DateTimeScalar is the whole schema's DateTime (GamesFilter holds the API's date arguments).
  providers: [GameStore, GamesService, GamesResolver, LobbyService, LobbyResolver, DateTimeScalar],
  exports: [GamesService],
})
export class GamesModule {}
