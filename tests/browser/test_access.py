"""The local page by keyboard alone, by screen reader and by dim sight (issue 44): a whole move
made with keys only, what the page reads out and names, and the contrast of its quieter text;
axe-core's verdict at every state visited, a finished game's replay among them."""

from __future__ import annotations

import re

from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement

from .access import accessible_name, assert_accessible
from .conftest import Local
from .page import LocalPage

GAME_SECONDS = 120.0
"""How long two hard AIs may take to play a game of Speed to its end: about 15 s on an idle
machine."""


def test_a_topoum_move_is_made_by_keyboard_alone(browser: WebDriver, local: Local) -> None:
    """Ana opens a Topoum table, seats three AIs, starts, opens her panel, picks her first base
    from its menu and confirms it, with keys only; a pressed button keeps the focus when its
    message is redrawn, and a menu answers arrows, Enter and Esc. axe-core judges each state."""
    page = LocalPage(browser, local.url)
    page.open()
    page.act_as("Ana")

    page.tab_to(lambda e: e.get_attribute("id") == "composer-input", "the composer")
    page.keys("/topoum start")
    page.until(lambda: browser.find_element(By.ID, "command-list").is_displayed(), "the command list")
    page.keys(Keys.ENTER)
    page.until(lambda: browser.find_element(By.ID, "command-form").is_displayed(), "the command's form")
    assert_accessible(browser, "the composer with a command's form")
    page.keys(Keys.ENTER)
    lobby_id = page.lobby()
    assert_accessible(browser, "a channel with a lobby card")

    # Enter on a button: its message is redrawn (pending, then edited), the focus stays on it,
    # so Enter again presses it again.
    page.tab_to_button(lobby_id, "Add AI: normal", back=True)
    for seats in range(2, 5):
        page.keys(Keys.ENTER)
        page.until(lambda seats=seats: page.text(lobby_id).count("AI") >= seats - 1, "the AI's seat")
        on = page.until(
            lambda: page.enabled(lobby_id, "Add AI: normal") and page.focused(), "the button back"
        )
        assert on.text.strip() == "Add AI: normal" and page.holder(on) == lobby_id, (
            f"the focus left the pressed button for {on.tag_name} {on.text!r}"
        )
    page.tab_to_button(lobby_id, "Start")
    page.keys(Keys.ENTER)

    thread = page.until(page.threads, "the table's thread in the channel list")[-1]
    thread_id = thread.get_attribute("data-channel")
    page.tab_to(lambda e: e.get_attribute("data-channel") == thread_id, "the thread's link", back=True)
    page.keys(Keys.ENTER)
    page.until(lambda: page.view()[1] == thread_id, "the thread to open")
    table_id = page.until(lambda: page.message_with("My panel", ephemeral=False), "the table message")
    assert_accessible(browser, "a table's thread")

    page.tab_to_button(table_id, "My panel")
    page.keys(Keys.ENTER)
    panel_id = page.until(lambda: page.message_with("Choose a hex", ephemeral=True), "Ana's panel")
    toggle = page.tab_to(lambda e: "select-toggle" in (e.get_attribute("class") or ""), "the panel's menu")
    assert page.holder(toggle) == panel_id
    assert_accessible(browser, "a private panel")

    # Arrow down opens the menu on its first option and moves on; Esc closes it, back on the menu.
    page.keys(Keys.ARROW_DOWN)
    first = page.until(lambda: option_focused(page), "the first option focused")
    assert_accessible(browser, "a panel's menu open")
    page.keys(Keys.ARROW_DOWN)
    second = page.until(lambda: (o := option_focused(page)) and o != first and o, "the next option focused")
    page.keys(Keys.ARROW_UP)
    page.until(lambda: option_focused(page) == first, "the first option again")
    page.keys(Keys.ARROW_DOWN, Keys.ESCAPE)
    page.until(
        lambda: "select-toggle" in (page.focused().get_attribute("class") or ""), "the focus on the menu"
    )
    panel = page.message(panel_id)
    assert panel is not None and not panel.find_element(By.CSS_SELECTOR, ".select-options").is_displayed()

    # Enter opens it again; the second option chosen with Enter is sent, then Confirm.
    page.keys(Keys.ENTER)
    page.until(lambda: option_focused(page) == first, "the first option focused")
    page.keys(Keys.ARROW_DOWN)
    hex_ = page.focused().find_element(By.CSS_SELECTOR, ".option-label").text
    assert hex_ == second.find_element(By.CSS_SELECTOR, ".option-label").text
    page.keys(Keys.ENTER)
    page.until(lambda: f"base on {hex_}" in page.text(panel_id), "the panel to show the choice")
    page.tab_to_button(panel_id, "Confirm")
    page.keys(Keys.ENTER)
    page.until(lambda: "Played:" in page.text(panel_id), "the move played")


def option_focused(page: LocalPage) -> WebElement | None:
    focused = page.focused()
    return focused if "select-option" in (focused.get_attribute("class") or "") else None


