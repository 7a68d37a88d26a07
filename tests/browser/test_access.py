"""The local page by keyboard alone, by screen reader and by dim sight (issue 44): a whole move
made with keys only, what the page reads out and names, and the contrast of its quieter text;
axe-core's verdict at every state visited."""

from __future__ import annotations

from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement

from .access import accessible_name, assert_accessible
from .conftest import Local
from .page import LocalPage


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
