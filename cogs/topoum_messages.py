"""What a Topoum table looks like on Discord: the lobby with its battle deck, the public board
message, the results, the private panel with its menus, and the words for what happened.

Every function here reads the table and returns a :class:`~cogs.tables.Draft`; none changes the
table. Pictures come from :mod:`render.topoum` and are drawn off the event loop.

**The panel's menus** are built from :meth:`tables.topoum.TopoumTable.menu`: the engine's choices
at the step the player has reached. Choices of a hex (where to enter, which mole, where to step,
the target, which base to take back, which part survives) go in select menus of at most 25 hexes
each, named by the labels on the board picture; cards go in a select menu of their own; the
action, changing a base and Panic Attack's directions are buttons. Each choice carries the path
so far (see :mod:`engine.topoum.steps`), **Back** drops the last one, and a complete path shows what it
will do and waits for **Confirm**. Stopping Move moles, passing and a ransom are whole steps by
themselves, so their buttons play at once.
"""

import math
from collections.abc import Sequence

import discord

from cogs.components import PER_ROW, PER_SELECT, ROWS, Controls
from cogs.kinds import PanelRequest
from cogs.layout import Words
from cogs.lobby import LobbyChoices
from cogs.tables import Draft, Picture, alt_text, draw
from cogs.words import (
    between_games,
    deadline,
    ending_lines,
    expired_text,
    names_of,
    noted,
    notices_field,
    table_card,
)
from engine.topoum.actions import (
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
from engine.topoum.cards import BATTLE_TYPES, CATEGORY, CardType
from engine.topoum.state import Stage
from engine.topoum.steps import Menu
from locales import Catalog
from render.topoum import board_png, hand_png, results_png
from tables.seated import Phase
from tables.topoum import TopoumTable
from words.common import bold
from words.topoum import (
    HexChoice,
    board_alt,
    card_description,
    deck_text,
    game_lines,
    hex_option_description,
    labels_for,
    notice_text,
    option_label,
    outcome_lines,
    prompt_text,
    status_text,
    steps_text,
)

COLOUR = discord.Colour.from_rgb(141, 110, 72)
GREY, GREEN = discord.ButtonStyle.secondary, discord.ButtonStyle.success
SETUP_STAGES = frozenset({Stage.SETUP_BASE, Stage.SETUP_MOLE})
HEX_CHOICES = (Place, Reclaim, SelectMole, MoveTo, Target, KeepPart)
"""Choices of a hex, offered in select menus (:data:`~words.topoum.HexChoice`)."""
STEP_BUTTONS = (ChooseAction, ChangeBase, Direction)
"""Choices offered as buttons that lead to the next menu (stopping, passing and ransoms are
whole steps: their buttons play at once)."""


# -- the lobby -------------------------------------------------------------------------------------


def deck_options(messages: Catalog, table: TopoumTable, controls: Controls, locale: str) -> LobbyChoices:
    """The lobby's battle deck: what it is, a menu for the host to pick its 7 types, and a
    button to leave it to chance."""
    text = messages.text
    labels = labels_for(messages, locale)
    picked = table.card_types
    shown = (
        text("topoum.lobby.deck_random", locale) if picked is None else deck_text(messages, picked, locale)
    )
    options = [
        discord.SelectOption(
            label=labels.card(card),
            value=str(card),
            description=labels.category(CATEGORY[card]),
            default=picked is not None and card in picked,
        )
        for card in BATTLE_TYPES
    ]
    select = controls.select(
        "deck",
        "",
        0,
        options,
        placeholder=text("topoum.lobby.deck_placeholder", locale),
        min_values=1,
        max_values=7,
        row=2,
    )
    random = controls.button(
        "random", "", text("topoum.lobby.random", locale), discord.ButtonStyle.secondary, 3
    )
    return LobbyChoices(fields=[(text("topoum.lobby.deck", locale), shown)], items=[select, random])


# -- the public message ----------------------------------------------------------------------------


async def playing_draft(messages: Catalog, table: TopoumTable, controls: Controls) -> Draft:
    """The game being played: the board, whose turn it is and until when, what happened."""
    state, locale = table.require_state(), table.locale
    names = names_of(messages, table, locale)
    ai = table.plays_for(state.current)
    status = status_text(messages, bold(names[state.current]), ai, locale)
    title, lines = game_lines(messages, state, locale)
    words = Words(title, "\n".join([status, *lines]), COLOUR)
    view = table_card(messages, table, controls, ("hand", "topoum.table.panel"), words, names, notice_text)
    return await table_picture(messages, table).draft(words, view)


def table_picture(messages: Catalog, table: TopoumTable) -> Picture:
    """The board as the channel sees it, its last turn marked."""
    state, locale = table.require_state(), table.locale
    names, seen = names_of(messages, table, locale), state.view()
    title, _ = game_lines(messages, state, locale)
    alt = alt_text([board_alt(messages, seen, names, title, locale)])
    return Picture(
        board_png, (seen, names, labels_for(messages, locale), table.last_turn()), "topoum.png", alt
    )


async def over_draft(messages: Catalog, table: TopoumTable, controls: Controls) -> Draft:
    """The game's end: the winners and everyone's badges, or (if the table sat idle) that it
    ended unfinished."""
    locale = table.locale
    state = table.require_state()
    names = names_of(messages, table, locale)
    lines = [] if state.outcome is None else outcome_lines(messages, state.outcome, names, locale)
    if table.idle_expired:
        lines.append(expired_text(messages, table))
    lines += ending_lines(messages, table, names)
    words = Words(messages.text("topoum.table.over_title", locale), "\n".join(lines), COLOUR)
    notices_field(messages, table, words, notice_text)
    buttons = between_games(messages, table, controls)
    if state.outcome is None:
        return Draft(words, buttons)
    png = await draw(results_png, state.view(), names, labels_for(messages, locale))
    alt = alt_text([messages.text("topoum.alt.results", locale, title=words.title), *lines])
    return Draft(words, buttons, png, "results.png", alt)


# -- the private panel -----------------------------------------------------------------------------


def path_arg(stamp: str, path: Sequence[int]) -> str:
    """A panel component's argument: the stamp and the choices so far, ``<stamp>.<i>.<j>``."""
    return ".".join([stamp, *map(str, path)])


Button = tuple[str, str, str, discord.ButtonStyle, bool]
"""A button before it is placed: (action, arg, label, style, disabled)."""


def _card_option(
    messages: Catalog, option: PlayCard, value: int, hand: Sequence[CardType], locale: str
) -> discord.SelectOption:
    description = card_description(messages, option, hand, locale)
    return discord.SelectOption(
        label=labels_for(messages, locale).card(option.card), value=str(value), description=description
    )


def _hex_option(
    messages: Catalog, option: HexChoice, value: int, menu: Menu, names: Sequence[str], locale: str
) -> discord.SelectOption:
    description = hex_option_description(messages, option, menu, names, locale)
    return discord.SelectOption(label=option.hex.label, value=str(value), description=description)


def _ransom_buttons(
    messages: Catalog,
    stamp: str,
    prisoners: Sequence[int],
    names: Sequence[str],
    locale: str,
    menu: Menu | None,
) -> list[Button]:
    """One button per player holding moles of this one prisoner: it pays the ransom when the
    menu offers it (the start of the turn, with 3 badges), and is shown disabled otherwise."""
    offered = (
        {}
        if menu is None
        else {option.captor: index for index, option in enumerate(menu.options) if isinstance(option, Ransom)}
    )
    buttons: list[Button] = []
    for captor, held in enumerate(prisoners):
        if held:
            index = offered.get(captor)
            label = messages.text("topoum.panel.ransom", locale, name=names[captor])
            if index is None or menu is None:
                buttons.append(("go", f"{stamp}-{captor}", label, discord.ButtonStyle.danger, True))
            else:
                arg = path_arg(stamp, (*menu.path, index))
                buttons.append(("go", arg, label, discord.ButtonStyle.danger, False))
    return buttons


def _view(
    messages: Catalog,
    locale: str,
    selects: Sequence[tuple[str, Sequence[discord.SelectOption]]],
    buttons: Sequence[Button],
    arg: str,
    controls: Controls,
) -> discord.ui.View:
    """The components on the message's five rows: select menus (one a row) first, then the
    buttons and Refresh, five to a row."""
    placed = [*buttons, ("view", "", messages.text("topoum.panel.refresh", locale), GREY, False)]
    assert len(selects) + math.ceil(len(placed) / PER_ROW) <= ROWS, "more components than rows"
    view = discord.ui.View(timeout=None)
    for row, (placeholder, options) in enumerate(selects):
        view.add_item(controls.select("pick", arg, row, options, placeholder=placeholder, row=row))
    for number, (action, button_arg, label, style, disabled) in enumerate(placed):
        row = len(selects) + number // PER_ROW
        view.add_item(controls.button(action, button_arg, label, style, row, disabled=disabled))
    return view


def _menu_view(
    messages: Catalog,
    stamp: str,
    menu: Menu,
    names: Sequence[str],
    locale: str,
    hand: Sequence[CardType],
    prisoners: Sequence[int],
    controls: Controls,
) -> discord.ui.View:
    """The panel's components for ``menu``: a complete path's Confirm; the cards in one select
    menu and the hexes in menus of 25; the action, changing a base and directions as buttons
    that lead on; stopping, passing and ransoms as buttons that play; Back.

    A hex choice never has more than 86 options on the radius-6 board (a connected battlefield
    of n hexes has at most 2n + 4 free neighbours, and together they fit in 127 hexes), so four
    menus hold them beside the one row of buttons that comes with them (Back, Refresh and a
    ransom per captor, at most five)."""
    text = messages.text
    path = menu.path
    buttons: list[Button] = []
    hexes: list[discord.SelectOption] = []
    cards: list[discord.SelectOption] = []
    if menu.complete:
        buttons.append(("go", path_arg(stamp, path), text("topoum.panel.confirm", locale), GREEN, False))
    for index, option in enumerate(menu.options):
        choice = path_arg(stamp, (*path, index))
        if isinstance(option, HEX_CHOICES):
            hexes.append(_hex_option(messages, option, index, menu, names, locale))
        elif isinstance(option, PlayCard):
            cards.append(_card_option(messages, option, index, hand, locale))
        elif isinstance(option, STEP_BUTTONS):
            label = option_label(messages, option, menu, locale)
            buttons.append(("step", choice, label, discord.ButtonStyle.primary, False))
        elif isinstance(option, EndMoves | Pass):
            buttons.append(("go", choice, option_label(messages, option, menu, locale), GREY, False))
    buttons += _ransom_buttons(messages, stamp, prisoners, names, locale, menu)
    if path:
        buttons.append(("step", path_arg(stamp, path[:-1]), text("topoum.panel.back", locale), GREY, False))
    selects: list[tuple[str, Sequence[discord.SelectOption]]] = []
    if cards:
        selects.append((text("topoum.menu.card", locale), cards))
    for start in range(0, len(hexes), PER_SELECT):
        chunk = hexes[start : start + PER_SELECT]
        placeholder = (
            text("topoum.menu.hex", locale)
            if len(hexes) <= PER_SELECT
            else text("topoum.menu.hex_range", locale, first=chunk[0].label, last=chunk[-1].label)
        )
        selects.append((placeholder, chunk))
    return _view(messages, locale, selects, buttons, path_arg(stamp, path), controls)


async def panel_draft(request: PanelRequest[TopoumTable], path: Sequence[int] = ()) -> Draft:
    """A player's own panel: their hand as a picture; on their turn, the menus for the step
    they have reached along ``path``; otherwise read-only (who is playing, ransoms waiting).

    ``IllegalAction`` (from :meth:`TopoumTable.menu`) if ``path`` is not a path at this moment.
    Everything is taken from the table before the picture is drawn: the table may change while
    it draws, and the words, the picture and the components must show the same moment."""
    messages, table, seat, locale, text = (
        request.messages,
        request.table,
        request.seat,
        request.locale,
        request.text,
    )
    state = table.require_state()
    names = names_of(messages, table, locale)
    seen = state.view(seat)
    prisoners = [held[seat] for held in seen.prisoners]
    menu: Menu | None = None
    playing = table.phase is Phase.PLAYING
    if not playing:
        parts = [text("topoum.panel.over")]
    elif state.current == seat:
        menu = table.menu(seat, table.stamp(), path)
        parts = [
            text(
                "topoum.panel.your_setup" if menu.pending.stage in SETUP_STAGES else "topoum.panel.your_turn"
            )
        ]
        if (due := deadline(table)) is not None:
            parts.append(text("topoum.panel.time_left", deadline=due))
    else:
        parts = [text("topoum.panel.waiting", name=bold(names[state.current]))]
    parts += noted(request.note)
    parts += [
        text("topoum.panel.prisoners", count=held, name=bold(names[captor]))
        for captor, held in enumerate(prisoners)
        if held and playing
    ]
    view: discord.ui.View | None = None
    if menu is not None:
        if menu.chosen:
            parts.append(text("topoum.panel.choices", steps=steps_text(messages, menu.chosen, names, locale)))
        parts.append(
            text("topoum.panel.confirm_hint") if menu.complete else prompt_text(messages, menu, seat, locale)
        )
        view = _menu_view(
            messages, table.stamp(), menu, names, locale, seen.hand or (), prisoners, request.controls
        )
    elif playing:
        ransoms = _ransom_buttons(messages, table.stamp(), prisoners, names, locale, None)
        view = _view(messages, locale, (), ransoms, "", request.controls)
    words = Words(text("topoum.panel.title"), "\n".join(parts), COLOUR)
    png = await draw(hand_png, seen, names, labels_for(messages, locale))
    cards = ", ".join(labels_for(messages, locale).card(card) for card in seen.hand or ()) or text(
        "topoum.alt.no_cards"
    )
    return Draft(words, view, png, "hand.png", alt_text([text("topoum.alt.hand", cards=cards)]))
