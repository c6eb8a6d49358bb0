-- Calling players back when they closed every tab (docs/correspondence.md#channels): each player's notification
-- settings, Web Push subscriptions per device, the push outbox, and the server's VAPID key pair.

-- A player's settings for being told (src/notifications/notification-settings.ts). No row: the defaults. `kinds`
-- holds the kinds of each channel the player chose ({"push": ["YOUR_TURN"]}); a channel not in it follows its
-- defaults (written once, in TypeScript); an empty list means none.
CREATE TABLE "notification_settings" (
  "player_id" UUID NOT NULL,
  -- An IANA time zone name, for quiet hours and the digest (taken from the browser at sign-up; editable).
  "time_zone" TEXT NOT NULL DEFAULT 'UTC',
  -- The language notifications are written in.
  "language" TEXT NOT NULL DEFAULT 'en',
  -- Quiet hours in the player's time zone, minutes after midnight; from > to wraps past midnight.
  "quiet_from" SMALLINT,
  "quiet_to" SMALLINT,
  "kinds" JSONB NOT NULL DEFAULT '{}',
  -- The notification centre: the player's events up to this id are read.
  "read_up_to" BIGINT NOT NULL DEFAULT 0,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "notification_settings_pkey" PRIMARY KEY ("player_id"),
  CONSTRAINT "notification_settings_language_check" CHECK ("language" IN ('en', 'sv', 'ru')),
  CONSTRAINT "notification_settings_quiet_check" CHECK (
    ("quiet_from" IS NULL) = ("quiet_to" IS NULL)
    AND ("quiet_from" IS NULL OR ("quiet_from" BETWEEN 0 AND 1439 AND "quiet_to" BETWEEN 0 AND 1439
                                  AND "quiet_from" <> "quiet_to"))),
  CONSTRAINT "notification_settings_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A device's Web Push subscription (RFC 8030): where the push service takes messages for it, and the keys a
-- message is encrypted to (RFC 8291). Made with a session; ends with it (sign-out), with the account, or when the
-- push service answers 404/410.
CREATE TABLE "push_subscriptions" (
  "id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  -- The session (a token of kind session) that subscribed: signing out ends the subscription.
  "session_id" UUID,
  "endpoint" TEXT NOT NULL,
  "p256dh" TEXT NOT NULL,
  "auth" TEXT NOT NULL,
  -- The browser's name as the account page shows it ("Firefox on Linux").
  "device" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  -- When a push last reached its push service.
  "last_used_at" TIMESTAMPTZ(3),

  CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "push_subscriptions_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "push_subscriptions_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" ("endpoint");
CREATE INDEX "push_subscriptions_player_id_idx" ON "push_subscriptions" ("player_id");
CREATE INDEX "push_subscriptions_session_id_idx" ON "push_subscriptions" ("session_id");

-- The push outbox: one row per subscription for each player event the player takes by push, queued in the
-- statement that writes the event (src/push/sql/push-outbox.ts); sent by the push workers (src/push/push-worker.ts).
CREATE TABLE "push_deliveries" (
  "id" BIGSERIAL NOT NULL,
  "subscription_id" UUID NOT NULL,
  -- The player event; null for a TEST push (sent by the player to their own devices).
  "event_id" BIGINT,
  "kind" TEXT NOT NULL,
  "game_id" UUID,
  -- PENDING, SENT, FAILED (given up), SKIPPED (stale or superseded when due: never sent).
  "status" TEXT NOT NULL DEFAULT 'PENDING',
  "attempt_count" INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  -- The push service's last answer (HTTP status), or the error when none came.
  "last_status" INTEGER,
  "last_error" TEXT,

  CONSTRAINT "push_deliveries_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "push_deliveries_event_check" CHECK (("kind" = 'TEST') = ("event_id" IS NULL)),
  CONSTRAINT "push_deliveries_status_check" CHECK ("status" IN ('PENDING', 'SENT', 'FAILED', 'SKIPPED')),
  CONSTRAINT "push_deliveries_due_check" CHECK (("status" = 'PENDING') = ("next_attempt_at" IS NOT NULL)),
  CONSTRAINT "push_deliveries_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "push_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" ("next_attempt_at") WHERE "status" = 'PENDING';
CREATE INDEX "push_deliveries_subscription_id_game_id_idx" ON "push_deliveries" ("subscription_id", "game_id");

-- The server's VAPID key pair (RFC 8292) when the settings give none: made once by whichever app copy starts first
-- (INSERT … ON CONFLICT DO NOTHING), so that every copy signs with the same key and subscriptions outlive restarts.
CREATE TABLE "vapid_keys" (
  "id" BOOLEAN NOT NULL DEFAULT true,
  -- The uncompressed P-256 point, base64url: the applicationServerKey browsers subscribe with.
  "public_key" TEXT NOT NULL,
  -- The private key as a JWK.
  "private_jwk" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "vapid_keys_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "vapid_keys_one_row" CHECK ("id")
);
