-- The deal is secret (docs/fairness.md). Games dealt from now on are malice-rules-1+chacha20-v2: ChaCha20 keyed by
-- a labelled hash of the server seed and every player's seed, the commitment a different labelled hash. Games of
-- malice-rules-1+xoshiro128ss-sha256-v1 had their generator state in the first 128 bits of their public
-- commitment: anyone could compute their hands. This migration adds the players' seeds and deals with those games.

-- Each player's own seed (clientSeed), and where it came from. Before the deal only the seats that gave one have
-- it; the deal fills the others with stand-ins derived from the server seed. Old-version games have none.
ALTER TABLE "game_players"
  ADD COLUMN "client_seed" TEXT,
  ADD COLUMN "client_seed_source" TEXT,
  ADD CONSTRAINT "game_players_client_seed_check" CHECK ("client_seed" ~ '^[A-Za-z0-9._~-]{1,64}$'),
  ADD CONSTRAINT "game_players_client_seed_source_check"
    CHECK ("client_seed_source" IN ('GIVEN_BEFORE_COMMITMENT', 'GIVEN_AFTER_COMMITMENT', 'SERVER_STAND_IN')),
  ADD CONSTRAINT "game_players_client_seed_sourced_check" CHECK (("client_seed" IS NULL) = ("client_seed_source" IS NULL));

-- Why a game that was created rated is no longer rated (null for every other game).
ALTER TABLE "games"
  ADD COLUMN "unrated_reason" TEXT,
  ADD CONSTRAINT "games_unrated_reason_check"
    CHECK ("unrated_reason" IN ('DEAL_EXPOSED') AND NOT "rated" OR "unrated_reason" IS NULL);

-- A new player event: a rated game you sit in was made unrated (Game.unratedReason says why).
ALTER TABLE "player_events" DROP CONSTRAINT "player_events_kind_check";
ALTER TABLE "player_events" ADD CONSTRAINT "player_events_kind_check"
  CHECK ("kind" IN ('YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER', 'GAME_UNRATED'));
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_events_check";
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_events_check" CHECK (
  cardinality("events") > 0
  AND "events" <@ ARRAY['YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER', 'GAME_UNRATED']::TEXT[]);
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_kind_check";
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_kind_check"
  CHECK ("kind" IN ('YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER', 'GAME_UNRATED', 'PING'));

-- Old-version games still waiting: nobody holds cards yet, but their deal is already public (it follows from the
-- commitment everyone has seen), and it cannot be re-dealt under the new version without publishing another
-- commitment, which is exactly what a commitment must never do. They are called off (abortReason dealExposed);
-- the trigger on games tells their players (GAME_OVER), and they can start a new game.
UPDATE "games"
   SET "status" = 'ABORTED', "end_reason" = 'dealExposed', "finished_at" = now(), "updated_at" = now(),
       "current_seat" = NULL, "current_player_id" = NULL, "deadline" = NULL
 WHERE "status" = 'WAITING' AND "rules_version" = 'malice-rules-1+xoshiro128ss-sha256-v1';

-- Old-version rated games being played: anyone could know every hand, so a rating from them would mean nothing.
-- They go on, unrated and flagged, and each of their players is told.
WITH "unrated" AS (
  UPDATE "games" SET "rated" = false, "unrated_reason" = 'DEAL_EXPOSED', "updated_at" = now()
   WHERE "status" = 'ACTIVE' AND "rated" AND "rules_version" = 'malice-rules-1+xoshiro128ss-sha256-v1'
  RETURNING "id", "updated_at")
INSERT INTO "player_events" ("player_id", "kind", "game_id", "created_at")
SELECT gp."player_id", 'GAME_UNRATED', u."id", u."updated_at"
  FROM "unrated" u JOIN "game_players" gp ON gp."game_id" = u."id";
