"""The local page in a real browser: a Toppo table started, joined, played and seen as Discord
shows it, by several members from one page; and a request that went wrong shown on the page."""

from __future__ import annotations

import io
import os
import signal
from functools import partial
from pathlib import Path
from typing import Any

from discord.utils import escape_markdown
from PIL import Image
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By

from locales import catalog
from tables.attention import GRACE
from tests.localplay.emoji_used import emoji_used

from .access import assert_accessible, assert_readable
from .conftest import Local, viewport
from .page import WAIT_SECONDS, LocalPage

PHONE = (412, 915)
"""A common Android phone's page size, in CSS pixels."""


def start_table(page: LocalPage, *, ai: bool = True) -> str:
    """Ana opens a Toppo table from the composer; Ben joins; Ana adds an AI (unless not ``ai``)
    and starts. Returns the lobby card's message id."""
    page.act_as("Ana")
    page.run_command("/toppo", "toppo start")
    lobby_id = page.lobby()

    page.act_as("Ben")
    page.press(lobby_id, "Join")
    page.until(lambda: "Ben" in page.text(lobby_id), "Ben's seat on the lobby card")

    page.act_as("Ana")
    if ai:
        page.press(lobby_id, "Add AI: normal")
        page.until(lambda: "AI" in page.text(lobby_id).split("Seats")[-1], "the AI's seat")
    page.press(lobby_id, "Start")
    return lobby_id


def open_table_thread(page: LocalPage) -> str:
    """The table's thread opened; returns the id of the table message (the one with the picture
    and **My line**)."""
    page.until(page.threads, "the table's thread in the channel list")
    page.open_channel(page.threads()[-1])
    return page.until(
        lambda: next(
            (
                str(m.get_attribute("data-message"))
                for m in page.messages()
                if page.button(m, "My line") and m.find_elements(By.CSS_SELECTOR, ".gallery img")
            ),
            None,
        ),
        "the table message with its picture",
    )


def open_panel(page: LocalPage, table_id: str) -> str:
    """Press **My line** as the current member; returns the id of the private panel it opens."""
    before = {m.get_attribute("data-message") for m in page.messages()}
    page.press(table_id, "My line")
    return page.until(
        lambda: next(
            (
                str(m.get_attribute("data-message"))
                for m in page.messages()
                if page.is_ephemeral(m)
                and m.get_attribute("data-message") not in before
                and page.button(m, "Refresh")
            ),
            None,
        ),
        "the private panel",
    )


