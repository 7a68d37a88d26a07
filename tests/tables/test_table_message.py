"""A table's messages on their own: which message shows the table as games come and go, its
card in the channel, the thread a lobby started, the callouts said once, and its saved part."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from tables.attention import Call
from tables.phases import Phase
from tables.table_message import TableMessage
from words.common import Notice

T = TypeVar("T")


class Around:
    def __init__(self) -> None:
        self.phase = Phase.LOBBY
        self.thread: int | None = None
        self.message = TableMessage(change=self.change, phase=lambda: self.phase, threaded=self.threaded)

    async def change(self, apply: Callable[[], T], *, by_ai: bool = False, shown: bool = True) -> T:
        assert not shown, "remembering a message redraws nothing"
        return apply()

    def threaded(self, thread_id: int) -> None:
        self.thread = thread_id


async def test_a_lobby_with_a_thread_becomes_its_card_and_its_game_gets_a_message_there() -> None:
    around = Around()
    message = around.message
    await message.set_message(500)
    await message.set_message(500, thread_id=900)
    assert (message.message_id, message.card_id, around.thread) == (500, 500, 900)
    message.first_game(first_series=True)
    assert message.message_id is None, "the game is posted in the thread; the lobby stays as the card"
    await message.set_message(501)
    message.next_game()
    assert (message.message_id, message.retired_message_id) == (None, 501)
    await message.forget_retired_message()
    assert message.retired_message_id is None


async def test_a_thread_started_after_the_game_did_leaves_the_game_to_be_posted_there() -> None:
    around = Around()
    await around.message.set_message(500)
    around.phase = Phase.PLAYING
    await around.message.set_message(500, thread_id=900)
    assert (around.message.message_id, around.message.card_id) == (None, 500)


async def test_back_to_the_first_lobby_it_shows_on_the_card_and_later_lobbies_get_a_message() -> None:
    message = Around().message
    await message.set_message(500, thread_id=900)
    await message.set_message(501)
    await message.set_card("playing")
    message.to_lobby(first_series=True)
    assert (message.message_id, message.retired_message_id, message.card_shows) == (500, 501, "")
    await message.set_message(502)
    message.to_lobby(first_series=False)
    assert (message.message_id, message.retired_message_id) == (None, 502)


def test_callouts_are_taken_once_in_order() -> None:
    message = Around().message
    message.callouts += [Notice("answer", 1), Notice("warn_turn", 1)]
    assert message.take_callouts() == [Notice("answer", 1), Notice("warn_turn", 1)]
    assert message.take_callouts() == []


async def test_its_saved_part_comes_back_and_a_call_saved_as_a_ping_loads() -> None:
    message = Around().message
    await message.set_message(500, thread_id=900, no_thread=None)
    await message.set_call(Call(11, "turn 3", 1000.0, 77))
    again = Around().message
    again.load(message.to_json())
    assert again.to_json() == message.to_json()
    old = {"message_id": 5, "retired_message_id": None, "ping": Call(11, "m", 1.0).to_json()}
    before = Around().message
    before.load(old)
    assert before.call == Call(11, "m", 1.0) and (before.card_id, before.card_shows, before.no_thread) == (
        None,
        "",
        None,
    )
