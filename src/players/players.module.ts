import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AuditModule } from '../moderation/audit.module';
import { PasswordHasher } from './password-hasher';
import { PlayersRepository } from './players.repository';
import { PlayersResolver } from './players.resolver';
import { PlayersService } from './players.service';

@Module({
  imports: [AuthModule, AuditModule],
  providers: [PasswordHasher, PlayersRepository, PlayersService, PlayersResolver],
  exports: [PlayersService],
})
export class PlayersModule {}