def test_a_toppo_table_played_in_the_page(browser: WebDriver, local: Local, tmp_path: Path) -> None:
    """README's first game, step by step as README says it ("Try it without Discord")."""
    page = LocalPage(browser, local.url)
    page.open()
    # What the page is, said plainly; on 127.0.0.1 no warning about the network.
    banner = browser.find_element(By.ID, "banner")
    assert "Offline Discord" in banner.text and "not Discord" in banner.text
    assert not browser.find_element(By.ID, "open-warning").is_displayed()
    page.until(lambda: "waits 10 minutes for a player" in banner.text, "the local waits said")

    start_table(page)
    table_id = open_table_thread(page)
    first_picture = page.picture(table_id)
    alt = page.picture(table_id, "alt")
    assert "Toppo" in alt or "display" in alt.lower(), alt

    # Whoever may move first opens their panel: the other sees "Wait for ... to start".
    mover = None
    for name in ("Ana", "Ben"):
        page.act_as(name)
        panel_id = open_panel(page, table_id)
        assert "Only you can see this · Dismiss message" in page.text(panel_id)
        assert_readable(browser)
        if page.enabled(panel_id, "Turn card"):
            mover = (name, panel_id)
            break
    assert mover is not None, "neither Ana nor Ben could turn a card"
    name, panel_id = mover

    # A move: the table picture is redrawn in place (the same message, a new picture).
    page.press(panel_id, "Turn card")
    page.until(lambda: page.picture(table_id) != first_picture, "the table picture to change")
    # The picture it showed before is still served, as Discord's attachment addresses stay valid
    # once their message is edited: no picture on the page is ever drawn broken (404).
    fetched = "return fetch(arguments[0], {cache: 'no-store'}).then((answer) => answer.status)"
    assert browser.execute_script(fetched, first_picture) == 200
    statuses = browser.execute_script(
        "return performance.getEntriesByType('resource')"
        ".filter((e) => e.name.includes('/attachments/')).map((e) => e.responseStatus)"
    )
    assert statuses and 404 not in statuses, statuses

    # The panel is its owner's alone.
    other = "Ben" if name == "Ana" else "Ana"
    page.act_as(other)
    assert page.message(table_id) is not None
    assert page.message(panel_id) is None, f"{other} sees {name}'s private panel"
    # README's picture of the page (docs/local-page.png is this one): the table as everyone sees it.
    browser.execute_script(
        "document.activeElement.blur();"
        "document.querySelector(`[data-message='${arguments[0]}'] .gallery`)"
        ".scrollIntoView({block: 'center'})",
        table_id,
    )
    browser.save_screenshot(str(tmp_path / "desktop.png"))
    page.act_as(name)
    page.until(lambda: page.message(panel_id), f"{name}'s panel back in {name}'s view")

    # At a phone's width: the channels behind the menu, the cards and pictures within the width.
    viewport(browser, *PHONE, mobile=True)
    page.until(lambda: browser.find_element(By.ID, "menu-button").is_displayed(), "the menu button")
    page.until(lambda: not browser.find_element(By.ID, "channels").is_displayed(), "the channels to hide")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    for picture in browser.find_elements(By.CSS_SELECTOR, "#messages .gallery img"):
        assert picture.rect["x"] >= 0 and picture.rect["x"] + picture.rect["width"] <= PHONE[0]
    browser.find_element(By.ID, "menu-button").click()
    page.until(lambda: browser.find_element(By.ID, "channels").is_displayed(), "the channel drawer")
    # Choosing a channel in the drawer closes it, as on Discord's phone app.
    page.until(lambda: page.clicked(lambda: page.threads()[-1]), "the thread chosen in the sliding drawer")
    page.until(lambda: not browser.find_element(By.ID, "channels").is_displayed(), "the drawer to close")
    browser.execute_script("document.getElementById('messages').scrollTop = 1e9")
    shot = tmp_path / "phone.png"
    browser.save_screenshot(str(shot))
    with Image.open(io.BytesIO(shot.read_bytes())) as image:
        assert image.size == PHONE, image.size
    assert_accessible(browser, "a table's thread at a phone's width")


def test_a_failed_interaction_is_shown_and_the_session_goes_on(browser: WebDriver, local: Local) -> None:
    page = LocalPage(browser, local.url)
    page.open()
    page.act_as("Ana")
    page.run_command("/toppo", "toppo start")
    lobby_id = page.lobby()

    # The bot frozen: Discord gets no answer within 3 s and says "This interaction failed".
    bot = local.bot_pid()
    page.act_as("Ben")
    os.kill(bot, signal.SIGSTOP)
    try:
        page.press(lobby_id, "Join")
        page.until(lambda: "⚠" in page.text(lobby_id), "the failure shown by the message")
        assert "interaction failed" in page.text(lobby_id)
        listed = page.until(
            lambda: browser.find_element(By.ID, "problems").get_attribute("textContent"), "the problem listed"
        )
        assert "interaction failed" in listed
    finally:
        os.kill(bot, signal.SIGCONT)

    # Thawed, the bot answers the interaction Discord gave up on, and is told it is unknown (as
    # on Discord): the one error this test provokes in the bot.
    local.expected_errors.append("(error code: 10062): Unknown interaction")
    # The session goes on: the same press works once the bot is back.
    page.press(lobby_id, "Join")
    page.until(lambda: "Ben" in page.text(lobby_id), "Ben's seat on the lobby card")


