"""A game night in view (issue 45): its live standings message in the channel, edited as each
game is counted (who waits in the arena's pool, and for how long, under it), and at its end the
podium picture and the final standings, posted once.

The standings order (:func:`tables.night_points.standings`) is the night's points, then the
tie-breaks docs/rules.md states (section 6); people withdrawn keep their line. A bye is kept as a
table of its own (``bye-<round>``) and counts as a bye there, not as a game.
"""

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

import discord
from discord.utils import escape_markdown as escape

from cogs.client import GameNightBot
from cogs.drafts import Draft, draw
from cogs.layout import Words
from cogs.night_card import COLOUR
from data import Night, NightPerson, NightScore
from data.ratings import DISPLAY_START
from locales import Catalog
from render.podium import Place, podium_png
from tables.night_plan import NightSettings
from tables.night_points import Placed, Standing, standings

log = logging.getLogger(__name__)

SHOWN = 30
"""Lines of the live standings (a card's text has a limit); the final ones show everyone."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a night's standings: its place in the order, and the person's night."""

    rank: int
    standing: Standing

    @property
    def user_id(self) -> int:
        return int(self.standing.user_id)

    @property
    def points(self) -> float:
        return float(self.standing.points)

    @property
    def games(self) -> int:
        return int(self.standing.games)


def lines_of(
    people: Sequence[NightPerson], scores: Sequence[NightScore], ratings: dict[int, float]
) -> list[Line]:
    """The night's standings: everyone who joined, by :func:`tables.night_points.standings`."""
    tables: dict[str, list[Placed]] = {}
    byes: list[int] = []
    for score in scores:
        if score.table_id.startswith("bye"):
            byes.append(score.user_id)
        else:
            tables.setdefault(score.table_id, []).append(
                Placed(score.user_id, score.place, score.points, score.won)
            )
    everyone = {person.user_id: ratings.get(person.user_id, float(DISPLAY_START)) for person in people}
    return [
        Line(rank, standing)
        for rank, standing in enumerate(standings(everyone, tables.values(), byes), start=1)
    ]


def _number(messages: Catalog, value: float, locale: str) -> str:
    return messages.number(value, locale, digits=0 if value == int(value) else 1)


def standings_text(
    messages: Catalog, night: Night, lines: Sequence[Line], names: dict[int, str], limit: int
) -> str:
    locale = night.locale
    if not lines:
        return messages.text("night.standings.none", locale)
    return "\n".join(
        messages.text(
            "night.standings.line",
            locale,
            rank=line.rank,
            name=f"**{escape(names.get(line.user_id, '?'))}**",
            shown=_number(messages, line.points, locale),
            points=line.points,
            games=line.games,
        )
        for line in lines[:limit]
    )


def live_draft(
    messages: Catalog,
    night: Night,
    game: str,
    lines: Sequence[Line],
    names: dict[int, str],
    waiting: Sequence[tuple[int, float]],
) -> Draft:
    locale = night.locale
    settings = NightSettings.from_json(night.settings)
    if night.format == "rounds":
        head = messages.text("night.standings.after_round", locale, round=night.round, rounds=settings.rounds)
    else:
        end = int(night.starts_at.timestamp() + settings.minutes * 60)
        head = messages.text("night.standings.arena_left", locale, end=f"<t:{end}:t>")
    parts = [head, standings_text(messages, night, lines, names, SHOWN)]
    if waiting:
        now = time.time()
        who = ", ".join(
            messages.text(
                "night.standings.waited",
                locale,
                name=escape(names.get(user, "?")),
                minutes=int((now - since) // 60),
            )
            for user, since in waiting
        )
        parts.append(messages.text("night.standings.waiting", locale, people=who))
    title = messages.text("night.standings.title", locale, game=game)
    return Draft(Words(title=title, description="\n\n".join(parts), colour=COLOUR))


async def show_standings(
    bot: GameNightBot,
    night: Night,
    people: Sequence[NightPerson],
    scores: Sequence[NightScore],
    ratings: dict[int, float],
    waiting: Sequence[tuple[int, float]],
) -> int | None:
    """Post or edit the night's live standings; the message's id if it was posted anew."""
    names = {person.user_id: person.name for person in people}
    game = bot.messages.text(f"games.{night.game}", night.locale)
    draft = live_draft(bot.messages, night, game, lines_of(people, scores, ratings), names, waiting)
    channel = bot.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
    await bot.tables.pacing.wait(night.channel_id)
    if night.standings_id is not None:
        try:
            await channel.get_partial_message(night.standings_id).edit(**draft.edit())
            return None
        except discord.NotFound:
            pass  # deleted by someone: posted again
        except discord.HTTPException as error:
            log.warning("night %d's standings not redrawn: %s", night.id, error)
            return None
    message = await channel.send(files=draft.files(), view=draft.layout())
    return message.id


async def post_final(
    bot: GameNightBot,
    night: Night,
    people: Sequence[NightPerson],
    scores: Sequence[NightScore],
    ratings: dict[int, float],
) -> None:
    """The podium picture and the final standings, posted once when the night ends."""
    messages, locale = bot.messages, night.locale
    names = {person.user_id: person.name for person in people}
    lines = lines_of(people, scores, ratings)
    game = messages.text(f"games.{night.game}", locale)
    places = [
        Place(
            line.rank,
            names.get(line.user_id, "?"),
            messages.text(
                "night.standings.points",
                locale,
                shown=_number(messages, line.points, locale),
                points=line.points,
            ),
            messages.text("night.standings.games", locale, games=line.games),
        )
        for line in lines[:3]
    ]
    title = messages.text("night.standings.podium", locale, game=game)
    alt = messages.text(
        "night.standings.podium_alt",
        locale,
        places="; ".join(
            messages.text(
                "night.standings.podium_place",
                locale,
                rank=line.rank,
                name=names.get(line.user_id, "?"),
                shown=_number(messages, line.points, locale),
                points=line.points,
                games=line.games,
            )
            for line in lines[:3]
        )
        or messages.text("night.standings.none", locale),
    )
    png = await draw(podium_png, title, places)
    text = "\n\n".join(
        [
            messages.text("night.standings.final", locale),
            standings_text(messages, night, lines, names, len(lines)),
        ]
    )
    draft = Draft(
        Words(
            title=messages.text("night.standings.title", locale, game=game),
            description=text[:3900],
            colour=COLOUR,
        ),
        png=png,
        filename="podium.png",
        alt=alt,
    )
    channel = bot.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
    await bot.tables.pacing.wait(night.channel_id)
    await channel.send(
        files=draft.files(), view=draft.layout(), allowed_mentions=discord.AllowedMentions.none()
    )
