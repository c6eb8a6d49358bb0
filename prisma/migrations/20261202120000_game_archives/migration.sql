-- Compact archives of finished games (docs/architecture.md, "Archived move logs"): a finished game's move log moves
-- from `game_events` (one row per event, ~400 bytes each with its indexes) into one `game_archives` row, through
-- `archive_game` only. New tables, a new column with no default and a replaced trigger function: no table rewrite,
-- safe while games are played; a copy of the previous version reads no archive, and archives are made only by
-- copies of this version, after ARCHIVE_AFTER_MINUTES (docs/deploy.md, rolling upgrades).

-- One row per archived game: the whole log, every event with its actor, time and clientMoveId, in the format named
-- by `format` (src/games/persistence/archive-format.ts). Written once; never changed or removed.
CREATE TABLE "game_archives" (
  "game_id" UUID PRIMARY KEY REFERENCES "games" ("id"),
  "format" SMALLINT NOT NULL CHECK ("format" >= 1),
  "event_count" INTEGER NOT NULL CHECK ("event_count" >= 1),
  "log" BYTEA NOT NULL,
  "archived_at" TIMESTAMPTZ(3) NOT NULL
);
-- The archive is already compressed: Postgres's own compression would only spend time on it.
ALTER TABLE "game_archives" ALTER COLUMN "log" SET STORAGE EXTERNAL;

-- One row per archiving: what was checked and what it saved. Append-only like the log it accounts for.
CREATE TABLE "game_archive_audit" (
  "id" BIGSERIAL PRIMARY KEY,
  "game_id" UUID NOT NULL,
  "at" TIMESTAMPTZ(3) NOT NULL,
  -- The database role that called archive_game (session_user: the function itself runs as its owner).
  "by_role" TEXT NOT NULL,
  "event_count" INTEGER NOT NULL,
  -- The events' rows as they were stored (sum of pg_column_size), and the archive's bytes.
  "rows_bytes" BIGINT NOT NULL,
  "archive_bytes" INTEGER NOT NULL,
  "archive_sha256" TEXT NOT NULL
);

-- When the game's log moved into its archive; null while its events are rows. Set only by archive_game.
ALTER TABLE "games" ADD COLUMN "archived_at" TIMESTAMPTZ(3);
-- The archiver's work list: finished or aborted games with events and no archive, oldest end first.
CREATE INDEX "games_to_archive_idx" ON "games" ("finished_at", "id")
  WHERE "archived_at" IS NULL AND "status" IN ('FINISHED', 'ABORTED') AND "version" > 0;

CREATE FUNCTION "game_archives_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER "game_archives_no_update" BEFORE UPDATE ON "game_archives"
  FOR EACH ROW EXECUTE FUNCTION "game_archives_append_only"();
CREATE TRIGGER "game_archives_no_delete" BEFORE DELETE ON "game_archives"
  FOR EACH ROW EXECUTE FUNCTION "game_archives_append_only"();
CREATE TRIGGER "game_archives_no_truncate" BEFORE TRUNCATE ON "game_archives"
  FOR EACH STATEMENT EXECUTE FUNCTION "game_archives_append_only"();
CREATE TRIGGER "game_archive_audit_no_update" BEFORE UPDATE ON "game_archive_audit"
  FOR EACH ROW EXECUTE FUNCTION "game_archives_append_only"();
CREATE TRIGGER "game_archive_audit_no_delete" BEFORE DELETE ON "game_archive_audit"
  FOR EACH ROW EXECUTE FUNCTION "game_archives_append_only"();
CREATE TRIGGER "game_archive_audit_no_truncate" BEFORE TRUNCATE ON "game_archive_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "game_archives_append_only"();

