-- 0003: saved tables that could not be resumed, kept for a person to look at.
--
-- A damaged saved table (cut JSON, an AI level this version does not know, a state the game
-- cannot load) must not stop the bot from starting nor hold its channel: at start-up it moves
-- here, with why, and its channel is free for a new table.
CREATE TABLE set_aside_tables (
    table_id     TEXT PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    game         TEXT NOT NULL,
    state        TEXT NOT NULL,
    moves        TEXT NOT NULL DEFAULT '[]',
    reason       TEXT NOT NULL,
    set_aside_at TEXT NOT NULL
);
