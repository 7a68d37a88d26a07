"""Who plays each seat of a table: its people and AI seats, and the AI stand-ins that play for
people who drifted away (:mod:`tables.stand_ins`).

A person may leave a running game (their panel's Leave game), or be absent when the table timed
them out: an AI then plays their seat, a *stand-in*. An absent person gets their seat back by
pressing anything on their panel (:meth:`Seating.back`); a seat whose person left stays the AI's
until the host hands it to another member, who accepts it (:meth:`Seating.offer_seat`,
:meth:`Seating.take_seat`). Every move made for a person is counted for the game's record.

A game counts for the seats as it was dealt (:meth:`Seating.counted`): a member who takes a seat
over in the middle of a game plays it to the end but is not rated for that game, which counts
for the person it was dealt to, last, as they were told when they left (docs/rules.md); the
next game is theirs.

The seats themselves are the lobby's (their order is the game's seat numbers). Seating's
requests are changes of its table (the ``change`` it is given), so they are decided under the
table's lock and saved like any other; what they say goes to the table's notices.
"""

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import IllegalAction, Reason
from tables.errors import Refusal, Refused
from tables.lobby import Lobby, Seat, seat_of
from tables.phases import RUNNING, Phase
from tables.stand_ins import SeatOffer, StandIn, Why, stand_in_level
from tables.table import Change
from words.common import Notice


