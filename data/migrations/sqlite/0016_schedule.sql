-- 0016: one schedule of wall-clock times (issues 45 and 46).
--
-- What happens at a time of day or date rather than a moment of play (a league's season
-- boundary, a game night's check-in and rounds, a move's deadline over days, the end of time
-- away) is kept here, so it survives a restart: what each entry does is named by its kind and
-- key (one entry per kind and key), its server says which process runs it when the bot runs as
-- several, and players_clock says whether it is time given to people (moved later by the time
-- the bot was down) or a calendar time (run late, as it was due). The payload is JSON.
CREATE TABLE schedule (
    kind          TEXT    NOT NULL,
    key           TEXT    NOT NULL,
    guild_id      INTEGER NOT NULL,
    due_at        TEXT    NOT NULL,
    players_clock INTEGER NOT NULL DEFAULT 0 CHECK (players_clock IN (0, 1)),
    payload       TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (kind, key)
);
CREATE INDEX schedule_due ON schedule (due_at);
