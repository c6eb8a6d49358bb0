import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { PlayersModule } from '../players/players.module';
import { AuditModule } from './audit.module';
import { ModerationResolver } from './moderation.resolver';
import { ModerationService } from './moderation.service';

/** Moderation for operators (docs/operations.md#moderation): the service, its audit log and the admin API. */
@Module({
  imports: [PlayersModule, GamesModule, AuditModule],
  providers: [ModerationService, ModerationResolver],
  exports: [ModerationService],
})
export class ModerationModule {}
