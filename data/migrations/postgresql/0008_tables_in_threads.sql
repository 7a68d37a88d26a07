-- 0008: tables played in threads (see ../sqlite/0008_tables_in_threads.sql). PostgreSQL drops
-- the column's UNIQUE in place, where SQLite rebuilds the table.
ALTER TABLE saved_tables DROP CONSTRAINT saved_tables_channel_id_key,
    ADD COLUMN thread_id BIGINT NULL;
CREATE UNIQUE INDEX saved_tables_place ON saved_tables ((COALESCE(thread_id, channel_id)));

ALTER TABLE set_aside_tables ADD COLUMN thread_id BIGINT NULL;

ALTER TABLE guild_settings ADD COLUMN tables_in_threads INTEGER NULL
    CHECK (tables_in_threads IS NULL OR tables_in_threads IN (0, 1));
