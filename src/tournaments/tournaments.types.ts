/**
 * The tournaments' GraphQL types (docs/api/social-chat-tournaments.md#tournaments,
 * docs/social.md#tournaments).
 */
import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Preset } from '../games/api/game.types';
import { listEnum, sameNames } from '../graphql/list-enum';
import { PlayerType } from '../players/player.types';
import {
  GAME_RESULTS,
  TOURNAMENT_FORMATS,
  TOURNAMENT_STATUSES,
  type GameResult,
  type TournamentFormat,
  type TournamentStatus,
} from './domain/vocabulary';

export const TournamentFormatEnum = listEnum(TOURNAMENT_FORMATS, sameNames(TOURNAMENT_FORMATS), {
  name: 'TournamentFormat',
  description: 'How a tournament pairs its players (docs/social.md#tournaments).',
  values: {
    ROUND_ROBIN: { description: 'Everyone meets everyone once (3–16 players), by Berger tables.' },
    SWISS: {
      description:
        'A set number of rounds (4–256 players): each round pairs players of equal score where it can, never twice the same two.',
    },
  },
});

export const TournamentStatusEnum = listEnum(TOURNAMENT_STATUSES, sameNames(TOURNAMENT_STATUSES), {
  name: 'TournamentStatus',
  description: 'Where a tournament is in its life.',
  values: {
    OPEN: { description: 'Taking players until it starts.' },
    RUNNING: { description: 'Its rounds are being played.' },
    FINISHED: { description: 'Every round played: the standings are final.' },
    CANCELLED: { description: 'Called off before it started (too few players, or by its organiser).' },
  },
});

export const TournamentGameResultEnum = listEnum(GAME_RESULTS, sameNames(GAME_RESULTS), {
  name: 'TournamentGameResult',
  description: 'How a board’s game ended, from its two players’ side.',
  values: {
    FIRST_WON: { description: 'The board’s first player won.' },
    SECOND_WON: { description: 'The board’s second player won.' },
    DRAW: { description: 'A draw: half a point each.' },
  },
});

@InputType('CreateTournamentInput', { description: 'A new correspondence tournament.' })
export class CreateTournamentInput {
  @Field({ description: 'Its name (1–80 characters).' }) name!: string;
  @Field(() => TournamentFormatEnum, { description: 'Round robin or Swiss.' }) format!: TournamentFormat;
  @Field(() => Preset, { description: 'The rules of its games.' }) preset!: Preset;
  @Field({ defaultValue: false, description: 'Whether its games are rated (standard options only).' })
  rated!: boolean;
  @Field(() => Int, { description: 'Days per move in its games (1–14).' }) daysPerMove!: number;
  @Field(() => Int, { description: 'It starts with at least this many players (else it is called off).' })
  minPlayers!: number;
  @Field(() => Int, { description: 'It takes at most this many; full, it starts at once.' })
  maxPlayers!: number;
  @Field(() => Int, {
    nullable: true,
    description: 'Swiss only: the number of rounds (fewer than minPlayers).',
  })
  rounds?: number | null;
  @Field({ description: 'When it starts (from now to 60 days ahead).' }) startsAt!: Date;
  @Field(() => Float, {
    nullable: true,
    description: 'Players whose timeout rate (Player.timeoutRate) is above this (0–1) may not join.',
  })
  maxTimeoutRate?: number | null;
  @Field({
    defaultValue: false,
    description:
      'Whether a player’s vacation pauses their clock in its games (off: a round waits for nobody).',
  })
  vacationPauses!: boolean;
}

