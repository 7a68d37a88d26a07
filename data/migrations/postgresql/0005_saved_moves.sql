-- 0005: a running game's moves saved one row each (see ../sqlite/0005_saved_moves.sql).
--
-- The schema change only. SQLite's file also moves the logs of tables saved before it out of
-- their states; no PostgreSQL database held a saved table before version 7 (when this driver
-- came), so there is nothing to move here.
CREATE TABLE saved_moves (
    table_id TEXT COLLATE "C" NOT NULL REFERENCES saved_tables (table_id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    move     TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
