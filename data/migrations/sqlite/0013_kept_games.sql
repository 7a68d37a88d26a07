-- 0013: every finished game kept for its replay (issue 31), for as long as its server chooses.
--
-- kept_games: one row per finished game whose log is kept, beside its result (games.id). state is
-- the table as it was saved when the game ended (its seats and their names, the series so far,
-- the game as dealt: tables/<game>.py to_json), moves its whole log since that deal (JSON array),
-- steps the move counts at which the channel saw the table (JSON array, first and last included:
-- a replay's steps); thread_id where it was played (the animation goes there while it is open).
-- Deleting a game's log (a moderator's choice, or the retention period) deletes only this row:
-- the result stays. Games recorded before this have no row: their logs were deleted with their
-- tables, and /history lists them without a replay.
CREATE TABLE kept_games (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    thread_id INTEGER NULL,
    state     TEXT NOT NULL,
    moves     TEXT NOT NULL,
    steps     TEXT NOT NULL
);

-- keep_days: how many days a server keeps its finished games' logs, as its moderators chose with
-- /tables; NULL (every server so far): the bot's default (data.history.KEEP_DAYS, 90).
ALTER TABLE guild_settings ADD COLUMN keep_days INTEGER NULL
    CHECK (keep_days IS NULL OR keep_days BETWEEN 1 AND 3650);

-- The members who asked for their name to be forgotten in a server's kept games: the bot shows
-- "a former player" for them there from then on.
CREATE TABLE forgotten_members (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    forgotten_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
