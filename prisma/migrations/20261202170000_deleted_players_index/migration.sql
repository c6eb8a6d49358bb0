-- The deleted accounts, for the leaderboard's "not deleted" test (src/ratings/ratings-sql.ts): its anti-join reads
-- this index of the few tombstones instead of scanning every player. A new index only: nothing rewritten, safe
-- while games are played (a short lock on players while it builds).
CREATE INDEX "players_deleted_idx" ON "players" ("id") WHERE "deleted_at" IS NOT NULL;
