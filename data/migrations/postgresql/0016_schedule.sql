-- 0016: one schedule of wall-clock times (issues 45 and 46); see the SQLite migration of the
-- same number for why.
CREATE TABLE schedule (
    kind          TEXT    NOT NULL,
    key           TEXT    NOT NULL,
    guild_id      BIGINT  NOT NULL,
    due_at        TEXT COLLATE "C" NOT NULL,
    players_clock INTEGER NOT NULL DEFAULT 0 CHECK (players_clock IN (0, 1)),
    payload       TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (kind, key)
);
CREATE INDEX schedule_due ON schedule (due_at);
