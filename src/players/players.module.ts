import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PlayersResolver } from './players.resolver';
import { PlayersService } from './players.service';

@Module({ imports: [AuthModule], providers: [PlayersService, PlayersResolver], exports: [PlayersService] })
export class PlayersModule {}
