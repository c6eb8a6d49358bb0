-- When a turn's reminder is due, stored as the app computes it (src/games/domain/life.ts, newTurnClock), beside
-- the deadline: the sweeper compares times and decides nothing (docs/architecture.md, "Deciding, then writing").
-- Turns in flight get the value the app would have given them.
ALTER TABLE "games" ADD COLUMN "remind_at" TIMESTAMPTZ(3);

UPDATE "games"
   SET "remind_at" = "turn_started_at" + "seconds_per_move" * 0.8 * interval '1 second'
 WHERE "status" = 'ACTIVE' AND "seconds_per_move" IS NOT NULL AND "turn_started_at" IS NOT NULL;

CREATE INDEX "games_remind_at_idx" ON "games" ("remind_at") WHERE "status" = 'ACTIVE' AND "remind_at" IS NOT NULL;

-- During a rolling deploy app copies of the previous version still start turns, and do not write `remind_at`:
-- a value left from an earlier turn would remind at the wrong time. So on their connections (no
-- `malice.notifier`: docs/architecture.md, "Cutover") a new turn start clears it, and the sweeper reminds such a
-- turn by the share, as they did. The next release drops this with the other legacy branches.
CREATE FUNCTION "games_legacy_remind_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."remind_at" := NULL;
  RETURN NEW;
END $$;

-- The condition is the trigger's WHEN, so the app's own updates (every move) call no function at all.
CREATE TRIGGER "games_legacy_remind_at" BEFORE UPDATE ON "games"
  FOR EACH ROW
  WHEN (NEW."turn_started_at" IS DISTINCT FROM OLD."turn_started_at"
        AND COALESCE(current_setting('malice.notifier', true), '') = '')
  EXECUTE FUNCTION "games_legacy_remind_at"();
