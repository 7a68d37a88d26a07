"""The real-browser tier: ``python bot.py --local`` as a person runs it, and its page in a
headless Chromium driven by Selenium.

The browser is the system's (Debian's ``chromium`` and ``chromium-driver``: browser downloads
are blocked on these machines), named explicitly with its driver so that Selenium Manager never
runs and nothing is downloaded. A missing browser fails the tests with how to install it; they
are never skipped. Every test here carries the ``browser`` marker: README's main test command
leaves them out (it needs nothing but Python), and ``pytest -m browser`` runs them.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("GAMENIGHT_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("GAMENIGHT_CHROMEDRIVER", "/usr/bin/chromedriver"))
INSTALL = (
    "the browser tests need Chromium and its ChromeDriver from the system's packages: on Debian or "
    "Ubuntu, `sudo apt-get install -y chromium chromium-driver` (or set GAMENIGHT_CHROMIUM and "
    "GAMENIGHT_CHROMEDRIVER to a Chromium and the ChromeDriver of the same version)"
)
START_SECONDS = 90.0
"""How long local play has to print its address (the bot's first start uploads the cards' emojis)."""
READY = re.compile(r"open (http://\S+/) in a browser")


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Everything in this directory is the browser tier, whatever its module says.
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Local:
    """One run of ``python bot.py --local``."""

    url: str
    process: subprocess.Popen[bytes]
    directory: Path
    expected_errors: list[str] = field(default_factory=list)
    """Errors a test provokes on purpose: a traceback in the bot's log must end with one of
    these (any other fails the test)."""

    @property
    def output(self) -> str:
        return (self.directory / "local.out").read_text(errors="replace")

    def bot_pid(self) -> int:
        """The bot's own process: the launcher's one child (the bot's picture workers are that
        process's children, the stand-in and the page run in the launcher itself)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        assert len(children) == 1, f"expected the launcher to have one child, the bot: {children}"
        return int(children[0])


@pytest.fixture
def local(tmp_path: Path) -> Iterator[Local]:
    """``python bot.py --local`` on a free port, with its database and world in ``tmp_path``;
    stopped with Ctrl-C at the end, which must stop it cleanly."""
    # Every setting given, so a developer's .env or environment cannot leak into the run.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DEV_GUILD", "DATABASE_"))}
    env.update(
        DISCORD_TOKEN="",
        DATABASE_PATH=str(tmp_path / "gamenight.sqlite3"),
        DATABASE_URL="",
        DEV_GUILD_ID="",
        PYTHONUNBUFFERED="1",
    )
    out = (tmp_path / "local.out").open("wb")
    process = subprocess.Popen(
        [sys.executable, "bot.py", "--local", "--port", str(free_port())],
        cwd=ROOT,
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
    )
    run = Local("", process, tmp_path)
    try:
        end = time.monotonic() + START_SECONDS
        while not (found := READY.search(run.output)):
            if process.poll() is not None:
                raise AssertionError(f"bot.py --local exited with {process.returncode}:\n{run.output}")
            if time.monotonic() > end:
                raise AssertionError(f"bot.py --local printed no address in {START_SECONDS} s:\n{run.output}")
            time.sleep(0.1)
        run.url = found.group(1)
        yield run
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                raise AssertionError(f"bot.py --local ignored Ctrl-C:\n{run.output}") from None
        out.close()
    assert process.returncode == 0, f"bot.py --local exited with {process.returncode}:\n{run.output}"
    bot_log = tmp_path / "local-bot.log"
    log = bot_log.read_text(errors="replace") if bot_log.exists() else ""
    for error in tracebacks(log):
        assert any(expected in error for expected in run.expected_errors), (
            f"the bot printed a traceback ending {error!r}:\n{log}"
        )


def tracebacks(log: str) -> list[str]:
    """The exception line ending each traceback in ``log`` (the first unindented line after it)."""
    found = []
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Traceback (most recent call last):"):
            found.append(next((later for later in lines[i + 1 :] if later and not later[0].isspace()), "?"))
    return found


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[webdriver.Chrome]:
    """A headless Chromium with a fresh profile, quiet on the network (no sync, no updates, no
    QUIC), at a desktop's 1280 x 800."""
    for path, what in ((CHROMIUM, "Chromium"), (CHROMEDRIVER, "ChromeDriver")):
        if not (path.is_file() and os.access(path, os.X_OK)):
            pytest.fail(f"{what} not found at {path}: {INSTALL}", pytrace=False)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    profile = tmp_path / "chromium-profile"
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The driver named explicitly: Selenium Manager (which would download one) does not run.
    service = Service(executable_path=str(CHROMEDRIVER), log_output=str(tmp_path / "chromedriver.log"))
    driver = webdriver.Chrome(options=options, service=service)
    try:
        viewport(driver, 1280, 800)
        yield driver
    finally:
        driver.quit()


def viewport(driver: webdriver.Chrome, width: int, height: int, *, mobile: bool = False) -> None:
    """The page's own width and height (a window's size would include the browser's frame), as a
    phone's when ``mobile``."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )
