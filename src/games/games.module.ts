import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PlayersModule } from '../players/players.module';
import { SocialModule } from '../social/social.module';
import { GameStore } from './persistence/game-store';
import { GamesResolver } from './api/games.resolver';
import { GamesService } from './games.service';
import { LobbyResolver } from './api/lobby.resolver';
import { PlayerGamesResolver } from './api/player-games.resolver';
import { ChallengesResolver } from './api/challenges.resolver';
import { LobbyService } from './lobby.service';
import { NodeResolver } from './api/node.resolver';
import { PlayerEventGameResolver } from './api/player-event-game.resolver';
import { GamesRepository } from './persistence/games.repository';
import { GameHandler } from './write/game-handler';

@Module({
  imports: [AuthModule, PlayersModule, SocialModule],
  providers: [
    GameStore,
    GamesRepository,
    GamesService,
    GameHandler,
    GamesResolver,
    NodeResolver,
    PlayerEventGameResolver,
    LobbyService,
    LobbyResolver,
    ChallengesResolver,
    PlayerGamesResolver,
  ],
  exports: [GamesService, GameHandler, GamesRepository],
})
export class GamesModule {}
