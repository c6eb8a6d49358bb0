-- Players, tokens, games (projection), game players and the append-only move log.

CREATE TABLE "players" (
  "id" UUID NOT NULL,
  "username" TEXT NOT NULL,
  "username_key" TEXT NOT NULL,
  "password_hash" TEXT NOT NULL,
  "is_bot" BOOLEAN NOT NULL DEFAULT false,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "players_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "players_username_key" ON "players"("username");
CREATE UNIQUE INDEX "players_username_key_key" ON "players"("username_key");

CREATE TABLE "tokens" (
  "id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  "kind" TEXT NOT NULL,
  "name" TEXT,
  "token_hash" TEXT NOT NULL,
  "scopes" TEXT[] NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "last_used_at" TIMESTAMPTZ(3),
  "expires_at" TIMESTAMPTZ(3),
  "revoked_at" TIMESTAMPTZ(3),
  CONSTRAINT "tokens_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "tokens_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "tokens_token_hash_key" ON "tokens"("token_hash");
CREATE INDEX "tokens_player_id_idx" ON "tokens"("player_id");

CREATE TABLE "games" (
  "id" UUID NOT NULL,
  "preset" TEXT NOT NULL,
  "options" JSONB NOT NULL,
  "seats" INTEGER NOT NULL,
  "rated" BOOLEAN NOT NULL DEFAULT false,
  "status" TEXT NOT NULL,
  "version" INTEGER NOT NULL DEFAULT 0,
  "current_seat" INTEGER,
  "current_player_id" UUID,
  "seed" TEXT NOT NULL,
  "seed_commitment" TEXT NOT NULL,
  "rules_version" TEXT NOT NULL,
  "start_position" TEXT,
  "deal_chosen" BOOLEAN NOT NULL DEFAULT false,
  "invited_player_id" UUID,
  "created_by_id" UUID NOT NULL,
  "result" JSONB,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "started_at" TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "games_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "games_status_check" CHECK ("status" IN ('WAITING', 'ACTIVE', 'FINISHED', 'ABORTED'))
);
CREATE INDEX "games_status_created_at_idx" ON "games"("status", "created_at");
CREATE INDEX "games_current_player_id_idx" ON "games"("current_player_id");

CREATE TABLE "game_players" (
  "game_id" UUID NOT NULL,
  "seat" INTEGER NOT NULL,
  "player_id" UUID NOT NULL,
  "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "game_players_pkey" PRIMARY KEY ("game_id", "seat"),
  CONSTRAINT "game_players_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "game_players_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "game_players_game_id_player_id_key" ON "game_players"("game_id", "player_id");
CREATE INDEX "game_players_player_id_idx" ON "game_players"("player_id");

-- The truth of every game: nothing updates or deletes a row (triggers below refuse both).
CREATE TABLE "game_events" (
  "game_id" UUID NOT NULL,
  "seq" INTEGER NOT NULL,
  "type" TEXT NOT NULL,
  "payload" JSONB NOT NULL,
  "actor_id" UUID,
  "client_move_id" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "game_events_pkey" PRIMARY KEY ("game_id", "seq"),
  CONSTRAINT "game_events_seq_check" CHECK ("seq" >= 1),
  CONSTRAINT "game_events_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "game_events_game_id_client_move_id_key" ON "game_events"("game_id", "client_move_id");

CREATE FUNCTION "game_events_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'game_events is append-only';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "game_events_no_update" BEFORE UPDATE ON "game_events"
  FOR EACH ROW EXECUTE FUNCTION "game_events_append_only"();
CREATE TRIGGER "game_events_no_delete" BEFORE DELETE ON "game_events"
  FOR EACH ROW EXECUTE FUNCTION "game_events_append_only"();
CREATE TRIGGER "game_events_no_truncate" BEFORE TRUNCATE ON "game_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "game_events_append_only"();
