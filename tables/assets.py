"""A Cover Your Assets table: its lobby, then a match of rounds to the goal, with AI seats, turn
timers, the match recorded, and the channel told whom a challenge waits for.

The table takes requests by user id, checks them against its phase and seats, and feeds the
engine (:mod:`engine.assets`), which decides what is legal; the cog only turns clicks into
requests and the table into messages. Lobby, seats, idle expiry, recording and AI driving are
:class:`SeatedTable`'s.

A round is what :class:`SeatedTable` calls a game, but the match is what has a winner, so the
match is what is rated (docs/rules.md, section 5): when a round ends the table shows its results,
and the next round is a chapter of the same rated game (its moves go on in the same log, its
replay steps through every round). The next round is dealt (for the next dealer, as the engine
wants) when a seated player presses "Next round", or by itself once the turn time has passed;
each round gets a message of its own, so the last one's results stay in the channel. When
someone's total wins the match the table records it once, under ``assets:<table>:match1``, each
seat's total as its score and every round's money in the record's options, then ends (``over``):
the order keeps a crash in between from losing the match. (Rounds recorded before matches were
rated whole kept their results, under ``assets:<table>:<round>``.)

Turn timers (:mod:`tables.turns`) watch the human the game waits for: the player whose turn it
is, or the one who must answer a challenge. At two thirds of the time they are called out in
the channel (a message that mentions them), and at the end the engine's timeout action is taken
for them: a discard of their least useful card, or giving up the challenge. A seat that cannot
answer a challenge (no matching card, no wild) gives up at once: waiting for it would only cost
time. Timed-out moves count as no one's activity, so a table whose players all left still ends
when it has been idle an hour.

Buttons on a private panel carry a *stamp*: the number of moves made so far when the panel was
drawn. A move from a panel that is out of date is refused, with the engine's own reason when the
move is impossible now (not your turn, a card no longer held, a set no longer open to a
challenge), and as stale when it would still be legal but the player has not seen the table as
it is. Nothing changes either way.
"""

import secrets
from collections.abc import Hashable, Mapping
from typing import Any, Final, final

from engine.assets.actions import Action, Deal, GiveUp, action_from_json, action_to_json
from engine.assets.ai import Choice, choose
from engine.assets.events import RoundDealt, RoundScored
from engine.assets.state import MAX_PLAYERS, MIN_PLAYERS, AssetsState, Stage, new_game
from engine.errors import IllegalAction, Reason
from tables.game_hooks import Finished, Wait, ranked
from tables.phases import Phase
from tables.turn_based import TurnBased
from words.assets import notices_for
from words.common import Notice

PLAY: Final = "play"
DEAL: Final = "deal"
"""The two kinds of moment a turn timer watches: a move in a round, the deal between rounds."""


