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
import { GameHandler } from './write/game-handler';
import { GameVerifier } from '../export/game-verifier';

@Module({
  imports: [AuthModule, PlayersModule, BotThreadsModule],
  providers: [
    GameStore,
    GamesRepository,
    GamesService,
    GameHandler,
    BotChoiceChecks,
    // verifyGame's checks (src/export/game-verifier.ts): here, beside the resolver that serves them and the
    // providers they read through, as ExportModule imports this module.
    GameVerifier,
    GamesResolver,
    NodeResolver,
    LobbyService,
    LobbyResolver,
    ChallengesResolver,
  ],
  exports: [GamesService, GameHandler, GamesRepository],
})
export class GamesModule {}
