"""``/assets start`` and every Cover Your Assets button: the Discord side of :mod:`tables.assets`.

The lobby, the public message, the panel's flow, the buttons between rounds and the callouts are
the shared ones of :mod:`cogs.seated`; here is what the panel's moves do. A move's custom id
argument is ``<stamp>.<cards...>``: cards by their lower-case codes, and for a challenge the
target seat first (``12.2.si``: at stamp 12, challenge seat 2 with a Silver). A kind of move with
more than five choices is a select menu, whose chosen value is added to its argument.
"""

import discord

from cogs.assets_messages import callout_text, panel_draft, playing, results, table_picture
from cogs.kinds import GameKind, Moved, MoveRequest, PanelSpec
from engine.assets.actions import Action, Answer, Challenge, Discard, GiveUp, PairFromHand, PairWithDiscard
from engine.assets.cards import Asset
from engine.errors import IllegalAction, Reason
from tables.assets import AssetsTable
from words.assets import notice_text

COLOUR = discord.Colour.from_rgb(46, 139, 87)
"""The colour of the game's messages."""

MOVES = frozenset({"pair", "take", "chal", "disc", "ans", "give"})
"""The custom id actions of a panel's moves."""


def parse_move(seat: int, action: str, arg: str) -> tuple[str, Action]:
    """A move button's (or select option's) action and argument as the panel stamp and the
    engine action for ``seat``; a malformed one is stale (no panel of ours drew it)."""
    stamp, _, rest = arg.partition(".")
    parts = rest.split(".") if rest else []
    try:
        cards = [Asset.parse(part.upper()) for part in parts if not part.isdigit()]
        match action, parts, cards:
            case "pair", [_, _], [asset, partner]:
                move: Action = PairFromHand(seat, asset, partner)
            case "take", [_], [card]:
                move = PairWithDiscard(seat, card)
            case "chal", [target, _], [card] if target.isdigit():
                move = Challenge(seat, int(target), card)
            case "disc", [_], [card]:
                move = Discard(seat, card)
            case "ans", [_], [card]:
                move = Answer(seat, card)
            case "give", [], []:
                move = GiveUp(seat)
            case _:
                raise ValueError(f"no move {action!r} {arg!r}")
    except ValueError:
        raise IllegalAction(Reason.STALE, "malformed button") from None
    return stamp, move


async def move(request: MoveRequest[AssetsTable]) -> Moved:
    """Make the move; the panel's note says what happened (a set stolen, a forced give-up)."""
    stamp, chosen = parse_move(request.seat, request.action, request.arg)
    return request.told(await request.table.press(request.user, stamp, chosen), notice_text)


KIND = GameKind(
    table_class=AssetsTable,
    playing=playing,
    picture=table_picture,
    results=results,
    panel=PanelSpec("hand", MOVES, panel_draft, move),
    said=notice_text,
    colour=COLOUR,
    callout=callout_text,
    legacy_prefix="ca",
)
