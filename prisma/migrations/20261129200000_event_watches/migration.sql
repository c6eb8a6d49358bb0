-- Announce a change only when some app copy listens for it (issue 3 §7: throughput).
--
-- A transaction that sends a NOTIFY holds a database-wide lock from its pre-commit step to the end of its commit
-- (WAL flush included), so the commits of all such transactions run one at a time instead of sharing a flush:
-- with 8 writers, adding a NOTIFY to the floor's insert-and-update transaction cut its commits per second by
-- ~43 % (Postgres 15, fsync on). Most changes have no live listener: correspondence games nobody has open,
-- players without a `myEvents` socket. So each app copy records here what its subscribers and workers listen
-- for (src/events/watch-registry.ts), and the triggers announce only those.
--
-- A watch must not miss a change that commits after it was taken. The trigger decides whether to announce while
-- the change's transaction runs, so a change whose trigger ran just before a watch was stored, and which commits
-- just after, would go unannounced. Taking a watch therefore waits for such changes to commit, by a lock the
-- change also takes: the game's row (every change of a game updates it, or locks it FOR UPDATE first, as a join
-- does), or for a player an advisory lock keyed by the player, taken shared by every player event. Whoever is
-- second waits for the first to commit: either the change commits before the watch is taken (and the subscriber's
-- first read sees it), or its trigger runs after the watch is stored (and announces it).

CREATE TABLE "game_watches" (
  "game_id" UUID NOT NULL,
  -- The app copy listening (a random id per process); several copies may watch one game.
  "copy_id" UUID NOT NULL,
  -- Renewed by the copy while it listens; a copy that stopped without removing its rows leaves them to expire.
  "expires_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "game_watches_pkey" PRIMARY KEY ("game_id", "copy_id")
);

CREATE TABLE "player_watches" (
  "player_id" UUID NOT NULL,
  "copy_id" UUID NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "player_watches_pkey" PRIMARY KEY ("player_id", "copy_id")
);

-- The advisory lock that orders a player's events against watches of that player (see above).
CREATE FUNCTION "player_watch_lock_key"("player" UUID) RETURNS BIGINT LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('malice_player_watch:' || "player"::text, 0)
$$;

-- Takes (or renews) a watch of a game for a copy, once every change of the game in flight has committed.
CREATE FUNCTION "watch_game"("game" UUID, "copy" UUID, "lease" INTERVAL) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "game_watches" ("game_id", "copy_id", "expires_at") VALUES ("game", "copy", now() + "lease")
  ON CONFLICT ("game_id", "copy_id") DO UPDATE SET "expires_at" = EXCLUDED."expires_at";
  PERFORM 1 FROM "games" WHERE "id" = "game" FOR SHARE;
END $$;

-- Takes (or renews) a watch of a player's events for a copy, once every event of the player in flight has committed.
CREATE FUNCTION "watch_player"("player" UUID, "copy" UUID, "lease" INTERVAL) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(player_watch_lock_key("player"));
  INSERT INTO "player_watches" ("player_id", "copy_id", "expires_at") VALUES ("player", "copy", now() + "lease")
  ON CONFLICT ("player_id", "copy_id") DO UPDATE SET "expires_at" = EXCLUDED."expires_at";
END $$;

CREATE FUNCTION "announce_game"("game" UUID) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "game_watches" WHERE "game_id" = "game") THEN
    PERFORM pg_notify('malice_games', "game"::text);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION "announce_player_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(player_watch_lock_key(NEW."player_id"));
  IF EXISTS (SELECT 1 FROM "player_watches" WHERE "player_id" = NEW."player_id") THEN
    PERFORM pg_notify('malice_player_events', json_build_object(
      'id', NEW."id"::text, 'playerId', NEW."player_id", 'kind', NEW."kind", 'gameId', NEW."game_id",
      'createdAt', NEW."created_at")::text);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "announce_game_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_game(NEW."game_id");
  RETURN NULL;
END $$;

-- As in 20261129140000_correspondence, but the game's change is announced only when watched.
CREATE OR REPLACE FUNCTION "game_player_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."invited_player_id" IS NOT NULL THEN
      INSERT INTO "player_events" ("player_id", "kind", "game_id", "created_at")
      VALUES (NEW."invited_player_id", 'CHALLENGE_RECEIVED', NEW."id", NEW."updated_at");
    END IF;
    -- A new game has no watcher yet (a watch needs its id): nothing to announce.
    RETURN NULL;
  END IF;
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
  IF NEW."version" IS DISTINCT FROM OLD."version" OR NEW."status" IS DISTINCT FROM OLD."status" THEN
    PERFORM announce_game(NEW."id");
  END IF;
  RETURN NULL;
END $$;

-- Webhook deliveries are announced on their own channel, and only when some were queued: the webhook workers
-- then look at once instead of at their next interval, without every copy hearing every player event.
CREATE OR REPLACE FUNCTION "enqueue_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("webhook_id", "event_id", "kind", "game_id", "next_attempt_at", "created_at")
  SELECT w."id", NEW."id", NEW."kind", NEW."game_id", NEW."created_at", NEW."created_at"
    FROM "webhooks" w
   WHERE w."player_id" = NEW."player_id" AND NEW."kind" = ANY (w."events");
  IF FOUND THEN
    PERFORM pg_notify('malice_webhooks', '');
  END IF;
  RETURN NULL;
END $$;
