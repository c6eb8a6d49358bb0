import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { PlayersModule } from '../players/players.module';
import { TournamentDirector } from './tournament-director';
import { TournamentsRepository } from './tournaments.repository';
import { GameTournamentResolver, TournamentsResolver } from './tournaments.resolver';
import { TournamentsService } from './tournaments.service';

/**
 * Correspondence tournaments (docs/social.md#tournaments): their tables, the director that moves them on, and the
 * API. Their games are ordinary games, made through the game handler.
 */
@Module({
  imports: [PlayersModule, GamesModule],
  providers: [
    TournamentsRepository,
    TournamentDirector,
    TournamentsService,
    TournamentsResolver,
    GameTournamentResolver,
  ],
  exports: [TournamentDirector],
})
export class TournamentsModule {}
