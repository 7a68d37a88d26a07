"""What a person who does not see the page, or sees it dimly, gets from it: axe-core's verdict on
the page as it stands, the name a screen reader reads for an element, and the contrast of text
measured from the styles the browser computed.

axe-core comes bundled in axe-selenium-python (its ``axe.min.js``), so nothing is fetched; it is
injected into the page and run there, on the whole document.
"""

from __future__ import annotations

import re
from typing import Any

from axe_selenium_python import Axe
from selenium.webdriver.chrome.webdriver import WebDriver

BLOCKING = ("serious", "critical")
"""axe's impacts that fail a test (its "minor" and "moderate" are advice)."""
READABLE = 4.5
"""WCAG 2's least contrast for text (1.4.3, level AA)."""

RGB = tuple[float, float, float]


def assert_accessible(driver: WebDriver, state: str) -> None:
    """axe-core finds no serious or critical violation on the page as it is now (``state`` says
    which, for the failure's message)."""
    axe = Axe(driver)
    axe.inject()
    results: dict[str, Any] = axe.run()
    blocking = [v for v in results["violations"] if v["impact"] in BLOCKING]
    assert not blocking, f"axe-core, {state}:\n{axe.report(blocking)}"


def accessible_name(driver: WebDriver, selector: str) -> str:
    """The name Chromium's accessibility tree gives the first element matching ``selector``:
    what a screen reader says for it."""
    document = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
    found = driver.execute_cdp_cmd(
        "DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": selector}
    )
    assert found["nodeId"], f"nothing matches {selector}"
    tree = driver.execute_cdp_cmd(
        "Accessibility.getPartialAXTree", {"nodeId": found["nodeId"], "fetchRelatives": False}
    )
    return str(tree["nodes"][0].get("name", {}).get("value", ""))


# For each visible element matching a selector: its text's colour, and the layers under that
# text from the element up to the document (each one's background colour and opacity), as the
# browser computed them; in one call, so a message redrawn meanwhile cannot go stale. Background
# pictures are not counted: the texts measured here have none.
LAYERS = """
const [selector, pseudo] = arguments;
return [...document.querySelectorAll(selector)]
  .filter((node) => node.getClientRects().length && getComputedStyle(node).visibility === "visible")
  .map((node) => {
    const layers = [];
    for (let at = node; at instanceof Element; at = at.parentElement) {
      const style = getComputedStyle(at, at === node ? pseudo : null);
      layers.push([style.backgroundColor, Number(style.opacity)]);
    }
    return [getComputedStyle(node, pseudo).color, layers];
  });
"""


def contrast(driver: WebDriver, selector: str, pseudo: str | None = None) -> list[float]:
    """The contrast of the text of every visible element matching ``selector`` (of its
    ``pseudo`` element, such as ``::placeholder``) against what is drawn under it."""
    ratios = []
    for colour, layers in driver.execute_script(LAYERS, selector, pseudo):
        text, background = _composite(parse(colour), [(parse(bg), float(op)) for bg, op in layers])
        ratios.append(ratio(text, background))
    return ratios


def assert_readable(driver: WebDriver) -> None:
    """The quieter texts that still say something read at 4.5:1 or more: a disabled button's
    label (it often says why it cannot be pressed), the composer's hint, "Only you can see
    this", and the problems' explanation. Each must be on the page, so none passes by absence."""
    for what, selector, pseudo in (
        ("a disabled button's label", ".btn:disabled .label", None),
        ("the composer's hint", "#composer-input", "::placeholder"),
        ('"Only you can see this"', ".only-you", None),
        ("the problems' explanation", "#problems-area .hint", None),
    ):
        ratios = contrast(driver, selector, pseudo)
        assert ratios, f"{what} is not on the page"
        assert min(ratios) >= READABLE, f"{what} has a contrast of {min(ratios):.2f}:1"


def _composite(text: tuple[RGB, float], layers: list[tuple[tuple[RGB, float], float]]) -> tuple[RGB, RGB]:
    """The text's colour and its background's, as drawn: each layer's background over the one
    beneath it, and each layer's opacity fading it (with all it holds) into what is beneath."""
    white: RGB = (255.0, 255.0, 255.0)  # the canvas under a document with no background

    def draw(index: int, beneath: RGB, of_text: bool) -> RGB:
        background, opacity = layers[index]
        own = over(background, beneath)
        if index > 0:
            return mix(draw(index - 1, own, of_text), beneath, opacity)
        return mix(over(text, own) if of_text else own, beneath, opacity)

    top = len(layers) - 1
    return draw(top, white, True), draw(top, white, False)


def over(colour: tuple[RGB, float], beneath: RGB) -> RGB:
    rgb, alpha = colour
    return mix(rgb, beneath, alpha)


def mix(a: RGB, b: RGB, share: float) -> RGB:
    """``share`` of ``a`` and the rest of ``b``."""
    return (
        a[0] * share + b[0] * (1 - share),
        a[1] * share + b[1] * (1 - share),
        a[2] * share + b[2] * (1 - share),
    )


def parse(css: str) -> tuple[RGB, float]:
    """A computed colour as its channels (0 to 255) and alpha: ``rgb(1, 2, 3)``, ``rgba(1, 2, 3,
    0.5)``, or ``color(srgb 0.1 0.2 0.3 / 0.5)`` (what a ``color-mix()`` computes to)."""
    if found := re.fullmatch(r"rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)", css):
        red, green, blue, alpha = found.groups()
        return (float(red), float(green), float(blue)), float(alpha if alpha is not None else 1)
    if found := re.fullmatch(r"color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: / ([\d.]+))?\)", css):
        red, green, blue, alpha = found.groups()
        rgb = (float(red) * 255, float(green) * 255, float(blue) * 255)
        return rgb, float(alpha if alpha is not None else 1)
    raise AssertionError(f"a colour this test cannot read: {css}")


def ratio(a: RGB, b: RGB) -> float:
    """WCAG 2's contrast ratio of two colours."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def luminance(rgb: RGB) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(v) for v in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
