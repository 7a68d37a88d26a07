"""The errors the store raises.

Callers (the tables, the cogs, ``bot.py``) must not depend on the driver's exceptions, or moving the
store to PostgreSQL would ripple through the code; every driver failure is re-raised as
:class:`StoreError`. Its message is a single human line naming the database and the cause, because
at start-up ``bot.py`` prints it and exits with status 2. A request the data itself refuses (a
league name already taken) is a :class:`LeagueError` instead, which a user is told about.
"""


class StoreError(Exception):
    """The database could not be opened, migrated, read or written; ``str()`` is one line.

    ``unreachable``: because the database server could not be reached (down, restarting, the
    network). The database logs that once when it goes and once when it is back, so a request
    that fails meanwhile need not log it again."""

    def __init__(self, message: str, *, unreachable: bool = False) -> None:
        super().__init__(message)
        self.unreachable = unreachable


class LeagueError(Exception):
    """A league request refused, by the data (a name taken, no running season...) or by the bot
    (not a moderator, which league?): ``code`` names the case for the message catalogue
    (``league.error.<code>``), ``values`` fill it in. Nothing was changed."""

    def __init__(self, code: str, **values: str | int) -> None:
        super().__init__(code)
        self.code = code
        self.values = values
