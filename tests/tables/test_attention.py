"""When a table calls the person it waits for (:func:`tables.attention.plan`): after their grace,
once per wait, edited (never deleted) when the wait is over, never after the table ended."""

from tables.attention import Call, Plan, plan

WAIT = (7, "turn 3")


def test_a_new_wait_is_called_only_once_its_grace_has_passed() -> None:
    step = plan(None, WAIT, None, now=100.0, grace=20.0, wanted=True)
    assert step == Plan(Call(7, "turn 3", 100.0), check_at=120.0)
    assert plan(step.call, WAIT, None, now=119.0, grace=20.0, wanted=True).check_at == 120.0
    due = plan(step.call, WAIT, None, now=120.0, grace=20.0, wanted=True)
    assert due.post and not due.edit and due.close is None


def test_a_called_wait_is_never_called_again_and_is_edited_when_it_says_more() -> None:
    called = Call(7, "turn 3", 100.0, message_id=55)
    again = plan(called, WAIT, None, now=500.0, grace=20.0, wanted=True)
    assert not again.post and not again.edit and again.check_at is None
    warned = plan(called, WAIT, "<@7> 10 seconds left", now=500.0, grace=20.0, wanted=True)
    assert warned.edit and not warned.post and warned.call is not None
    assert warned.call.says == "<@7> 10 seconds left"


def test_a_wait_that_ended_closes_its_message_and_one_never_called_leaves_nothing() -> None:
    called = Call(7, "turn 3", 100.0, message_id=55)
    moved_on = plan(called, (8, "turn 4"), None, now=130.0, grace=20.0, wanted=True)
    assert moved_on.close == called and moved_on.call == Call(8, "turn 4", 130.0)
    quiet = plan(Call(7, "turn 3", 100.0), (7, "turn 4"), None, now=105.0, grace=20.0, wanted=True)
    assert quiet.close is None and quiet.call == Call(7, "turn 4", 105.0), "they acted: a new wait"


def test_nobody_is_called_after_the_table_ended_and_its_last_call_is_closed() -> None:
    called = Call(7, "turn 3", 100.0, message_id=55)
    ended = plan(called, None, None, now=500.0, grace=0.0, wanted=True)
    assert ended == Plan(None, close=called)
    assert plan(None, None, "<@7> answer", now=500.0, grace=0.0, wanted=True) == Plan(None)


def test_someone_who_turned_pings_off_gets_no_message() -> None:
    step = plan(None, WAIT, "<@7> answer the challenge", now=100.0, grace=0.0, wanted=False)
    assert not step.post and step.check_at is None


def test_a_table_saved_with_an_old_ping_closes_it() -> None:
    old = Call.from_json([7, 55])
    assert plan(old, WAIT, None, now=1.0, grace=20.0, wanted=True).close == old
    assert Call.from_json(Call(7, "m", 1.5, 9, "a", "a").to_json()) == Call(7, "m", 1.5, 9, "a", "a")


def test_a_persons_grace_runs_from_their_absence_however_the_wait_moves_between_people() -> None:
    """Carla has not pressed since 95; the table waits for her, then for Bruno's restart, then
    for her again: her call is due at 95 + her grace, not 20 s after each return (the AI plays
    for her at 95 + the absence limit, and she must be mentioned before)."""
    first = plan(None, (7, "idle 95"), None, now=100.0, grace=20.0, wanted=True, since=95.0)
    assert first.check_at == 115.0
    bruno = plan(first.call, (8, "restart 2"), None, now=105.0, grace=20.0, wanted=True, since=104.0)
    assert bruno.call == Call(8, "restart 2", 104.0) and bruno.close is None, "Carla was never mentioned"
    back = plan(bruno.call, (7, "idle 95"), None, now=112.0, grace=20.0, wanted=True, since=95.0)
    assert back.call == Call(7, "idle 95", 95.0) and back.check_at == 115.0
    assert plan(back.call, (7, "idle 95"), None, now=115.0, grace=20.0, wanted=True, since=95.0).post


def test_an_absence_said_to_begin_later_than_now_begins_now() -> None:
    assert plan(None, WAIT, None, now=100.0, grace=20.0, wanted=True, since=130.0).check_at == 120.0
