-- 0002: what leagues need beyond 0001: the log of results moderators removed, and skill ratings.
--
-- League settings live in leagues.settings (JSON written by the store from data.records.
-- LeagueSettings), and the moderator role in guild_settings.moderator_role_id, both from 0001.

-- A removed result stays in games (history), and this row takes it out of standings, statistics
-- and ratings. The row is also the log: who removed it, when and why.
CREATE TABLE result_removals (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    moderator_id INTEGER NOT NULL,
    reason       TEXT NOT NULL CHECK (reason <> ''),
    removed_at   TEXT NOT NULL
);

-- A skill rating per server, game and participant (openskill's Plackett-Luce mu and sigma), kept
-- up to date as results are recorded; an AI level is rated like a player, since games against
-- AI seats say something about the humans at the table. Rebuilt from the results when one is
-- removed, so it always equals a replay of the counted games in the order they were recorded.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game     TEXT NOT NULL CHECK (game IN ('toppo', 'assets', 'spit', 'speed', 'topoum')),
    user_id  INTEGER NULL REFERENCES players (user_id),
    ai_level TEXT NULL CHECK (ai_level IS NULL OR ai_level <> ''),
    mu       REAL NOT NULL,
    sigma    REAL NOT NULL CHECK (sigma > 0),
    games    INTEGER NOT NULL CHECK (games >= 1),
    CHECK ((user_id IS NULL AND ai_level IS NOT NULL) OR (user_id IS NOT NULL AND ai_level IS NULL))
);
CREATE UNIQUE INDEX ratings_user ON ratings (guild_id, game, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ratings_ai ON ratings (guild_id, game, ai_level) WHERE ai_level IS NOT NULL;

