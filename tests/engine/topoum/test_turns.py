"""A turn's events gathered for the board picture: moves (clashes included), arrivals, removals,
new lines of sight with their points, and where one turn ends in a game's stream."""

import pytest

from engine.ai import Level
from engine.rng import Rng
from engine.topoum.actions import ChangeBase, EndMoves, Place
from engine.topoum.ai import TopoumAI
from engine.topoum.events import (
    BasePlaced,
    Event,
    GameEnded,
    LineOfSightScored,
    Loss,
    MoleEliminated,
    TurnBegan,
)
from engine.topoum.state import TopoumOptions, new_game
from engine.topoum.turns import Move, TurnSummary, last_turn, summarise, turns

from . import C, enter, h, step, table


def summary_of(play: list[Event]) -> TurnSummary:
    """A stacked table starts inside its turn, so its stream lacks the opening TurnBegan."""
    return summarise([TurnBegan(0, 1), *play])


def test_a_step_onto_an_enemy_mole_is_a_move_that_ended_in_a_clash() -> None:
    game = table("G7:0@0 H6:1@1 G4:0@0")
    summary = summary_of(step(game, "G7", "H6"))
    assert summary.moves == (Move(0, h("G7"), h("H6"), clash=True),)
    assert {(e.owner, e.hex) for e in summary.eliminated} == {(1, h("H6")), (0, h("G7"))}


def test_a_cards_move_onto_an_enemy_is_a_clash_too_and_the_entry_is_an_arrival() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.PATROL])
    summary = summary_of(enter(game, "G6", C.PATROL, "H6"))
    assert summary.placed == (h("G6"),)
    assert summary.changed == (h("G6"),)
    assert summary.moves == (Move(0, h("G6"), h("H6"), clash=True),)
    assert summary.cards[0].card is C.PATROL


def test_a_recruit_onto_an_enemy_is_no_move() -> None:
    game = table("G7:0@0 G8:1@1", hand=[C.NEW_RECRUIT])
    summary = summary_of(enter(game, "G6", C.NEW_RECRUIT, "G8"))
    assert summary.moves == ()
    assert summary.placed == (h("G6"), h("G8"))
    assert [(e.owner, e.hex, e.loss) for e in summary.eliminated] == [
        (1, h("G8"), Loss.CLASH),
        (0, h("G8"), Loss.CLASH),
    ]


def test_a_push_moves_every_mole_on_the_line_whoever_owns_it() -> None:
    game = table("G7:1@1 H7:1@1 I7:1 G8:0@0", hand=[C.PANIC_ATTACK])
    summary = summary_of(enter(game, "F7", C.PANIC_ATTACK, direction=0))
    assert summary.moves == (Move(1, h("H7"), h("I7")), Move(1, h("G7"), h("H7")))


def test_a_blast_removes_the_base_and_eliminates_the_mole() -> None:
    game = table("G7:0@0 H6:1@1 H7:1", hand=[C.GRENADE])
    summary = summary_of(enter(game, "G6", C.GRENADE, "H6"))
    assert summary.removed == (h("H6"),)
    assert [(e.owner, e.hex, e.loss) for e in summary.eliminated] == [(1, h("H6"), Loss.BLAST)]


def test_new_lines_of_sight_are_listed_with_their_points() -> None:
    game = table("G9:0@0 G8:0 G7:0 G6:0@0 G5:0")
    events = step(game, "G6", "G5")
    events += game.apply(ChangeBase(0))  # G5 flips to neutral: no colour point there
    events += game.apply(EndMoves(0))
    summary = summary_of(events)
    scored = [e for e in events if isinstance(e, LineOfSightScored)]
    assert summary.lines == tuple(scored) and len(scored) == 1
    assert set(scored[0].ends) == {h("G5"), h("G9")}
    assert summary.points == scored[0].points == 5 + 4  # five hexes, four of them in colour
    assert summary.moves == (Move(0, h("G6"), h("G5")),)
    assert summary.changed == (h("G5"),)


def test_summarise_needs_the_start_of_a_turn() -> None:
    with pytest.raises(ValueError, match="begin"):
        summarise([MoleEliminated(0, h("G7"), Loss.SHOT)])
    with pytest.raises(ValueError, match="begin"):
        summarise([])


# -- cutting a game's stream -----------------------------------------------------------------------


def test_each_setup_placement_is_finished_at_once() -> None:
    game = new_game(2, TopoumOptions(start_player=0), seed=3)
    events: list[Event] = []
    assert last_turn(events) is None
    first = game.legal_actions(0)[0]
    assert isinstance(first, Place)
    events += game.apply(first)
    summary = last_turn(events)
    assert summary is not None
    assert (summary.seat, summary.turn, summary.changed, summary.placed) == (0, None, (first.hex,), ())


def test_a_turn_in_progress_is_not_the_last_turn() -> None:
    game = new_game(2, TopoumOptions(start_player=1), seed=5)
    events: list[Event] = []
    while not any(isinstance(e, TurnBegan) for e in events):
        events += game.apply(game.legal_actions(game.current)[0])
    # The last setup placement (seat 0, base with a mole) came with the first turn's start.
    summary = last_turn(events)
    assert summary is not None and summary.turn is None and summary.seat == 0 and len(summary.placed) == 1
    ai = TopoumAI(Level.NORMAL, Rng.from_seed(1))
    while game.turn == 1:
        choice = ai.choose(game, game.current)
        assert choice is not None
        events += game.apply(choice.action)
    summary = last_turn(events)
    assert summary is not None and summary.turn == 1 and summary.seat == 1


def test_a_whole_game_cuts_into_its_setup_placements_and_turns() -> None:
    players = 3
    game = new_game(players, seed=11)
    ais = [TopoumAI(Level.NORMAL, Rng.from_seed(seat)) for seat in range(players)]
    events: list[Event] = []
    while game.outcome is None:
        choice = ais[game.current].choose(game, game.current)
        assert choice is not None
        events += game.apply(choice.action)
    cut = turns(events)
    setup = [turn for turn in cut if isinstance(turn[0], BasePlaced)]
    played = [turn for turn in cut if isinstance(turn[0], TurnBegan)]
    assert len(setup) == 2 * players and len(played) == game.turn
    assert sum(len(turn) for turn in cut) == len(events)
    summaries = [summarise(turn) for turn in played]
    assert [s.turn for s in summaries] == list(range(1, game.turn + 1))
    scored = sum(e.points for e in events if isinstance(e, LineOfSightScored))
    assert sum(s.points for s in summaries) == scored
    final = last_turn(events)
    assert final == summaries[-1] and isinstance(played[-1][-1], GameEnded)
