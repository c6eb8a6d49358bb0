import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module';
import { RatingsRepository } from './ratings.repository';
import { RatingsResolver } from './ratings.resolver';
import { RatingsService } from './ratings.service';

@Module({ imports: [PlayersModule], providers: [RatingsRepository, RatingsService, RatingsResolver] })
export class RatingsModule {}
