-- Deleted accounts (docs/api.md#deleteaccount) stay as tombstones: the row, its id and its username are kept, so
-- finished games still name who played them and nobody can register the name and pass for that player in anyone's
-- history; what was personal goes with the deletion (the password hash, tokens, webhooks, events, ratings).
ALTER TABLE "players" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
ALTER TABLE "players" ALTER COLUMN "password_hash" DROP NOT NULL;
-- A live account can sign in; a deleted one keeps no password.
ALTER TABLE "players" ADD CONSTRAINT "players_deleted_no_password"
  CHECK (("deleted_at" IS NULL) = ("password_hash" IS NOT NULL));
