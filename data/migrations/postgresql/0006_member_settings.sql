-- 0006: what a member chose for themselves, bot-wide (see ../sqlite/0006_member_settings.sql).
CREATE TABLE member_settings (
    user_id BIGINT PRIMARY KEY,
    pings   INTEGER NOT NULL DEFAULT 1 CHECK (pings IN (0, 1))
);
