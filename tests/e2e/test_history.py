"""Finished games kept and looked back at, through the real bot and the stand-in (issue 31): the
results card's Replay, /history -> open -> step through -> Share as animation, one share a
minute, /forget-me, and a moderator deleting a replay. Played with Tally, the tests' own game,
so the shared pieces are what is tested."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from fakediscord import MESSAGE_COMPONENT, BotProcess, Channel, SeenMessage
from locales import catalog
from tests.conftest import World, running
from tests.e2e.toppo_play import recorded_games, wait_public
from tests.e2e.whole_game import play_turn_by_turn


def text(key: str, **values: object) -> str:
    return catalog().text(key, "en-US", **values)


def animations(world: World, place: Channel) -> list[SeenMessage]:
    """The replays shared in ``place``."""
    return [
        m
        for m in world.fake.public_messages(place)
        if m.attachments and m.attachments[0].filename == "replay.gif"
    ]


def footer(message: SeenMessage) -> str:
    """A card's small print (a replay's step)."""
    return next(line for line in message.text.splitlines() if line.startswith("-# "))


async def finished_tally(world: World, database: Path) -> SeenMessage:
    """Alice plays a game of Tally against an easy AI to its end; its results message."""
    lobby = (await world.alice.slash("tally start")).message
    await world.alice.press(lobby, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await wait_public(world, lambda message: "(2/4)" in message.text)
    await world.alice.press(lobby, label=text("lobby.start"))
    table = await wait_public(world, lambda message: message.id == lobby.id and bool(message.attachments))
    results = await play_turn_by_turn(world, world.alice, table, "tally")
    await world.fake.wait_for(lambda: len(recorded_games(database)) == 1, timeout=10, what="the result")
    return results


async def test_history_opens_a_replay_that_steps_and_shares_as_an_animation(
    world: World, bot: BotProcess, database: Path
) -> None:
    alice, bruno = world.alice, world.bruno
    results = await finished_tally(world, database)
    assert text("replay.open") in [button.get("label") for button in results.buttons()]
    await world.fake.wait_for(
        lambda: "📈 Ratings: **Alice** 1500 → " in world.alice.current(results).text, what="the rating change"
    )
    line = next(line for line in world.alice.current(results).text.splitlines() if "📈" in line)
    assert "AI 1" not in line, "people's ratings only"

    # The results card's link: the replay at its start, privately, in the presser's language.
    opened = (await bruno.press(results, label=text("replay.open"))).message
    assert opened.ephemeral and opened.attachments
    assert opened.card["title"] == catalog().text("replay.title", "es-ES", game="Tally")
    assert footer(opened).startswith("-# Paso 1 de ")
    assert opened.attachments[0].description.startswith("Imagen")

    page = (await alice.slash("history")).message
    assert page.ephemeral and page.card["title"] == text("history.title")
    assert "Tally" in page.text and "alice" in page.text.lower() and "🏆" in page.text
    replay = (await alice.press(page, label="1")).message
    assert replay.ephemeral and replay.id != page.id, "a replay opens beside the page"
    assert replay.card["title"] == text("replay.title", game="Tally")
    first = footer(replay)
    assert first.startswith("-# Step 1 of ")
    steps = int(first.rsplit(" ", 1)[-1])
    assert steps > 2
    for label in (text("replay.first"), text("replay.back")):
        assert alice.current(replay).button(label=label).get("disabled")
    start_picture = replay.attachments[0].image().tobytes()

    forward = await alice.press(replay, label=text("replay.next"))
    assert forward.response_type == 7, "the replay is redrawn in place"
    assert footer(alice.current(replay)).endswith(text("replay.step", step=2, steps=steps))
    assert alice.current(replay).attachments[0].image().tobytes() != start_picture
    await alice.press(replay, label=text("tally.replay.next"))
    assert footer(alice.current(replay)).endswith(text("replay.step", step=3, steps=steps)), (
        "Tally's turn is one move"
    )
    await alice.press(replay, label=text("replay.last"))
    end = alice.current(replay)
    assert footer(end).endswith(text("replay.step", step=steps, steps=steps))
    assert end.button(label=text("replay.next")).get("disabled")
    assert "Picture of the Tally track" in end.attachments[0].description
    assert text("replay.drop") not in [button.get("label") for button in end.buttons()], "moderators only"

    shared = await alice.press(replay, label=text("replay.share"))
    assert shared.response_type == 5, "acknowledged at once"
    await world.fake.wait_for(lambda: bool(animations(world, world.games)), timeout=15, what="the animation")
    [posted] = animations(world, world.games)
    attachment = posted.attachments[0]
    assert attachment.description.startswith("Animation of a Tally game played on ")
    assert "The winner was" in attachment.description
    animation = Image.open(io.BytesIO(attachment.data))
    assert animation.format == "GIF" and animation.n_frames == min(steps, 120)
    assert posted.card["title"] == text("replay.shared_title", game="Tally")
    await world.fake.wait_for(lambda: len(shared.followups) == 1, timeout=10, what="the share's answer")
    assert "posted" in shared.followups[0].text

    again = await alice.press(replay, label=text("replay.share"))
    assert again.message.ephemeral and "One animation a minute" in again.message.text
    assert len(animations(world, world.games)) == 1


async def test_a_forgotten_name_and_a_deleted_replay(world: World, bot: BotProcess, database: Path) -> None:
    alice, mod = world.alice, world.mod
    await finished_tally(world, database)
    confirm = (await alice.slash("forget-me")).message
    assert confirm.ephemeral
    await alice.press(confirm, label=text("history.forget_yes"))
    page = (await mod.slash("history")).message
    assert "a former player" in page.text and "alice" not in page.text.lower()
    replay = (await mod.press(page, label="1")).message
    assert "a former player" in replay.text
    assert "a former player" in replay.attachments[0].description
    await mod.press(replay, label=text("replay.share"))
    await world.fake.wait_for(lambda: bool(animations(world, world.games)), timeout=15, what="the animation")
    [posted] = animations(world, world.games)
    shared = posted.attachments[0].description
    assert (
        "a former player" in shared and "alice" not in shared.lower() and "alice" not in posted.text.lower()
    )

    drop = str(replay.button(label=text("replay.drop"))["custom_id"]).replace(":drop:", ":dropok:")
    forged = await alice.forge(MESSAGE_COMPONENT, {"custom_id": drop, "component_type": 2}, message=page)
    assert forged.message.ephemeral, "refused privately (a button that is not on the message is a stray)"
    assert text("replay.gone") not in (await mod.press(page, label="1")).message.text, "nothing deleted"
    for bad in ("rp:at:x.1", "rp:page:1.chess.-", "rp:open:99999"):
        said = await alice.forge(MESSAGE_COMPONENT, {"custom_id": bad, "component_type": 2}, message=page)
        assert said.message.ephemeral, f"{bad}: a private answer"
    asked = (await mod.press(replay, label=text("replay.drop"))).message
    assert text("replay.drop_confirm") in asked.text
    await mod.press(asked, label=text("replay.drop_yes"))
    assert text("replay.dropped") in mod.current(replay).text
    page = (await mod.slash("history")).message
    assert text("history.no_replay") in page.text, "the result stays, its replay went"
    assert page.button(label="1").get("disabled")
    [(key, _)] = recorded_games(database)
    assert key.startswith("tally:")


async def test_an_animation_goes_to_the_tables_thread_while_it_is_open_else_its_channel(
    world: World, database: Path
) -> None:
    alice, bruno = world.alice, world.bruno

    def gifs(place: Channel) -> list[SeenMessage]:
        return animations(world, place)

    async with running(BotProcess(world.fake, database, threads=True)):
        card = (await alice.slash("tally start")).message
        thread = world.fake.thread_of(card)
        assert thread is not None
        await alice.press(card, label=text("lobby.add_ai", level=text("ai.level.easy")))
        await world.fake.wait_for(lambda: "(2/4)" in alice.current(card).text, what="the AI seated")
        await alice.press(card, label=text("lobby.start"))
        await world.fake.wait_for(
            lambda: any(m.attachments for m in world.fake.public_messages(thread)),
            timeout=15,
            what="the game",
        )
        table = next(m for m in world.fake.public_messages(thread) if m.attachments)
        results = await play_turn_by_turn(world, alice, table, "tally")
        replay = (await alice.press(results, label=text("replay.open"))).message
        await alice.press(replay, label=text("replay.share"))
        await world.fake.wait_for(lambda: bool(gifs(thread)), timeout=15, what="the animation in the thread")
        assert not gifs(world.games)

        thread.archived = True  # the table ended, or Discord archived it
        page = (await bruno.slash("history")).message
        replay = (await bruno.press(page, label="1")).message
        await bruno.press(replay, label=catalog().text("replay.share", "es-ES"))
        await world.fake.wait_for(
            lambda: bool(gifs(world.games)), timeout=15, what="the animation in the channel"
        )
        assert len(gifs(thread)) == 1 and thread.archived, "an archived thread is not reopened for it"
