-- 0010: the private panels open when the bot stops, so they follow their table again after it
-- starts (cogs/live_panels.py).
--
-- A panel is edited through the token of the interaction that last drew it, which Discord
-- accepts for 15 minutes from the interaction's creation (its id says when): a row is of use
-- that long, and older rows are deleted at start. One row per table and member. The token is a
-- secret for those 15 minutes: it is kept here only, never logged.
CREATE TABLE panel_tokens (
    table_id       TEXT NOT NULL,
    user_id        BIGINT NOT NULL,
    application_id BIGINT NOT NULL,
    interaction_id BIGINT NOT NULL,
    token          TEXT NOT NULL,
    locale         TEXT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
