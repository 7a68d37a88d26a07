"""Tally, the tests' own game: a sixth game added by docs/architecture.md's checklist, as small as
a game can be, so the shared pieces are played by a game nobody tuned them for.

Players take turns adding 1, 2 or 3 to a running total; whoever brings it to exactly 21 wins the
game (docs/architecture.md, "Adding a game", shows its files beside a real game's). It has every
part a game has: an engine with an AI and self-play (``engine/``), the words it says
(``words.py``), a picture (``render.py``), a turn-based table (``tables.py``), its Discord side with
a panel of one menu (``cogs.py``) and its words in English and Spanish (``locales/``).

It is registered only by the tests (:func:`register`, from ``tests/conftest.py``'s
``pytest_configure``), and the bot plays it only when started as ``python -m tests.fixture_game``,
which is what the tests' :class:`~fakediscord.BotProcess` runs: nothing in the bot can
switch it on.
"""

from engine.games import Measure, Registered, register, registered

GAME = Registered("tally", Measure("won"), turn_based=True, home="tests.fixture_game")
"""Its one registration line."""


def register_tally() -> None:
    """Offer Tally in this process (once), before the bot's modules are imported."""
    if GAME not in registered():
        register(GAME)
