import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { GamesModule } from '../games/games.module';
import { ExportController } from './export.controller';
import { ExportResolver } from './export.resolver';
import { ExportService } from './export.service';

/**
 * Replay, export and fairness (docs/api.md#exports): GraphQL `exportGame` and `Game.positionAfter`, and /api
 * downloads (one's own data, GET /api/me/export, is the accounts module's).
 */
@Module({
  imports: [AuthModule, GamesModule, AccountsModule],
  controllers: [ExportController],
  providers: [ExportService, ExportResolver],
})
export class ExportModule {}
