"""The bot's configuration, read from the environment or a ``.env`` file.

Every problem is reported as one :class:`ConfigError` line that says what is wrong and how to
fix it, because the person reading it is setting up a bot, not debugging Python: ``bot.py``
prints the line and exits with status 2, never a traceback.
"""

import io
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from dotenv.parser import parse_stream

from data.store import is_url
from tables.shards import ALL_SHARDS, Shards
from tables.stand_ins import ABSENT_AFTER

DEFAULT_DATABASE_PATH = Path("data") / "gamenight.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DEFAULT_TURN_SECONDS = 90.0
"""How long a turn-based game waits for a player before acting for them (warned at two thirds)."""


class ConfigError(Exception):
    """A configuration mistake, explained in one line."""


@dataclass(frozen=True)
class Config:
    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: int
    api_base: str | None
    turn_seconds: float = DEFAULT_TURN_SECONDS
    absent_seconds: float = ABSENT_AFTER
    """How long a real-time table waits for the one person it needs before an AI plays for them,
    where the server's moderators have not chosen (``ABSENT_SECONDS``; local play waits longer)."""
    live_panels: bool = True
    database_url: str | None = None
    """A PostgreSQL server's ``postgresql://`` URL; when set, it is the database and
    ``database_path`` is not used."""
    shards: Shards = ALL_SHARDS
    """The shards this process runs (``SHARD_COUNT``, ``SHARD_IDS``); all of them by default."""
    threads: bool = True
    """Whether new tables play in threads in servers whose moderators have not chosen
    (``TABLES_IN``: ``threads``, the default, or ``channels``)."""

    @property
    def database(self) -> str | Path:
        """What the store opens: the PostgreSQL URL if there is one, else the SQLite file."""
        return self.database_url or self.database_path


def seconds(values: Mapping[str, str], name: str, default: float, *, low: float, high: float = 3600) -> float:
    """A setting that is a number of seconds from ``low`` to ``high``; ``default`` if unset."""
    raw = (values.get(name) or "").strip()
    if not raw:
        return default
    try:
        number = float(raw)
    except ValueError:
        number = low - 1
    if not low <= number <= high:
        raise ConfigError(f"{name} must be a number of seconds from {low:g} to {high:g}, not {raw!r}")
    return number


def read_env_file(path: Path) -> dict[str, str]:
    """The assignments of a ``.env`` file; a line that does not parse is an error, not a skip.

    python-dotenv on its own only logs a warning for a bad line and carries on without it, so a
    token with a stray quote would silently vanish; we refuse instead and name the line.
    """
    if not path.exists():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}; fix or remove the file") from None
    values: dict[str, str] = {}
    for binding in parse_stream(io.StringIO(text)):
        if binding.error:
            # The line itself is not echoed: it may hold half a token.
            raise ConfigError(
                f"{path} line {binding.original.line} is malformed: write it as NAME=value, "
                "with any quotes closed"
            )
        if binding.key is not None and binding.value is not None:
            values[binding.key] = binding.value
    return values


APP_DIR = Path(__file__).parent
"""Where bot.py lives: its ``.env`` and default database are found here, whatever directory the
bot is started from (a service manager starts it from ``/``)."""


def read_settings(
    environ: Mapping[str, str] | None = None, env_file: Path = APP_DIR / ".env"
) -> dict[str, str]:
    """Every setting given: the environment wins over ``.env``, as python-dotenv does."""
    values = read_env_file(env_file)
    values.update(os.environ if environ is None else environ)
    return values


def database_path(values: Mapping[str, str], env_file: Path = APP_DIR / ".env") -> Path:
    """The SQLite file: ``DATABASE_PATH`` or the default, a relative one taken from the ``.env``
    file's directory (local play keeps its own files beside it)."""
    return env_file.parent / Path(values.get("DATABASE_PATH") or DEFAULT_DATABASE_PATH)


