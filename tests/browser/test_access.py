"""The local page by screen reader (issue 44): what the page reads out, and what it names."""

from __future__ import annotations

from selenium.webdriver.chrome.webdriver import WebDriver

from .access import accessible_name
from .conftest import Local
from .page import LocalPage


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
