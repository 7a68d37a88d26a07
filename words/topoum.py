"""Topoum in words: cards, hexes and what is on them, the steps of a turn and what each asks, the
battle deck, and which events the table announces (docs/rules.md §4)."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.hexgrid import Hex
from engine.topoum.actions import (
    Action,
    ActionKind,
    ChangeBase,
    ChooseAction,
    Direction,
    EndMoves,
    KeepPart,
    MoveTo,
    Pass,
    Place,
    PlayCard,
    Ransom,
    Reclaim,
    SelectMole,
    Target,
)
from engine.topoum.board import HEXES, INDEX, RAYS
from engine.topoum.cards import CATEGORY, LINE_COSTS, TYPES_PER_GAME, CardType, Category, Farmer
from engine.topoum.events import (
    BadgesChanged,
    BattlefieldSplit,
    CardPlayed,
    CategoryScored,
    Event,
    Gain,
    LineOfSightScored,
    MoleCaptured,
    MoleDecorated,
    MoleEliminated,
    MoleRansomed,
    ObstaclePlaced,
    Passed,
    PeaceDrawn,
)
from engine.topoum.state import Cell, Outcome, Stage, TopoumState, TopoumView
from engine.topoum.steps import Menu
from locales import Catalog
from words.common import Notice, bold, notice_line, picture_labels
from words.names import SHORT_NAME, cut_name

HexChoice = Place | Reclaim | SelectMole | MoveTo | Target | KeepPart
"""The steps that choose a hex (a panel offers them in select menus)."""
OPTION_DESCRIPTION = 100
"""Discord's limit on a select option's description: past it, names are shortened, not the words."""


DIRECTION_ARROWS = ("↘", "↗", "↑", "↖", "↙", "↓")
"""``engine.hexgrid``'s directions 0-5 as they point on the board picture (flat-topped hexes,
rows numbered downwards)."""


@dataclass(frozen=True, slots=True)
class Labels:
    """The words on the pictures (:mod:`render.topoum` draws them), as ``str.format`` templates;
    the caller passes its locale's."""

    to_play: str = "{name} to play"
    setup: str = "Setup: {name} places a base"
    over: str = "Game over"
    turn: str = "Turn {turn}"
    scored: str = "Lines of sight: +{points} for {name}"
    reserve: str = "reserve · moles {moles} · bases {bases}"
    prisoners: str = "prisoners: {count}"
    line: str = "Operations Line"
    empty: str = "empty"
    deck: str = "Deck: {count}"
    peace_waiting: str = "Peace has not come yet"
    peace: str = "Peace has come. Last turn: {name}"
    farmer: str = "Farmer: {farmer}"
    your_hand: str = "Your hand"
    hand_card: str = "Hand {number}"
    discard: str = "Your discard pile: {count}"
    no_refill: str = "Peace has come: hands are no longer refilled"
    winner: str = "{name} wins!"
    winners: str = "{names} share the win"
    joined: str = "{first} and {second}"
    player: str = "Player"
    badges_column: str = "Badges"
    bases_column: str = "Colour bases"
    legend_badges: str = "badges"
    legend_discards: str = "discard pile by category:"
    legend_cost: str = "{low} to {high}: badges for taking a card from the line"
    category_combat: str = "Combat"
    category_movement: str = "Movement"
    category_expansion: str = "Expansion"
    category_special: str = "Special"
    card_bayonet: str = "Bayonet"
    card_short_range: str = "Short Range"
    card_long_range: str = "Long Range"
    card_grenade: str = "Grenade"
    card_mortar: str = "Mortar"
    card_patrol: str = "Patrol"
    card_motorised_patrol: str = "Motorised Patrol"
    card_panic_attack: str = "Panic Attack"
    card_underground_manoeuvre: str = "Underground Manoeuvre"
    card_new_recruit: str = "New Recruit"
    card_build_base: str = "Build Base"
    card_abandoned_base: str = "Abandoned Base"
    card_prisoner_of_war: str = "Prisoner of War"
    card_decoration: str = "Decoration"
    card_farmer: str = "Farmer!"
    farmer_rock: str = "rock farmer"
    farmer_trapper: str = "trapper"
    farmer_turnip: str = "turnip farmer"

    def card(self, card: CardType) -> str:
        """A battle card's name (``card_<type>``)."""
        return str(getattr(self, f"card_{card.value}"))

    def category(self, category: Category) -> str:
        return str(getattr(self, f"category_{category.value}"))

    def farmer_name(self, farmer: Farmer) -> str:
        return str(getattr(self, f"farmer_{farmer.value}"))


def labels_for(messages: Catalog, locale: str) -> Labels:
    return picture_labels(messages, messages.language_for(locale), Labels, "topoum")


