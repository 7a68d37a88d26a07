-- 0007: the games a row may name are the ones engine/games.py registers, checked by the store
-- (see ../sqlite/0007_games_by_registry.sql). PostgreSQL changes a CHECK in place, where SQLite
-- rebuilds the table.
ALTER TABLE leagues DROP CONSTRAINT leagues_game_check,
    ADD CONSTRAINT leagues_game_check CHECK (game <> '');
ALTER TABLE games DROP CONSTRAINT games_game_check,
    ADD CONSTRAINT games_game_check CHECK (game <> '');
ALTER TABLE saved_tables DROP CONSTRAINT saved_tables_game_check,
    ADD CONSTRAINT saved_tables_game_check CHECK (game <> '');
ALTER TABLE ratings DROP CONSTRAINT ratings_game_check,
    ADD CONSTRAINT ratings_game_check CHECK (game <> '');
