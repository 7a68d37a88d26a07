"""Each game's panel ids are written and read by one codec: every move a seat may make in games
played at random reads back as the move it was written for, and a malformed id is stale."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs import assets_ids, spit_ids, topoum_ids, toppo_ids
from engine.assets.actions import Deal
from engine.assets.state import new_game as new_assets
from engine.errors import IllegalAction, Reason
from engine.spit import new_game as new_spit
from engine.spit import new_speed_game
from engine.toppo.actions import CallTop, ChooseDisplaySize, Match
from engine.toppo.series import Series

STAMP = "12"


def legal_moves(state: Any, seats: int, steps: int, seed: int) -> list[Any]:
    """Every legal action of every seat at each of ``steps`` moments of a game played at random."""
    rng = random.Random(seed)
    seen: list[Any] = []
    for _ in range(steps):
        legal = [action for seat in range(seats) for action in state.legal_actions(seat)]
        if not legal:
            break
        seen += legal
        state.apply(rng.choice(legal))
    return seen


GAMES: dict[str, Callable[[int], list[Any]]] = {
    "assets": lambda seed: legal_moves(new_assets(3, seed=seed), 3, 60, seed),
    "toppo": lambda seed: legal_moves(Series(3, seed), 3, 60, seed),
    "spit": lambda seed: legal_moves(new_spit(2, seed=seed), 2, 60, seed),
    "speed": lambda seed: legal_moves(new_speed_game(2, seed=seed), 2, 60, seed),
}


def round_trip(game: str, move: Any) -> Any:
    """``move`` written as its panel button's custom id, and read back."""
    if game == "assets":
        action, value = assets_ids.move_id(move)
        stamp, read = assets_ids.read_move(move.seat, action, assets_ids.with_stamp(STAMP, value))
    elif game == "toppo":
        action, arg = toppo_ids.move_id(STAMP, move)
        stamp, read = toppo_ids.read_move(move.seat, action, arg)
    else:
        action, arg = spit_ids.move_id(STAMP, move)
        stamp, read = spit_ids.read_move(move.seat, action, arg)
    assert stamp == STAMP
    return read


@pytest.mark.parametrize("game", list(GAMES))
@given(seed=st.integers(0, 2**32))
def test_every_move_a_panel_offers_reads_back_as_itself(game: str, seed: int) -> None:
    for move in GAMES[game](seed):
        if isinstance(move, Deal | ChooseDisplaySize | CallTop | Match):  # the table's, or an AI's
            continue
        assert round_trip(game, move) == move


@pytest.mark.parametrize(
    ("read", "arg"),
    [
        (lambda arg: assets_ids.read_move(0, "pair", arg), "12.zz"),
        (lambda arg: assets_ids.read_move(0, "chal", arg), "12.x.si"),
        (lambda arg: toppo_ids.read_move(0, "match", arg), "12.25"),
        (lambda arg: toppo_ids.read_move(0, "match", arg), "12"),
        (lambda arg: toppo_ids.read_move(0, "top", arg), "12.1"),
        (lambda arg: spit_ids.read_move(0, "hand", arg), "12.999.0"),
        (lambda arg: spit_ids.read_move(0, "play", arg), "12.a.0"),
        (topoum_ids.read_path, "12-3"),
        (topoum_ids.read_path, "12.1.x"),
    ],
)
def test_a_malformed_id_is_stale(read: Callable[[str], object], arg: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        read(arg)
    assert caught.value.reason is Reason.STALE


@given(stamp=st.from_regex(r"[0-9a-z]{1,6}", fullmatch=True), path=st.lists(st.integers(0, 40), max_size=8))
def test_a_topoum_path_reads_back_as_itself(stamp: str, path: Sequence[int]) -> None:
    assert topoum_ids.read_path(topoum_ids.path_arg(stamp, path)) == (stamp, tuple(path))
