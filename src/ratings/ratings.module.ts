import { Module } from '@nestjs/common';
import { RatingsResolver } from './ratings.resolver';
import { RatingsService } from './ratings.service';

@Module({ providers: [RatingsService, RatingsResolver] })
export class RatingsModule {}
