-- Issue 5 §5: the built-in opponents are player accounts like any other (rated in their own right, marked as
-- bots), moved by the bot worker through the normal command path. Nobody can sign in as them: '!' is no
-- argon2 hash.
INSERT INTO "players" ("id", "username", "username_key", "password_hash", "is_bot")
VALUES ('00000000-0000-4000-8000-00000000b001', 'GreedyBot', 'greedybot', '!', true),
       ('00000000-0000-4000-8000-00000000b002', 'RandomBot', 'randombot', '!', true)
ON CONFLICT DO NOTHING;
