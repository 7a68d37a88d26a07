"""Where a table shows itself on Discord: its public message, its card in the channel, the call
for the person it waits for, and why it ended.

A table's games are shown in one public message each (:attr:`TableMessage.message_id`; a new
game gets a new message, and the last one is *retired*: its buttons go once the new one is
posted). A table played in a thread keeps a card in its channel (its lobby first, then who plays
where, at the end the result). The ids are saved with the table, so a restart edits the same
messages. The call (:mod:`tables.attention`) is the one message that mentions the person the
table waits for.
"""

from collections.abc import Callable, Mapping
from typing import Any

from tables.attention import Call
from tables.phases import Phase
from tables.table import Change
from words.common import Notice


class TableMessage:
    """The messages of one table; see the module's note."""

    def __init__(
        self, *, change: Change, phase: Callable[[], Phase], threaded: Callable[[int | None], None]
    ) -> None:
        """``threaded`` takes the thread a new table's lobby started (None: it plays in its
        channel, no thread could be started)."""
        self._change = change
        self._phase = phase
        self._threaded = threaded
        self.message_id: int | None = None
        """The public message showing the table now; None until (re)posted."""
        self.retired_message_id: int | None = None
        """The previous game's message, whose buttons must go once the next game is posted."""
        self.retired_as: str | None = None
        """Why that message was retired, if it must say so ("aborted": its game was aborted)."""
        self.opening = False
        """A new table's lobby is being posted as its command's answer: until its message is
        known (:meth:`set_message`), a redraw must not post another (``missed`` says one came)."""
        self.missed = False
        self.card_id: int | None = None
        """The table's card in its channel while it plays in a thread: its lobby first, then who
        plays where, at the end the result. None for a table played where it was started."""
        self.card_shows = ""
        """What the card shows once the lobby is over: "playing", then "final"."""
        self.no_thread: str | None = None
        """Why a table meant for a thread plays in its channel (said on its lobby): "place" (no
        thread can be started there) or "permissions" (the bot may not start one)."""
        self.call: Call | None = None
        """The table's call for the person it waits for, and its one message once posted."""
        self.callouts: list[Notice] = []
        """Notices that must reach one player in the call's message, which mentions them (a
        challenge, a turn about to time out); not saved: a restart starts the timers over."""
        self.idle_expired = False
        """The table ended because nobody acted for a long while (said on its last message)."""
        self.nobody_left = False
        """The table ended because no person was left playing (said on its last message)."""

    # -- as games come and go --------------------------------------------------------------------

    def first_game(self, first_series: bool) -> None:
        """The first game is on: the lobby's message becomes the table's, or, for a table with a
        thread, the game gets a message of its own there (the lobby stays as the card)."""
        if self.card_id is not None and first_series:
            self.message_id = None

    def next_game(self) -> None:
        """The next game was dealt: it gets a message of its own, and the last one is retired."""
        self.retired_message_id, self.message_id = self.message_id, None

    def to_lobby(self, first_series: bool, retired_as: str | None = None) -> None:
        """Back to a lobby: the last message loses its buttons (and says why it was retired, if
        ``retired_as``), and the lobby is shown where the table started (its card in the channel
        for a table whose first lobby was there)."""
        self.retired_as = retired_as
        if self.card_id is not None and first_series:
            self.retired_message_id, self.message_id = self.message_id, self.card_id
            self.card_shows = ""
        else:
            self.next_game()

    def moved(self) -> None:
        """The table resumes in another channel, itself, after its place went away: its
        messages there are posted anew (its old ones, and their calls, are left where they were)."""
        self.message_id = self.retired_message_id = self.card_id = None
        self.retired_as, self.card_shows, self.call = None, "", None

    def take_callouts(self) -> list[Notice]:
        """The callouts not yet said, oldest first; each is said once."""
        taken, self.callouts = self.callouts, []
        return taken

    # -- requests (bookkeeping nobody sees: saved, but nothing is redrawn) ----------------------------

    async def set_message(
        self, message_id: int, *, thread_id: int | None = None, no_thread: str | None = None
    ) -> None:
        """Remember the message now showing the table, so a restart edits the same one; a new
        table's lobby also remembers the thread started from it (the lobby is then its card), or
        why it has none."""

        def apply() -> None:
            self.message_id, self.opening = message_id, False
            if thread_id is not None:
                self._threaded(thread_id)
                self.card_id = message_id
                if self._phase() is not Phase.LOBBY:  # started while its thread was: it plays there
                    self.message_id = None
            if no_thread is not None:
                self.no_thread = no_thread
                if thread_id is None:
                    self._threaded(None)  # it plays in its channel after all

        await self._change(apply, shown=False)

    async def set_card(self, shows: str) -> None:
        """The card now shows ``shows`` ("playing", "final")."""

        def apply() -> None:
            self.card_shows = shows

        await self._change(apply, shown=False)

    async def forget_retired_message(self) -> None:
        """The previous game's message has lost its buttons."""

        def apply() -> None:
            self.retired_message_id, self.retired_as = None, None

        await self._change(apply, shown=False)

    async def set_call(self, call: Call | None) -> None:
        """Remember the call and its message, so a restart goes on with it."""

        def apply() -> None:
            self.call = call

        await self._change(apply, shown=False)

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Its part of the table's saved form (why the table ended is shown once and not saved)."""
        return {
            "message_id": self.message_id,
            "retired_message_id": self.retired_message_id,
            "retired_as": self.retired_as,
            "call": None if self.call is None else self.call.to_json(),
            "card_id": self.card_id,
            "card_shows": self.card_shows,
            "no_thread": self.no_thread,
        }

    def load(self, state: Mapping[str, Any]) -> None:
        """Put back what :meth:`to_json` saved (a call saved before calls was a "ping")."""
        self.message_id = state["message_id"]
        self.retired_message_id, self.retired_as = state["retired_message_id"], state.get("retired_as")
        call = state.get("call", state.get("ping"))
        self.call = None if call is None else Call.from_json(call)
        self.card_id, self.card_shows = state.get("card_id"), state.get("card_shows", "")
        self.no_thread = state.get("no_thread")
