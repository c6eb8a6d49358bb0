import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AuditModule } from '../moderation/audit.module';
import { PlayersModule } from '../players/players.module';
import { OAuthController } from './oauth.controller';
import { OAuthRepository } from './oauth.repository';
import { OAuthResolver } from './oauth.resolver';
import { OAuthService } from './oauth.service';

/**
 * Third-party apps and OAuth 2.0 (docs/api/apps-and-oauth.md). The account export lists a person's approvals
 * (OAuthService.grantHistory), so the service is exported.
 */
@Module({
  imports: [AuthModule, PlayersModule, AuditModule],
  controllers: [OAuthController],
  providers: [OAuthRepository, OAuthService, OAuthResolver],
  exports: [OAuthService],
})
export class OAuthModule {}
