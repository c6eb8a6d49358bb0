-- Issue 4 §2: lists of finished games without a player filter, newest end first (keyset pages on finished_at, id).
CREATE INDEX "games_finished_idx" ON "games" ("finished_at" DESC, "id" DESC) WHERE "status" = 'FINISHED';
