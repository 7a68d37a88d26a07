-- 0011: honest results (issue 30). When a person stops playing, an AI plays their seat for them,
-- and a league may leave such games out of its standings and of the ratings.
--
-- results.stood_in: the moves an AI or the turn timer made for the seat's person in the game;
-- results.absent: 1 if the person left or was still away when it ended (the table ranked them
-- last). Both are a person's, so an AI seat keeps 0 and 0. Every result recorded before this
-- reads as played in full (0 and 0): nobody's seat was played for them then.
ALTER TABLE results ADD COLUMN stood_in INTEGER NOT NULL DEFAULT 0
    CHECK (stood_in >= 0 AND (stood_in = 0 OR user_id IS NOT NULL));
ALTER TABLE results ADD COLUMN absent INTEGER NOT NULL DEFAULT 0
    CHECK (absent IN (0, 1) AND (absent = 0 OR user_id IS NOT NULL));

-- games.rated: whether the game is in the server's ratings (1), or was left out of them by its
-- league's setting (0); a ratings rebuild replays only rated games, so it gives what the updates
-- at recording gave. Every game recorded before this was rated.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
