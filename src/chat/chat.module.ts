import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { GamesModule } from '../games/games.module';
import { AuditModule } from '../moderation/audit.module';
import { PlayersModule } from '../players/players.module';
import { SocialModule } from '../social/social.module';
import { ChatRepository } from './chat.repository';
import { ChatResolver } from './chat.resolver';
import { ChatService } from './chat.service';

/**
 * Chat around a game (docs/social.md#chat): the rooms, quick phrases, notes, mutes, reports and the moderators'
 * actions on them. The repository is exported for the account's export and erasure and the retention pass.
 */
@Module({
  imports: [AuthModule, PlayersModule, GamesModule, SocialModule, AuditModule],
  providers: [ChatRepository, ChatService, ChatResolver],
  exports: [ChatRepository],
})
export class ChatModule {}
