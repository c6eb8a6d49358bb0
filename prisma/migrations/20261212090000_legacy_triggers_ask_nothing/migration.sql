-- The cutover triggers of 20261211090000_announced_after_commit announce for copies of the older version only, whose
-- connections say `malice.notifier = app`. This version's connections carry no setting, and for them the check
-- `current_setting('malice.notifier', true) = 'app'` is NULL, not false: `NULL AND x` still evaluates x, so every
-- games update, seat and player event asked `game_watched` / `player_watched` (a query, and for a player an
-- advisory lock) for nobody — twice per move with the statement's own question. An unset setting now reads as
-- not `app`, and the check ends there. The triggers themselves go once no copy of the older version can run.

CREATE OR REPLACE FUNCTION "announce_game"("game" UUID) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('malice.notifier', true), '') = 'app' AND game_watched("game") THEN
    PERFORM pg_notify('malice_games', "game"::text);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION "announce_player_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('malice.notifier', true), '') = 'app' AND player_watched(NEW."player_id") THEN
    PERFORM pg_notify('malice_player_events', json_build_object(
      'id', NEW."id"::text, 'playerId', NEW."player_id", 'kind', NEW."kind", 'gameId', NEW."game_id",
      'createdAt', NEW."created_at")::text);
  END IF;
  RETURN NULL;
END $$;