def test_a_screen_reader_hears_a_new_message_once_and_cards_by_name(browser: WebDriver, local: Local) -> None:
    """The message list is no live region: a new message is said in one short line, and a
    message edited in place (a lobby card an AI joins) is not read out again. A card's emoji
    on a button is not read as its code, and the ALT badge says what it shows."""
    page = LocalPage(browser, local.url)
    page.open()
    live = browser.execute_script(
        "return document.getElementById('messages').closest('[aria-live], [role=log], [role=status]')"
    )
    assert live is None, "the message list is inside a live region"
    browser.execute_script(
        "window.said = []; new MutationObserver(() => said.push(document.getElementById('announcer')"
        ".textContent)).observe(document.getElementById('announcer'), {childList: true, subtree: true})"
    )
    page.act_as("Ana")
    page.run_command("/toppo", "toppo start")
    lobby_id = page.lobby()
    said = page.until(lambda: browser.execute_script("return said.slice()"), "a new message said")
    lobby = "GameNight: Toppo: a table is open"  # the bot's name, the card's first line
    assert lobby in said and all(len(line) <= 150 for line in said), said

    page.press(lobby_id, "Add AI: normal")
    page.until(lambda: "AI" in page.text(lobby_id).split("Seats")[-1], "the AI's seat")
    assert browser.execute_script("return said.slice()").count(lobby) == 1, "the edited card read again"

    # A card's button as the bot sends it (Cover Your Assets' move, with the card's emoji), and
    # a picture with its description, drawn by the page's own renderer.
    browser.execute_script(
        "const probe = document.createElement('div'); probe.id = 'probe'; document.body.append(probe);"
        "const ctx = {message: {id: '1', channel_id: '1'}};"
        "probe.append(renderComponent({type: 2, style: 2, custom_id: 'a', label: 'Discard 2: Piggy Bank',"
        " emoji: {id: '9', name: 'asset_piggy_bank'}}, ctx),"
        " renderComponent({type: 2, style: 2, custom_id: 'b',"
        " emoji: {id: '9', name: 'asset_piggy_bank'}}, ctx),"
        " renderComponent({type: 12, items: [{media: {url: '/x.png'}, description: 'The table'}]}, ctx))"
    )
    assert accessible_name(browser, "#probe [data-custom-id=a]") == "Discard 2: Piggy Bank"
    assert accessible_name(browser, "#probe [data-custom-id=b]") == "piggy bank"
    assert accessible_name(browser, "#probe .alt-badge") == "ALT: show the picture's description"


def test_a_replay_of_a_game_the_bot_played_to_its_end(browser: WebDriver, local: Local) -> None:
    """The private replay of a finished game, reached as a person reaches it. The fastest real
    game: Ana opens a Speed table, leaves her seat to two hard AIs and starts it (a host may
    watch a table of AI seats), and the bot plays it to its end and records it. The results
    card's Replay opens the replay at its first step, Forward steps it on in place; /history
    lists the game, and its button opens the same replay. axe-core judges the replay with every
    step button live, then the history page."""
    page = LocalPage(browser, local.url)
    page.open()
    page.act_as("Ana")
    page.run_command("/spit", "spit start")
    lobby_id = page.lobby()
    page.press(lobby_id, "Game: Spit")  # the option's button cycles through its values
    page.until(lambda: page.enabled(lobby_id, "Game: Speed"), "Speed chosen")
    page.press(lobby_id, "Leave")
    page.until(lambda: "Seats (0/2)" in page.text(lobby_id), "Ana's seat freed")
    for seat in (1, 2):
        page.press(lobby_id, "Add AI: hard")
        page.until(lambda seat=seat: f"AI {seat} (hard)" in page.text(lobby_id), f"AI {seat}'s seat")
    page.press(lobby_id, "Start")

    page.open_channel(page.threads()[-1])
    results_id = page.until(lambda: with_button(page, "Replay"), "the game's end, its results", GAME_SECONDS)
    page.press(results_id, "Replay")
    replay_id = page.until(lambda: page.message_with("Step 1 of", ephemeral=True), "the replay")
    shown = page.text(replay_id)
    assert "Replay: Speed" in shown and "by AI 1 (hard), AI 2 (hard)" in shown and "Winner" in shown, shown
    found = re.search(r"Step 1 of (\d+)", shown)
    assert found is not None and int(found.group(1)) > 2, shown
    steps = found.group(1)
    page.press(replay_id, "Forward")
    page.until(lambda: f"Step 2 of {steps}" in page.text(replay_id), "the replay's next step, in place")
    assert all(page.enabled(replay_id, label) for label in ("Start", "Back", "Forward", "End", "Next deal"))
    assert_accessible(browser, "a replay")

    page.run_command("/history", "history")
    history_id = page.until(lambda: page.message_with("Finished games", ephemeral=True), "the history page")
    assert "Speed · AI 1 (hard), AI 2 (hard)" in page.text(history_id)
    page.press(history_id, "1")
    page.until(
        lambda: page.message_with(f"Step 1 of {steps}", ephemeral=True) not in (None, replay_id),
        "the replay opened from the history page, beside it",
    )
    assert_accessible(browser, "a history page and the replay it opened")


def with_button(page: LocalPage, label: str) -> str | None:
    """The id of the newest message with a button ``label``."""
    for message in reversed(page.messages()):
        if page.button(message, label) is not None:
            return str(message.get_attribute("data-message"))
    return None
