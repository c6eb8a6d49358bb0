import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { GamesModule } from '../games/games.module';
import { ExportController } from './export.controller';
import { ExportResolver } from './export.resolver';
import { ExportService } from './export.service';

/**
 * Replay, export and fairness (docs/api.md#exports): GraphQL `exportGame` and `Game.positionAfter`, and /api
 * downloads.
 */
@Module({
  imports: [AuthModule, GamesModule],
  controllers: [ExportController],
  providers: [ExportService, ExportResolver],
})
export class ExportModule {}