-- The log's guard, now with one way out: a DELETE of an event passes only inside archive_game, for the game it is
-- archiving, once that game's archive row exists (so no event can leave the table without its archived copy).
-- UPDATE and TRUNCATE stay refused, and so does every DELETE outside it.
CREATE OR REPLACE FUNCTION "game_events_append_only"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND current_setting('malice.archiving', true) = OLD."game_id"::text
     AND EXISTS (SELECT 1 FROM "game_archives" a WHERE a."game_id" = OLD."game_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'game_events is append-only';
END;
$$ LANGUAGE plpgsql;

-- Moves a finished game's events into its archive, in one statement (so one transaction), after checking:
--   * the game is over (FINISHED or ABORTED), not archived yet, and its row is locked for the check;
--   * `p_rows` — the events as the archive decodes (the caller decodes `p_log` with the readers' own decoder) —
--     are exactly the stored events, both ways: seq, type, payload, actor, clientMoveId and time;
--   * their count is the game's version and they run 1..version with no gap;
--   * `p_final` — the state the caller reached by replaying the decoded events with the engine: version, status
--     and result — is the game row's.
-- Then it writes the archive and its audit row and deletes the events. Returns false (and changes nothing) for a
-- game that is already archived, so that two app copies archiving the same game do it once. Anything else that
-- does not hold raises, and nothing changes. SECURITY DEFINER: where the app's role does not own game_events, this
-- function (run as its owner) is the only way an event leaves it.
CREATE FUNCTION "archive_game"(p_game_id UUID, p_format SMALLINT, p_log BYTEA, p_rows JSONB, p_final JSONB, p_at TIMESTAMPTZ)
RETURNS BOOLEAN
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  g RECORD;
  stored_count INTEGER;
  missing INTEGER;
  extra INTEGER;
  stored_bytes BIGINT;
BEGIN
  SELECT "status", "version", "result", "archived_at" INTO g FROM "games" WHERE "id" = p_game_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'archive_game: no game %', p_game_id;
  END IF;
  IF g."archived_at" IS NOT NULL THEN
    RETURN false;
  END IF;
  IF g."status" NOT IN ('FINISHED', 'ABORTED') THEN
    RAISE EXCEPTION 'archive_game: game % is %, not over', p_game_id, g."status";
  END IF;
  IF p_final->>'status' IS DISTINCT FROM g."status"
     OR (p_final->>'version')::int IS DISTINCT FROM g."version"
     OR (p_final->'result') IS DISTINCT FROM COALESCE(g."result", 'null'::jsonb) THEN
    RAISE EXCEPTION 'archive_game: the archive of game % replays to % where the game is %', p_game_id, p_final,
      jsonb_build_object('status', g."status", 'version', g."version", 'result', g."result");
  END IF;

  SELECT count(*), COALESCE(sum(pg_column_size(e.*)), 0) INTO stored_count, stored_bytes
    FROM "game_events" e WHERE e."game_id" = p_game_id;
  IF stored_count <> g."version" OR jsonb_array_length(p_rows) <> g."version"
     OR EXISTS (SELECT 1 FROM "game_events" e WHERE e."game_id" = p_game_id AND (e."seq" < 1 OR e."seq" > g."version")) THEN
    RAISE EXCEPTION 'archive_game: game % has % events stored and % archived for version %', p_game_id,
      stored_count, jsonb_array_length(p_rows), g."version";
  END IF;

  WITH archived AS (
    SELECT r."seq", r."type", r."payload", r."actor_id", r."client_move_id", r."created_at_ms"
      FROM jsonb_to_recordset(p_rows) AS r("seq" INTEGER, "type" TEXT, "payload" JSONB, "actor_id" UUID,
                                           "client_move_id" TEXT, "created_at_ms" BIGINT)),
  stored AS (
    SELECT e."seq", e."type", e."payload", e."actor_id", e."client_move_id",
           (extract(epoch FROM e."created_at") * 1000)::bigint AS "created_at_ms"
      FROM "game_events" e WHERE e."game_id" = p_game_id)
  SELECT (SELECT count(*) FROM (SELECT * FROM stored EXCEPT SELECT * FROM archived) AS m),
         (SELECT count(*) FROM (SELECT * FROM archived EXCEPT SELECT * FROM stored) AS x)
    INTO missing, extra;
  IF missing <> 0 OR extra <> 0 THEN
    RAISE EXCEPTION 'archive_game: the archive of game % differs from its log (% events missing, % not in the log)',
      p_game_id, missing, extra;
  END IF;

  INSERT INTO "game_archives" ("game_id", "format", "event_count", "log", "archived_at")
    VALUES (p_game_id, p_format, g."version", p_log, p_at);
  INSERT INTO "game_archive_audit" ("game_id", "at", "by_role", "event_count", "rows_bytes", "archive_bytes", "archive_sha256")
    VALUES (p_game_id, p_at, session_user, g."version", stored_bytes, octet_length(p_log), encode(sha256(p_log), 'hex'));
  UPDATE "games" SET "archived_at" = p_at WHERE "id" = p_game_id;

  PERFORM set_config('malice.archiving', p_game_id::text, true);
  DELETE FROM "game_events" WHERE "game_id" = p_game_id;
  PERFORM set_config('malice.archiving', '', true);
  RETURN true;
END;
$$;
REVOKE ALL ON FUNCTION "archive_game"(UUID, SMALLINT, BYTEA, JSONB, JSONB, TIMESTAMPTZ) FROM PUBLIC;
