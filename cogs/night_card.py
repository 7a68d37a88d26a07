"""A game night's sign-up card (issue 45): what the night is, when it starts, who joined and who
is here, with **Join**, **Leave** and, once check-in opens, **I'm here**; redrawn at each change
and kept after the night as its record (without buttons).

Its buttons carry the night in their custom id (``nt:<night>:<action>``), so they keep working
after a restart, as every button of the bot does.
"""

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord.utils import escape_markdown as escape

from cogs.components import ANSWERS
from cogs.drafts import Draft
from cogs.layout import Words
from cogs.presses import IN_FLIGHT, AnsweredOnce
from data import Night, NightPerson
from locales import Catalog
from tables.night_plan import NightSettings

NIGHT_ID = re.compile(r"nt:(?P<night>[0-9]{1,19}):(?P<action>join|leave|here)")
"""A night card's button: ``nt:<night>:<action>``."""
COLOUR = 0x5865F2
NAMES_SHOWN = 40
"""How many names the card lists before "and N more" (a card's text has a limit)."""


class NightButton(
    AnsweredOnce, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=NIGHT_ID
):
    """Join, Leave or I'm here on a night's card."""

    def __init__(
        self,
        night_id: int,
        action: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"nt:{night_id}:{action}"))
        self.night_id = night_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> "NightButton":
        return cls(int(match["night"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        assert ANSWERS.night is not None, "a night's card is answered once the nights cog is loaded"
        await IN_FLIGHT.answer(ANSWERS.night(interaction, self.night_id, self.action))


def names(people: Sequence[NightPerson]) -> str:
    shown = ", ".join(escape(person.name) for person in people[:NAMES_SHOWN])
    more = len(people) - NAMES_SHOWN
    return f"{shown} (+{more})" if more > 0 else shown


def card_draft(messages: Catalog, night: Night, people: Sequence[NightPerson], game: str) -> Draft:
    """The night's card as it stands: its buttons while people may still join."""
    locale = night.locale
    settings = NightSettings.from_json(night.settings)
    text = messages.text
    start = discord.utils.format_dt(night.starts_at, "F")
    lines = [
        text("night.card.when", locale, start=start, relative=discord.utils.format_dt(night.starts_at, "R"))
    ]
    if night.format == "rounds":
        leftover = text(f"night.leftover.{settings.fill}", locale).lower()
        lines.append(text("night.card.rounds", locale, rounds=settings.rounds, leftover=leftover))
    else:
        lines.append(
            text(
                "night.card.arena",
                locale,
                minutes=settings.minutes,
                wait=settings.ai_after,
                closing=settings.closing,
            )
        )
    present = [person for person in people if not person.withdrawn]
    if not present:
        lines.append(text("night.card.nobody", locale))
    else:
        lines.append(text("night.card.joined", locale, count=len(present), names=names(present)))
    here = [person for person in present if person.checked_in]
    if night.state == "checkin":
        lines.append(text("night.card.check_in", locale))
    if night.state in ("checkin", "running") and here:
        lines.append(text("night.card.checked_in", locale, count=len(here), names=names(here)))
    if night.state == "running":
        if night.format == "rounds":
            lines.append(
                text("night.card.running_rounds", locale, round=max(1, night.round), rounds=settings.rounds)
            )
        else:
            end = night.starts_at.timestamp() + settings.minutes * 60
            lines.append(text("night.card.running_arena", locale, end=f"<t:{int(end)}:t>"))
    if night.state in ("over", "cancelled"):
        lines.append(text(f"night.card.{night.state}", locale))
    words = Words(title=text("night.title", locale, game=game), description="\n".join(lines), colour=COLOUR)
    if not night.open:
        return Draft(words)
    view = discord.ui.View(timeout=None)
    view.add_item(
        NightButton(
            night.id, "join", label=text("night.card.join", locale), style=discord.ButtonStyle.success
        )
    )
    view.add_item(NightButton(night.id, "leave", label=text("night.card.leave", locale)))
    if night.state in ("checkin", "running"):
        view.add_item(
            NightButton(
                night.id, "here", label=text("night.card.here", locale), style=discord.ButtonStyle.primary
            )
        )
    return Draft(words, buttons=view)
