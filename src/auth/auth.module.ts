import { Module } from '@nestjs/common';
import { AccessGate } from './access-gate';
import { AuthService } from './auth.service';
import { OpenSockets } from './open-sockets';

@Module({
  providers: [AuthService, AccessGate, OpenSockets],
  exports: [AuthService, AccessGate, OpenSockets],
})
export class AuthModule {}
