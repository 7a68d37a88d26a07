"""Configuration mistakes found late (issue 19, item 12): each is one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot
import render.fonts
from config import ConfigError, load_config
from fakediscord import BotProcess
from tests.conftest import World
from tests.test_config import assert_one_line_exit_2, run_bot


@pytest.mark.parametrize("value", ["１２３４５６７８９０", "١٢٣", "18446744073709551616"])
def test_a_dev_guild_id_of_other_digits_or_too_big_is_refused(tmp_path: Path, value: str) -> None:
    with pytest.raises(ConfigError, match="DEV_GUILD_ID must be a server id"):
        load_config({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": value}, tmp_path / ".env")
    result = run_bot(tmp_path, {"DISCORD_TOKEN": "t", "DEV_GUILD_ID": value})
    assert_one_line_exit_2(result, "DEV_GUILD_ID must be a server id")


async def test_a_dev_guild_the_bot_is_not_in_is_one_line_and_exit_2(world: World, database: Path) -> None:
    process = BotProcess(world.fake, database, dev_guild_id=123456789012345678)
    await process.start(wait_ready=False)
    assert await process.wait_exit() == 2
    errors = [line for line in process.output.splitlines() if line.startswith("error: ")]
    assert errors == [
        "error: DEV_GUILD_ID 123456789012345678 is not a server this bot is in (Discord: Missing Access):"
        " invite the bot to that server first, or leave DEV_GUILD_ID empty"
    ], process.output
    assert "Traceback" not in process.output
    (problem,) = world.fake.take_problems()  # the 403 Discord answers
    assert "403" in problem


def test_a_missing_font_file_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    for path in render.fonts.FONT_DIR.iterdir():
        if path.name != "NotoSansHebrew-Bold.ttf":
            (fonts / path.name).symlink_to(path)
    monkeypatch.setattr(render.fonts, "FONT_DIR", fonts)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.chdir(tmp_path)

    assert bot.main() == 2

    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: font file {fonts / 'NotoSansHebrew-Bold.ttf'} is missing (1 in all)")
