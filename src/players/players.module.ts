import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PushModule } from '../push/push.module';
import { MailModule } from '../mail/mail.module';
import { GuestsRepository } from './guests.repository';
import { GuestsResolver } from './guests.resolver';
import { GuestsService } from './guests.service';
import { PasswordHasher } from './password-hasher';
import { PlayersRepository } from './players.repository';
import { PlayersResolver } from './players.resolver';
import { PlayersService } from './players.service';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorResolver } from './two-factor.resolver';
import { TwoFactorService } from './two-factor.service';

/** Accounts and tokens. An ADMIN token's audit row is written through AdminTokenAudit (bound by AuditModule). */
@Module({
  imports: [AuthModule, PushModule, MailModule],
  providers: [
    PasswordHasher,
    PlayersRepository,
    PlayersService,
    PlayersResolver,
    TwoFactorRepository,
    TwoFactorService,
    TwoFactorResolver,
    GuestsRepository,
    GuestsService,
    GuestsResolver,
  ],
  exports: [PlayersService, GuestsRepository, GuestsService],
})
export class PlayersModule {}
