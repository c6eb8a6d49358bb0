-- Correspondence tournaments (docs/social.md#tournaments): round robin and Swiss. Their games are ordinary games,
-- each linked from its pairing. Written only by src/tournaments/tournaments.repository.ts.
CREATE TABLE "tournaments" (
  "id" UUID NOT NULL,
  "name" TEXT NOT NULL,
  -- ROUND_ROBIN or SWISS (src/tournaments/domain/vocabulary.ts).
  "format" TEXT NOT NULL,
  -- The games' preset (the engine's name) and whether they are rated.
  "preset" TEXT NOT NULL,
  "rated" BOOLEAN NOT NULL,
  "seconds_per_move" INTEGER NOT NULL,
  "min_players" INTEGER NOT NULL,
  "max_players" INTEGER NOT NULL,
  -- Swiss only: how many rounds.
  "rounds" INTEGER,
  -- Players whose timeout rate is above this (0–1) may not join; NULL: anyone.
  "max_timeout_rate" DOUBLE PRECISION,
  -- Whether a player's vacation pauses their clock in its games (off by default: a round waits for nobody).
  "vacation_pauses" BOOLEAN NOT NULL DEFAULT false,
  -- It starts at this time if it has min_players by then (or as soon as it is full).
  "starts_at" TIMESTAMPTZ(3) NOT NULL,
  -- OPEN, RUNNING, FINISHED or CANCELLED.
  "status" TEXT NOT NULL,
  -- The round being played (0 before the start); raised once per round by whichever app copy starts it.
  "current_round" INTEGER NOT NULL DEFAULT 0,
  "created_by" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "started_at" TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3),

  CONSTRAINT "tournaments_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "tournaments_format" CHECK ("format" IN ('ROUND_ROBIN', 'SWISS')),
  CONSTRAINT "tournaments_status" CHECK ("status" IN ('OPEN', 'RUNNING', 'FINISHED', 'CANCELLED')),
  CONSTRAINT "tournaments_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "tournaments_status_idx" ON "tournaments" ("status", "starts_at");

CREATE TABLE "tournament_entries" (
  "tournament_id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  -- The starting rank (1: the best rated), fixed at the start.
  "seed" INTEGER,
  "joined_at" TIMESTAMPTZ(3) NOT NULL,
  "withdrawn_at" TIMESTAMPTZ(3),

  CONSTRAINT "tournament_entries_pkey" PRIMARY KEY ("tournament_id", "player_id"),
  CONSTRAINT "tournament_entries_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "tournament_entries_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "tournament_entries_player_idx" ON "tournament_entries" ("player_id");

-- A round's boards: two players and their game, or one player and no game (a bye, or a round robin's sit-out).
CREATE TABLE "tournament_pairings" (
  "tournament_id" UUID NOT NULL,
  "round" INTEGER NOT NULL,
  "board" INTEGER NOT NULL,
  "first_id" UUID NOT NULL,
  "second_id" UUID,
  "game_id" UUID,

  CONSTRAINT "tournament_pairings_pkey" PRIMARY KEY ("tournament_id", "round", "board"),
  CONSTRAINT "tournament_pairings_game_key" UNIQUE ("game_id"),
  CONSTRAINT "tournament_pairings_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "tournament_pairings_first_id_fkey" FOREIGN KEY ("first_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "tournament_pairings_second_id_fkey" FOREIGN KEY ("second_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "tournament_pairings_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- Whether a vacation of the player to move pauses a game's clock (docs/correspondence.md#vacation): true for every
-- game but a tournament's that does not allow it.
ALTER TABLE "games" ADD COLUMN "vacation_pauses" BOOLEAN NOT NULL DEFAULT true;
-- The tournament that paired a game (its link; the board says which round). A tournament game is never called off
-- for want of a first move: its player to move loses on time (src/games/domain/life.ts).
ALTER TABLE "games" ADD COLUMN "tournament_id" UUID;
ALTER TABLE "games" ADD CONSTRAINT "games_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
