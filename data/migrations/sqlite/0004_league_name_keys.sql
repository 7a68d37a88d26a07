-- 0004: league names compared as people read them, in every script.
--
-- 0001's unique index used SQLite's lower(), which folds ASCII letters only, so "ÄRGER" and
-- "ärger" could both exist while the bot (matching with Python's casefold) took them for one.
-- name_key holds data.leagues.name_key(name), written by the store with every league; the
-- store registers that function as league_name_key on its connection, for this file only.
ALTER TABLE leagues ADD COLUMN name_key TEXT;
UPDATE leagues SET name_key = league_name_key(name);
-- Leagues that only the old comparison told apart get their number added to the later one's
-- name, so no league is lost and each name means one league.
UPDATE leagues SET name = name || ' (' || id || ')', name_key = name_key || ' (' || id || ')'
WHERE EXISTS (
    SELECT 1 FROM leagues AS older
    WHERE older.guild_id = leagues.guild_id AND older.name_key = leagues.name_key AND older.id < leagues.id
);
DROP INDEX leagues_guild_name;
CREATE UNIQUE INDEX leagues_guild_name_key ON leagues (guild_id, name_key);
