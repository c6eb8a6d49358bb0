-- Two-factor sign-in (docs/api.md#starttwofactor): a TOTP secret (RFC 6238) per account that turned it on, the
-- last time step a code was taken at (a code is taken once), and the hashes of the unused recovery codes.
CREATE TABLE "two_factor" (
  "player_id" UUID NOT NULL,
  -- Base32, as authenticator apps take it.
  "secret" TEXT NOT NULL,
  -- Null until a first code confirmed it: until then sign-in asks for no code.
  "enabled_at" TIMESTAMPTZ(3),
  "last_step" BIGINT NOT NULL DEFAULT 0,
  -- SHA-256 (hex) of each recovery code not used yet.
  "recovery_hashes" TEXT[] NOT NULL DEFAULT '{}',
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "two_factor_pkey" PRIMARY KEY ("player_id"),
  CONSTRAINT "two_factor_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
