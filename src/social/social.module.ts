import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module';
import { SocialRepository } from './social.repository';
import { SocialResolver } from './social.resolver';
import { SocialService } from './social.service';

/**
 * Follows and blocks (docs/social.md). The games module asks the repository whether two players block each other
 * (invitations, joins, seeks), so it is exported.
 */
@Module({
  imports: [PlayersModule],
  providers: [SocialRepository, SocialService, SocialResolver],
  exports: [SocialRepository, SocialService],
})
export class SocialModule {}
