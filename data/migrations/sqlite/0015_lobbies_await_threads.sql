-- 0015: lobbies waiting for their thread take no place (issue 43).
--
-- A new table's lobby is saved before the thread it will play in exists (a press meanwhile must
-- find it), with no thread yet: under 0008's index it held its channel as its place, so of
-- several lobbies started in one channel at once only the first could be saved, and a lobby in a
-- channel where an older table plays there could not be saved at all. Such a lobby now says it
-- awaits its thread, and only the tables that hold a place are held to one per place. Every
-- table saved before this holds its place (awaits_thread 0).
ALTER TABLE saved_tables ADD COLUMN awaits_thread INTEGER NOT NULL DEFAULT 0
    CHECK (awaits_thread IN (0, 1));
DROP INDEX saved_tables_place;
CREATE UNIQUE INDEX saved_tables_place ON saved_tables (COALESCE(thread_id, channel_id))
    WHERE awaits_thread = 0;
