-- Moderation (docs/operations.md#moderation): the admin role, disabled accounts and the audit log of every admin
-- action. Adds columns with constant defaults and a new table: no table rewrite, safe while games are played.

-- Granted only by the command line (npm run admin): no API path sets it.
ALTER TABLE "players" ADD COLUMN "is_admin" BOOLEAN NOT NULL DEFAULT false;
-- When an admin disabled the account, and why; both null while it may sign in.
ALTER TABLE "players" ADD COLUMN "disabled_at" TIMESTAMPTZ(3);
ALTER TABLE "players" ADD COLUMN "disabled_reason" TEXT;
ALTER TABLE "players" ADD CONSTRAINT "players_disabled_with_reason"
  CHECK (("disabled_at" IS NULL) = ("disabled_reason" IS NULL));
-- The disabled-accounts list, newest first.
CREATE INDEX "players_disabled_idx" ON "players" ("disabled_at" DESC, "id" DESC) WHERE "disabled_at" IS NOT NULL;

-- One row per admin action, written in the transaction of the action (src/moderation/audit-log.ts).
CREATE TABLE "admin_audit" (
  "id" BIGSERIAL PRIMARY KEY,
  "at" TIMESTAMPTZ(3) NOT NULL,
  -- How the action came: API (an admin's token) or CLI (npm run admin, on the operator's shell).
  "via" TEXT NOT NULL CHECK ("via" IN ('API', 'CLI')),
  -- The admin who acted over the API; null from the command line.
  "actor_id" UUID REFERENCES "players" ("id"),
  "action" TEXT NOT NULL,
  "target_player_id" UUID REFERENCES "players" ("id"),
  -- Not a foreign key: the audit outlives whatever happens to a game row.
  "target_game_id" UUID,
  "reason" TEXT,
  CHECK (("via" = 'API') = ("actor_id" IS NOT NULL))
);
