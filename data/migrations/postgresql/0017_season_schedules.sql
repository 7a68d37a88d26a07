-- 0017: seasons that turn over by themselves (issue 45); see the SQLite migration of the same
-- number for why. Every season started before this has no period, read as "Season 3".
CREATE TABLE season_schedules (
    league_id      BIGINT  PRIMARY KEY REFERENCES leagues (id) ON DELETE CASCADE,
    guild_id       BIGINT  NOT NULL,
    every          TEXT    NOT NULL CHECK (every IN ('weekly', 'monthly', 'quarterly')),
    zone           TEXT    NOT NULL DEFAULT 'UTC',
    channel_id     BIGINT  NOT NULL,
    locale         TEXT    NOT NULL,
    winner_role_id BIGINT  NULL
);
ALTER TABLE seasons ADD COLUMN period TEXT NULL;
