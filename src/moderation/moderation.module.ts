import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { PlayersModule } from '../players/players.module';
import { AuditLog } from './audit-log';
import { ModerationResolver } from './moderation.resolver';
import { ModerationService } from './moderation.service';

/** Moderation for operators (docs/operations.md#moderation): the service, its audit log and the admin API. */
@Module({
  imports: [PlayersModule, GamesModule],
  providers: [AuditLog, ModerationService, ModerationResolver],
  exports: [ModerationService],
})
export class ModerationModule {}
