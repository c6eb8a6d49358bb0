-- Which play a built-in bot's seat was played with: its engine bot's version (`greedy-2`, docs/bots.md
-- "Versions"), recorded when the bot takes the seat, and any other version that later makes a move in it (an app
-- upgraded mid-game), in order of first use. Empty for people and third-party bot accounts. Seats taken before
-- this migration start empty and gain the version of the next bot move made in them: the versions before it are
-- not known.
ALTER TABLE "game_players" ADD COLUMN "bot_versions" TEXT[] NOT NULL DEFAULT '{}';
