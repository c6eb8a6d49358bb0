-- A challenge is a view over its game (src/games/domain/challenge.ts): the one thing the game does not hold is why
-- the invited player turned it down (declineChallenge), kept on the declined game itself. Only a declined game has
-- one; games declined before this migration keep none (the API reads GENERIC).
ALTER TABLE "games"
  ADD COLUMN "decline_reason" TEXT,
  ADD CONSTRAINT "games_decline_reason_check" CHECK (
    "decline_reason" IS NULL
    OR ("decline_reason" IN ('GENERIC', 'LATER', 'TOO_FAST', 'TOO_SLOW', 'TIME_CONTROL', 'RATED', 'CASUAL',
                             'PRESET', 'NO_BOT', 'ONLY_BOT')
        AND "status" = 'ABORTED' AND "end_reason" = 'declined'));

-- challenges(direction: INCOMING | OUTGOING), newest first: the invited player's and the challenger's.
CREATE INDEX "games_challenges_incoming_idx" ON "games" ("invited_player_id", "created_at" DESC, "id" DESC)
  WHERE "invited_player_id" IS NOT NULL;
CREATE INDEX "games_challenges_outgoing_idx" ON "games" ("created_by_id", "created_at" DESC, "id" DESC)
  WHERE "invited_player_id" IS NOT NULL;
