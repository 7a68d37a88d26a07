-- 0017: seasons that turn over by themselves (issue 45).
--
-- A league's moderators may have its seasons end and the next begin every week, month or
-- quarter, at midnight in a time zone they name; the season's end is posted in the channel
-- where they said so, in the server's language then, and its winner may be given a role. When
-- the next boundary falls is kept in the schedule (0016). A season started that way names its
-- calendar period (monthly:2026-12-01), from which people read "December 2026"; every season
-- started before this, or by hand, has none and is read as "Season 3", as before.
CREATE TABLE season_schedules (
    league_id      INTEGER PRIMARY KEY REFERENCES leagues (id) ON DELETE CASCADE,
    guild_id       INTEGER NOT NULL,
    every          TEXT    NOT NULL CHECK (every IN ('weekly', 'monthly', 'quarterly')),
    zone           TEXT    NOT NULL DEFAULT 'UTC',
    channel_id     INTEGER NOT NULL,
    locale         TEXT    NOT NULL,
    winner_role_id INTEGER NULL
);
ALTER TABLE seasons ADD COLUMN period TEXT NULL;
