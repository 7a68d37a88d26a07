-- 0012: how long a server's real-time tables wait for the one person they need.
--
-- absent_after: seconds a Toppo or Spit table waits for the person it waits for alone (a
-- restart, a choice, a call both must make) before an AI plays their seat, as the server's
-- moderators chose with /tables; NULL (every server so far): the bot's default
-- (tables.stand_ins.ABSENT_AFTER). Turn-based tables use their turn timer instead.
ALTER TABLE guild_settings ADD COLUMN absent_after INTEGER NULL
    CHECK (absent_after IS NULL OR absent_after BETWEEN 5 AND 3600);
