import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BotThreadsModule } from '../bots/bot-threads.module';
import { PlayersModule } from '../players/players.module';
import { GameStore } from './persistence/game-store';
import { GamesResolver } from './api/games.resolver';
import { GamesService } from './games.service';
import { BotChoiceChecks } from './bot-choice-checks';
import { LobbyResolver } from './api/lobby.resolver';
import { ChallengesResolver } from './api/challenges.resolver';
import { LobbyService } from './lobby.service';
import { NodeResolver } from './api/node.resolver';
import { GamesRepository } from './persistence/games.repository';

@Module({
  imports: [AuthModule, PlayersModule, BotThreadsModule],
  providers: [
    GameStore,
    GamesRepository,
    GamesService,
    BotChoiceChecks,
    GamesResolver,
    NodeResolver,
    LobbyService,
    LobbyResolver,
    ChallengesResolver,
  ],
  exports: [GamesService, GamesRepository],
})
export class GamesModule {}
