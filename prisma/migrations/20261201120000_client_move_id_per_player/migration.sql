-- A clientMoveId belongs to the player who sends it (docs/api.md, Concurrency): unique per game and player, no
-- longer per game. With one id space per game, a player could take the id another player was about to send, and
-- the built-in bots' ids are predictable (`bot:<version>`, src/bots/bot-move.ts): a person who sent their own move
-- as `bot:7` made the bot's move at version 7 fail on every try, until the bot's clock ran out.
--
-- A NULL actor_id would slip past the unique index below (NULLs never clash), so an event that carries a
-- clientMoveId must name its actor. The log already holds none without one: the move path writes actor_id with
-- every event (src/games/games.service.ts, APPEND_SQL), and seed-demo writes actor ids and no clientMoveIds. The
-- CHECK is validated against the rows in place, so this migration fails rather than leave such a row unguarded.
ALTER TABLE "game_events"
  ADD CONSTRAINT "game_events_client_move_id_actor_check"
    CHECK ("client_move_id" IS NULL OR "actor_id" IS NOT NULL);

CREATE UNIQUE INDEX "game_events_game_id_actor_id_client_move_id_key"
  ON "game_events" ("game_id", "actor_id", "client_move_id");

DROP INDEX "game_events_game_id_client_move_id_key";
