-- Failed sign-ins, shared by every app copy (src/auth/login-throttle.ts, docs/api.md#limits): one row per count —
-- an account from an address, an address, an account — keyed by the SHA-256 of the count's name, so that no
-- username or address is kept in the clear. A row whose last failure is an hour old means nothing; such rows are
-- removed as new failures are written (LoginFailuresRepository). A new table only: safe while games are played.
CREATE TABLE "login_failures" (
  "key_hash" TEXT NOT NULL,
  "count" INTEGER NOT NULL,
  "last_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "login_failures_pkey" PRIMARY KEY ("key_hash"),
  CONSTRAINT "login_failures_count_check" CHECK ("count" > 0)
);
CREATE INDEX "login_failures_last_at_idx" ON "login_failures" ("last_at");
