-- Third-party apps and what people let them do (docs/api/apps-and-oauth.md): OAuth 2.0 clients registered by
-- players, the grants people approve, the one-time authorization codes and the refresh tokens of each grant. An
-- app's access tokens are rows of `tokens` (kind `app`), so the access gate, last use and revocation on open
-- sockets treat them as every other token. Written only by src/oauth/oauth.repository.ts (and tokens by
-- src/auth/tokens.repository.ts).

-- An app: its client id is `id`. A confidential app authenticates at the token endpoint with its secret (stored
-- as its SHA-256 only); a public one (a browser page, a native program) proves each code with PKCE instead.
CREATE TABLE "oauth_apps" (
  "id" UUID NOT NULL,
  "owner_id" UUID NOT NULL,
  "name" TEXT NOT NULL,
  -- Registered exactly; a loopback one (http://127.0.0.1, http://[::1]) matches on any port (RFC 8252 §7.3).
  "redirect_uris" TEXT[] NOT NULL,
  "confidential" BOOLEAN NOT NULL,
  "secret_hash" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  -- Disabled by an admin (audited): no new grant, its tokens revoked; null while it may be used.
  "disabled_at" TIMESTAMPTZ(3),
  "disabled_reason" TEXT,

  CONSTRAINT "oauth_apps_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "oauth_apps_secret" CHECK ("confidential" = ("secret_hash" IS NOT NULL)),
  CONSTRAINT "oauth_apps_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "oauth_apps_owner_id_idx" ON "oauth_apps" ("owner_id");

-- One approval by a person: the scopes they let the app have. Its codes, refresh tokens and access tokens live
-- and die with it: a code used twice, a refresh token used after it was rotated, the person's revocation, the
-- app's disabling each revoke the grant whole.
CREATE TABLE "oauth_grants" (
  "id" UUID NOT NULL,
  "app_id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  "scopes" TEXT[] NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "revoked_at" TIMESTAMPTZ(3),
  -- Why: REVOKED_BY_PLAYER, REVOKED_BY_APP, CODE_REUSED, REFRESH_TOKEN_REUSED, APP_DISABLED, APP_DELETED,
  -- PASSWORD_RESET
  -- (src/oauth/domain/oauth-policy.ts, GRANT_END_REASONS).
  "revoked_reason" TEXT,

  CONSTRAINT "oauth_grants_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "oauth_grants_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "oauth_apps"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "oauth_grants_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "oauth_grants_player_id_idx" ON "oauth_grants" ("player_id");
CREATE INDEX "oauth_grants_app_id_idx" ON "oauth_grants" ("app_id");

-- An authorization code, by its SHA-256: used once, within minutes, by the app it was issued to.
CREATE TABLE "oauth_codes" (
  "code_hash" TEXT NOT NULL,
  "grant_id" UUID NOT NULL,
  "redirect_uri" TEXT NOT NULL,
  "code_challenge" TEXT,
  "code_challenge_method" TEXT,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),

  CONSTRAINT "oauth_codes_pkey" PRIMARY KEY ("code_hash"),
  CONSTRAINT "oauth_codes_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "oauth_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "oauth_codes_grant_id_idx" ON "oauth_codes" ("grant_id");

-- A refresh token, by its SHA-256. Each use rotates it: the next one is issued and this one is marked used; a
-- used one presented again is taken for stolen, and its grant is revoked.
CREATE TABLE "oauth_refresh_tokens" (
  "token_hash" TEXT NOT NULL,
  "grant_id" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),

  CONSTRAINT "oauth_refresh_tokens_pkey" PRIMARY KEY ("token_hash"),
  CONSTRAINT "oauth_refresh_tokens_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "oauth_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "oauth_refresh_tokens_grant_id_idx" ON "oauth_refresh_tokens" ("grant_id");

-- An app's access token names its grant: revoking the grant revokes it.
ALTER TABLE "tokens" ADD COLUMN "grant_id" UUID;
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "oauth_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_app_grant" CHECK (("kind" = 'app') = ("grant_id" IS NOT NULL));
CREATE INDEX "tokens_grant_id_idx" ON "tokens" ("grant_id") WHERE "grant_id" IS NOT NULL;

-- An admin's action on an app (disableApp, enableApp) names it; not a foreign key, like the token's: an app may be
-- deleted by its owner, its audit rows stay.
ALTER TABLE "admin_audit" ADD COLUMN "target_app_id" UUID;
