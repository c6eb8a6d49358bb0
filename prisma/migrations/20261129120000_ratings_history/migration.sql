-- Issue 4: ratings per preset, and each player's outcome of a finished game kept on their seat, so that match
-- history, statistics and rating history are read from one indexed table. Written in the same transaction as
-- the move that finishes the game (src/games/finish.ts); recomputable from games.result.

ALTER TABLE "game_players"
  ADD COLUMN "finished_at" TIMESTAMPTZ(3),
  ADD COLUMN "outcome" TEXT,
  ADD COLUMN "placement" INTEGER,
  ADD COLUMN "score" INTEGER,
  ADD COLUMN "payoff_left" INTEGER,
  ADD COLUMN "rating_before" DOUBLE PRECISION,
  ADD COLUMN "deviation_before" DOUBLE PRECISION,
  ADD COLUMN "volatility_before" DOUBLE PRECISION,
  ADD COLUMN "rating_after" DOUBLE PRECISION,
  ADD COLUMN "deviation_after" DOUBLE PRECISION,
  ADD COLUMN "volatility_after" DOUBLE PRECISION,
  ADD CONSTRAINT "game_players_outcome_check" CHECK ("outcome" IN ('WIN', 'LOSS', 'DRAW'));

-- A player's finished games, newest first: history pages, statistics, head-to-head, rating history.
CREATE INDEX "game_players_history_idx" ON "game_players" ("player_id", "finished_at" DESC, "game_id" DESC)
  WHERE "finished_at" IS NOT NULL;

-- Games finished before this migration get their outcomes from the recorded result (they were never rated).
UPDATE "game_players" AS gp
   SET "finished_at" = g."finished_at",
       "placement" = (SELECT r.ord FROM jsonb_array_elements(g."result" -> 'ranking') WITH ORDINALITY AS r(grp, ord)
                       WHERE r.grp @> to_jsonb(gp."seat") LIMIT 1),
       "score" = CASE WHEN (g."result" ->> 'winner')::int = gp."seat" THEN (g."result" ->> 'score')::int ELSE 0 END,
       "payoff_left" = (g."result" -> 'payoffLeft' ->> gp."seat")::int
  FROM "games" AS g
 WHERE g."id" = gp."game_id" AND g."status" = 'FINISHED' AND g."result" IS NOT NULL;
UPDATE "game_players" AS gp
   SET "outcome" = CASE WHEN (g."result" ->> 'winner')::int = gp."seat" THEN 'WIN'
                        WHEN g."result" ->> 'winner' IS NULL AND gp."placement" = 1 THEN 'DRAW'
                        ELSE 'LOSS' END
  FROM "games" AS g
 WHERE g."id" = gp."game_id" AND g."status" = 'FINISHED' AND g."result" IS NOT NULL;

-- One Glicko-2 rating per player and preset, created at the player's first rated game in it.
CREATE TABLE "ratings" (
  "player_id" UUID NOT NULL,
  "preset" TEXT NOT NULL,
  "rating" DOUBLE PRECISION NOT NULL,
  "deviation" DOUBLE PRECISION NOT NULL,
  "volatility" DOUBLE PRECISION NOT NULL,
  "games" INTEGER NOT NULL DEFAULT 0,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

  CONSTRAINT "ratings_pkey" PRIMARY KEY ("player_id", "preset"),
  CONSTRAINT "ratings_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The leaderboard: established ratings only (deviation below 110, Lichess's provisional threshold), best first.
CREATE INDEX "ratings_leaderboard_idx" ON "ratings" ("preset", "rating" DESC, "player_id")
  WHERE "deviation" < 110;
