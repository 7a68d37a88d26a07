"""Finding a process's children through /proc, to kill a worker or see that none is left."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while we looked
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def painter_workers(pid: int) -> list[int]:
    """The picture workers started by ``pid`` (spawned children that are not the resource tracker)."""
    return [
        child
        for child in children(pid)
        if "spawn_main" in command_line(child) and "resource_tracker" not in command_line(child)
    ]


def alive(pid: int) -> bool:
    """Whether ``pid`` is running (a zombie waiting for its parent counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def signal_all(pids: list[int], sig: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