def notice_text(messages: Catalog, notice: Notice, names: Sequence[str], locale: str) -> str:
    """One thing that happened, in words (``topoum.notice.<code>``)."""
    labels = labels_for(messages, locale)
    values: dict[str, object] = dict(notice.values)
    if "card" in values:
        values["card"] = labels.card(CardType(str(values["card"])))
    if "category" in values:
        values["category"] = labels.category(Category(str(values["category"])))
    if "loss" in values:
        values["loss"] = messages.text(f"topoum.loss.{values['loss']}", locale)
    if "obstacle" in values:
        values["obstacle"] = messages.text(f"topoum.obstacle.{values['obstacle']}", locale)
    for seat_value in ("owner", "captor"):
        if seat_value in values:
            values[seat_value] = bold(names[int(str(values[seat_value]))])
    return notice_line(messages, "topoum", notice, names, locale, values)


def deck_text(messages: Catalog, types: Sequence[CardType], locale: str) -> str:
    """The battle deck's types with their categories: ``Bayonet (Combat), ...``."""
    labels = labels_for(messages, locale)
    return ", ".join(
        messages.text(
            "topoum.lobby.deck_card",
            locale,
            card=labels.card(card),
            category=labels.category(CATEGORY[card]),
        )
        for card in types
    )


def board_alt(messages: Catalog, seen: TopoumView, names: Sequence[str], title: str, locale: str) -> str:
    """The board in words: each player's badges and the hexes of their moles."""
    text = messages.text

    def moles(seat: int) -> str:
        held = [cell.hex.label for cell in seen.cells if cell.mole == seat]
        if not held:
            return text("topoum.alt.no_moles", locale)
        return text("topoum.alt.moles", locale, hexes=", ".join(held))

    players = "; ".join(
        text("topoum.alt.player", locale, name=name, badges=seen.badges[seat], moles=moles(seat))
        for seat, name in enumerate(names)
    )
    return text("topoum.alt.board", locale, title=title, players=players)


def hex_description(
    messages: Catalog, cells: dict[Hex, Cell], hex_: Hex, names: Sequence[str], locale: str
) -> str:
    """What is on a hex, for a select menu option: whose base (which side up), whose mole, an
    obstacle; or that it is free. Within Discord's 100 characters by shortening long names."""
    said = _hex_words(messages, cells, hex_, names, locale)
    if len(said) <= OPTION_DESCRIPTION:
        return said
    return _hex_words(messages, cells, hex_, [cut_name(name, SHORT_NAME) for name in names], locale)


def _hex_words(
    messages: Catalog, cells: dict[Hex, Cell], hex_: Hex, names: Sequence[str], locale: str
) -> str:
    text = messages.text
    cell = cells.get(hex_)
    if cell is None:
        return text("topoum.hex.free", locale)
    owner = names[cell.owner]
    parts = [text("topoum.hex.neutral" if cell.neutral else "topoum.hex.base", locale, owner=owner)]
    if cell.mole is not None:
        parts.append(text("topoum.hex.mole", locale, owner=names[cell.mole]))
    if cell.obstacle is not None:
        parts.append(text(f"topoum.obstacle.{cell.obstacle}", locale))
    return " · ".join(parts)


def direction_hex(acting: Hex, direction: int) -> Hex:
    """The first hex from ``acting`` in ``direction`` (Panic Attack only offers a direction with
    a mole on its line, so there is one)."""
    return HEXES[RAYS[INDEX[acting]][direction][0]]


def step_text(messages: Catalog, action: Action, names: Sequence[str], locale: str) -> str:
    """One choice of a path, in words, for "your choices" and "played"."""
    text = messages.text
    labels = labels_for(messages, locale)
    match action:
        case ChooseAction(kind=kind):
            return text("topoum.step.enter" if kind is ActionKind.ENTER else "topoum.step.move", locale)
        case Place(hex=hex_):
            return text("topoum.step.place", locale, hex=hex_.label)
        case Reclaim(hex=hex_):
            return text("topoum.step.reclaim", locale, hex=hex_.label)
        case SelectMole(hex=hex_):
            return text("topoum.step.mole", locale, hex=hex_.label)
        case MoveTo(hex=hex_):
            return text("topoum.step.to", locale, hex=hex_.label)
        case PlayCard(card=card, slot=None):
            return text("topoum.step.card_hand", locale, card=labels.card(card))
        case PlayCard(card=card, slot=slot):
            return text("topoum.step.card_line", locale, card=labels.card(card), slot=(slot or 0) + 1)
        case ChangeBase():
            return text("topoum.step.change", locale)
        case Target(hex=hex_):
            return text("topoum.step.target", locale, hex=hex_.label)
        case Direction(direction=direction):
            return text("topoum.step.direction", locale, arrow=DIRECTION_ARROWS[direction])
        case KeepPart(hex=hex_):
            return text("topoum.step.part", locale, hex=hex_.label)
        case Ransom(captor=captor):
            return text("topoum.step.ransom", locale, name=names[captor])
        case EndMoves():
            return text("topoum.step.stop", locale)
        case _:
            return text("topoum.step.pass", locale)


