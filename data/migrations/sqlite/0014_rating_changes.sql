-- 0014: each rating change kept (issue 32): how every rated game moved each seat's rating, so a
-- results card can say "1500 -> 1532" and a player's statistics can draw their rating over time.
--
-- One row per seat of a rated game: openskill's mu and sigma before it (NULL: the seat's first
-- rated game) and after it. Ratings rebuilt after a removed result rewrite their game's rows.
-- Games recorded before this get theirs from the same replay: every server's rated games are
-- marked stale here, and the bot's start rebuilds them in recording order
-- (data.store.Store.rebuild_stale_ratings), which fills this table.
CREATE TABLE rating_changes (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    mu_before    REAL NULL,
    sigma_before REAL NULL CHECK ((sigma_before IS NULL) = (mu_before IS NULL)),
    mu_after     REAL NOT NULL,
    sigma_after  REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);

INSERT INTO meta (key, value)
SELECT DISTINCT 'ratings-stale:' || guild_id || ':' || game, '1' FROM games WHERE rated = 1
ON CONFLICT (key) DO NOTHING;
