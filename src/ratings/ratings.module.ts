import { Global, Module } from '@nestjs/common';
import { FinishRatings } from '../games/persistence/games.repository';
import { PlayersModule } from '../players/players.module';
import { RatingsRepository, rateFinishedGame } from './ratings.repository';
import { RatingsResolver } from './ratings.resolver';
import { RatingsService } from './ratings.service';

/**
 * Ratings: the leaderboard and histories, and the ratings' part of every finishing move, which the games
 * repository runs in the move's transaction through FinishRatings. The games module sits below this one
 * (docs/architecture.md, "Layout of a module") and cannot import it, so the binding is global.
 */
@Global()
@Module({
  imports: [PlayersModule],
  providers: [
    RatingsRepository,
    RatingsService,
    RatingsResolver,
    { provide: FinishRatings, useValue: { rateFinishedGame } satisfies FinishRatings },
  ],
  exports: [FinishRatings],
})
export class RatingsModule {}