def steps_text(messages: Catalog, actions: Sequence[Action], names: Sequence[str], locale: str) -> str:
    return " → ".join(step_text(messages, action, names, locale) for action in actions)


def prompt_text(messages: Catalog, menu: Menu, seat: int, locale: str) -> str:
    """What the player is asked at the step reached."""
    text = messages.text
    labels = labels_for(messages, locale)
    pending = menu.pending
    options = menu.options
    stage = pending.stage
    acting = "" if pending.acting is None else pending.acting.label
    if stage is Stage.START:
        if options and all(isinstance(option, Pass | Ransom) for option in options):
            return text("topoum.prompt.start_pass", locale)
        if any(isinstance(option, Place) for option in options):
            return text("topoum.prompt.start_forced", locale)
        if any(isinstance(option, Reclaim) for option in options):
            return text("topoum.prompt.start_reclaim", locale)
        return text("topoum.prompt.start", locale)
    if stage is Stage.CARD:
        key = "card_or_change" if any(isinstance(option, ChangeBase) for option in options) else "card"
        return text(f"topoum.prompt.{key}", locale, hex=acting)
    if stage is Stage.MOVE_SELECT:
        key = "move_select_or_stop" if EndMoves(seat) in options else "move_select"
        return text(f"topoum.prompt.{key}", locale)
    if stage is Stage.TARGET:
        card = labels.card(pending.card.card) if pending.card is not None else ""
        key = "direction" if any(isinstance(option, Direction) for option in options) else "target"
        return text(f"topoum.prompt.{key}", locale, card=card)
    return text(f"topoum.prompt.{stage}", locale, hex=acting)


NOTICE_CODES: Final = frozenset(
    {"played_hand", "played_line", "eliminated", "captured", "ransomed", "decorated", "obstacle"}
    | {"sight", "friendly_fire", "turnip", "sets", "split", "peace", "passed", "category"}
    | {"hurry", "timed_out"}
)
"""Every notice the table gives (``topoum.notice.<code>``)."""
CALLOUT_CODES: Final = frozenset[str]()
"""It calls nobody out: its waits' calls say only that the table waits (``ping.*``)."""


def notices_for(state: TopoumState, events: Iterable[Event]) -> list[Notice]:
    """What the channel hears about these events (``state`` as they left it): cards played,
    moles lost, captured, ransomed and decorated, lines of sight, friendly fire, turnips, splits,
    Peace, passes and the final scoring. Placements and moves are left to the board picture."""
    notices: list[Notice] = []
    for event in events:
        match event:
            case CardPlayed(seat=seat, card=card, slot=slot):
                if slot is None:
                    notices.append(Notice("played_hand", seat, {"card": str(card)}))
                else:
                    notices.append(Notice("played_line", seat, {"card": str(card), "slot": slot + 1}))
            case MoleEliminated(owner=owner, hex=hex_, loss=loss):
                notices.append(Notice("eliminated", owner, {"hex": hex_.label, "loss": str(loss)}))
            case MoleCaptured(captor=captor, owner=owner, hex=hex_):
                notices.append(Notice("captured", captor, {"owner": owner, "hex": hex_.label}))
            case MoleRansomed(seat=seat, captor=captor):
                notices.append(Notice("ransomed", seat, {"captor": captor}))
            case MoleDecorated(seat=seat, hex=hex_):
                notices.append(Notice("decorated", seat, {"hex": hex_.label}))
            case ObstaclePlaced(hex=hex_, obstacle=obstacle):
                notices.append(Notice("obstacle", None, {"hex": hex_.label, "obstacle": str(obstacle)}))
            case LineOfSightScored(seat=seat, ends=(start, end), points=points):
                values: dict[str, int | str] = {"start": start.label, "end": end.label, "points": points}
                notices.append(Notice("sight", seat, values))
            case BadgesChanged(seat=seat, delta=delta, gain=Gain.FRIENDLY_FIRE):
                notices.append(Notice("friendly_fire", seat, {"points": -delta}))
            case BadgesChanged(seat=seat, delta=delta, gain=Gain.TURNIP):
                notices.append(Notice("turnip", seat, {"points": delta}))
            case BadgesChanged(seat=seat, delta=delta, gain=Gain.SETS):
                notices.append(Notice("sets", seat, {"points": delta}))
            case BattlefieldSplit(vanished=vanished):
                notices.append(Notice("split", None, {"hexes": len(vanished)}))
            case PeaceDrawn(last_seat=seat):
                notices.append(Notice("peace", seat))
            case Passed(seat=seat):
                notices.append(Notice("passed", seat))
            case CategoryScored(category=category, seats=seats, points=points):
                for seat in seats:
                    notices.append(Notice("category", seat, {"category": str(category), "points": points}))
    return notices


