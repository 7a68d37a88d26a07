-- 0009: how long a table waits for a member before it mentions them.
--
-- ping_grace: seconds, as the member chose with /pings; NULL (every member so far): the bot's
-- default (tables.attention.GRACE). A turn timer's warning comes no later either way.
ALTER TABLE member_settings ADD COLUMN ping_grace INTEGER NULL
    CHECK (ping_grace IS NULL OR ping_grace BETWEEN 0 AND 3600);
