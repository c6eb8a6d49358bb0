-- The third built-in level, ExpertBot (src/bots/builtin-bots.ts; docs/correspondence.md "Adding a bot level"):
-- an account like the other two, driven by the engine's expert bot. Nobody can sign in as it: '!' is no argon2
-- hash. The conflict names the id: had a person registered the name before it was reserved, the insert fails on
-- username_key (and with it the migration) instead of leaving the level without its account.
INSERT INTO "players" ("id", "username", "username_key", "password_hash", "is_bot")
VALUES ('00000000-0000-4000-8000-00000000b003', 'ExpertBot', 'expertbot', '!', true)
ON CONFLICT ("id") DO NOTHING;
