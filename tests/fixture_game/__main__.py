"""``python -m tests.fixture_game``: the bot, with the tests' game registered beside the others."""

import sys

from tests.fixture_game import register_tally

register_tally()

from bot import main  # noqa: E402  (the bot reads the registry when its modules are imported)

sys.exit(main())
