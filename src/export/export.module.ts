import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { BotThreadsModule } from '../bots/bot-threads.module';
import { GamesModule } from '../games/games.module';
import { BotChoiceChecks } from './bot-choice-checks';
import { ExportController } from './export.controller';
import { ExportResolver } from './export.resolver';
import { ExportService } from './export.service';
import { GameVerifier } from './game-verifier';

/**
 * Replay, export and fairness (docs/api/exports-and-verification.md#exports): GraphQL `exportGame`,
 * `verifyGame` (its bot-choice replays in the bot threads the bot worker shares) and `Game.positionAfter`,
 * and /api downloads (one's own data, GET /api/me/export, is the accounts module's).
 */
@Module({
  imports: [AuthModule, GamesModule, AccountsModule, BotThreadsModule],
  controllers: [ExportController],
  providers: [ExportService, BotChoiceChecks, GameVerifier, ExportResolver],
})
export class ExportModule {}
