-- Which app copy computes a built-in bot's move (src/bots/bot-turn-claims.ts). Every copy's bot worker hears
-- each bot YOUR_TURN; without a claim they all computed the same move and all but one sent it in vain. That was
-- cheap while a decision took microseconds; a search bot spends up to a few hundred milliseconds of CPU on one.
-- Now a copy computes only once it holds the game's claim for the version it decides on.
--
-- One row per game at most (the key is the game alone): a claim for a later version replaces the one for the
-- version before, and an expired claim counts as no claim, so the catch-up scan of any copy removes it and a
-- copy that stopped mid-turn is replaced once its claim runs out. Rows are never needed for history.
CREATE TABLE "bot_turn_claims" (
  "game_id" UUID NOT NULL,
  -- The game version the claim is for: the bot's move decided on it is sent with it as expectedVersion.
  "version" INTEGER NOT NULL,
  -- The claiming app copy (a random id per process).
  "claimed_by" UUID NOT NULL,
  -- BOT_CLAIM_MS after the claim was taken, on the app's clock.
  "claimed_until" TIMESTAMPTZ(3) NOT NULL,

  CONSTRAINT "bot_turn_claims_pkey" PRIMARY KEY ("game_id"),
  CONSTRAINT "bot_turn_claims_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
