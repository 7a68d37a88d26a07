"""``python -m localplay.child``: the bot as local play's child, ``bot.py``'s own ``main``, which
also stops when its launcher is gone.

Ctrl-C and SIGTERM reach the launcher, which stops the bot first; but a launcher killed outright
(``kill -9``, a closed terminal's lost signal) cannot, and an orphaned bot would keep resuming its
tables and writing them to the local database beside the next start's bot. So the bot watches
its parent and, once another process has adopted it, stops as on SIGTERM (tables saved).
"""

import os
import signal
import sys
import threading
import time

from bot import main

PARENT_CHECK_SECONDS = 1.0
"""How often the bot looks for its launcher: an orphan lives at most this long."""


def stop_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os.kill(os.getpid(), signal.SIGTERM)


if __name__ == "__main__":
    threading.Thread(target=stop_with, args=(os.getppid(),), name="launcher-watch", daemon=True).start()
    sys.exit(main([]))
