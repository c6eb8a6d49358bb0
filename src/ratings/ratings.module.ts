import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module';
import { RatingsResolver } from './ratings.resolver';
import { RatingsService } from './ratings.service';

@Module({ imports: [PlayersModule], providers: [RatingsService, RatingsResolver] })
export class RatingsModule {}
