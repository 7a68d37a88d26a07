"""``python bot.py --local`` as a person runs it: it prints the page's address, the page answers,
and Ctrl-C stops the whole process tree (the bot and its picture workers included) after saving
the world; a taken port is said and nothing starts; ``--host`` beyond this computer is flagged."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from pathlib import Path

import aiohttp
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from fakediscord import FakeDiscord
from localplay.launcher import address, open_to_network
from localplay.page import Page
from localplay.world import seed

ROOT = Path(__file__).resolve().parents[2]


def _environment(data: Path) -> dict[str, str]:
    """This machine's environment with local play's files in ``data`` (beside the database)."""
    return {**os.environ, "DATABASE_PATH": str(data / "gamenight.sqlite3"), "DATABASE_URL": ""}


async def _local(data: Path, *args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "bot.py",
        "--local",
        *args,
        cwd=ROOT,
        env=_environment(data),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,  # its own process group, as a terminal's foreground job has
    )


def _tree(pid: int) -> set[int]:
    """``pid``'s descendants, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):  # gone meanwhile
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, waiting = set(), [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.add(child)
            waiting.append(child)
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs (an exited process not yet reaped is a zombie: gone)."""
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


async def _address(process: asyncio.subprocess.Process, said: list[str]) -> str:
    """The page's address, once ``bot.py --local`` prints it (what it printed so far in ``said``)."""
    assert process.stdout is not None
    async with asyncio.timeout(90):
        while not (found := re.search(r"open (http://\S+) in a browser", "".join(said))):
            line = (await process.stdout.readline()).decode()
            assert line, "bot.py --local ended before printing the page's address:\n" + "".join(said)
            said.append(line)
    return found[1]


def _environ(pid: int) -> dict[str, str]:
    """The environment a running process was started with (Linux's /proc)."""
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:  # gone meanwhile
        return {}
    pairs = (item.decode(errors="replace").partition("=") for item in raw.split(b"\0") if item)
    return {name: value for name, _, value in pairs}


async def test_bot_py_local_serves_the_page_and_ctrl_c_stops_every_process(tmp_path: Path) -> None:
    process = await _local(tmp_path, "--port", "0")
    assert process.stdout is not None
    said: list[str] = []
    url = await _address(process, said)

    async with aiohttp.ClientSession() as session, session.get(url + "api/world") as response:
        assert response.status == 200
        world = await response.json()
    assert world["guild"]["name"] == "Game Night"
    assert world["open_to_network"] is False
    tree = _tree(process.pid)
    assert len(tree) >= 3, "the bot and its picture workers run under the launcher"
    # One person plays several members of a table from the page: the bot waits 10 minutes for a
    # player (Discord's 30 s handed both of README's first game's seats to AIs), and says so.
    assert world["wait_minutes"] == 10
    settings = [_environ(pid) for pid in tree]
    assert any(e.get("ABSENT_SECONDS") == "600" and e.get("TURN_SECONDS") == "600" for e in settings)

    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole foreground group
    async with asyncio.timeout(60):
        code = await process.wait()
        said.append((await process.stdout.read()).decode())

    assert code == 0, "".join(said)
    assert not [pid for pid in tree if _running(pid)], "a process of the tree outlived Ctrl-C"
    assert (tmp_path / "local-discord.pickle").exists()
    assert (tmp_path / "local.sqlite3").exists()
    log = (tmp_path / "local-bot.log").read_text()
    assert "stopped cleanly" in log and "Traceback" not in log, log


async def test_a_launcher_killed_outright_leaves_no_bot_behind(tmp_path: Path) -> None:
    process = await _local(tmp_path, "--port", "0")
    await _address(process, [])
    tree = _tree(process.pid)

    process.kill()  # kill -9: no chance to stop the bot
    await process.wait()

    async with asyncio.timeout(30):
        while any(_running(pid) for pid in tree):
            await asyncio.sleep(0.1)
    assert "stopped cleanly" in (tmp_path / "local-bot.log").read_text(), "the orphan saved its tables"


async def test_a_taken_port_is_said_and_nothing_starts(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = await _local(tmp_path, "--port", str(port))
        async with asyncio.timeout(60):
            out, _ = await process.communicate()

    assert process.returncode == 2
    assert f"127.0.0.1:{port}" in out.decode() and "--port" in out.decode()
    assert not (tmp_path / "local-discord.pickle").exists(), "no world saved over another run's"


async def test_host_and_port_go_with_local_only(tmp_path: Path) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "bot.py",
        "--port",
        "9000",
        cwd=ROOT,
        env=_environment(tmp_path),
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await process.communicate()

    assert process.returncode == 2
    assert "--local" in err.decode()


def test_only_a_loopback_host_keeps_the_page_on_this_computer() -> None:
    assert not any(open_to_network(host) for host in ("127.0.0.1", "::1", "localhost", "127.0.0.2"))
    assert all(open_to_network(host) for host in ("0.0.0.0", "::", "192.168.1.20", "gamebox"))
    assert address("0.0.0.0", 8765) == "http://127.0.0.1:8765/"
    assert address("::1", 8765) == "http://[::1]:8765/"


async def test_a_page_open_to_the_network_says_so_and_needs_the_key_it_printed() -> None:
    fake = FakeDiscord()
    await fake.start()
    guild = seed(fake)
    client: TestClient[web.Request, web.Application] = TestClient(
        TestServer(Page(fake, guild, host="0.0.0.0", key="s3cret").app())
    )
    await client.start_server()
    try:
        async with client.get("/api/world") as response:
            assert response.status == 403, "without the key"
        async with client.get("/", params={"key": "s3cret"}) as response:
            assert response.status == 200, "the printed address"
        async with client.get("/api/world") as response:  # the key, kept in a cookie since
            assert (await response.json())["open_to_network"] is True
        assert address("0.0.0.0", 8765, "s3cret") == "http://127.0.0.1:8765/?key=s3cret"
    finally:
        await client.close()
        await fake.stop()
