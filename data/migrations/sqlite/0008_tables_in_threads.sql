-- 0008: tables played in threads.
--
-- A table may play in a thread of its channel (started from its lobby card): several tables
-- then share one channel, each in its own thread. saved_tables.channel_id stays the channel the
-- table belongs to (its league's, where its card is); thread_id is the thread it plays in, NULL
-- for a table played in the channel itself (every table saved before this). One table per place:
-- per thread, or per channel for those played in the channel. SQLite cannot drop the column's
-- UNIQUE in place, so the table is rebuilt.
CREATE TABLE saved_tables_new (
    table_id   TEXT PRIMARY KEY CHECK (table_id <> ''),
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    thread_id  INTEGER NULL,
    game       TEXT NOT NULL CHECK (game <> ''),
    state      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
INSERT INTO saved_tables_new (table_id, guild_id, channel_id, thread_id, game, state, updated_at)
    SELECT table_id, guild_id, channel_id, NULL, game, state, updated_at FROM saved_tables;
DROP TABLE saved_tables;
ALTER TABLE saved_tables_new RENAME TO saved_tables;
CREATE UNIQUE INDEX saved_tables_place ON saved_tables (COALESCE(thread_id, channel_id));

ALTER TABLE set_aside_tables ADD COLUMN thread_id INTEGER NULL;

-- Whether a server's new tables play in threads (1) or in the channel itself (0), as its
-- moderators chose; NULL (every server so far): the bot's default (TABLES_IN, threads).
ALTER TABLE guild_settings ADD COLUMN tables_in_threads INTEGER NULL
    CHECK (tables_in_threads IS NULL OR tables_in_threads IN (0, 1));
