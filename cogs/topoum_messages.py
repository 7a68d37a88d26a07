"""What a Topoum table looks like on Discord: the lobby with its battle deck, the public board
message, the results, the private panel with its menus, and the words for what happened.

Every function here reads the table; none changes it. Pictures come from :mod:`render.topoum`
and are drawn off the event loop.

**The panel's menus** are built from :meth:`tables.topoum.TopoumTable.menu`: the engine's choices
at the step the player has reached. Choices of a hex (where to enter, which mole, where to step,
the target, which base to take back, which part survives) go in select menus of at most 25 hexes
each, named by the labels on the board picture; cards go in a select menu of their own; the
action, changing a base and Panic Attack's directions are buttons. Each choice carries the path
so far (see :mod:`engine.topoum.steps`), **Back** drops the last one, and a complete path shows what it
will do and waits for **Confirm**. Stopping Move moles, passing and a ransom are whole steps by
themselves, so their buttons play at once.
"""

from collections.abc import Sequence

import discord

from cogs.components import GREY, PER_SELECT, Button, Controls
from cogs.drafts import Draft, Picture, alt_text
from cogs.kinds import PanelRequest, Playing, Results
from cogs.lobby import LobbyChoices
from cogs.message_parts import deadline, names_of
from cogs.topoum_ids import GO, PICK, STEP, VIEW, path_arg, ransom_arg
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
from tables.phases import Phase
from tables.topoum import TopoumTable
from words.common import bold
from words.topoum import (
    board_alt,
    card_description,
    deck_text,
    game_lines,
    hex_option_description,
    labels_for,
    option_label,
    outcome_lines,
    prompt_text,
    status_text,
    steps_text,
)

GREEN = discord.ButtonStyle.success
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


def playing(messages: Catalog, table: TopoumTable) -> Playing:
    """The game being played: the board, whose turn it is and until when, what happened."""
    state, locale = table.require_state(), table.locale
    names = names_of(messages, table, locale)
    status = status_text(messages, bold(names[state.current]), table.seating.plays_for(state.current), locale)
    title, lines = game_lines(messages, state, locale)
    return Playing(title, "\n".join([status, *lines]))


def table_picture(messages: Catalog, table: TopoumTable) -> Picture:
    """The board as the channel sees it, its last turn marked."""
    state, locale = table.require_state(), table.locale
    names, seen = names_of(messages, table, locale), state.view()
    title, _ = game_lines(messages, state, locale)
    alt = alt_text([board_alt(messages, seen, names, title, locale)])
    return Picture(
        board_png, (seen, names, labels_for(messages, locale), table.last_turn()), "topoum.png", alt
    )


def over(messages: Catalog, table: TopoumTable) -> Results:
    """The game's end: the winners and everyone's badges, or (if the table sat idle) that it
    ended unfinished."""
    locale, state = table.locale, table.require_state()
    title = messages.text("topoum.table.over_title", locale)
    if state.outcome is None:
        return Results(title, [])
    names = names_of(messages, table, locale)
    lines = outcome_lines(messages, state.outcome, names, locale)
    alt = alt_text([messages.text("topoum.alt.results", locale, title=title), *lines])
    args = (state.view(), names, labels_for(messages, locale))
    return Results(title, lines, Picture(results_png, args, "results.png", alt))


# -- the private panel -----------------------------------------------------------------------------


