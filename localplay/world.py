"""The server a first local start opens on, and who of it the page lets a person be.

Four members in two languages (one a moderator) are enough to sit at any table of the games,
see each language's commands and private panels, and run the moderators' commands. The cards'
emojis are not there: the bot's first start uploads them to the application, as on Discord.
"""

from __future__ import annotations

from fakediscord import FakeDiscord, Guild, Member
from fakediscord.model import MANAGE_GUILD

GUILD_NAME = "Game Night"
CHANNELS = ("game-night", "partidas")
MODERATOR_ROLE = "Moderator"
WAIT_MINUTES = 10
"""How long the local bot's tables wait for a player before an AI plays for them (a turn, or a
real-time table's absent player): one person plays several members of a table from one page,
switching between them, which on Discord's 30 s for Toppo and Spit would hand every seat to an
AI within seconds. The page says so."""
LOCAL_WAITS = {"TURN_SECONDS": str(WAIT_MINUTES * 60), "ABSENT_SECONDS": str(WAIT_MINUTES * 60)}
"""The bot's settings that give it those waits."""
MEMBERS = (
    # username (Discord shows it capitalised as the display name), the client's locale, moderator
    ("ana", "en-US", True),
    ("ben", "en-GB", False),
    ("carla", "es-ES", False),
    ("dani", "es-ES", False),
)


def seed(fake: FakeDiscord) -> Guild:
    """A fresh world: the server, its channels, its Moderator role (Manage Server, which the bot's
    moderators' commands need) and its members."""
    guild = fake.add_guild(GUILD_NAME, preferred_locale="en-US")
    for name in CHANNELS:
        fake.add_channel(guild, name)
    moderator = fake.add_role(guild, MODERATOR_ROLE, MANAGE_GUILD)
    for username, locale, moderates in MEMBERS:
        fake.add_member(guild, username, locale=locale, roles=[moderator] if moderates else [])
    return guild


def the_guild(fake: FakeDiscord) -> Guild:
    """The one server of a local world (a saved world has the one :func:`seed` made)."""
    return next(iter(fake.guilds.values()))


def people(fake: FakeDiscord, guild: Guild) -> list[Member]:
    """The members a person can act as: everyone but bots and the application's owner (the
    developer account behind the bot, not someone at a table)."""
    owner = fake.application.owner.id
    return [m for m in guild.members.values() if not m.user.bot and m.user.id != owner]


def moderates(member: Member) -> bool:
    """Whether ``member`` may run the moderators' commands (Manage Server, as the bot checks)."""
    return bool(member.base_permissions() & MANAGE_GUILD)


def display_name(member: Member) -> str:
    """The name Discord shows for ``member`` (their global name)."""
    return str(member.user.to_dict()["global_name"] or member.user.username)
