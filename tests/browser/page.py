"""Driving the local page as a person does, through Selenium: pick a member, open a channel,
run a slash command from the composer, press a button on a message."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

T = TypeVar("T")
WAIT_SECONDS = 30.0
"""How long an expected change may take to show (a loaded 2-core machine; the table message is
redrawn at most every 1.3 s)."""
TABS = 60
"""The most Tab presses a person is asked to make to reach something on the page."""


class LocalPage:
    def __init__(self, driver: WebDriver, url: str) -> None:
        self.driver = driver
        self.url = url

    def open(self) -> None:
        self.driver.get(self.url)
        self.until(
            lambda: "ready" in (self.driver.find_element(By.TAG_NAME, "body").get_attribute("class") or ""),
            "the page to load",
        )

    def until(self, check: Callable[[], T | bool | None], what: str, seconds: float = WAIT_SECONDS) -> T:
        """Wait for ``check`` to give something (a message re-rendered under us counts as not yet),
        for ``seconds`` at most."""

        def attempt(_: WebDriver) -> T | bool | None:
            try:
                return check()
            except StaleElementReferenceException:
                return None

        return WebDriverWait(self.driver, seconds, poll_frequency=0.1).until(
            attempt, f"timed out waiting for {what}"
        )  # type: ignore[return-value]

    # Where we are.

    @staticmethod
    def clicked(element: Callable[[], WebElement]) -> bool:
        """Click ``element()`` if it can be clicked now (not still sliding in, nor redrawn
        meanwhile); whether it was."""
        try:
            element().click()
        except (ElementNotInteractableException, StaleElementReferenceException):
            return False
        return True

    def act_as(self, name: str) -> None:
        """Choose the member called ``name`` in the switcher, and wait for their view."""
        select = Select(self.driver.find_element(By.ID, "member"))
        option = next(o for o in select.options if o.text.split(" · ")[0] == name)
        member_id = str(option.get_attribute("value"))  # read first: the menu is redrawn in their language
        select.select_by_value(member_id)
        self.until(lambda: self.view()[0] == member_id, f"the view of {name}")

    def open_channel(self, element: WebElement) -> None:
        channel_id = element.get_attribute("data-channel")
        element.click()
        self.until(lambda: self.view()[1] == channel_id, "the channel to open")

    def threads(self) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, "#channels a.thread")

    def view(self) -> tuple[str, str]:
        """The member and channel whose messages the page shows (set once they are loaded)."""
        member, _, channel = str(
            self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-view") or ""
        ).partition("/")
        return member, channel

    # Reading.

    def messages(self) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, "#messages article.message")

    def message(self, message_id: str) -> WebElement | None:
        found = self.driver.find_elements(By.CSS_SELECTOR, f'#messages [data-message="{message_id}"]')
        return found[0] if found else None

    def message_with(self, text: str, *, ephemeral: bool | None = None) -> str | None:
        """The id of the newest message showing ``text``, public or private as asked."""
        for message in reversed(self.messages()):
            if ephemeral is not None and self.is_ephemeral(message) != ephemeral:
                continue
            if text in message.text:
                return str(message.get_attribute("data-message"))
        return None

    @staticmethod
    def is_ephemeral(message: WebElement) -> bool:
        return "ephemeral" in (message.get_attribute("class") or "").split()

    def text(self, message_id: str) -> str:
        """What a message shows now ("" while it is not shown)."""
        message = self.message(message_id)
        return "" if message is None else message.text

    def picture(self, message_id: str, attribute: str = "src") -> str:
        """An attribute of a message's (first) gallery picture, once it is shown: its address
        (``src``) or its ``alt`` text."""

        def read() -> str | None:
            message = self.message(message_id)
            pictures = [] if message is None else message.find_elements(By.CSS_SELECTOR, ".gallery img")
            return pictures[0].get_attribute(attribute) if pictures else None

        return self.until(read, f"the message's picture's {attribute}")

    @staticmethod
    def button(message: WebElement, label: str) -> WebElement | None:
        for button in message.find_elements(By.CSS_SELECTOR, "button.btn"):
            if button.text.strip() == label:
                return button
        return None

    def enabled(self, message_id: str, label: str) -> bool:
        """Whether a message shows the button ``label``, enabled (read again if the message is
        redrawn while it is read)."""

        def read() -> tuple[bool]:
            message = self.message(message_id)
            button = None if message is None else self.button(message, label)
            return (button is not None and button.is_enabled(),)

        return self.until(read, f"the {label!r} button")[0]

    # Acting.

    def press(self, message_id: str, label: str) -> None:
        """Press the enabled button ``label`` on a message, once it is there (a message redrawn
        between finding the button and clicking it is looked up again)."""

        def pressed() -> bool:
            message = self.message(message_id)
            button = None if message is None else self.button(message, label)
            if button is None or not button.is_enabled():
                return False
            button.click()
            return True

        self.until(pressed, f"an enabled {label!r} button")

    # By keyboard alone: keys go to whatever has the focus, as a person's do.

    def keys(self, *keys: str) -> None:
        ActionChains(self.driver).send_keys(*keys).perform()

    def focused(self) -> WebElement:
        return self.driver.switch_to.active_element

    def tab_to(self, wanted: Callable[[WebElement], bool], what: str, *, back: bool = False) -> WebElement:
        """Press Tab (Shift+Tab if ``back``) until the focus is on what ``wanted`` accepts, at
        most :data:`TABS` times; returns it."""
        for _ in range(TABS):
            try:
                if wanted(self.focused()):
                    return self.focused()
            except StaleElementReferenceException:
                pass
            chain = ActionChains(self.driver)
            if back:
                chain.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
            else:
                chain.send_keys(Keys.TAB).perform()
        raise AssertionError(f"{what} not reached in {TABS} presses of {'Shift+' if back else ''}Tab")

    def tab_to_button(self, message_id: str, label: str, *, back: bool = False) -> WebElement:
        """Tab to the button ``label`` of a message (its enabled one, once it is there)."""

        def wanted(element: WebElement) -> bool:
            return (
                element.tag_name == "button"
                and element.text.strip() == label
                and element.is_enabled()
                and self.holder(element) == message_id
            )

        self.until(lambda: self.message(message_id) and self.enabled(message_id, label), f"{label!r}")
        return self.tab_to(wanted, f"the {label!r} button", back=back)

    def holder(self, element: WebElement) -> str:
        """The id of the message holding ``element`` ("" if none does)."""
        return str(
            self.driver.execute_script(
                "return arguments[0].closest('[data-message]')?.dataset.message || ''", element
            )
        )

    def open_menu(self, message_id: str) -> WebElement:
        """Open the first menu of a message, as a person does; returns the menu (its options
        are then shown)."""

        def opened() -> WebElement | None:
            message = self.message(message_id)
            menus = [] if message is None else message.find_elements(By.CSS_SELECTOR, ".select")
            if not menus or not menus[0].find_element(By.CSS_SELECTOR, ".select-toggle").is_enabled():
                return None
            menus[0].find_element(By.CSS_SELECTOR, ".select-toggle").click()
            return menus[0]

        return self.until(opened, "a menu to open")

    def pick(self, menu: WebElement, option: str = "") -> str:
        """Pick the option labelled ``option`` of an open menu (its first if empty); returns the
        label picked."""
        options = self.until(
            lambda: [o for o in menu.find_elements(By.CSS_SELECTOR, ".select-option") if o.is_displayed()],
            "the menu's options",
        )
        labels = [o.find_element(By.CSS_SELECTOR, ".option-label").text for o in options]
        index = labels.index(option) if option else 0
        options[index].click()
        return labels[index]

    def lobby(self) -> str:
        """The id of the lobby card a ``/<game> start`` just posted, once its table is set up:
        the card shown and its thread started (the table's own start, done before anyone
        presses, as a person reading the card would be)."""
        lobby_id = self.until(lambda: self.message_with("Join", ephemeral=False), "the lobby card")
        self.until(self.threads, "the table's thread in the channel list")
        return lobby_id

    def run_command(self, typed: str, command: str, picked: dict[str, str] | None = None) -> None:
        """Type ``typed`` ("/toppo") in the composer, choose ``command`` ("toppo start") from the
        list, pick each option's value in ``picked`` by its text in the option's list, and send
        it."""
        box = self.driver.find_element(By.ID, "composer-input")
        box.send_keys(typed)
        self.until(
            lambda: self.driver.find_element(By.CSS_SELECTOR, f'#command-list [data-command="{command}"]'),
            f"/{command} in the command list",
        ).click()
        self.until(
            lambda: self.driver.find_element(By.ID, "command-form").is_displayed(), "the command's form"
        )
        for name, shown in (picked or {}).items():
            Select(self.driver.find_element(By.ID, f"option-{name}")).select_by_visible_text(shown)
        self.driver.find_element(By.ID, "send").click()

        # Sent and answered: the composer empties itself, or says what was wrong.
        def answered() -> bool:
            error = self.driver.find_element(By.ID, "composer-error")
            if error.is_displayed():
                raise AssertionError(f"/{command} refused: {error.text}")
            return not self.driver.find_element(By.ID, "command-form").is_displayed()

        self.until(answered, f"/{command} to be answered")