def test_a_panel_menu_is_chosen_from_in_the_page(browser: WebDriver, local: Local) -> None:
    """Topoum's panel asks with menus: Ana opens a table with three AI seats, opens her panel
    and picks the hex for her first base from its menu, which opens upward above the composer
    (nothing under it is hidden), and the panel then asks her to confirm that choice."""
    page = LocalPage(browser, local.url)
    page.open()
    page.act_as("Ana")
    page.run_command("/topoum", "topoum start")
    lobby_id = page.lobby()
    for seats in range(2, 5):
        page.press(lobby_id, "Add AI: normal")
        page.until(lambda seats=seats: page.text(lobby_id).count("AI") >= seats - 1, "the AI's seat")
    page.press(lobby_id, "Start")
    page.until(page.threads, "the table's thread in the channel list")
    page.open_channel(page.threads()[-1])
    table_id = page.until(lambda: page.message_with("My panel", ephemeral=False), "the table message")
    page.press(table_id, "My panel")
    panel_id = page.until(
        lambda: page.message_with("Choose a hex", ephemeral=True), "Ana's panel with its menu"
    )
    browser.execute_script("document.getElementById('messages').scrollTop = 1e9")

    menu = page.open_menu(panel_id)
    assert "upward" in (menu.get_attribute("class") or "").split(), "the list opens above the menu"
    listed = menu.find_element(By.CSS_SELECTOR, ".select-options").rect
    composer = browser.find_element(By.ID, "composer").rect
    assert listed["y"] + listed["height"] <= composer["y"], "the options are not under the composer"
    hex_ = page.pick(menu)
    page.until(lambda: f"base on {hex_}" in page.text(panel_id), "the panel to show the choice")
    assert page.enabled(panel_id, "Confirm")


def test_a_role_option_is_picked_from_the_servers_roles(browser: WebDriver, local: Local) -> None:
    """Ana (Manage Server) makes Moderator the league moderators' role by picking it from the
    option's list, as Discord offers a role option; the answer names the role."""
    page = LocalPage(browser, local.url)
    page.open()
    page.act_as("Ana")

    page.run_command("/league", "league moderators", {"role": "@Moderator"})

    answered = page.until(
        lambda: page.message_with("can now run this server's leagues", ephemeral=True), "the private answer"
    )
    assert "@Moderator" in page.text(answered)


def test_a_name_escaped_for_markdown_shows_as_written(browser: WebDriver, local: Local) -> None:
    """Issue 48: the bot escapes names for Discord's markdown (``Ana\\_B``), which Discord shows
    as ``Ana_B``; the page showed the backslashes. Each line is drawn by the page's own renderer,
    as it draws every message."""
    page = LocalPage(browser, local.url)
    page.open()
    names = ["Ana_B*", "**Bo**", "~~Cy~~ || `x`", "# Dee", "> Eve", "Fay <3 1_2_3"]
    drawn = browser.execute_script(
        "return arguments[0].map((line) => { const node = markdown(line, 'line'); return"
        " [node.textContent, node.querySelectorAll('strong, em, s, code, h3, blockquote').length]; })",
        [escape_markdown(name) for name in names],
    )
    assert drawn == [[name, 0] for name in names]


def test_a_press_on_a_button_the_message_no_longer_has_is_answered_by_the_bot(
    browser: WebDriver, local: Local
) -> None:
    """Issue 44: a press from a view the bot had redrawn meanwhile showed the stand-in's insides
    ("0 buttons match ..." and every button's id). Discord delivers such a click with the id it
    had, and the bot answers it: so does the page."""
    page = LocalPage(browser, local.url)
    page.open()
    page.act_as("Ana")
    page.run_command("/toppo", "toppo start")
    lobby_id = page.lobby()
    join = page.until(lambda: page.message(lobby_id), "the lobby").find_element(By.CSS_SELECTOR, "button.btn")
    table = str(join.get_attribute("data-custom-id")).split(":")[1]
    gone = f"toppo:{table}:pick:9"  # a button of a moment that has passed
    browser.execute_script("press(state.messages.get(arguments[0]), arguments[1])", lobby_id, gone)
    said = catalog().text("reason.stale", "en-US")
    page.until(lambda: page.message_with(said, ephemeral=True), "the bot's private answer")
    assert "buttons match" not in browser.find_element(By.ID, "messages").text