class Seating:
    """The seats of one table and who plays them; see the module's note."""

    def __init__(
        self,
        lobby: Lobby,
        notices: deque[Notice],
        *,
        change: Change,
        phase: Callable[[], Phase],
        now: Callable[[], float],
        stood: Callable[[], None],
        emptied: Callable[[], None],
    ) -> None:
        """``stood`` is called whenever the seats an AI plays for their person change (a replay
        names them as the channel saw them), ``emptied`` when no person is left playing (the
        table then ends)."""
        self.lobby = lobby
        self._notices = notices
        self._change = change
        self._phase = phase
        self._now = now
        self._stood = stood
        self._emptied = emptied
        self.stand_ins: dict[int, StandIn] = {}
        """The seats an AI plays for their person, by seat."""
        self.stood_in: dict[int, int] = {}
        """Moves made for each seat's person in the running game (by a stand-in or a timer)."""
        self.timed_in_row: dict[int, int] = {}
        """Turns in a row a turn timer played for each seat's person."""
        self.acted: set[int] = set()
        """The people who pressed their panel since the running game was dealt."""
        self.pressed_at: dict[int, float] = {}
        """When each person last pressed their panel, or could first play (clock seconds; not
        saved: after a restart everyone starts afresh)."""
        self.offer: SeatOffer | None = None
        """The seat the host last offered to a member, until it is taken."""
        self.dealt: list[Seat] = list(lobby.seats)
        """The seats as the running game was dealt: whom it counts for (see :meth:`counted`)."""

    @property
    def seats(self) -> list[Seat]:
        return self.lobby.seats

    # -- who is where ----------------------------------------------------------------------------

    def seat_of(self, user_id: int) -> int | None:
        """The seat of ``user_id``, unless they left it."""
        seat = seat_of(self.seats, user_id)
        return None if seat is None or self.left(seat) else seat

    def require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise IllegalAction(Reason.NOT_SEATED)
        return seat

    def require_member(self, user_id: int) -> None:
        """Seated players, and the host (who may watch a table of AI seats), steer the series."""
        if user_id != self.lobby.host_id:
            self.require_seat(user_id)

    def left(self, seat: int) -> bool:
        """Whether the person of ``seat`` left the game (an AI plays it until it is handed on)."""
        stand_in = self.stand_ins.get(seat)
        return stand_in is not None and stand_in.why is Why.LEFT

    def plays_for(self, seat: int) -> bool:
        """Whether an AI plays ``seat``: an AI seat, or a person's seat stood in for."""
        return self.seats[seat].is_ai or seat in self.stand_ins

    def people(self) -> set[int]:
        """The people seated (AI seats have no say, nor does a person who left)."""
        return {
            seat.user_id
            for number, seat in enumerate(self.seats)
            if seat.user_id is not None and not self.left(number)
        }

    def playing(self) -> set[int]:
        """The people seated who play their seat themselves (not stood in for)."""
        return {
            seat.user_id
            for number, seat in enumerate(self.seats)
            if seat.user_id is not None and number not in self.stand_ins
        }

    def handable(self) -> list[int]:
        """The seats the host may hand to a member now: AI seats, and seats an AI plays for a
        person, while a game runs."""
        if self._phase() not in RUNNING:
            return []
        return [seat for seat in range(len(self.seats)) if self.plays_for(seat)]

    def counted(self, seat: int) -> Seat:
        """Whom the running game counts for at ``seat``: whoever sat there when it was dealt."""
        return self.dealt[seat] if seat < len(self.dealt) else self.seats[seat]

    def away(self, seat: int) -> bool:
        """Whether the person the game counts for at ``seat`` is away from it: an AI plays for
        them, or another member took their seat over (either way they count last)."""
        counted = self.counted(seat)
        return not counted.is_ai and (seat in self.stand_ins or counted != self.seats[seat])

    def stood_seats(self) -> int:
        """The seats an AI plays for their person, a bit each (as a replay keeps them)."""
        return sum(1 << seat for seat in self.stand_ins)

    # -- changes made inside a change of the table --------------------------------------------------

    def stand_in(self, seat: int, why: Why) -> None:
        """An AI at the table's level plays ``seat`` for its person from now on; a table with no
        person left playing ends."""
        levels = [other.ai_level for other in self.seats if other.ai_level is not None]
        self.stand_ins[seat] = StandIn(why, stand_in_level(levels))
        self._stood()
        self.timed_in_row.pop(seat, None)
        self._notices.append(Notice(f"seat_{why.value}", seat, {"name": self.seats[seat].name}))
        if not self.playing():
            self._emptied()

    def moved_for(self, seat: int) -> None:
        """A move was made for ``seat``'s person (by its stand-in or a turn timer)."""
        if not self.seats[seat].is_ai:
            self.stood_in[seat] = self.stood_in.get(seat, 0) + 1

    def timed_out(self, seat: int) -> int:
        """A turn timer played for ``seat``'s person: counted, and how many turns in a row."""
        self.moved_for(seat)
        self.timed_in_row[seat] = self.timed_in_row.get(seat, 0) + 1
        return self.timed_in_row[seat]

    def new_game(self) -> None:
        """A game was dealt: it counts for the seats as they are, nobody has acted in it, nothing
        was played for anyone yet."""
        self.dealt = list(self.seats)
        self.stood_in, self.acted = {}, set()
        self.pressed_at.clear()

    def empty(self) -> None:
        """Back to a lobby: nobody stood in for, nothing offered, nothing counted."""
        self.stand_ins, self.stood_in, self.timed_in_row, self.acted = {}, {}, {}, set()
        self.offer = None

    def pressed_by(self, user_id: int) -> bool:
        """``user_id`` pressed their panel: they have acted in this game, a turn timer
        counts their timed turns afresh; and whether an AI stands in for them (the table must
        then give their seat back, :meth:`back`). Called outside a change: what it notes is saved
        with the press's own change."""
        seat = self.seat_of(user_id)
        if seat is None:
            return False
        self.acted.add(user_id)
        self.pressed_at[user_id] = self._now()
        self.timed_in_row.pop(seat, None)
        return seat in self.stand_ins

    def oldest_press(self) -> tuple[float, int] | None:
        """When the person playing who pressed their panel longest ago did, and their seat (a
        person not seen yet counts from now, on the table's clock)."""
        now = self._now()
        present = [
            (self.pressed_at.setdefault(user, now), seat)
            for seat, user in enumerate(seat.user_id for seat in self.seats)
            if user is not None and seat not in self.stand_ins
        ]
        return min(present, default=None)

    # -- requests --------------------------------------------------------------------------------

    async def leave_game(self, user_id: int) -> None:
        """``user_id`` leaves the running game: an AI plays their seat, which the host may hand
        to another member; they count as finishing last (:mod:`tables.stand_ins`)."""

        def apply() -> None:
            seat = self.require_seat(user_id)
            phase = self._phase()
            if phase not in RUNNING:
                raise IllegalAction(Reason.NOT_STARTED if phase is Phase.LOBBY else Reason.GAME_OVER)
            self.stand_in(seat, Why.LEFT)

        await self._change(apply)

    async def back(self, user_id: int) -> None:
        """An absent person is back: their seat is theirs again."""

        def apply() -> None:
            seat = self.seat_of(user_id)
            if seat is not None and self.stand_ins.pop(seat, None) is not None:
                self._stood()
                for said in [n for n in self._notices if n.code == "seat_absent" and n.player == seat]:
                    self._notices.remove(said)  # "is away" is over: only "is back" is true now
                self._notices.append(Notice("seat_back", seat, {"name": self.seats[seat].name}))

        await self._change(apply)

    def _check_newcomer(self, user_id: int, seat: int) -> None:
        """``user_id`` may take ``seat``: they sit nowhere else at this table (the seat they
        left, handed back to them, is theirs again)."""
        if seat not in self.handable():
            raise IllegalAction(Reason.STALE, "that seat is played by a person")
        if seat_of(self.seats, user_id) not in (None, seat) or self.seat_of(user_id) is not None:
            raise Refused(Refusal.ALREADY_SEATED)

    async def offer_seat(self, user_id: int, seat: int, member: int) -> None:
        """The host offers ``seat`` to ``member`` (who accepts with :meth:`take_seat`); a new
        offer replaces the last."""

        def apply() -> None:
            self.lobby.check_host(user_id)
            self._check_newcomer(member, seat)
            self.offer = SeatOffer(seat, member)

        await self._change(apply, shown=False)

    async def offer_posted(self, seat: int, member: int, message_id: int) -> None:
        """The offer of ``seat`` to ``member`` was posted as ``message_id`` (if it still holds)."""

        def apply() -> None:
            if self.offer is not None and self.offer.offers(seat, member):
                self.offer = SeatOffer(seat, member, message_id)

        await self._change(apply, shown=False)

    async def take_seat(self, user_id: int, name: str, seat: int) -> None:
        """``user_id`` accepts the host's offer of ``seat``: it is theirs from the next move on,
        the cards it holds included. In the middle of a game the game still counts for whom it
        was dealt to, and the notice says so."""

        def apply() -> None:
            if self.offer is None or not self.offer.offers(seat, user_id):
                raise IllegalAction(Reason.STALE, "the offer was withdrawn")
            self._check_newcomer(user_id, seat)
            self.seats[seat] = Seat(user_id, name)
            self.stand_ins.pop(seat, None)
            self._stood()
            self.timed_in_row.pop(seat, None)
            self.offer = None
            counted = self.counted(seat)
            if self._phase() is Phase.PLAYING and counted != self.seats[seat]:
                over = {"name": name, "counted": counted.name or ""}
                self._notices.append(Notice("seat_taken_over", seat, over))
            else:
                self._notices.append(Notice("seat_taken", seat, {"name": name}))

        await self._change(apply)

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Its part of the table's saved form (the keys every seated table has always saved)."""
        return {
            "stand_ins": {str(seat): stand_in.to_json() for seat, stand_in in self.stand_ins.items()},
            "stood_in": {str(seat): moves for seat, moves in self.stood_in.items()},
            "timed_in_row": {str(seat): turns for seat, turns in self.timed_in_row.items()},
            "acted": sorted(self.acted),
            "offer": None
            if self.offer is None
            else [self.offer.seat, self.offer.user_id, self.offer.message_id],
            "dealt_seats": [seat.to_json() for seat in self.dealt],
        }

    def load(self, state: Mapping[str, Any]) -> None:
        """Put back what :meth:`to_json` saved; a table saved before people could drift away has
        nobody stood in for and nothing offered."""
        self.stand_ins = {
            int(seat): StandIn.from_json(data) for seat, data in state.get("stand_ins", {}).items()
        }
        self.stood_in = {int(seat): moves for seat, moves in state.get("stood_in", {}).items()}
        self.timed_in_row = {int(seat): turns for seat, turns in state.get("timed_in_row", {}).items()}
        self.acted = set(state.get("acted", []))
        offer = state.get("offer")
        self.offer = None if offer is None else SeatOffer(*offer)
        # Saved before seats were counted as dealt: as they are (no seat was taken over since).
        self.dealt = [Seat.from_json(seat) for seat in state.get("dealt_seats", [])] or list(self.seats)
