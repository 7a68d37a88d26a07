"""Configuration: values, defaults, and one clear line (exit 2, no traceback) for each mistake."""

import logging
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from config import DEFAULT_DATABASE_PATH, ConfigError, load_config

ROOT = Path(__file__).resolve().parents[1]


def test_values_from_environment_win_over_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nLOG_LEVEL=debug\nDEV_GUILD_ID=42\n")
    config = load_config({"DISCORD_TOKEN": "from-env"}, env_file)
    assert config.token == "from-env"
    assert config.log_level == logging.DEBUG
    assert config.dev_guild_id == 42
    assert config.database_path == tmp_path / DEFAULT_DATABASE_PATH, (
        "beside the .env, not the current directory"
    )
    assert config.api_base is None
    assert config.turn_seconds == 90


def test_turn_seconds_can_be_shortened(tmp_path: Path) -> None:
    config = load_config({"DISCORD_TOKEN": "t", "TURN_SECONDS": "4.5"}, tmp_path / ".env")
    assert config.turn_seconds == 4.5


def test_the_absence_limit_can_be_lengthened_as_local_play_does(tmp_path: Path) -> None:
    assert load_config({"DISCORD_TOKEN": "t"}, tmp_path / ".env").absent_seconds == 30
    config = load_config({"DISCORD_TOKEN": "t", "ABSENT_SECONDS": "600"}, tmp_path / ".env")
    assert config.absent_seconds == 600


def test_shards_name_this_processs_share_of_the_bot(tmp_path: Path) -> None:
    config = load_config({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": " 3, 2"}, tmp_path / ".env")
    assert (config.shards.count, config.shards.ids) == (4, (2, 3))
    assert not config.shards.syncs_commands
    alone = load_config({"DISCORD_TOKEN": "t"}, tmp_path / ".env").shards
    assert (alone.count, alone.ids, alone.syncs_commands) == (None, None, True)


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
        ({"DISCORD_TOKEN": "t", "ABSENT_SECONDS": "5"}, "ABSENT_SECONDS must be a number of seconds from 15"),
        ({"DISCORD_TOKEN": "t", "SHARD_COUNT": "two"}, "SHARD_COUNT must be a number of shards"),
        ({"DISCORD_TOKEN": "t", "SHARD_IDS": "0,1"}, "SHARD_IDS must list .* with SHARD_COUNT set"),
        ({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "SHARD_IDS must list"),
        (
            {"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "1,2"},
            "SHARD_IDS must be shards from 0 to 1",
        ),
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


def app_copy(tmp_path: Path) -> Path:
    """The bot as installed somewhere else: ``tmp_path/app`` links to every file of the project
    but its ``.env`` (a developer's own must not leak in), so the test writes the one it wants."""
    app = tmp_path / "app"
    if not app.exists():
        app.mkdir()
        for entry in ROOT.iterdir():
            if entry.name not in (".env", ".git", ".venv", "bot.py"):
                (app / entry.name).symlink_to(entry)
        # A copy, not a link: Python would resolve a linked script to the project's directory.
        shutil.copy(ROOT / "bot.py", app / "bot.py")
    return app


def run_bot(cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Start the real bot.py of :func:`app_copy` from ``cwd`` (another directory) with only
    ``env`` (plus PATH), and wait for it to give up."""
    return subprocess.run(
        [sys.executable, str(app_copy(cwd) / "bot.py")],
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


def test_bot_without_token_exits_2_naming_the_file_it_read(tmp_path: Path) -> None:
    env_file = app_copy(tmp_path) / ".env"
    assert_one_line_exit_2(
        run_bot(tmp_path, {}), f"DISCORD_TOKEN is not set (not in the environment, nor in {env_file})"
    )


def test_bot_with_malformed_env_file_exits_2(tmp_path: Path) -> None:
    (app_copy(tmp_path) / ".env").write_text("DISCORD_TOKEN='unclosed\n")
    assert_one_line_exit_2(run_bot(tmp_path, {}), ".env line 1 is malformed")


def test_the_env_file_beside_bot_py_is_read_from_another_directory(tmp_path: Path) -> None:
    (app_copy(tmp_path) / ".env").write_text("DISCORD_TOKEN=t\nLOG_LEVEL=loud\n")
    (tmp_path / ".env").write_text("DISCORD_TOKEN=t\n")  # the current directory's is not the bot's
    assert_one_line_exit_2(run_bot(tmp_path, {}), "LOG_LEVEL must be one of")


def test_an_api_base_that_is_not_discord_is_one_line_and_exit_2(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(tmp_path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as client:
                if client.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        env = {"DISCORD_TOKEN": "t", "DISCORD_API_BASE": base, "DATABASE_PATH": str(tmp_path / "db.sqlite3")}
        result = run_bot(tmp_path, env)
    finally:
        server.terminate()
        server.wait()
    assert_one_line_exit_2(result, f"DISCORD_API_BASE {base} does not answer like Discord's API (404")


def test_bot_with_unwritable_database_path_exits_2(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where a directory should be")
    result = run_bot(tmp_path, {"DISCORD_TOKEN": "t", "DATABASE_PATH": str(blocker / "db.sqlite3")})
    assert_one_line_exit_2(result, "DATABASE_PATH")


def test_database_url_chooses_postgresql_over_the_sqlite_file(tmp_path: Path) -> None:
    url = "postgresql://bot:secret@db.example/gamenight"
    config = load_config({"DISCORD_TOKEN": "t", "DATABASE_URL": f" {url} "}, tmp_path / ".env")
    assert (config.database_url, config.database) == (url, url)
    unset = load_config({"DISCORD_TOKEN": "t"}, tmp_path / ".env")
    assert (unset.database_url, unset.database) == (None, tmp_path / DEFAULT_DATABASE_PATH)


def test_a_database_url_that_is_not_postgresql_is_refused_without_echoing_it(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL URL") as caught:
        load_config({"DISCORD_TOKEN": "t", "DATABASE_URL": "mysql://bot:secret@db/gn"}, tmp_path / ".env")
    assert "secret" not in str(caught.value)


def test_bot_with_an_unreachable_database_url_exits_2_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://bot:secret@/gamenight?host={tmp_path}"  # no server listens there
    result = run_bot(tmp_path, {"DISCORD_TOKEN": "t", "DATABASE_URL": url})
    assert_one_line_exit_2(result, "check DATABASE_URL and that the PostgreSQL server is running")
    assert "secret" not in result.stderr
