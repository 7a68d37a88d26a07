-- 0007: the games a row may name are the ones engine/games.py registers, checked by the store.
--
-- 0001 and 0002 listed the five result names in CHECK constraints of leagues, games, saved_tables
-- and ratings, so a fifth game needed a migration rewriting all four. data/records.py checks every
-- record's game against the registry before it reaches the database; here the column only has to
-- be non-empty. SQLite changes a CHECK only by rebuilding the table (data/migrate.py runs this with
-- foreign keys off, so the rows that point at these tables keep pointing at them), the same
-- columns, rows and indexes as before.

CREATE TABLE leagues_new (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    name       TEXT NOT NULL CHECK (name <> ''),
    game       TEXT NOT NULL CHECK (game <> ''),
    settings   TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    name_key   TEXT
);
INSERT INTO leagues_new (id, guild_id, name, game, settings, created_at, name_key)
SELECT id, guild_id, name, game, settings, created_at, name_key FROM leagues;
DROP TABLE leagues;
ALTER TABLE leagues_new RENAME TO leagues;
CREATE UNIQUE INDEX leagues_guild_name_key ON leagues (guild_id, name_key);

CREATE TABLE games_new (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT NOT NULL CHECK (game <> ''),
    league_id   INTEGER NULL REFERENCES leagues (id) ON DELETE SET NULL,
    season_id   INTEGER NULL REFERENCES seasons (id) ON DELETE SET NULL,
    result_key  TEXT NOT NULL UNIQUE CHECK (result_key <> ''),
    options     TEXT NOT NULL DEFAULT '{}',
    started_at  TEXT NOT NULL,
    finished_at TEXT NOT NULL CHECK (finished_at >= started_at),
    has_ai      INTEGER NOT NULL CHECK (has_ai IN (0, 1)),
    CHECK (season_id IS NULL OR league_id IS NOT NULL)
);
INSERT INTO games_new SELECT id, guild_id, channel_id, game, league_id, season_id, result_key, options,
    started_at, finished_at, has_ai FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_guild_game ON games (guild_id, game, finished_at);
CREATE INDEX games_league_season ON games (league_id, season_id) WHERE league_id IS NOT NULL;

CREATE TABLE saved_tables_new (
    table_id   TEXT PRIMARY KEY CHECK (table_id <> ''),
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL UNIQUE,
    game       TEXT NOT NULL CHECK (game <> ''),
    state      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
INSERT INTO saved_tables_new SELECT table_id, guild_id, channel_id, game, state, updated_at FROM saved_tables;
DROP TABLE saved_tables;
ALTER TABLE saved_tables_new RENAME TO saved_tables;

CREATE TABLE ratings_new (
    guild_id INTEGER NOT NULL,
    game     TEXT NOT NULL CHECK (game <> ''),
    user_id  INTEGER NULL REFERENCES players (user_id),
    ai_level TEXT NULL CHECK (ai_level IS NULL OR ai_level <> ''),
    mu       REAL NOT NULL,
    sigma    REAL NOT NULL CHECK (sigma > 0),
    games    INTEGER NOT NULL CHECK (games >= 1),
    CHECK ((user_id IS NULL AND ai_level IS NOT NULL) OR (user_id IS NOT NULL AND ai_level IS NULL))
);
INSERT INTO ratings_new SELECT guild_id, game, user_id, ai_level, mu, sigma, games FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_new RENAME TO ratings;
CREATE UNIQUE INDEX ratings_user ON ratings (guild_id, game, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ratings_ai ON ratings (guild_id, game, ai_level) WHERE ai_level IS NOT NULL;
