"""The phases a seated table goes through, from its lobby to its end.

``lobby`` -> ``playing`` -> ``results`` (a game ended; recorded) -> [``choosing`` (the next game's
options are being chosen)] -> ``playing`` ... -> ``again`` (the series or match ended: Play again
is offered) -> ``over``. A table that sat idle, or has nobody left playing, goes to ``over`` at
once; ``again`` goes back to ``playing`` once every person pressed Play again, or to ``lobby``
with those who did. A lobby left idle is ``closed``.
"""

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    RESULTS = "results"
    CHOOSING = "choosing"
    AGAIN = "again"
    OVER = "over"
    CLOSED = "closed"


RUNNING: Final = frozenset({Phase.PLAYING, Phase.RESULTS, Phase.CHOOSING})
"""The phases of a series under way: a person may leave it, and the host hand its seats."""
AI_PHASES: Final = frozenset({Phase.PLAYING, Phase.CHOOSING})
"""The phases in which AI seats act (they may be the ones choosing the next game's options)."""
ENDED: Final = frozenset({Phase.OVER, Phase.CLOSED})
"""The phases of a table that is over: it is deleted instead of saved."""
