"""A Topoum table: its lobby (with the battle deck as an option), one game with AI seats and turn
timers, and its result.

The table takes requests by user id, checks them against its phase and seats, and feeds the
engine; the cog only turns clicks into requests and the table into messages. Lobby, seats, idle
expiry, recording and AI driving are :class:`SeatedTable`'s.

**A turn on a panel.** A player's choices are kept on the panel's side as a *path* through the
engine's menus (:mod:`engine.topoum.steps`); only a whole step of the turn is sent to the game,
all at once (:meth:`TopoumTable.play`). The path travels in the panel's components with a
*stamp* (how many steps the game has taken), so a menu drawn before the game moved on is refused
as stale and changes nothing, and every step of a path is on the engine's menu when it is
replayed.

**Time.** A seat's turn has a timer (:class:`~tables.turn_based.TurnBased`): a warning, then the
engine's timeout action (a pass, or stopping Move moles) for a player who is away. AI seats think
off the event loop (:mod:`tables.thinking`): a hard AI's step copies at most 4,000 states, its
work budget in :mod:`engine.topoum.ai`, about half a second of CPU; they act one step at a time,
at least :data:`AI_STEP_PAUSE` apart, so people can follow them on the board.
"""

import secrets
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Final, final

from engine.errors import IllegalAction, Reason
from engine.topoum.actions import Action, action_from_json, action_to_json
from engine.topoum.ai import TopoumAI, think
from engine.topoum.cards import BATTLE_TYPES, CardType, check_card_types
from engine.topoum.events import Event
from engine.topoum.state import MAX_PLAYERS, MIN_PLAYERS, TopoumOptions, TopoumState, new_game
from engine.topoum.steps import Menu, menu_after
from engine.topoum.turns import TurnSummary, last_turn
from tables.game_hooks import Finished, Wait, ranked
from tables.lobby import Lobby
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.stamps import base36
from tables.thinking import Thinker, Thought
from tables.turn_based import TurnBased
from words.common import Notice
from words.topoum import notices_for

AI_STEP_PAUSE: Final = 1.0
"""The least time, in seconds, between an AI seat's steps (the engine's AI may ask for more)."""


