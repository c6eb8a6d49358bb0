import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChatModule } from '../chat/chat.module';
import { GamesModule } from '../games/games.module';
import { OAuthModule } from '../oauth/oauth.module';
import { PlayersModule } from '../players/players.module';
import { SocialModule } from '../social/social.module';
import { AccountExport } from './account-export';
import { AccountsRepository } from './accounts.repository';
import { AccountsResolver } from './accounts.resolver';
import { AccountsService } from './accounts.service';
import { GuestSweeper } from './guest-sweeper';

/**
 * Deleting one's account and downloading one's data (docs/api/players-and-accounts.md#deleteaccount,
 * #get-apimeexport), and removing guests left alone (./guest-sweeper.ts).
 */
@Module({
  imports: [AuthModule, PlayersModule, GamesModule, SocialModule, ChatModule, OAuthModule],
  providers: [AccountsRepository, AccountsService, AccountsResolver, AccountExport, GuestSweeper],
  exports: [AccountExport, GuestSweeper],
})
export class AccountsModule {}
