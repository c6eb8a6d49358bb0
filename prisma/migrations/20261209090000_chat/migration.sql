-- Chat around a game (docs/social.md#chat): the players' room and the spectators' room, quick phrases, private
-- notes, muting a game's chat for oneself, reports and the moderators' actions on them. Written only by
-- src/chat/chat.repository.ts.

-- A message is text or a quick phrase (its id; each reader sees it in their own language), never both.
CREATE TABLE "chat_messages" (
  "id" BIGSERIAL NOT NULL,
  "game_id" UUID NOT NULL,
  -- PLAYERS or SPECTATORS (src/chat/domain/chat-policy.ts, CHAT_ROOMS).
  "room" TEXT NOT NULL,
  "author_id" UUID NOT NULL,
  "text" TEXT,
  "phrase" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  -- Hidden by a moderator: kept (a report may need it) but shown to nobody.
  "hidden_at" TIMESTAMPTZ(3),

  CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "chat_messages_room" CHECK ("room" IN ('PLAYERS', 'SPECTATORS')),
  CONSTRAINT "chat_messages_text_or_phrase" CHECK (("text" IS NULL) <> ("phrase" IS NULL)),
  CONSTRAINT "chat_messages_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "chat_messages_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- A room's messages, newest first (the page a reader gets).
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" ("game_id", "room", "id");
-- An author's recent messages (the rate limit) and their erasure.
CREATE INDEX "chat_messages_author_idx" ON "chat_messages" ("author_id", "created_at");

-- A game's chat muted by one player, for themselves.
CREATE TABLE "chat_mutes" (
  "game_id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "chat_mutes_pkey" PRIMARY KEY ("game_id", "player_id"),
  CONSTRAINT "chat_mutes_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "chat_mutes_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A player a moderator keeps from chatting, until a time (or for good: NULL).
CREATE TABLE "chat_restrictions" (
  "player_id" UUID NOT NULL,
  "until" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "chat_restrictions_pkey" PRIMARY KEY ("player_id"),
  CONSTRAINT "chat_restrictions_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A report of a message or a player, with what the moderators need kept as it was when it was made.
CREATE TABLE "chat_reports" (
  "id" BIGSERIAL NOT NULL,
  "reporter_id" UUID,
  "reported_id" UUID NOT NULL,
  "message_id" BIGINT,
  "game_id" UUID,
  -- ABUSE, SPAM, OUTSIDE_HELP or OTHER (src/chat/domain/chat-policy.ts, REPORT_CATEGORIES).
  "category" TEXT NOT NULL,
  "details" TEXT,
  -- The reported message and the room's messages before it, as they were (JSON lines the queue shows).
  "context" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  -- Set when a moderator resolves it, with what they did (DISMISSED, MESSAGE_HIDDEN, PLAYER_RESTRICTED).
  "resolved_at" TIMESTAMPTZ(3),
  "resolution" TEXT,

  CONSTRAINT "chat_reports_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "chat_reports_category" CHECK ("category" IN ('ABUSE', 'SPAM', 'OUTSIDE_HELP', 'OTHER')),
  CONSTRAINT "chat_reports_resolved" CHECK (("resolved_at" IS NULL) = ("resolution" IS NULL)),
  CONSTRAINT "chat_reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "chat_reports_reported_id_fkey" FOREIGN KEY ("reported_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The queue: open reports, oldest first.
CREATE INDEX "chat_reports_open_idx" ON "chat_reports" ("resolved_at", "id");
-- One report per reporter and message; a reporter's reports of a day (the limit).
CREATE UNIQUE INDEX "chat_reports_once_idx" ON "chat_reports" ("reporter_id", "message_id");
CREATE INDEX "chat_reports_reporter_idx" ON "chat_reports" ("reporter_id", "created_at");

-- A player's private note on a game, seen only by its writer.
CREATE TABLE "game_notes" (
  "game_id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  "text" TEXT NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "game_notes_pkey" PRIMARY KEY ("game_id", "player_id"),
  CONSTRAINT "game_notes_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "game_notes_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "game_notes_player_idx" ON "game_notes" ("player_id");
