-- 0001: the first schema.
--
-- Applied by data/migrate.py inside one transaction that also sets PRAGMA user_version = 1, so no
-- BEGIN/COMMIT here. Discord ids (snowflakes) fit a signed 64-bit INTEGER (BIGINT elsewhere);
-- timestamps are UTC text 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (fixed width, so text order is time order);
-- JSON is kept as text written by the store. Statements stay close to portable SQL so a PostgreSQL
-- driver needs its own DDL types, not different queries.

-- Bot-wide values, e.g. the hash of the last synced command set.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY CHECK (key <> ''),
    value TEXT NOT NULL
);

-- Per-server settings; a missing row means "all defaults".
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    locale            TEXT NULL CHECK (locale IS NULL OR locale <> ''),
    moderator_role_id INTEGER NULL
);

-- The last known name of every human who finished a game, so standings need no Discord call.
CREATE TABLE players (
    user_id      INTEGER PRIMARY KEY,
    display_name TEXT NOT NULL CHECK (display_name <> ''),
    updated_at   TEXT NOT NULL
);

CREATE TABLE leagues (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    name       TEXT NOT NULL CHECK (name <> ''),
    game       TEXT NOT NULL CHECK (game IN ('toppo', 'assets', 'spit', 'speed', 'topoum')),
    settings   TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
);
-- "Friday" and "friday" are the same league to the people typing its name.
CREATE UNIQUE INDEX leagues_guild_name ON leagues (guild_id, lower(name));

-- The channels whose games count for a league.
CREATE TABLE league_channels (
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (league_id, channel_id)
);
CREATE INDEX league_channels_channel ON league_channels (channel_id);

CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    number     INTEGER NOT NULL CHECK (number >= 1),
    started_at TEXT NOT NULL,
    ended_at   TEXT NULL CHECK (ended_at IS NULL OR ended_at >= started_at),
    UNIQUE (league_id, number)
);
-- At most one running season per league.
CREATE UNIQUE INDEX seasons_one_open ON seasons (league_id) WHERE ended_at IS NULL;

-- One row per finished game. result_key makes recording idempotent: a retry after a crash or a
-- double "game over" stores the game once. Deleting a league or season keeps its games as history.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT NOT NULL CHECK (game IN ('toppo', 'assets', 'spit', 'speed', 'topoum')),
    league_id   INTEGER NULL REFERENCES leagues (id) ON DELETE SET NULL,
    season_id   INTEGER NULL REFERENCES seasons (id) ON DELETE SET NULL,
    result_key  TEXT NOT NULL UNIQUE CHECK (result_key <> ''),
    options     TEXT NOT NULL DEFAULT '{}',
    started_at  TEXT NOT NULL,
    finished_at TEXT NOT NULL CHECK (finished_at >= started_at),
    has_ai      INTEGER NOT NULL CHECK (has_ai IN (0, 1)),
    CHECK (season_id IS NULL OR league_id IS NOT NULL)
);
CREATE INDEX games_guild_game ON games (guild_id, game, finished_at);
CREATE INDEX games_league_season ON games (league_id, season_id) WHERE league_id IS NOT NULL;

-- One row per seat of a finished game: a human (user_id) or an AI (ai_level), never both.
CREATE TABLE results (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER NULL REFERENCES players (user_id),
    ai_level TEXT NULL CHECK (ai_level IS NULL OR ai_level <> ''),
    score    INTEGER NOT NULL,
    rank     INTEGER NOT NULL CHECK (rank >= 1),
    won      INTEGER NOT NULL CHECK (won IN (0, 1)),
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL AND ai_level IS NOT NULL) OR (user_id IS NOT NULL AND ai_level IS NULL))
);
-- Per-player totals and history; a human takes at most one seat per game.
CREATE UNIQUE INDEX results_user_game ON results (user_id, game_id) WHERE user_id IS NOT NULL;

-- Running tables, saved after every action so they resume after a restart; one per channel.
CREATE TABLE saved_tables (
    table_id   TEXT PRIMARY KEY CHECK (table_id <> ''),
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL UNIQUE,
    game       TEXT NOT NULL CHECK (game IN ('toppo', 'assets', 'spit', 'speed', 'topoum')),
    state      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