def load_config(environ: Mapping[str, str] | None = None, env_file: Path = APP_DIR / ".env") -> Config:
    """Build the configuration from :func:`read_settings`. A relative ``DATABASE_PATH`` (and the
    default one) is taken from the ``.env`` file's directory."""
    values = read_settings(environ, env_file)

    token = values.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            f"DISCORD_TOKEN is not set (not in the environment, nor in {env_file}): copy your bot's "
            "token from the Discord Developer Portal (Bot page) into that file as DISCORD_TOKEN=... "
            "(see docs/running.md)"
        )

    database_url = (values.get("DATABASE_URL") or "").strip() or None
    if database_url is not None and not is_url(database_url):
        # Not echoed: the URL may hold a password.
        raise ConfigError(
            "DATABASE_URL must be a PostgreSQL URL such as postgresql://user:password@host/dbname; "
            "leave it unset to use the SQLite file DATABASE_PATH"
        )

    dev_guild_raw = values.get("DEV_GUILD_ID", "").strip()
    dev_guild_id: int | None = None
    if dev_guild_raw:
        # ASCII digits only: Python's int() also reads "１２３" and other scripts' digits.
        if not (dev_guild_raw.isascii() and dev_guild_raw.isdigit()) or int(dev_guild_raw) >= 2**64:
            raise ConfigError(
                f"DEV_GUILD_ID must be a server id (digits only), not {dev_guild_raw!r}: "
                "right-click the server with Developer Mode on and choose Copy Server ID"
            )
        dev_guild_id = int(dev_guild_raw)

    level_name = (values.get("LOG_LEVEL") or "INFO").strip().upper()
    if level_name not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level_name!r}")

    api_base = (values.get("DISCORD_API_BASE") or "").strip() or None
    if api_base is not None:
        parts = urlsplit(api_base)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConfigError(
                f"DISCORD_API_BASE must be an http(s) URL such as http://127.0.0.1:8080, not {api_base!r}"
            )
        api_base = api_base.rstrip("/")

    turn_seconds = seconds(values, "TURN_SECONDS", DEFAULT_TURN_SECONDS, low=3)
    absent_seconds = seconds(values, "ABSENT_SECONDS", ABSENT_AFTER, low=15)

    live_raw = (values.get("LIVE_PANELS") or "on").strip().lower()
    if live_raw not in ("on", "off"):
        raise ConfigError(f"LIVE_PANELS must be on or off, not {live_raw!r}")

    shards = read_shards(values.get("SHARD_COUNT") or "", values.get("SHARD_IDS") or "")

    tables_in = (values.get("TABLES_IN") or "threads").strip().lower()
    if tables_in not in ("threads", "channels"):
        raise ConfigError(f"TABLES_IN must be threads or channels, not {tables_in!r}")

    return Config(
        token=token,
        database_path=database_path(values, env_file),
        dev_guild_id=dev_guild_id,
        log_level=logging.getLevelNamesMapping()[level_name],
        api_base=api_base,
        turn_seconds=turn_seconds,
        absent_seconds=absent_seconds,
        live_panels=live_raw == "on",
        database_url=database_url,
        shards=shards,
        threads=tables_in == "threads",
    )


def read_shards(count_raw: str, ids_raw: str) -> Shards:
    """``SHARD_COUNT`` (how many shards the bot has in all) and ``SHARD_IDS`` (which of them this
    process runs, such as ``0,1``); neither: one process runs every shard Discord recommends."""
    count_raw, ids_raw = count_raw.strip(), ids_raw.strip()
    count: int | None = None
    if count_raw:
        if not (count_raw.isascii() and count_raw.isdigit()) or not 1 <= int(count_raw) <= 65536:
            raise ConfigError(f"SHARD_COUNT must be a number of shards from 1, not {count_raw!r}")
        count = int(count_raw)
    if not ids_raw:
        return Shards(count)
    parts = [part.strip() for part in ids_raw.split(",")]
    if count is None or not all(part.isascii() and part.isdigit() for part in parts):
        raise ConfigError(
            f"SHARD_IDS must list this process's shards as numbers, such as 0,1, with SHARD_COUNT "
            f"set, not {ids_raw!r}"
        )
    try:
        return Shards.of(count, [int(part) for part in parts])
    except ValueError:
        raise ConfigError(f"SHARD_IDS must be shards from 0 to {count - 1}, not {ids_raw!r}") from None
