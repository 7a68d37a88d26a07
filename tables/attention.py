"""How a table gets one person's attention: one mention per wait, after a grace period, never
deleted (what :mod:`cogs.attention` does on Discord, decided here without it).

A *wait* is the table waiting for one person at one moment (their turn, a challenge to answer, a
choice only they can make): :meth:`~tables.seated.SeatedTable.awaited` names it. While a wait
lasts, the table may post **one** message that mentions them, and only once they have not acted
for their grace period (default :data:`GRACE`, never later than the turn timer's warning, which
then says how long is left in that same message). Whatever else the wait has to say (a challenge
to answer, the warning) is an edit of that message, which notifies nobody. When the wait ends
(they acted, the timer acted for them, the table ended), the message is edited to plain words
with no mention: what happened. A message that mentioned someone is never deleted, since Discord
leaves its notification behind ("ghost ping"); nothing is mentioned after a table ended.

Someone who acts within their grace is never mentioned: pings that came after the move were what
made people find the old pings rude (a ping 2.5 s after the turn, deleted 3 s later).
"""

from dataclasses import dataclass, replace
from typing import Any, Final, Self

GRACE: Final = 20
"""Seconds a table waits for someone before it mentions them, unless they chose otherwise."""
GRACE_CHOICES: Final = (0, 10, 20, 30, 60, 120)
"""The grace periods a member may choose with ``/pings``."""


@dataclass(frozen=True, slots=True)
class Call:
    """The table's call for one wait: whom (``user``), at which ``moment``, since when (wall
    clock, so a restart keeps counting), and its one message once posted. ``says`` is the
    callout code its message shows ("" a plain "waiting for you"), ``shown`` what the message
    was last written as (an edit is made only when that changes)."""

    user: int
    moment: str
    since: float
    message_id: int | None = None
    says: str = ""
    shown: str = ""

    def waits_for(self, wait: tuple[int, str] | None) -> bool:
        return wait is not None and (self.user, self.moment) == wait

    def to_json(self) -> dict[str, Any]:
        return {
            "user": self.user,
            "moment": self.moment,
            "since": self.since,
            "message_id": self.message_id,
            "says": self.says,
            "shown": self.shown,
        }

    @classmethod
    def from_json(cls, saved: Any) -> Self:
        """A saved call; a table saved before calls kept ``[user, message]`` (a ping to take
        back), which comes back as a call whose wait is over, so its message is edited."""
        if isinstance(saved, list):
            return cls(int(saved[0]), "", 0.0, int(saved[1]), shown="ping")
        return cls(
            int(saved["user"]),
            str(saved["moment"]),
            float(saved["since"]),
            None if saved["message_id"] is None else int(saved["message_id"]),
            str(saved["says"]),
            str(saved["shown"]),
        )


@dataclass(frozen=True, slots=True)
class Plan:
    """What to do for a table's attention now: ``close`` the message of a wait that is over
    (edit it to what happened), ``post`` the current call's message (mentioning its person) or
    ``edit`` it to what the wait says now, and look again at ``check_at`` (its grace ending)."""

    call: Call | None
    close: Call | None = None
    post: bool = False
    edit: bool = False
    check_at: float | None = None


def plan(
    call: Call | None,
    wait: tuple[int, str] | None,
    says: str | None,
    now: float,
    grace: float,
    wanted: bool,
    since: float | None = None,
) -> Plan:
    """The next step for a table whose call is ``call``, now waiting for ``wait`` (None: nobody,
    or the table ended). ``says``: a callout for the awaited person that came with this change
    (None: nothing new); ``grace``: their grace period, already capped at the turn warning;
    ``wanted``: whether they let the bot mention them (if not, no message at all); ``since``:
    when their absence began (wall clock; None: now), so their grace runs from it however the
    table's waits moved between them and others."""
    close = None
    if call is not None and not call.waits_for(wait):
        close = call if call.message_id is not None else None
        call = None
    if wait is None:
        return Plan(None, close)
    if call is None:
        call = Call(wait[0], wait[1], now if since is None else min(since, now))
    if says is not None:
        call = replace(call, says=says)
    if call.message_id is not None:
        return Plan(call, close, edit=call.says != call.shown)
    due = call.since + grace
    if not wanted:
        return Plan(call, close)
    if now >= due:
        return Plan(call, close, post=True)
    return Plan(call, close, check_at=due)
