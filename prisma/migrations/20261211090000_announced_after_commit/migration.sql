-- Announcements leave the writing transaction (docs/scaling.md#pushes-between-copies). The app publishes what
-- changed after the commit, through its event transport (LISTEN/NOTIFY by default, or a broker); the statement
-- that writes a change only says whether someone watches it (`game_watched`, `player_watched` below), so a
-- NOTIFY never runs inside a writing transaction again — it took a database-wide lock through the commit, which
-- made every announcing commit take its turn.
--
-- Cutover: copies from before this migration say `malice.notifier = app` on every connection and rely on these
-- triggers to announce their own changes; copies from this one on carry no session setting (a pooler in
-- transaction mode cannot carry one) and announce after commit themselves, on the same channels with the same
-- payloads, so old and new copies hear each other during a rolling upgrade. The triggers go in a later migration,
-- once no copy of the older version can run.

-- Whether some copy watches a game, asked after the change's row lock is held: a watch taken meanwhile waits for
-- that lock (watch_game takes the row FOR SHARE), and PL/pgSQL takes a fresh snapshot for each query of a
-- volatile function, so a watch that committed while the change waited is seen.
CREATE FUNCTION "game_watched"("game" UUID) RETURNS BOOLEAN LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM "game_watches" WHERE "game_id" = "game");
END $$;

-- Whether some copy watches a player's events, asked once the event is written: the shared advisory lock orders
-- the event against watch_player, which takes it exclusively (migration 20261129200000_event_watches).
CREATE FUNCTION "player_watched"("player" UUID) RETURNS BOOLEAN LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(player_watch_lock_key("player"));
  RETURN EXISTS (SELECT 1 FROM "player_watches" WHERE "player_id" = "player");
END $$;

-- The triggers announce only for copies of the older version (see above).
CREATE OR REPLACE FUNCTION "announce_game"("game" UUID) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('malice.notifier', true) = 'app' AND game_watched("game") THEN
    PERFORM pg_notify('malice_games', "game"::text);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION "announce_player_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('malice.notifier', true) = 'app' AND player_watched(NEW."player_id") THEN
    PERFORM pg_notify('malice_player_events', json_build_object(
      'id', NEW."id"::text, 'playerId', NEW."player_id", 'kind', NEW."kind", 'gameId', NEW."game_id",
      'createdAt', NEW."created_at")::text);
  END IF;
  RETURN NULL;
END $$;
