-- 0002: the log of removed results, and skill ratings (see ../sqlite/0002_league_results.sql).
-- mu and sigma are DOUBLE PRECISION: SQLite's REAL is 8 bytes, PostgreSQL's REAL only 4.

CREATE TABLE result_removals (
    game_id      BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    moderator_id BIGINT NOT NULL,
    reason       TEXT NOT NULL CHECK (reason <> ''),
    removed_at   TEXT COLLATE "C" NOT NULL
);

CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    game     TEXT NOT NULL CONSTRAINT ratings_game_check
             CHECK (game IN ('toppo', 'assets', 'spit', 'speed', 'topoum')),
    user_id  BIGINT NULL REFERENCES players (user_id),
    ai_level TEXT NULL CHECK (ai_level IS NULL OR ai_level <> ''),
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    games    INTEGER NOT NULL CHECK (games >= 1),
    CHECK ((user_id IS NULL AND ai_level IS NOT NULL) OR (user_id IS NOT NULL AND ai_level IS NULL))
);
CREATE UNIQUE INDEX ratings_user ON ratings (guild_id, game, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ratings_ai ON ratings (guild_id, game, ai_level) WHERE ai_level IS NOT NULL;
