"""Stamps: short digests that a private panel's buttons carry of what the panel showed.

A press made from a panel that no longer shows the table as it is must be refused rather than
applied to cards the player has not seen; each game's table compares the stamp a button carries
with the stamp its panel would carry now. A digest is short enough for Discord's 100-character
custom ids and uses only the characters they allow here (digits and lower-case letters).
"""

import zlib

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def base36(number: int) -> str:
    """``number`` (not negative) in base 36, in the characters a custom id allows: a count, such
    as how many steps a game has taken, as a stamp that stays short as the count grows."""
    digits = ""
    while True:
        number, digit = divmod(number, len(DIGITS))
        digits = DIGITS[digit] + digits
        if not number:
            return digits


def digest(text: str) -> str:
    """A short base-36 digest of ``text``: enough to tell one picture of the table from the next."""
    return base36(zlib.crc32(text.encode()))
