import { Module } from '@nestjs/common';
import { AccessGate } from './access-gate';
import { AuthService } from './auth.service';
import { OpenSockets } from './open-sockets';
import { RateLimitResolver } from './rate-limit.resolver';

@Module({
  providers: [AuthService, AccessGate, OpenSockets, RateLimitResolver],
  exports: [AuthService, AccessGate, OpenSockets],
})
export class AuthModule {}
