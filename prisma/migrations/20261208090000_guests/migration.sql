-- Guests (docs/api.md#startguest): a real, limited account made on the spot so a visitor can play the computer at
-- once, named Guest-NNNNNN, without a password until its owner keeps it (keepGuestAccount). `guest_since` is set
-- exactly while the account is a guest; a deleted account keeps it (it says the tombstone was a guest's).
ALTER TABLE "players" ADD COLUMN "guest_since" TIMESTAMPTZ(3);
ALTER TABLE "players" DROP CONSTRAINT "players_deleted_no_password";
-- A deleted account keeps no password; a live one signs in with a password, or is a guest, never both.
ALTER TABLE "players" ADD CONSTRAINT "players_password_or_guest"
  CHECK (CASE WHEN "deleted_at" IS NOT NULL THEN "password_hash" IS NULL
              ELSE ("password_hash" IS NOT NULL) <> ("guest_since" IS NOT NULL) END);
-- The sweep of guests left alone (src/accounts/guest-sweeper.ts) reads the live guests only.
CREATE INDEX "players_live_guests_idx" ON "players" ("guest_since") WHERE "guest_since" IS NOT NULL AND "deleted_at" IS NULL;

-- Guests started per address (src/players/guest-policy.ts): one row per address, keyed by the SHA-256 of it (no
-- address in the clear), counting the guests started since `window_start`; a day later the count starts again.
CREATE TABLE "guest_starts" (
  "key_hash" TEXT NOT NULL,
  "count" INTEGER NOT NULL,
  "window_start" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "guest_starts_pkey" PRIMARY KEY ("key_hash"),
  CONSTRAINT "guest_starts_count_check" CHECK ("count" > 0)
);
CREATE INDEX "guest_starts_window_start_idx" ON "guest_starts" ("window_start");
