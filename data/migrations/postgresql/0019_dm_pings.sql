-- 0019: being told by direct message (issue 46); see the SQLite migration of the same number.
ALTER TABLE member_settings ADD COLUMN dm_pings INTEGER NOT NULL DEFAULT 0 CHECK (dm_pings IN (0, 1));
ALTER TABLE member_settings ADD COLUMN dm_refused INTEGER NOT NULL DEFAULT 0 CHECK (dm_refused IN (0, 1));
