import { Module } from '@nestjs/common';
import { AccessGate } from './access-gate';
import { AuthService } from './auth.service';

@Module({ providers: [AuthService, AccessGate], exports: [AuthService, AccessGate] })
export class AuthModule {}