def test_a_commands_answer_shows_as_on_discord_and_the_member_menu_is_not_cut(
    browser: WebDriver, local: Local
) -> None:
    """Issue 44: the bot's tag said BOT (Discord shows APP), the answer said "Ana used /toppo"
    (Discord names the subcommand too), and the "Acting as" menu was cut ("Ana · American
    Englis")."""
    page = LocalPage(browser, local.url)
    page.open()
    page.act_as("Ana")
    page.run_command("/toppo", "toppo start")
    lobby_id = page.lobby()

    def shown(part: str) -> str | None:
        """A part of the lobby card's header, read again if the card is redrawn meanwhile."""
        try:
            found = page.message(lobby_id)
            return None if found is None else found.find_element(By.CSS_SELECTOR, part).text
        except (StaleElementReferenceException, NoSuchElementException):
            return None

    assert page.until(lambda: shown(".bot-tag"), "the bot's tag") == "APP"
    assert page.until(lambda: shown(".used"), "who used the command") == "Ana used /toppo start"
    fits = (
        "const menu = document.getElementById('member'); const style = getComputedStyle(menu);"
        "const pen = document.createElement('canvas').getContext('2d');"
        "pen.font = `${style.fontSize} ${style.fontFamily}`;"
        "return [...menu.options].every((o) => pen.measureText(o.text).width + 28 <= menu.clientWidth);"
    )
    assert browser.execute_script(fits), "the desktop menu shows every member whole"
    viewport(browser, *PHONE, mobile=True)
    page.until(lambda: browser.execute_script(fits), "the phone's menu showing every member whole")


def test_a_thread_shows_as_a_chip_under_its_card_and_an_archived_one_says_so(
    browser: WebDriver, local: Local
) -> None:
    """Issue 44: a thread had no chip under the message it was started from; archived threads
    stayed listed among the live ones under names cut alike; an archived thread's composer looked
    live."""
    page = LocalPage(browser, local.url)
    page.open()
    lobby_id = start_table(page)

    def chip(click: bool = False) -> str | None:
        """The thread's chip under the lobby card (pressed if ``click``): its name (the card is
        redrawn as the table starts, so it is looked up again until it holds still)."""
        try:
            found = page.message(lobby_id)
            chips = [] if found is None else found.find_elements(By.CSS_SELECTOR, ".thread-chip")
            if not chips:
                return None
            name = chips[0].text.removeprefix("↳").strip()
            if click:
                chips[0].click()
            return name
        except StaleElementReferenceException:
            return None

    thread_name = page.until(chip, "the thread's chip under the lobby card")
    assert thread_name in [t.text.strip().removeprefix("↳").strip() for t in page.threads()]
    page.until(lambda: chip(click=True), "the chip pressed")
    page.until(lambda: browser.find_element(By.ID, "channel-name").text == thread_name, "the thread open")
    assert not browser.find_element(By.ID, "archived-note").is_displayed()

    # Discord archives the thread (as once its table ends): the composer says a message reopens
    # it; back in the channel, the thread is listed apart, among the archived ones.
    browser.execute_script(
        "const t = state.world.channels.find((c) => c.id === arguments[0]); t.archived = true;"
        "renderChannels(); renderChannelTitle();",
        lobby_id,
    )
    assert "archived" in browser.find_element(By.ID, "archived-note").text
    page.open_channel(browser.find_element(By.CSS_SELECTOR, "#channels a.channel.text"))
    folded = page.until(
        lambda: browser.find_elements(By.CSS_SELECTOR, "#channels details.archived-threads"), "the fold"
    )[0]
    assert "Archived threads (1)" in folded.text
    assert not [t for t in page.threads() if t.is_displayed()], "no archived thread among the live ones"


def test_the_pages_own_words_follow_the_members_language(browser: WebDriver, local: Local) -> None:
    """Issue 44: the page's own words (its banner, menus, composer, notes) stayed English for
    Spanish members, whose bot answers are Spanish; they now follow the member, as Discord's
    client follows its user's language."""
    page = LocalPage(browser, local.url)
    page.open()
    page.act_as("Carla")
    page.until(
        lambda: browser.find_element(By.CSS_SELECTOR, "#member-switch .label").text == "Actuando como", "es"
    )
    assert browser.find_element(By.ID, "composer-input").get_attribute("placeholder") == (
        "Escribe / para ver los comandos del bot"
    )
    assert "Discord sin conexión" in browser.find_element(By.ID, "banner").text
    assert browser.execute_script("return document.documentElement.lang") == "es-ES"
    page.act_as("Ana")
    page.until(
        lambda: browser.find_element(By.CSS_SELECTOR, "#member-switch .label").text == "Acting as", "en"
    )


