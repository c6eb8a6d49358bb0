-- A move within a turn changes, of the columns the games indexes name, only `version` — named by the archiver's work
-- list's predicate (`version > 0`, migration 20261202120000_game_archives). So no move could be a heap-only (HOT)
-- update: each wrote a new entry into every index of `games` (nine) and its write-ahead log. The work list now names
-- no column a move within a turn changes, and most moves write the row alone (docs/performance.md, "The games row's
-- indexes").
--
-- The list then also holds the games over before their first move (version 0: an empty log, nothing to archive).
-- The archiver settles each such game as it comes to it, through settle_empty_log below (archived_at, and no
-- archive row: src/archive/archiver.ts), so that no pass looks at it again; those over already are settled here, in
-- one statement. The readers do not look at archived_at (a log is its rows and its archive, both empty here), nor do
-- copies of the previous version, whose own list still says `version > 0` and can use the new index.

-- Marks a game over before its first move as settled: its log is empty and stays so, so there is nothing to
-- archive. Returns false (and changes nothing) for a game already settled or archived, so that two app copies'
-- passes settle it once; raises for a game that is not over or has events, and nothing changes.
CREATE FUNCTION "settle_empty_log"(p_game_id UUID, p_at TIMESTAMPTZ) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  g RECORD;
BEGIN
  SELECT "status", "version", "archived_at" INTO g FROM "games" WHERE "id" = p_game_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'settle_empty_log: no game %', p_game_id;
  END IF;
  IF g."archived_at" IS NOT NULL THEN
    RETURN false;
  END IF;
  IF g."status" NOT IN ('FINISHED', 'ABORTED') THEN
    RAISE EXCEPTION 'settle_empty_log: game % is %, not over', p_game_id, g."status";
  END IF;
  IF g."version" <> 0 OR EXISTS (SELECT 1 FROM "game_events" e WHERE e."game_id" = p_game_id) THEN
    RAISE EXCEPTION 'settle_empty_log: game % has a log (version %)', p_game_id, g."version";
  END IF;
  UPDATE "games" SET "archived_at" = p_at WHERE "id" = p_game_id;
  RETURN true;
END $$;

UPDATE "games" g SET "archived_at" = now()
 WHERE g."archived_at" IS NULL AND g."status" IN ('FINISHED', 'ABORTED') AND g."version" = 0
   AND NOT EXISTS (SELECT 1 FROM "game_events" e WHERE e."game_id" = g."id");

DROP INDEX "games_to_archive_idx";
CREATE INDEX "games_to_archive_idx" ON "games" ("finished_at", "id")
  WHERE "archived_at" IS NULL AND "status" IN ('FINISHED', 'ABORTED');
