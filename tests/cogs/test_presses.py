"""The press budget and the replay memory of cogs/presses.py, on a clock of their own."""

from cogs.presses import BURST, REFILL_PER_SECOND, REPLAY_WINDOW, PressBudget, SeenInteractions


def test_a_burst_goes_through_and_the_press_after_it_is_slowed_down() -> None:
    budget = PressBudget()
    assert all(budget.admit(1, 100.0) for _ in range(BURST))
    assert not budget.admit(1, 100.0)
    assert budget.admit(2, 100.0), "another member has an allowance of their own"
    assert budget.admit(1, 100.0 + 1.5 / REFILL_PER_SECOND), "it comes back with time"


def test_a_person_pressing_as_fast_as_people_do_is_never_slowed_down() -> None:
    budget = PressBudget()
    assert all(budget.admit(1, n / (REFILL_PER_SECOND - 1)) for n in range(1000))


def test_a_flood_gets_through_at_the_refill_rate() -> None:
    budget = PressBudget()
    admitted = sum(budget.admit(1, n / 100) for n in range(1000))  # 100 a second for 10 s
    assert admitted <= BURST + 10 * REFILL_PER_SECOND + 1


def test_an_interaction_id_is_new_once() -> None:
    seen = SeenInteractions()
    assert seen.first_time(7, 0.0)
    assert not seen.first_time(7, REPLAY_WINDOW / 2)
    assert seen.first_time(8, REPLAY_WINDOW / 2)
