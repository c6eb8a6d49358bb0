-- createGame(input: { awaitClientSeed: true }) (docs/api.md#creategame, docs/fairness.md): a game a built-in bot
-- fills is not dealt when the bot takes the last seat, but when its creator gives their client seed with
-- setClientSeed, after seeing the commitment. Fixed at creation; every older game deals as before (false).
ALTER TABLE "games" ADD COLUMN "await_client_seed" BOOLEAN NOT NULL DEFAULT false;