@ObjectType('Tournament', { description: 'A correspondence tournament (docs/social.md#tournaments).' })
export class TournamentType {
  @Field(() => ID, { description: 'Its id.' }) id!: string;
  @Field({ description: 'Its name.' }) name!: string;
  @Field(() => TournamentFormatEnum, { description: 'How it pairs.' }) format!: TournamentFormat;
  @Field(() => TournamentStatusEnum, { description: 'Where it is in its life.' }) status!: TournamentStatus;
  @Field(() => Preset, { description: 'The rules of its games.' }) preset!: Preset;
  @Field({ description: 'Whether its games are rated.' }) rated!: boolean;
  @Field(() => Int, { description: 'Days per move in its games.' }) daysPerMove!: number;
  @Field(() => Int, { description: 'It starts with at least this many players.' }) minPlayers!: number;
  @Field(() => Int, { description: 'It takes at most this many.' }) maxPlayers!: number;
  @Field(() => Int, {
    nullable: true,
    description:
      'How many rounds: a Swiss tournament’s number; a round robin’s once it started (null before).',
  })
  rounds!: number | null;
  @Field(() => Int, { description: 'The round being played (0 before the start).' }) currentRound!: number;
  @Field({ description: 'When it starts (or started).' }) startsAt!: Date;
  @Field(() => Float, { nullable: true, description: 'The highest timeout rate it accepts; null: any.' })
  maxTimeoutRate!: number | null;
  @Field({ description: 'Whether a vacation pauses the clock in its games.' }) vacationPauses!: boolean;
  @Field(() => PlayerType, { description: 'Who organises it.' }) organiser!: PlayerType;
  @Field({ description: 'When it was made.' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When its first round began.' }) startedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When it finished or was called off.' })
  finishedAt!: Date | null;
  @Field(() => Int, { description: 'Players in it (withdrawn ones included once it runs).' })
  playerCount!: number;
}

@ObjectType('TournamentPlayer', { description: 'A player in a tournament.' })
export class TournamentPlayerType {
  @Field(() => PlayerType, { description: 'The player.' }) player!: PlayerType;
  @Field(() => Int, {
    nullable: true,
    description: 'Their starting rank (1: the best rated); null before the start.',
  })
  seed!: number | null;
  @Field({ description: 'When they joined.' }) joinedAt!: Date;
  @Field({ description: 'They withdrew: no more games; their results stay.' }) withdrawn!: boolean;
}

@ObjectType('TournamentStanding', {
  description: 'A row of the standings (live: a game still running counts for nothing yet).',
})
export class TournamentStandingType {
  @Field(() => Int, { description: 'The rank: points, then the tiebreaks (docs/social.md#tournaments).' })
  rank!: number;
  @Field(() => PlayerType, { description: 'The player.' }) player!: PlayerType;
  @Field(() => Float, { description: 'Points: a win 1, a draw ½, a Swiss bye 1.' }) points!: number;
  @Field(() => Int, { description: 'Games finished.' }) played!: number;
  @Field(() => Int, { description: 'Games won.' }) won!: number;
  @Field(() => Int, { description: 'Games drawn.' }) drawn!: number;
  @Field(() => Int, { description: 'Games lost.' }) lost!: number;
  @Field(() => Int, { description: 'Byes (Swiss).' }) byes!: number;
  @Field(() => Float, { description: 'Buchholz: the sum of the points of the opponents met.' })
  buchholz!: number;
  @Field(() => Float, {
    description:
      'Sonneborn–Berger: the points of the opponents beaten, and half those of the opponents drawn with.',
  })
  sonnebornBerger!: number;
  @Field({ description: 'They withdrew.' }) withdrawn!: boolean;
}

@ObjectType('TournamentBoard', {
  description: 'A board of a round: two players and their game, or one alone.',
})
export class TournamentBoardType {
  @Field(() => Int, { description: 'The round.' }) round!: number;
  @Field(() => Int, { description: 'The board (1 is the top one).' }) board!: number;
  @Field(() => PlayerType, { description: 'The first player (the better placed when it was paired).' })
  first!: PlayerType;
  @Field(() => PlayerType, {
    nullable: true,
    description:
      'The second player; null for a bye (Swiss: a point) or a round robin’s sit-out (no game, no point).',
  })
  second!: PlayerType | null;
  @Field(() => ID, { nullable: true, description: 'Their game (an ordinary game); null for a lone player.' })
  gameId!: string | null;
  @Field(() => TournamentGameResultEnum, { nullable: true, description: 'The result once the game is over.' })
  result!: GameResult | null;
  @Field({ description: 'Done: the game is over, or a lone player’s board.' }) over!: boolean;
}

@ObjectType('GameTournament', { description: 'The tournament a game was paired by.' })
export class GameTournamentType {
  @Field(() => ID, { description: 'The tournament’s id.' }) id!: string;
  @Field({ description: 'Its name.' }) name!: string;
  @Field(() => Int, { description: 'The round of this game.' }) round!: number;
}
