-- 0006: what a member chose for themselves, bot-wide.
--
-- pings: whether the bot may mention them when a table waits for them (their turn, a choice
-- that is theirs). Off, they are still named, without a notification. No row: the defaults.
CREATE TABLE member_settings (
    user_id INTEGER PRIMARY KEY,
    pings   INTEGER NOT NULL DEFAULT 1 CHECK (pings IN (0, 1))
);