def outcome_lines(messages: Catalog, outcome: Outcome, names: Sequence[str], locale: str) -> list[str]:
    """The game's end: who won with how many badges, then everyone's badges and colour bases,
    best first."""
    winners = ", ".join(bold(names[seat]) for seat in outcome.winners)
    best, count = max(outcome.badges), len(outcome.winners)
    lines = [messages.text("topoum.table.winner", locale, names=winners, badges=best, count=count)]
    order = sorted(range(len(names)), key=lambda seat: (-outcome.badges[seat], -outcome.colour_bases[seat]))
    for seat in order:
        badges, bases = outcome.badges[seat], outcome.colour_bases[seat]
        lines.append(
            messages.text("topoum.table.standing", locale, name=bold(names[seat]), badges=badges, bases=bases)
        )
    return lines


def bad_deck_text(messages: Catalog, picked: int, missing: Sequence[Category], locale: str) -> str:
    """Why a picked battle deck was refused: how many types it needs, which categories it lacks."""
    labels = labels_for(messages, locale)
    parts = []
    if picked != TYPES_PER_GAME:
        parts.append(messages.text("topoum.lobby.bad_count", locale, picked=picked))
    if missing:
        categories = ", ".join(labels.category(category) for category in missing)
        parts.append(messages.text("topoum.lobby.bad_categories", locale, categories=categories))
    parts.append(messages.text("topoum.lobby.deck_kept", locale))
    return " ".join(parts)


def option_label(messages: Catalog, option: Action, menu: Menu, locale: str) -> str:
    """A step of the turn offered as a button: enter or move, change a base, a Panic Attack
    direction (with the first hex it reaches), stop, pass."""
    text = messages.text
    match option:
        case ChooseAction(kind=kind):
            key = "topoum.panel.enter" if kind is ActionKind.ENTER else "topoum.panel.move"
            return text(key, locale)
        case ChangeBase():
            return text("topoum.panel.change", locale)
        case Direction(direction=direction):
            assert menu.pending.acting is not None
            first = direction_hex(menu.pending.acting, direction)
            return text("topoum.panel.direction", locale, arrow=DIRECTION_ARROWS[direction], hex=first.label)
        case EndMoves():
            return text("topoum.panel.stop", locale)
        case _:
            return text("topoum.panel.pass", locale)


def status_text(messages: Catalog, name: str, ai: bool, locale: str) -> str:
    """Who the game waits for (``name``, in bold); when their turn passes is the table card's
    line for every game (:func:`cogs.message_parts.limit_line`)."""
    if ai:
        return messages.text("topoum.status.ai", locale, name=name)
    return messages.text("topoum.status.turn", locale, name=name)


def game_lines(messages: Catalog, state: TopoumState, locale: str) -> tuple[str, list[str]]:
    """The table message's title (setting up, or the turn) and its lines about the game: the
    battle deck and the farmer of this game."""
    text = messages.text
    setup = state.stage in (Stage.SETUP_BASE, Stage.SETUP_MOLE)
    title = (
        text("topoum.table.title_setup", locale)
        if setup
        else text("topoum.table.title", locale, turn=state.turn)
    )
    lines = [text("topoum.table.deck", locale, cards=deck_text(messages, state.card_types, locale))]
    if state.farmer is not None:
        farmer = labels_for(messages, locale).farmer_name(state.farmer)
        lines.append(text("topoum.table.farmer", locale, farmer=farmer))
    return title, lines


def cost_text(cost: int) -> str:
    """A slot's cost as the badges it changes by: "−3", "0", "+1"."""
    return f"\u2212{-cost}" if cost < 0 else f"+{cost}" if cost > 0 else "0"


def card_description(messages: Catalog, option: PlayCard, hand: Sequence[CardType], locale: str) -> str:
    """Where a card to play comes from, as the hand picture numbers it: "Hand 1", or the
    Operations Line slot and what it costs."""
    if option.slot is None:
        return messages.text("topoum.card.hand", locale, number=hand.index(option.card) + 1)
    return messages.text(
        "topoum.card.line", locale, slot=option.slot + 1, cost=cost_text(LINE_COSTS[option.slot])
    )


def hex_option_description(
    messages: Catalog, option: HexChoice, menu: Menu, names: Sequence[str], locale: str
) -> str:
    """What a hex on offer holds (or, choosing which part of a split board survives, its size)."""
    if isinstance(option, KeepPart):
        part = next(part for part in menu.pending.parts if part[0] == option.hex)
        return messages.text("topoum.hex.part", locale, size=len(part))
    return hex_description(messages, {cell.hex: cell for cell in menu.cells}, option.hex, names, locale)
