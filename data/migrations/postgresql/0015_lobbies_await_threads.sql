-- 0015: lobbies waiting for their thread take no place (issue 43); see the SQLite migration of
-- the same number for why. Every table saved before this holds its place (awaits_thread 0).
ALTER TABLE saved_tables ADD COLUMN awaits_thread INTEGER NOT NULL DEFAULT 0
    CHECK (awaits_thread IN (0, 1));
DROP INDEX saved_tables_place;
CREATE UNIQUE INDEX saved_tables_place ON saved_tables ((COALESCE(thread_id, channel_id)))
    WHERE awaits_thread = 0;
