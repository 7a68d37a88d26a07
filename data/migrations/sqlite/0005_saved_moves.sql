-- 0005: a running game's moves saved one row each, not inside the table's state.
--
-- A table is saved after every move; rewriting a 20,000-move log each time cost ~12 ms of the
-- event loop per save. Now a save writes the state (small) and appends the moves made since the
-- last one; a new game's log replaces the old one.
CREATE TABLE saved_moves (
    table_id TEXT NOT NULL REFERENCES saved_tables (table_id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    move     TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

-- Where each game kept its log inside the state until now.
INSERT INTO saved_moves (table_id, seq, move)
SELECT t.table_id, m.key, m.value
FROM saved_tables AS t, json_each(
    t.state,
    CASE t.game WHEN 'toppo' THEN '$.series.moves' WHEN 'topoum' THEN '$.game.log' ELSE '$.match.moves' END
) AS m
WHERE json_valid(t.state);

UPDATE saved_tables SET state = json_remove(
    state,
    CASE game WHEN 'toppo' THEN '$.series.moves' WHEN 'topoum' THEN '$.game.log' ELSE '$.match.moves' END
)
WHERE json_valid(state);
