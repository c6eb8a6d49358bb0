import { Module } from '@nestjs/common';
import { AccessGate } from './access-gate';
import { AuthService } from './auth.service';
import { LoginFailuresRepository } from './login-failures.repository';
import { OpenSockets } from './open-sockets';
import { RateLimitResolver } from './rate-limit.resolver';
import { TokensRepository } from './tokens.repository';

@Module({
  providers: [
    AuthService,
    AccessGate,
    LoginFailuresRepository,
    OpenSockets,
    RateLimitResolver,
    TokensRepository,
  ],
  // TokensRepository: for the players module's account changes, which revoke tokens in their own transactions.
  exports: [AuthService, AccessGate, OpenSockets, TokensRepository],
})
export class AuthModule {}
