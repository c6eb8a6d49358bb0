-- Presence (docs/social.md#presence): a player may hide whether they are online. A row only for those who chose;
-- "online" itself is read from player_watches (a copy listens for the player's events: an open page or client).
CREATE TABLE "presence_settings" (
  "player_id" UUID NOT NULL,
  "hidden" BOOLEAN NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "presence_settings_pkey" PRIMARY KEY ("player_id"),
  CONSTRAINT "presence_settings_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
