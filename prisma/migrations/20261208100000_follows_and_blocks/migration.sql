-- Follows and blocks between players (docs/social.md): a follow puts the followee's games and results in the
-- follower's feed, and two follows both ways make friends; a block keeps the blocked player from inviting the
-- blocker, joining the blocker's games or being matched with them by a seek, both ways.
CREATE TABLE "follows" (
  "follower_id" UUID NOT NULL,
  "followee_id" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "follows_pkey" PRIMARY KEY ("follower_id", "followee_id"),
  CONSTRAINT "follows_not_self" CHECK ("follower_id" <> "followee_id"),
  CONSTRAINT "follows_follower_id_fkey" FOREIGN KEY ("follower_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "follows_followee_id_fkey" FOREIGN KEY ("followee_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Who follows me: the other way round.
CREATE INDEX "follows_followee_idx" ON "follows" ("followee_id", "follower_id");

CREATE TABLE "blocks" (
  "blocker_id" UUID NOT NULL,
  "blocked_id" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "blocks_pkey" PRIMARY KEY ("blocker_id", "blocked_id"),
  CONSTRAINT "blocks_not_self" CHECK ("blocker_id" <> "blocked_id"),
  CONSTRAINT "blocks_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "blocks_blocked_id_fkey" FOREIGN KEY ("blocked_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- A block counts both ways: the pair is looked up from either side.
CREATE INDEX "blocks_blocked_idx" ON "blocks" ("blocked_id", "blocker_id");
