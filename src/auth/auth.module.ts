import { Module } from '@nestjs/common';
import { AccessGate } from './access-gate';
import { AuthService } from './auth.service';
import { LoginFailuresRepository } from './login-failures.repository';
import { OpenSockets } from './open-sockets';
import { RateLimitResolver } from './rate-limit.resolver';

@Module({
  providers: [AuthService, AccessGate, LoginFailuresRepository, OpenSockets, RateLimitResolver],
  exports: [AuthService, AccessGate, OpenSockets],
})
export class AuthModule {}
