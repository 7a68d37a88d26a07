-- 0018: game nights (issue 45).
--
-- A night is planned by a moderator for a channel: one game, a format (rounds or arena) with
-- its settings (JSON), a start time, the server's language then, the Discord Scheduled Event
-- that announces it and the messages that show it (the sign-up card, the live standings). Its
-- state moves planned -> checkin -> running -> over (or cancelled); round is the round under
-- way (0 before the first). Its people joined from the card, checked in or not, withdrawn after
-- missing two games or by a moderator. Its tables are ordinary tables, each seated by the night
-- in a round (0 for the arena's), and each counts once: a table's points are written with it
-- marked counted, in one transaction, so a restart never counts a game twice.
CREATE TABLE nights (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    format       TEXT    NOT NULL CHECK (format IN ('rounds', 'arena')),
    settings     TEXT    NOT NULL DEFAULT '{}',
    starts_at    TEXT    NOT NULL,
    locale       TEXT    NOT NULL,
    state        TEXT    NOT NULL DEFAULT 'planned'
                 CHECK (state IN ('planned', 'checkin', 'running', 'over', 'cancelled')),
    round        INTEGER NOT NULL DEFAULT 0,
    event_id     INTEGER NULL,
    card_id      INTEGER NULL,
    standings_id INTEGER NULL,
    planned_by   INTEGER NOT NULL,
    created_at   TEXT    NOT NULL
);
CREATE INDEX nights_open ON nights (guild_id) WHERE state NOT IN ('over', 'cancelled');

CREATE TABLE night_people (
    night_id   INTEGER NOT NULL REFERENCES nights (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    joined_at  TEXT    NOT NULL,
    checked_in INTEGER NOT NULL DEFAULT 0 CHECK (checked_in IN (0, 1)),
    withdrawn  INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    absences   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (night_id, user_id)
);

CREATE TABLE night_tables (
    night_id   INTEGER NOT NULL REFERENCES nights (id) ON DELETE CASCADE,
    table_id   TEXT    NOT NULL,
    round      INTEGER NOT NULL,
    seats      TEXT    NOT NULL,
    started_at TEXT    NOT NULL,
    counted    INTEGER NOT NULL DEFAULT 0 CHECK (counted IN (0, 1)),
    PRIMARY KEY (night_id, table_id)
);

CREATE TABLE night_points (
    night_id INTEGER NOT NULL REFERENCES nights (id) ON DELETE CASCADE,
    table_id TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    round    INTEGER NOT NULL,
    place    INTEGER NOT NULL,
    points   REAL    NOT NULL,
    won      INTEGER NOT NULL DEFAULT 0 CHECK (won IN (0, 1)),
    PRIMARY KEY (night_id, table_id, user_id)
);
