-- 0019: being told by direct message (issue 46).
--
-- dm_pings: the member asked (/pings dm:) to get a direct message, with a link to the table,
-- when a table mentions them; dm_refused: a direct message to them was refused (their privacy
-- settings), noted once so one is not tried on every turn, until they ask again. Every member
-- so far asked for none.
ALTER TABLE member_settings ADD COLUMN dm_pings INTEGER NOT NULL DEFAULT 0 CHECK (dm_pings IN (0, 1));
ALTER TABLE member_settings ADD COLUMN dm_refused INTEGER NOT NULL DEFAULT 0 CHECK (dm_refused IN (0, 1));
