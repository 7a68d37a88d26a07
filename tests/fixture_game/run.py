"""``python -m tests.fixture_game.run MODULE [ARGS...]``: run ``MODULE`` as ``python -m`` does (a
bench), with Tally registered beside the bot's games as the tests register it, and the bot
processes it starts playing it too; so a bench that lists the registered games covers Tally:

    python -m tests.fixture_game.run bench.bench_legibility --only tally --no-sampled
"""

import runpy
import sys

from fakediscord import BotProcess
from tests.fixture_game import register_tally

if len(sys.argv) < 2:
    sys.exit(__doc__)
register_tally()  # before the module runs: the bot's modules read the registry when imported
BotProcess.command = ("-m", "tests.fixture_game")
module, sys.argv = sys.argv[1], sys.argv[1:]
runpy.run_module(module, run_name="__main__", alter_sys=True)