def test_emoji_are_pictures_the_page_serves_itself(browser: WebDriver, local: Local) -> None:
    """Issue 44: a machine without an emoji font showed the table card's ⏳ (and the bot's 🤖,
    📈, 🏆, ⏮, ⏭, ⏩) as empty boxes; Discord draws every emoji from Twemoji's pictures. The
    page does too: the table card's emoji, and every emoji the bot can send drawn by the page's
    own code, are pictures loaded from the page's own address, the emoji itself their alt."""
    page = LocalPage(browser, local.url)
    page.open()
    # Ana and Ben alone: the start player, drawn at random, is a person, whom everyone waits
    # for (an AI would turn the first card at once, and nobody would be waited for).
    start_table(page, ai=False)
    table_id = open_table_thread(page)

    # The ⏳ line names the AI's takeover once that person has been away for the grace (20 s).
    card = f'[data-message="{table_id}"]'
    drawn = page.until(lambda: _emoji_drawn(browser, card, "⏳"), "the card's ⏳", GRACE + WAIT_SECONDS)
    assert "⏳" in [alt for alt, _, _ in drawn["pictures"]], drawn
    _assert_served(local, drawn)

    used = list(emoji_used())
    browser.execute_script(
        "const box = document.createElement('div'); box.id = 'emoji-used';"
        "box.append(...withEmoji(arguments[0].join(' '))); document.body.append(box);",
        used,
    )
    drawn = page.until(lambda: _emoji_drawn(browser, "#emoji-used", used[0]), "every emoji the bot can send")
    assert [alt for alt, _, _ in drawn["pictures"]] == used
    _assert_served(local, drawn)

    # A thread's name carries its host's name, and people's names carry emoji: the channel
    # list, the title and the chip under the card draw them as pictures too, as a modal's title.
    browser.execute_script(
        "const thread = state.world.channels.find((c) => c.id === arguments[0]);"
        "thread.name = 'Toppo with Ana 🎲'; renderChannels(); renderChannelTitle();"
        "openModal({title: 'Rename 🎲', components: []});",
        page.view()[1],  # the thread open (the table message is one of its messages, not it)
    )
    for where in ("#channels", "#channel-name", "#modal-title"):
        shown = partial(_emoji_drawn, browser, where, "🎲")
        drawn = page.until(shown, f"the thread name's 🎲 in {where}")
        assert "🎲" in [alt for alt, _, _ in drawn["pictures"]], (where, drawn)
        _assert_served(local, drawn)


def _emoji_drawn(browser: WebDriver, selector: str, wanted: str) -> dict[str, Any] | None:
    """The emoji pictures under ``selector`` (alt, address, natural width) and the emoji left as
    text there, once ``wanted`` is shown either way and every picture has loaded or failed (None
    before)."""
    found: dict[str, Any] | None = browser.execute_script(
        "const node = document.querySelector(arguments[0]); if (!node) return null;"
        "const pictures = [...node.querySelectorAll('img.emoji')];"
        "if (pictures.some((img) => !img.complete)) return null;"
        "return {pictures: pictures.map((img) => [img.alt, img.src, img.naturalWidth]),"
        " text: node.textContent.match(/\\p{Extended_Pictographic}/gu) || []};",
        selector,
    )
    if found is None or wanted not in [alt for alt, _, _ in found["pictures"]] + found["text"]:
        return None
    return found


def _assert_served(local: Local, drawn: dict[str, Any]) -> None:
    assert drawn["text"] == [], f"emoji left as text (a box without an emoji font): {drawn['text']}"
    for alt, src, width in drawn["pictures"]:
        assert src.startswith(f"{local.url}twemoji/") and src.endswith(".svg"), (alt, src)
        assert width > 0, f"{alt}'s picture did not load from {src}"


def test_a_thread_opens_beside_its_channel_on_a_wide_screen(browser: WebDriver, local: Local) -> None:
    """Issue 44: a thread replaced its channel; on Discord's desktop client it opens beside it,
    the channel's messages still shown (on a phone it takes the screen, as there)."""
    page = LocalPage(browser, local.url)
    page.open()
    lobby_id = start_table(page)
    open_table_thread(page)

    def beside() -> list[str]:
        cards = browser.find_elements(By.CSS_SELECTOR, "#parent-pane [data-message]")
        return [str(card.get_attribute("data-message")) for card in cards if card.is_displayed()]

    page.until(lambda: lobby_id in beside(), "the channel's lobby card beside the thread")
    assert page.message(lobby_id) is None, "the thread's own messages are the thread's"
    viewport(browser, *PHONE, mobile=True)
    shown = "return getComputedStyle(document.getElementById('parent-pane')).display"
    page.until(lambda: browser.execute_script(shown) == "none", "the thread alone at a phone's width")
