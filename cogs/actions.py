"""The actions of the components every table shares, named once.

A table's component carries ``<prefix>:<table>:<action>:<arg>`` (:mod:`cogs.components`); these
are the actions the shared pieces answer (the lobby's, a panel's Refresh and Leave game, the
buttons between games and their confirmations, the host's seat menu, Play again), each routed to
its handler by :mod:`cogs.routes`. A game's own panel actions must differ from all of them
(tests/test_games_registry.py checks it), or its presses would reach the shared handler.
"""

from typing import Final

JOIN, LEAVE, ADD_AI, REMOVE_AI, OPTION, START = "join", "leave", "ai", "unai", "opt", "start"
"""The lobby's buttons: sit down, stand up, an AI seat at a level (the argument), remove the last
AI seat, a game's option (``<name>.<value>``), deal."""
LOBBY: Final = frozenset({JOIN, LEAVE, ADD_AI, REMOVE_AI, OPTION, START})

REFRESH, CHOOSE = "refresh", "choose"
"""A panel's Refresh, and a chooser's button between games (``<game number>.<value>``)."""

NEXT = "next"
"""The results' Next game (its argument: the number of the game it follows)."""
END, END_CONFIRMED, END_CANCELLED = "end", "endok", "endno"
"""The results' End, and the two answers of its confirmation."""

QUIT, QUIT_CONFIRMED, QUIT_CANCELLED = "quit", "quitok", "quitno"
"""A panel's Leave game, and the two answers of its confirmation."""
SEATS, HAND, HAND_TO, ACCEPT, ABORT = "seats", "offer", "offerto", "accept", "abort"
"""The table message's seat menu (the host's), a seat chosen in it, the member chosen for it,
the member's Accept, and Abort."""
AGAIN = "again"
"""Play again, on a finished series' last message."""
SEAT_ACTIONS: Final = frozenset(
    {QUIT, QUIT_CONFIRMED, QUIT_CANCELLED, SEATS, HAND, HAND_TO, ACCEPT, ABORT, AGAIN}
)

SHARED: Final = LOBBY | SEAT_ACTIONS | {REFRESH, CHOOSE, NEXT, END, END_CONFIRMED, END_CANCELLED}
"""Every action the shared pieces answer."""
