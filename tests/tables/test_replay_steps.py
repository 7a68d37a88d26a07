"""A replay's notes of a running game on their own: the moves at which the channel saw it, the
seats an AI played for their person as they changed, and what the store keeps when it ends."""

from __future__ import annotations

from tables.replay_steps import ReplaySteps

MOVES = [{"type": "add", "n": n} for n in range(6)]


def test_the_steps_are_the_moves_at_which_the_table_was_shown_with_the_first_and_the_last() -> None:
    steps = ReplaySteps()
    steps.new_log(0)
    for shown in (0, 2, 2, 1, 5):
        steps.shown_at(shown)
    assert steps.shown == [0, 2, 5], "a drawing of the same moment, or an older one, is no new step"
    kept = steps.kept_log({"phase": "results"}, MOVES, thread_id=7)
    assert kept.steps == (0, 2, 5, 6) and kept.moves == tuple(MOVES) and kept.thread_id == 7


def test_a_game_saved_before_steps_were_counted_steps_through_every_move() -> None:
    steps = ReplaySteps()
    steps.load({})
    assert steps.kept_log({}, MOVES[:3], None).steps == (0, 1, 2, 3)


def test_the_next_round_of_a_match_begins_its_replay_where_its_moves_begin() -> None:
    steps = ReplaySteps()
    steps.new_log(0)
    steps.shown_at(1)
    steps.game_dealt(4)
    steps.shown_at(5)
    assert steps.kept_log({}, MOVES, None).steps == (4, 5, 6)


def test_changes_of_the_seats_stood_in_for_are_noted_once_per_move() -> None:
    steps = ReplaySteps()
    steps.new_log(0b10)
    steps.stood_changed(3, 0b11)
    steps.stood_changed(3, 0b01)
    steps.stood_changed(4, 0)
    assert steps.stood_changes == [[0, 0b10], [3, 0b01], [4, 0]]
    again = ReplaySteps()
    again.load(steps.to_json())
    assert (again.stood_changes, again.shown, again.first_move) == (steps.stood_changes, [], 0)