@final
class AssetsTable(TurnBased[Action, AssetsState]):
    """One channel's Cover Your Assets: lobby, a match of rounds, AI seats, turn timers."""

    game = "assets"
    seats_allowed = (MIN_PLAYERS, MAX_PLAYERS)
    best_seats = 4
    saved_as = "match"
    """Saved as the match was dealt (the engine's saved game without its log): its rounds are
    moves of it."""
    rated_as = "match"

    def deal(self) -> None:
        self.begin(new_game(len(self.seats), seed=secrets.randbits(63)))

    def begin(self, state: AssetsState) -> None:
        """Play ``state`` (a match dealt, perhaps already under way) at this table from now on."""
        dealt = {key: value for key, value in state.to_json().items() if key != "log"}
        self.play_dealt(state, dealt, [action_to_json(action) for action in state.log])

    def require_playing(self) -> AssetsState:
        """The match, while a round is being played; a round that just ended is a moment passed."""
        if self.phase is Phase.RESULTS:
            raise IllegalAction(Reason.STALE, "the round is over")
        return super().require_playing()

    @property
    def decided(self) -> bool:
        return self.state is not None and self.state.outcome is not None

    # -- playing ---------------------------------------------------------------------------------

    def panel_stamp(self) -> str:
        """What a panel drawn now shows, for its buttons to carry: the number of moves so far
        (every move changes what somebody may do, and only one seat acts at a time)."""
        return str(len(self.require_state().log))

    def check_stamp(self, seat: int, stamp: str, action: Action) -> None:
        """A move still legal from a panel out of date is stale; an impossible one is refused
        with the engine's reason when it is applied (see the module's note)."""
        if stamp != self.panel_stamp() and action in self.require_state().legal_actions(seat):
            raise IllegalAction(Reason.STALE, "the panel is out of date")

    def apply_action(self, action: Action, lead: Notice | None = None) -> list[Notice]:
        """Apply a move, then any give-up it forces; say what happened (after ``lead``), and
        start or end rounds as the events say."""
        state = self.require_state()
        notices = [] if lead is None else [lead]
        while True:
            events = state.apply(action)
            self.moves.append(action_to_json(action))
            notices += notices_for(state, events)
            for event in events:
                if isinstance(event, RoundScored):
                    self.game_ended(rated=state.outcome is not None)
                elif isinstance(event, RoundDealt):
                    self.game_started(chapter=True)
            forced = self._forced_give_up()
            if forced is None:
                break
            assert state.duel is not None
            notices.append(Notice("no_answer", forced.seat, {"asset": state.duel.stake.asset.code}))
            action = forced
        self.notices.extend(notices)
        self._call_out_challenge()
        return notices

    def _forced_give_up(self) -> GiveUp | None:
        """A give-up for the seat a challenge waits for, if that is all it can do."""
        state = self.require_state()
        if state.stage is not Stage.CHALLENGE:
            return None
        seat = state.to_act()
        assert seat is not None
        give_up = GiveUp(seat)
        return give_up if state.legal_actions(seat) == [give_up] else None

    def _call_out_challenge(self) -> None:
        """Mention the person a challenge now waits for, in the channel."""
        state = self.require_state()
        duel = state.duel
        if duel is None or self.phase is not Phase.PLAYING:
            return
        seat = duel.answering
        if not self.seats[seat].is_ai:
            shower, card = duel.shown[-1]
            asset = duel.stake.asset.code
            self.message.callouts.append(
                Notice("answer", seat, {"other": shower, "card": card.code, "asset": asset})
            )

    # -- between rounds --------------------------------------------------------------------------

    def game_number(self) -> int:
        return self.require_state().round_number

    def deal_next(self) -> list[Notice]:
        state = self.require_state()
        if self.phase is not Phase.RESULTS or self.decided:
            raise IllegalAction(Reason.STALE, "that round is not the last one over")
        return self.apply_action(Deal(state.next_dealer()))

    async def after_save(self) -> None:
        """Once the match is recorded (with its last round), the table ends."""
        await super().after_save()
        if self.phase is Phase.RESULTS and self.decided:
            await self.change(self.book.series_over)

    def finished_game(self) -> Finished:
        """The match that just ended: each seat's total as its score, ranked by them; its winner
        won (none, for a match its people ended early). The options keep every round's money."""
        state = self.require_state()
        outcome = state.outcome
        totals = list(state.totals)
        return Finished(
            number=1,
            scores=totals,
            ranks=ranked(totals),
            won=() if outcome is None else (outcome.winner,),
            options={"rounds": [list(money) for money in state.rounds], "goal": state.goal, "totals": totals},
        )

    # -- turn timers -----------------------------------------------------------------------------

    def waits_for(self) -> Wait | None:
        """The seat a turn timer watches now and the moment it waits at: the human the round
        waits for, or between rounds the next dealer (whoever it is: the next round comes by
        itself); None when nobody is timed (an AI's move, the match over)."""
        state = self.state
        if state is None:
            return None
        seat = state.to_act()
        if seat is None:
            return None
        if self.phase is Phase.PLAYING and not self.seats[seat].is_ai:
            return Wait(seat, (PLAY, len(state.log)))
        if self.phase is Phase.RESULTS and not self.decided:
            return Wait(seat, (DEAL, len(state.log)))
        return None

    def warn(self, seat: int) -> None:
        """Two thirds of the time are gone: call the player out (a round's move only)."""
        if self.phase is not Phase.PLAYING:
            raise IllegalAction(Reason.STALE, "the next round comes by itself")
        code = "warn_answer" if self.require_state().stage is Stage.CHALLENGE else "warn_turn"
        self.message.callouts.append(Notice(code, seat, {"seconds": self.waits.seconds_left_at_warning()}))

    def time_out(self, seat: int) -> None:
        """The time is up: the engine's timeout move for the player, or the next round's deal."""
        state = self.require_state()
        if self.phase is Phase.RESULTS:
            self.deal_next()
            return
        action = state.timeout_action(seat)
        assert action is not None, "the game waits for the watched seat"
        self.apply_action(action, Notice("timed_out", seat))

    # -- AI seats --------------------------------------------------------------------------------

    def ai_inputs(self, seat: int) -> Hashable:
        return (self.phase, len(self.require_state().log))

    def ai_choice(self, seat: int) -> Choice | None:
        return choose(self.require_state(), seat, self.ai.level(seat), self.ai.rng(seat))

    # -- saving ----------------------------------------------------------------------------------

    def load_dealt(self, dealt: Mapping[str, Any]) -> AssetsState:
        return AssetsState.from_json({**dealt, "log": []})

    def replay_move(self, move: Mapping[str, Any]) -> None:
        self.require_state().apply(action_from_json(move))

    def replay_turn(self) -> Hashable:
        """The round: a match's replay goes from round to round, its chapters."""
        return self.require_state().round_number
