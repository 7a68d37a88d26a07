"""The one error the store raises.

Callers (the tables, the cogs, ``bot.py``) must not depend on the driver's exceptions, or moving the
store to PostgreSQL would ripple through the code; every driver failure is re-raised as
:class:`StoreError`. Its message is a single human line naming the database and the cause, because
at start-up ``bot.py`` prints it and exits with status 2.
"""


class StoreError(Exception):
    """The database could not be opened, migrated, read or written; ``str()`` is one line."""
