"""Configuration: values, defaults, and one clear line (exit 2, no traceback) for each mistake."""

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from config import DEFAULT_DATABASE_PATH, ConfigError, load_config

BOT = Path(__file__).resolve().parents[1] / "bot.py"


def test_values_from_environment_win_over_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nLOG_LEVEL=debug\nDEV_GUILD_ID=42\n")
    config = load_config({"DISCORD_TOKEN": "from-env"}, env_file)
    assert config.token == "from-env"
    assert config.log_level == logging.DEBUG
    assert config.dev_guild_id == 42
    assert config.database_path == DEFAULT_DATABASE_PATH
    assert config.api_base is None
    assert config.turn_seconds == 90


def test_turn_seconds_can_be_shortened(tmp_path: Path) -> None:
    config = load_config({"DISCORD_TOKEN": "t", "TURN_SECONDS": "4.5"}, tmp_path / ".env")
    assert config.turn_seconds == 4.5


def test_api_base_loses_its_trailing_slash(tmp_path: Path) -> None:
    config = load_config({"DISCORD_TOKEN": "t", "DISCORD_API_BASE": "http://127.0.0.1:9/"}, tmp_path / ".env")
    assert config.api_base == "http://127.0.0.1:9"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID must be a server id"),
        ({"DISCORD_TOKEN": "t", "LOG_LEVEL": "loud"}, "LOG_LEVEL must be one of"),
        (
            {"DISCORD_TOKEN": "t", "DISCORD_API_BASE": "127.0.0.1:80"},
            r"DISCORD_API_BASE must be an http\(s\) URL",
        ),
        ({"DISCORD_TOKEN": "t", "TURN_SECONDS": "soon"}, "TURN_SECONDS must be a number of seconds"),
        ({"DISCORD_TOKEN": "t", "TURN_SECONDS": "1"}, "TURN_SECONDS must be a number of seconds"),
    ],
)
def test_each_mistake_is_named(tmp_path: Path, environ: dict[str, str], expected: str) -> None:
    with pytest.raises(ConfigError, match=expected):
        load_config(environ, tmp_path / ".env")


def test_malformed_env_line_is_refused_without_echoing_it(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text('LOG_LEVEL=INFO\nDISCORD_TOKEN="secret-half\n')
    with pytest.raises(ConfigError, match=r"line 2 is malformed") as caught:
        load_config({}, env_file)
    assert "secret" not in str(caught.value)


def run_bot(cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Start the real bot.py with only ``env`` (plus PATH) and wait for it to give up."""
    return subprocess.run(
        [sys.executable, str(BOT)],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def assert_one_line_exit_2(result: subprocess.CompletedProcess[str], expected: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, result.stderr
    assert expected in errors[0]


def test_bot_without_token_exits_2(tmp_path: Path) -> None:
    assert_one_line_exit_2(run_bot(tmp_path, {}), "DISCORD_TOKEN is not set")


def test_bot_with_malformed_env_file_exits_2(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN='unclosed\n")
    assert_one_line_exit_2(run_bot(tmp_path, {}), ".env line 1 is malformed")


def test_bot_with_unwritable_database_path_exits_2(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where a directory should be")
    result = run_bot(tmp_path, {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(blocker / "db.sqlite3")})
    assert_one_line_exit_2(result, "DATABASE_PATH")
