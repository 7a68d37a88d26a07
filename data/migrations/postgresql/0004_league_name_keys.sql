-- 0004: league names compared as people read them (see ../sqlite/0004_league_name_keys.sql):
-- the store writes name_key (data.leagues.name_key) with every league.
--
-- The schema change only. SQLite's file also fills name_key for the leagues already stored,
-- through the store's Python function; no PostgreSQL database held a league before version 7
-- (when this driver came), so there is nothing to fill here.
ALTER TABLE leagues ADD COLUMN name_key TEXT COLLATE "C";
DROP INDEX leagues_guild_name;
CREATE UNIQUE INDEX leagues_guild_name_key ON leagues (guild_id, name_key);
