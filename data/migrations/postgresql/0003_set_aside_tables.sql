-- 0003: saved tables that could not be resumed (see ../sqlite/0003_set_aside_tables.sql).
CREATE TABLE set_aside_tables (
    table_id     TEXT COLLATE "C" PRIMARY KEY,
    guild_id     BIGINT NOT NULL,
    channel_id   BIGINT NOT NULL,
    game         TEXT NOT NULL,
    state        TEXT NOT NULL,
    moves        TEXT NOT NULL DEFAULT '[]',
    reason       TEXT NOT NULL,
    set_aside_at TEXT COLLATE "C" NOT NULL
);
