-- Player notifications move out of the triggers into the app (docs/architecture.md, "Cutover: notifications
-- into the app"). From this version on the app writes a change's player events and their webhook deliveries
-- itself, in the change's own transaction (src/games/domain/notifications.ts, src/events/notification-writer.ts),
-- and every one of its connections says so: `malice.notifier` is `app` (or `none` for tools that rewrite data
-- and must tell nobody).
--
-- During a rolling deploy app copies of the previous version still run on this schema. Their connections carry
-- no `malice.notifier`, and they rely on the triggers for those rows: so the triggers write them for exactly
-- those connections, as before, and for no other. A change is made by one copy, in one transaction, so it is
-- told once — by the old copy's trigger or by the new copy's code — never twice and never not at all. The next
-- release, once no copy of the previous version can run, drops these legacy branches and keeps only the
-- announcements (NOTIFY gating), which guard nothing and decide nothing.

CREATE OR REPLACE FUNCTION "game_player_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF COALESCE(current_setting('malice.notifier', true), '') = '' THEN
    -- Legacy branch: a writer from before this migration (see above).
    IF TG_OP = 'INSERT' THEN
      IF NEW."invited_player_id" IS NOT NULL THEN
        INSERT INTO "player_events" ("player_id", "kind", "game_id", "created_at")
        VALUES (NEW."invited_player_id", 'CHALLENGE_RECEIVED', NEW."id", NEW."updated_at");
      END IF;
    ELSE
      IF OLD."status" <> 'ACTIVE' AND NEW."status" = 'ACTIVE' THEN
        INSERT INTO "player_events" ("player_id", "kind", "game_id", "created_at")
        SELECT "player_id", 'GAME_STARTED', NEW."id", NEW."updated_at" FROM "game_players" WHERE "game_id" = NEW."id";
      END IF;
      IF NEW."status" = 'ACTIVE' AND NEW."current_player_id" IS NOT NULL
         AND (OLD."status" <> 'ACTIVE' OR NEW."current_player_id" IS DISTINCT FROM OLD."current_player_id") THEN
        INSERT INTO "player_events" ("player_id", "kind", "game_id", "created_at")
        VALUES (NEW."current_player_id", 'YOUR_TURN', NEW."id", NEW."updated_at");
      END IF;
      IF OLD."status" IN ('WAITING', 'ACTIVE') AND NEW."status" IN ('FINISHED', 'ABORTED') THEN
        INSERT INTO "player_events" ("player_id", "kind", "game_id", "created_at")
        SELECT "player_id", 'GAME_OVER', NEW."id", NEW."updated_at" FROM "game_players" WHERE "game_id" = NEW."id";
      END IF;
    END IF;
  END IF;
  -- Announcing a change to the app copies that watch the game (a new game has no watcher yet).
  IF TG_OP = 'UPDATE' AND (NEW."version" IS DISTINCT FROM OLD."version" OR NEW."status" IS DISTINCT FROM OLD."status") THEN
    PERFORM announce_game(NEW."id");
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "enqueue_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Legacy branch only (see above): the app queues the deliveries of the events it writes.
  IF COALESCE(current_setting('malice.notifier', true), '') = '' THEN
    INSERT INTO "webhook_deliveries" ("webhook_id", "event_id", "kind", "game_id", "next_attempt_at", "created_at")
    SELECT w."id", NEW."id", NEW."kind", NEW."game_id", NEW."created_at", NEW."created_at"
      FROM "webhooks" w
     WHERE w."player_id" = NEW."player_id" AND NEW."kind" = ANY (w."events");
    IF FOUND THEN
      PERFORM pg_notify('malice_webhooks', '');
    END IF;
  END IF;
  RETURN NULL;
END $$;