@final
class TopoumTable(TurnBased[Action, TopoumState]):
    """One channel's Topoum: lobby (with the deck option), one game, AI seats, turn timers."""

    game = "topoum"
    seats_allowed = (MIN_PLAYERS, MAX_PLAYERS)
    best_seats = 3
    plays_series = False
    card_types: tuple[CardType, ...] | None = None
    """The battle deck the host picked in the lobby; None: drawn at random."""

    def __init__(self, registry: TableRegistry, **table: Any) -> None:
        super().__init__(registry, **table)
        self.events: list[Event] = []
        """Every event of the game, in order (the board picture highlights the last turn)."""
        self.thinker: Thinker[Action, TopoumState, TopoumAI] = Thinker(
            self,
            think,
            TopoumAI,
            clone=TopoumState.clone,
            moment=lambda state: len(state.log),
            pause=AI_STEP_PAUSE,
        )
        """The AI seats, thinking off the event loop; a moment is a number of steps taken."""

    # -- the lobby's option ----------------------------------------------------------------------

    async def choose_deck(self, user_id: int, types: Sequence[str] | None) -> None:
        """The host picks the battle deck (``types`` by their stable names), or None for a deck
        drawn at random when the game starts. :class:`BadDeck` if it breaks the rule."""

        def apply(lobby: Lobby) -> None:
            lobby.check_host(user_id)
            if types is None:
                self.card_types = None
                return
            try:
                cards = [CardType(name) for name in types]
            except ValueError as error:
                raise IllegalAction(Reason.BAD_OPTION, str(error)) from error
            if CardType.PEACE in cards:
                raise IllegalAction(Reason.BAD_OPTION, "Peace is not a battle card")
            check_card_types(cards)
            self.card_types = tuple(card for card in BATTLE_TYPES if card in cards)

        await self.in_lobby(apply)

    # -- the game ----------------------------------------------------------------------------------

    def deal(self) -> None:
        self.begin(new_game(len(self.seats), TopoumOptions(card_types=self.card_types), secrets.randbits(63)))

    def begin(self, state: TopoumState) -> None:
        """Play ``state`` (dealt, nothing applied yet) at this table from now on."""
        if state.log:
            raise ValueError("a game begins before its first step")
        self.events = []
        self.play_dealt(state, state.to_json())

    def last_turn(self) -> TurnSummary | None:
        """The last finished turn (or setup placement), for the board picture's highlights."""
        return last_turn(self.events)

    def stamp(self) -> str:
        """The moment the game is at, for a panel's components to carry."""
        return base36(len(self.require_state().log))

    def menu(self, seat: int, stamp: str, path: Sequence[int] = ()) -> Menu:
        """What ``seat``'s panel offers after the choices ``path``, drawn at ``stamp``.

        ``IllegalAction``: GAME_OVER or NOT_STARTED outside play, NOT_YOUR_TURN for another
        seat's turn, STALE if the game moved on since ``stamp`` or the path is not a path of
        choices at this moment.
        """
        state = self.require_playing()
        if state.current != seat:
            raise IllegalAction(Reason.NOT_YOUR_TURN)
        if stamp != self.stamp():
            raise IllegalAction(Reason.STALE, "the game moved on")
        return menu_after(state, seat, path)

    async def play(self, user_id: int, stamp: str, path: Sequence[int]) -> list[Notice]:
        """Confirm a panel's choices: a whole step of the player's turn, applied at once."""

        def apply() -> list[Notice]:
            seat = self.seating.require_seat(user_id)
            menu = self.menu(seat, stamp, path)
            if not menu.complete:
                raise IllegalAction(Reason.NOT_ALLOWED, "not a whole step of the turn")
            return self._apply_all(menu.chosen)

        return await self.change(apply)

    def _apply_all(self, actions: Sequence[Action]) -> list[Notice]:
        """Apply ``actions`` to the game as one change: all of them, or (on a refusal) none."""
        state = self.require_state()
        after = state.clone()
        events = [event for action in actions for event in after.apply(action)]
        self.state = after
        self.moves += [action_to_json(action) for action in actions]
        self.events += events
        notices = notices_for(after, events)
        self.notices.extend(notices)
        if after.outcome is not None:
            self.game_ended()
            self.book.series_over()
        return notices

    def deal_next(self) -> list[Notice]:
        raise IllegalAction(Reason.GAME_OVER, "a table plays one game of Topoum")

    def forget_games(self) -> None:
        """Play again: no thought about the last game's moments carries over."""
        self.thinker.forget()

    # -- turn timers -------------------------------------------------------------------------------

    def waits_for(self) -> Wait | None:
        """The person whose turn it is, at the game's step (None while an AI seat plays)."""
        state = self.state
        if self.phase is not Phase.PLAYING or state is None or state.outcome is not None:
            return None
        return None if self.seats[state.current].is_ai else Wait(state.current, len(state.log))

    def warn(self, seat: int) -> None:
        self.notices.append(Notice("hurry", seat, {"seconds": self.waits.seconds_left_at_warning()}))

    def time_out(self, seat: int) -> None:
        """Act for an absent player: the engine's timeout actions until their turn is over."""
        actions: list[Action] = []
        after = self.require_state().clone()
        while after.outcome is None and after.current == seat:
            action = after.timeout_action(seat)
            if action is None:
                break
            after.apply(action)
            actions.append(action)
        self.notices.append(Notice("timed_out", seat))
        self._apply_all(actions)

    # -- AI seats ----------------------------------------------------------------------------------

    def ai_inputs(self, seat: int) -> Hashable:
        return (self.phase, *self.thinker.inputs(seat, self.require_state()))

    def ai_choice(self, seat: int) -> Thought[Action] | None:
        """The seat's thought about this moment, once it has one (see :class:`Thinker`)."""
        state = self.require_state()
        if state.outcome is not None or state.current != seat:
            return None
        return self.thinker.choice(seat, state)

    def apply_action(self, action: Action) -> list[Notice]:
        if self.require_playing().current != action.seat:
            raise IllegalAction(Reason.NOT_YOUR_TURN)
        return self._apply_all([action])

    # -- the result --------------------------------------------------------------------------------

    def finished_game(self) -> Finished:
        """The finished game: badges as each seat's score, colour bases breaking ties."""
        state = self.require_state()
        outcome = state.outcome
        assert outcome is not None, "a result is recorded once the game has ended"
        return Finished(
            number=1,
            scores=outcome.badges,
            ranks=ranked(list(zip(outcome.badges, outcome.colour_bases, strict=True))),
            won=outcome.winners,
            options={
                "card_types": [str(card) for card in state.card_types],
                "farmer": state.farmer and str(state.farmer),
                "start_player": state.start_player,
                "colour_bases": list(outcome.colour_bases),
            },
        )

    # -- saving ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The lobby's deck is saved too."""
        card_types = None if self.card_types is None else [str(card) for card in self.card_types]
        return {**super().to_json(), "card_types": card_types}

    def restore(self, saved: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> None:
        """The lobby's deck, and the game replayed step by step (keeping its events, so the board
        picture highlights the last turn as before)."""
        types = saved["card_types"]
        self.card_types = None if types is None else tuple(CardType(name) for name in types)
        if (game := saved["game"]) is not None and "dealt" not in game:
            saved = {**saved, "game": {"dealt": game}}  # saved before every game's was saved alike
        super().restore(saved, moves)

    def load_dealt(self, dealt: Mapping[str, Any]) -> TopoumState:
        return TopoumState.from_json({**dealt, "log": []})

    def replay_move(self, move: Mapping[str, Any]) -> None:
        self.events += self.require_state().apply(action_from_json(move))

    def replay_turn(self) -> Hashable:
        """The turn (a player's steps, a setup placement)."""
        state = self.require_state()
        return state.turn, state.current
