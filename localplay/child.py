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

from bot import main
from tables.worker import when_orphaned


def _stop() -> None:
    os.kill(os.getpid(), signal.SIGTERM)


if __name__ == "__main__":
    watch = threading.Thread(
        target=when_orphaned, args=(os.getppid(), _stop), name="launcher-watch", daemon=True
    )
    watch.start()
    sys.exit(main([]))
