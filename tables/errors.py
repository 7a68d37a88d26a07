"""Why a table refused a request that is not a game move.

The engine's :class:`~engine.errors.IllegalAction` covers moves; joining a full lobby or starting
someone else's table is the table's business, so it has its own small set of stable codes, which
the bot words through ``locales`` (``refused.<code>``). Refusals that mean the same as an engine
reason (not seated, not your turn, stale) use ``IllegalAction`` instead, so each is worded once.
"""

from enum import StrEnum


class Refusal(StrEnum):
    """A stable code for a refused table request; never rename one."""

    ALREADY_SEATED = "already_seated"
    TABLE_FULL = "table_full"
    HOST_ONLY = "host_only"
    TOO_FEW = "too_few"
    NO_AI = "no_ai"
    MEMBER_TABLES = "member_tables"
    SERVER_TABLES = "server_tables"
    NOT_SAVED = "not_saved"
    """The change could not be written (a full disk, say) and was undone."""


class Refused(Exception):
    """A table request that cannot be granted; ``refusal`` says why."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.value)
        self.refusal = refusal
