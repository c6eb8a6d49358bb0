-- Issue 5 §3: webhooks. A player (or their API client) registers a URL and a secret; each of their player events
-- is POSTed there, signed, retried with backoff until it is answered with a 2xx, at least once.

CREATE TABLE "webhooks" (
  "id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  "url" TEXT NOT NULL,
  -- Kept in the clear: every request is signed with it (HMAC-SHA256). The API never returns it.
  "secret" TEXT NOT NULL,
  -- The player event kinds delivered here.
  "events" TEXT[] NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "webhooks_events_check" CHECK (
    cardinality("events") > 0
    AND "events" <@ ARRAY['YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER']::TEXT[]),
  CONSTRAINT "webhooks_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "webhooks_player_id_idx" ON "webhooks" ("player_id");

-- The outbox: one row per (event, webhook), written in the transaction of the event itself (trigger below), so a
-- committed event is never lost to an app that stops between the commit and the send. The row is a snapshot of
-- what is sent (no foreign key to player_events or games: the delivery stands alone). A PING (testWebhook) has no
-- event. While PENDING, next_attempt_at is when it is due; a worker that claims it moves next_attempt_at forward by
-- a lease, so no other app copy sends the same attempt meanwhile, and an attempt lost with its app is retried once
-- the lease runs out.
CREATE TABLE "webhook_deliveries" (
  "id" BIGSERIAL NOT NULL,
  "webhook_id" UUID NOT NULL,
  "event_id" BIGINT,
  "kind" TEXT NOT NULL,
  "game_id" UUID,
  "status" TEXT NOT NULL DEFAULT 'PENDING',
  -- Attempts claimed so far (an attempt still in flight included).
  "attempt_count" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3),
  -- The event's time (the payload's createdAt), or the ping's.
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "webhook_deliveries_kind_check"
    CHECK ("kind" IN ('YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER', 'PING')),
  CONSTRAINT "webhook_deliveries_event_check" CHECK (("kind" = 'PING') = ("event_id" IS NULL)),
  CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  CONSTRAINT "webhook_deliveries_due_check" CHECK (("status" = 'PENDING') = ("next_attempt_at" IS NOT NULL)),
  CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- A webhook's deliveries, newest first.
CREATE INDEX "webhook_deliveries_webhook_id_id_idx" ON "webhook_deliveries" ("webhook_id", "id");
-- The workers' claim: pending deliveries by due time (small, whatever the size of the log).
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'PENDING';

-- The delivery log: one row per attempt that came back (an answer, a network error or a timeout).
CREATE TABLE "webhook_delivery_attempts" (
  "delivery_id" BIGINT NOT NULL,
  "attempt" INTEGER NOT NULL,
  "attempted_at" TIMESTAMPTZ(3) NOT NULL,
  -- The HTTP status of the answer, or null when there was none (then "error" says why).
  "status_code" INTEGER,
  "error" TEXT,
  "duration_ms" INTEGER NOT NULL,

  CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("delivery_id", "attempt"),
  CONSTRAINT "webhook_delivery_attempts_outcome_check" CHECK (("status_code" IS NULL) <> ("error" IS NULL)),
  CONSTRAINT "webhook_delivery_attempts_numbers_check" CHECK ("attempt" >= 1 AND "duration_ms" >= 0),
  CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Every player event is queued for each of the player's webhooks that wants its kind, in the event's own
-- transaction: the delivery exists exactly when the event committed. Due at once (the event's time).
CREATE FUNCTION "enqueue_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("webhook_id", "event_id", "kind", "game_id", "next_attempt_at", "created_at")
  SELECT w."id", NEW."id", NEW."kind", NEW."game_id", NEW."created_at", NEW."created_at"
    FROM "webhooks" w
   WHERE w."player_id" = NEW."player_id" AND NEW."kind" = ANY (w."events");
  RETURN NULL;
END $$;
CREATE TRIGGER "player_events_webhooks" AFTER INSERT ON "player_events"
  FOR EACH ROW EXECUTE FUNCTION "enqueue_webhook_deliveries"();
