-- Issue 5: time per move, turn deadlines, reminders, and player events announced to every app copy.

ALTER TABLE "games"
  -- The time control: seconds per move (daysPerMove or hoursPerMove), or null for none.
  ADD COLUMN "seconds_per_move" INTEGER,
  -- When the current turn began, and when it runs out (null without a time control or once over).
  ADD COLUMN "turn_started_at" TIMESTAMPTZ(3),
  ADD COLUMN "deadline" TIMESTAMPTZ(3),
  -- The turn start a reminder was sent for: one reminder per turn.
  ADD COLUMN "reminded_turn_at" TIMESTAMPTZ(3),
  -- Why an aborted game was aborted: 'aborted' (a player, before the first move), 'declined' (an invitation),
  -- 'noMove' (a player who never moved ran out of time: not rated). Null otherwise.
  ADD COLUMN "end_reason" TEXT,
  ADD CONSTRAINT "games_seconds_per_move_check" CHECK ("seconds_per_move" > 0);

-- The deadline sweeper's scan, and "your turn" lists ordered by deadline.
CREATE INDEX "games_deadline_idx" ON "games" ("deadline") WHERE "status" = 'ACTIVE' AND "deadline" IS NOT NULL;

-- What happened to a player: pushed over graphql-ws (myEvents) and delivered to webhooks. Written by the
-- triggers below in the same transaction as the change, so an event exists exactly when its change committed.
CREATE TABLE "player_events" (
  "id" BIGSERIAL NOT NULL,
  "player_id" UUID NOT NULL,
  "kind" TEXT NOT NULL,
  "game_id" UUID,
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "player_events_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "player_events_kind_check"
    CHECK ("kind" IN ('YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER')),
  CONSTRAINT "player_events_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "player_events_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "player_events_player_id_idx" ON "player_events" ("player_id", "id");

-- Every committed player event and game change is announced on a channel every app copy listens to
-- (LISTEN/NOTIFY: delivered at commit, never for a rolled-back change).
CREATE FUNCTION "announce_player_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('malice_player_events', json_build_object(
    'id', NEW."id"::text, 'playerId', NEW."player_id", 'kind', NEW."kind", 'gameId', NEW."game_id",
    'createdAt', NEW."created_at")::text);
  RETURN NULL;
END $$;
CREATE TRIGGER "player_events_announce" AFTER INSERT ON "player_events"
  FOR EACH ROW EXECUTE FUNCTION "announce_player_event"();

CREATE FUNCTION "announce_game_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('malice_games', NEW."game_id"::text);
  RETURN NULL;
END $$;

-- Player events that follow from a game's row changing: the deal, whose turn it is, the end.
CREATE FUNCTION "game_player_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."invited_player_id" IS NOT NULL THEN
      INSERT INTO "player_events" ("player_id", "kind", "game_id", "created_at")
      VALUES (NEW."invited_player_id", 'CHALLENGE_RECEIVED', NEW."id", NEW."updated_at");
    END IF;
    PERFORM pg_notify('malice_games', NEW."id"::text);
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
    PERFORM pg_notify('malice_games', NEW."id"::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "games_player_events" AFTER INSERT OR UPDATE ON "games"
  FOR EACH ROW EXECUTE FUNCTION "game_player_events"();

-- A seat taken changes the game (its players) without touching its row.
CREATE TRIGGER "game_players_announce" AFTER INSERT ON "game_players"
  FOR EACH ROW EXECUTE FUNCTION "announce_game_change"();