def _ransom_buttons(
    request: PanelRequest[TopoumTable], stamp: str, prisoners: Sequence[int], menu: Menu | None
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
            label = request.text("topoum.panel.ransom", name=request.names()[captor])
            if index is None or menu is None:
                buttons.append(Button(GO, ransom_arg(stamp, captor), label, discord.ButtonStyle.danger, True))
            else:
                arg = path_arg(stamp, (*menu.path, index))
                buttons.append(Button(GO, arg, label, discord.ButtonStyle.danger, False))
    return buttons


def _view(
    request: PanelRequest[TopoumTable],
    selects: Sequence[tuple[str, Sequence[discord.SelectOption]]],
    buttons: Sequence[Button],
    arg: str,
) -> discord.ui.View:
    """The components on the message's five rows: select menus (one a row) first, then the
    buttons and Refresh, five to a row."""
    refresh = Button(VIEW, "", request.text("topoum.panel.refresh"))
    menus = [(PICK, arg, placeholder, options) for placeholder, options in selects]
    return request.controls.laid_out(menus, [*buttons, refresh])


def _menu_view(
    request: PanelRequest[TopoumTable],
    stamp: str,
    menu: Menu,
    hand: Sequence[CardType],
    prisoners: Sequence[int],
) -> discord.ui.View:
    """The panel's components for ``menu``: a complete path's Confirm; the cards in one select
    menu and the hexes in menus of 25; the action, changing a base and directions as buttons
    that lead on; stopping, passing and ransoms as buttons that play; Back.

    A hex choice never has more than 86 options on the radius-6 board (a connected battlefield
    of n hexes has at most 2n + 4 free neighbours, and together they fit in 127 hexes), so four
    menus hold them beside the one row of buttons that comes with them (Back, Refresh and a
    ransom per captor, at most five)."""
    messages, locale, text, names = request.messages, request.locale, request.text, request.names()
    labels, path = labels_for(messages, locale), menu.path
    buttons: list[Button] = []
    hexes: list[discord.SelectOption] = []
    cards: list[discord.SelectOption] = []
    if menu.complete:
        buttons.append(Button(GO, path_arg(stamp, path), text("topoum.panel.confirm"), GREEN, False))
    for index, option in enumerate(menu.options):
        choice = path_arg(stamp, (*path, index))
        if isinstance(option, HEX_CHOICES):
            description = hex_option_description(messages, option, menu, names, locale)
            hexes.append(
                discord.SelectOption(label=option.hex.label, value=str(index), description=description)
            )
        elif isinstance(option, PlayCard):
            description = card_description(messages, option, hand, locale)
            cards.append(
                discord.SelectOption(
                    label=labels.card(option.card), value=str(index), description=description
                )
            )
        elif isinstance(option, STEP_BUTTONS):
            label = option_label(messages, option, menu, locale)
            buttons.append(Button(STEP, choice, label, discord.ButtonStyle.primary, False))
        elif isinstance(option, EndMoves | Pass):
            buttons.append(Button(GO, choice, option_label(messages, option, menu, locale), GREY, False))
    buttons += _ransom_buttons(request, stamp, prisoners, menu)
    if path:
        buttons.append(Button(STEP, path_arg(stamp, path[:-1]), text("topoum.panel.back"), GREY, False))
    selects: list[tuple[str, Sequence[discord.SelectOption]]] = []
    if cards:
        selects.append((text("topoum.menu.card"), cards))
    for start in range(0, len(hexes), PER_SELECT):
        chunk = hexes[start : start + PER_SELECT]
        placeholder = (
            text("topoum.menu.hex")
            if len(hexes) <= PER_SELECT
            else text("topoum.menu.hex_range", first=chunk[0].label, last=chunk[-1].label)
        )
        selects.append((placeholder, chunk))
    return _view(request, selects, buttons, path_arg(stamp, path))


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
    names = request.names()
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
    parts += request.noted()
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
        view = _menu_view(request, table.stamp(), menu, seen.hand or (), prisoners)
    elif playing:
        view = _view(request, (), _ransom_buttons(request, table.stamp(), prisoners, None), "")
    labels = labels_for(messages, locale)
    cards = ", ".join(labels.card(card) for card in seen.hand or ()) or text("topoum.alt.no_cards")
    picture = Picture(
        hand_png, (seen, names, labels), "hand.png", alt_text([text("topoum.alt.hand", cards=cards)])
    )
    return await request.draft(text("topoum.panel.title"), parts, view, picture)
