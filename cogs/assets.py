"""``/assets start`` and every Cover Your Assets button: the Discord side of :mod:`tables.assets`.

The lobby, the public message, the panel's flow, the buttons between rounds and the callouts are
the shared ones (:mod:`cogs.seated`); here is what the panel's moves do. Their custom ids are
written by the panel and read here with one codec (:mod:`cogs.assets_ids`).
"""

import discord

import words.assets
from cogs.assets_ids import MOVES, read_move
from cogs.assets_messages import callout_text, panel_draft, playing, results, table_picture
from cogs.kinds import GameKind, Moved, MoveRequest, PanelSpec
from tables.assets import AssetsTable
from words.assets import notice_text

COLOUR = discord.Colour.from_rgb(46, 139, 87)
"""The colour of the game's messages."""


async def move(request: MoveRequest[AssetsTable]) -> Moved:
    """Make the move; the panel's note says what happened (a set stolen, a forced give-up)."""
    stamp, chosen = read_move(request.seat, request.action, request.arg)
    return request.told(await request.table.press(request.user, stamp, chosen), notice_text)


KIND = GameKind(
    table_class=AssetsTable,
    playing=playing,
    picture=table_picture,
    results=results,
    panel=PanelSpec("hand", MOVES, panel_draft, move),
    words=words.assets,
    colour=COLOUR,
    callout=callout_text,
    legacy_prefix="ca",
)
