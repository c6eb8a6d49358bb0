-- An ADMIN token's creation is audited (docs/operations.md#the-audit-log): its row names the token by id, never by
-- its secret. A nullable column without a default: no table rewrite, safe while games are played. Not a foreign
-- key, like the game's: a deleted account's tokens go, its audit rows stay.
ALTER TABLE "admin_audit" ADD COLUMN "target_token_id" UUID;
