-- The legacy branches of the notifications cutover end here (docs/architecture.md#notifications). They served app
-- copies from before 20261201170000_notifications_in_app, whose connections carry no `malice.notifier`; every copy
-- that can run beside this one writes its changes' player events, webhook deliveries and reminder times itself, so
-- after this migration no database function decides who is told. What stays in the database guards data (the
-- append-only log) or announces a committed change to the copies that watch it (NOTIFY gating), deciding nothing.

-- Turns a copy of that older version began carry no reminder time (it reminded them by the share, as the
-- sweeper's fallback did): they get the one the app would have given them (src/games/domain/life.ts,
-- newTurnClock), so the sweeper needs no fallback.
UPDATE "games"
   SET "remind_at" = "turn_started_at" + "seconds_per_move" * 0.8 * interval '1 second'
 WHERE "status" = 'ACTIVE' AND "seconds_per_move" IS NOT NULL AND "turn_started_at" IS NOT NULL
   AND ("remind_at" IS NULL OR "remind_at" < "turn_started_at");

DROP TRIGGER "games_legacy_remind_at" ON "games";
DROP FUNCTION "games_legacy_remind_at"();

-- The games trigger keeps only its announcement: a change of a game's version or status, to the copies watching it.
CREATE FUNCTION "games_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."version" IS DISTINCT FROM OLD."version" OR NEW."status" IS DISTINCT FROM OLD."status" THEN
    PERFORM announce_game(NEW."id");
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER "games_player_events" ON "games";
DROP FUNCTION "game_player_events"();
CREATE TRIGGER "games_announce" AFTER UPDATE ON "games"
  FOR EACH ROW EXECUTE FUNCTION "games_announce"();

-- The app queues the webhook deliveries of the events it writes (src/notifications/sql/notification-writes.ts).
DROP TRIGGER "player_events_webhooks" ON "player_events";
DROP FUNCTION "enqueue_webhook_deliveries"();
