"""The stand-in itself: an aiohttp server on 127.0.0.1 holding the world the bot sees.

A test builds the world (guilds, channels, members with locales), starts the server, points a bot
at ``api_base`` through DISCORD_API_BASE, and acts through :class:`Actor`s. Anything the bot does
that Discord would refuse is answered as Discord answers it *and* kept in :attr:`problems`, which
the fixtures check at teardown, so a bot that swallows an HTTP error still fails its test.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from aiohttp import web

from .contract import contract
from .gateway import Gateway, Session, shard_of
from .model import (
    ACK_DEADLINE,
    ATTACH_FILES,
    CREATE_EVENTS,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    EVERYONE_DEFAULT,
    GUILD_TEXT,
    JSON,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    TOKEN_LIFETIME,
    USE_APPLICATION_COMMANDS,
    VIEW_CHANNEL,
    AppEmoji,
    Application,
    Channel,
    Clock,
    ClockReading,
    Guild,
    Interaction,
    Member,
    Message,
    Overwrite,
    Ping,
    Role,
    Snowflakes,
    User,
)
from .observers import Observers
from .ratelimits import RateLimiter, Stats
from .rest import Rest, json_response
from .users import Actor, SeenMessage

BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
    | CREATE_EVENTS
)
"""What the bot's invite asks for (docs/running.md): its managed role has these."""


class InteractionFailed(AssertionError):
    """The bot did not acknowledge an interaction within 3 seconds: the user sees
    "This interaction failed"."""


@dataclass
class State:
    """What of a stand-in's world outlives a run of it (see :meth:`FakeDiscord.state`): the
    application with its commands and emojis, the users, the servers with their channels,
    threads, members, roles and messages, the interactions whose tokens still live, the
    notifications, and where its clock and ids stood."""

    application: Application
    users: dict[int, User]
    guilds: dict[int, Guild]
    dms: dict[int, Channel]
    interactions: dict[int, Interaction]
    pings: list[Ping]
    clock: ClockReading
    ids_made: int
    base_url: str
    """Where the stand-in listened: its attachments' addresses start with it."""


class FakeDiscord:
    """Discord, for one application, on a local port."""

    def __init__(
        self,
        *,
        heartbeat_interval_ms: int = 41250,
        settle_quiet: float = 0.1,
        check_contract: bool = True,
        shards: int = 1,
        max_session_guilds: int | None = None,
    ) -> None:
        """``check_contract``: hold every request, answer and gateway payload to Discord's API
        description (``contract.py``); off only for tests that send Discord what it refuses.
        ``shards``: the shard count GET /gateway/bot recommends. ``max_session_guilds``: the
        guilds one gateway session may hold (Discord: 2500); an IDENTIFY whose shard (or, without
        one, the whole bot) holds more is closed with 4011 "Sharding required". Both settable later
        (``shards``, ``gateway.max_session_guilds``)."""
        if shards < 1:
            raise ValueError(f"shards must be at least 1, not {shards}")
        self.clock = Clock()
        self.ids = Snowflakes(self.clock)
        bot = User(self.ids.next(), "GameNight", bot=True)
        owner = User(self.ids.next(), "appowner")
        # Modern applications share their id with their bot user.
        self.application = Application(id=bot.id, name=bot.username, bot=bot, owner=owner)
        self.users: dict[int, User] = {bot.id: bot, owner.id: owner}
        self.guilds: dict[int, Guild] = {}
        self.dms: dict[int, Channel] = {}
        self.refusing_dms: set[int] = set()
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        # The gateway sessions each interaction was sent to (by interaction id): with shards, only
        # the session(s) owning the interaction's guild.
        self.interaction_sessions: dict[int, list[Session]] = {}
        self.shards = shards
        self.privileged_intents_enabled = 0
        self.settle_quiet = settle_quiet
        self.problems: list[str] = []
        self.observers = Observers()
        """Told of every change a person watching the world would see (``observers.py``)."""
        self.revision = 0
        """Counts the requests and interactions that may have changed the world, so a saver
        knows when there is something new to save."""
        self.pings: list[Ping] = []
        """Every notification a message mentioning someone gave, in order (see :class:`Ping`)."""
        self.contract = contract() if check_contract else None
        self.gateway = Gateway(self, heartbeat_interval_ms)
        self.gateway.max_session_guilds = max_session_guilds
        self.rest = Rest(self)
        self.ratelimits = RateLimiter(self.clock, self.rest.route_keys)
        self._last_activity = time.monotonic()
        self._in_flight = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    # Lifecycle.

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/resume", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        for session in self.gateway.live:
            assert session.connection is not None
            await session.connection.ws.close(code=1001, message=b"stand-in stopping")
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        """What DISCORD_API_BASE should be."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What discord.http.Route.BASE becomes."""
        return self.base_url + "/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def stats(self) -> Stats:
        return self.ratelimits.stats

    async def _unknown(self, request: web.Request) -> web.Response:
        self.problem(f"unknown route: {request.method} {request.path}")
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def _attachment(self, request: web.Request) -> web.Response:
        channel = self.find_channel(int(request.match_info["channel_id"]))
        wanted = int(request.match_info["attachment_id"])
        for message in channel.messages.values() if channel else []:
            for attachment in message.attachments:
                if attachment.id == wanted:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        return web.Response(status=404)

    # Saving the world.

    def state(self) -> State:
        """The world as it stands, to be saved (pickled) and resumed by another run (:meth:`resume`);
        the objects are the live ones, so pickle them before the loop runs on."""
        now = self.clock.now()
        return State(
            application=self.application,
            users=self.users,
            guilds=self.guilds,
            dms=self.dms,
            interactions={i: r for i, r in self.interactions.items() if now <= r.created + TOKEN_LIFETIME},
            pings=self.pings,
            clock=self.clock.reading(),
            ids_made=self.ids.counter,
            base_url=self.base_url,
        )

    def resume(self, state: State) -> None:
        """Carry on with a saved world, once started and before a bot connects: its
        interactions' tokens keep the time they had left (counted on the wall clock), and its
        attachments are served from this run's address."""
        if self._runner is None:
            raise RuntimeError("resume a world once the stand-in is started (its address moves)")
        self.application = state.application
        self.users = state.users
        self.guilds = state.guilds
        self.dms = state.dms
        self.interactions = state.interactions
        self.interactions_by_token = {r.token: r for r in state.interactions.values()}
        self.pings = state.pings
        self.clock.resume(state.clock)
        self.ids.counter = state.ids_made
        channels = [*self.dms.values()]
        for guild in self.guilds.values():
            channels += [*guild.channels.values(), *guild.threads.values()]
        for channel in channels:
            for message in channel.messages.values():
                for attachment in message.attachments:
                    attachment.url = self.base_url + attachment.url.removeprefix(state.base_url)

    # Building the world.

    def add_guild(
        self, name: str, *, preferred_locale: str = "en-US", shard: tuple[int, int] | None = None
    ) -> Guild:
        """A server the bot is in, owned by the application's owner, with @everyone and a bot role.

        ``shard=(shard_id, shard_count)``: give it an id that shard owns. Ids carry their creation
        millisecond, so guilds built in one test would otherwise all land on the same shard; the
        id's millisecond is moved forward by less than ``shard_count``."""
        guild_id = self.ids.next()
        if shard is not None:
            shard_id, shard_count = shard
            if not 0 <= shard_id < shard_count:
                raise ValueError(f"no shard {shard_id} of {shard_count}")
            guild_id += ((shard_id - shard_of(guild_id, shard_count)) % shard_count) << 22
        guild = Guild(guild_id, name, owner_id=self.application.owner.id, preferred_locale=preferred_locale)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_DEFAULT)
        bot_role = Role(self.ids.next(), self.application.name, BOT_PERMISSIONS, position=1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.application.bot.id] = Member(self.application.bot, guild, [bot_role.id])
        guild.members[self.application.owner.id] = Member(self.application.owner, guild)
        self.guilds[guild.id] = guild
        return guild

    def add_application_emoji(self, name: str, image: bytes) -> AppEmoji:
        """An emoji the application already has (uploaded by its bot before, say)."""
        emoji = AppEmoji(self.ids.next(), name, image, self.application.bot)
        self.application.emojis[emoji.id] = emoji
        return emoji

    def add_channel(self, guild: Guild, name: str, *, kind: int = GUILD_TEXT) -> Channel:
        """A channel of the server: text by default, or of another ``kind`` (voice, forum...)."""
        channel = Channel(self.ids.next(), guild, name, position=len(guild.channels), type=kind)
        guild.channels[channel.id] = channel
        return channel

    def open_dm(self, member: Member) -> Channel:
        """``member``'s direct messages with the bot (the same channel each time)."""
        known = next(
            (c for c in self.dms.values() if c.recipient is not None and c.recipient.id == member.user.id),
            None,
        )
        if known is not None:
            return known
        channel = Channel(
            self.ids.next(), member.guild, f"dm-{member.user.username}", dm=True, recipient=member.user
        )
        self.dms[channel.id] = channel
        return channel

    def refuse_dms(self, user: User) -> None:
        """``user`` accepts no direct message from the bot (their privacy settings): sending one
        is answered 50007, as Discord does."""
        self.refusing_dms.add(user.id)

    def dms_of(self, user: User) -> list[SeenMessage]:
        """The direct messages ``user`` received from the bot, oldest first."""
        return [
            m
            for c in self.dms.values()
            if c.recipient is not None and c.recipient.id == user.id
            for m in self.public_messages(c)
        ]

    def add_role(self, guild: Guild, name: str, permissions: int = 0, *, position: int | None = None) -> Role:
        """A role of the server, above every other unless given its ``position`` (those at it
        and above move up one, as when a role is dragged in Discord's settings)."""
        if position is None:
            position = len(guild.roles)
        for other in guild.roles.values():
            if other.position >= position and other.id != guild.id:
                other.position += 1
        role = Role(self.ids.next(), name, permissions, position=position)
        guild.roles[role.id] = role
        return role

    def add_member(
        self, guild: Guild, username: str, *, locale: str = "en-US", roles: Sequence[Role] = ()
    ) -> Member:
        user = User(self.ids.next(), username, locale=locale)
        self.users[user.id] = user
        member = Member(user, guild, [r.id for r in roles])
        guild.members[user.id] = member
        return member

    def set_overwrite(
        self, channel: Channel, target: Role | Member, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Channel permission overwrite for a role or member (e.g. deny the bot SEND_MESSAGES)."""
        target_id, kind = (target.id, 0) if isinstance(target, Role) else (target.user.id, 1)
        channel.overwrites = [o for o in channel.overwrites if o.target_id != target_id]
        channel.overwrites.append(Overwrite(target_id, kind, allow, deny))

    def bot_member(self, guild: Guild) -> Member:
        return guild.members[self.application.bot.id]

    def actor(self, member: Member, channel: Channel, *, locale: str | None = None) -> Actor:
        """Act as ``member`` in ``channel``, with their client's locale (default: the user's)."""
        return Actor(self, member, channel, locale or member.user.locale)

    def find_channel(self, channel_id: int) -> Channel | None:
        """A channel, thread or direct-message channel by id."""
        if channel_id in self.dms:
            return self.dms[channel_id]
        for guild in self.guilds.values():
            found = guild.channels.get(channel_id) or guild.threads.get(channel_id)
            if found is not None:
                return found
        return None

    def thread_of(self, message: SeenMessage) -> Channel | None:
        """The thread started from ``message``, if any (it has the message's id)."""
        channel = self.find_channel(message.channel_id)
        return None if channel is None else channel.guild.threads.get(message.id)

    async def set_archived(self, thread: Channel, archived: bool) -> None:
        """Archive or unarchive a thread, as its creator, a moderator, a message sent in it, or
        Discord itself after a quiet spell does."""
        thread.archived = archived
        thread.archive_changed = self.clock.wall()
        self.observers.channels_changed(thread.guild)
        await self.gateway.dispatch("THREAD_UPDATE", thread.to_dict())

    async def lock_thread(self, thread: Channel) -> None:
        """A moderator archives and locks a thread: only members with Manage Threads reopen it."""
        thread.locked = True
        await self.set_archived(thread, True)

    async def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a thread, or a channel with its threads: every route then answers
        Unknown Channel, and the gateway says so (Discord sends no event for the threads that go
        with their channel)."""
        guild = channel.guild
        if channel.is_thread:
            del guild.threads[channel.id]
            assert channel.parent is not None
            gone = {"id": str(channel.id), "guild_id": str(guild.id), "parent_id": str(channel.parent.id)}
            await self.gateway.dispatch("THREAD_DELETE", {**gone, "type": channel.type})
        else:
            for thread in [t for t in guild.threads.values() if t.parent is channel]:
                del guild.threads[thread.id]
            del guild.channels[channel.id]
            await self.gateway.dispatch("CHANNEL_DELETE", channel.to_dict())
        self.observers.channels_changed(guild)

    def emoji_shown(self, component: JSON) -> AppEmoji | None:
        """The application's emoji a button or a menu option shows beside its label (as a user
        sees it), or None for one without a custom emoji."""
        custom = (component.get("emoji") or {}).get("id")
        return None if custom is None else self.application.emojis.get(int(custom))

    def content_of(self, channel: Channel, message_id: int) -> str:
        """What a public message of ``channel`` says now (a mention's message, edited since)."""
        return SeenMessage.of(channel.messages[message_id]).content

    def public_messages(self, channel: Channel) -> list[SeenMessage]:
        """What everyone sees in the channel, oldest first."""
        return [SeenMessage.of(m) for m in channel.messages.values() if not m.ephemeral]

    # Interactions.

    def new_interaction(
        self, member: Member, channel: Channel, kind: int, data: JSON, locale: str, message: Message | None
    ) -> Interaction:
        record = Interaction(
            id=self.ids.next(),
            application_id=self.application.id,
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            type=kind,
            member=member,
            channel=channel,
            locale=locale,
            data=data,
            created=self.clock.now(),
            message=message,
        )
        self.interactions[record.id] = record
        self.interactions_by_token[record.token] = record
        self.revision += 1
        return record

    async def deliver(self, record: Interaction) -> list[Session]:
        """Send INTERACTION_CREATE to the bot (buffered for a resume if it is disconnected): to the
        sessions whose shard owns the guild, which are returned and kept in
        :attr:`interaction_sessions`. None of them connected or resumable: nobody answers, and the
        user sees "This interaction failed"."""
        payload = record.payload(self.bot_member(record.channel.guild))
        sessions = await self.gateway.dispatch("INTERACTION_CREATE", payload)
        self.interaction_sessions[record.id] = sessions
        return sessions

    async def replay(self, record: Interaction) -> None:
        """Send an interaction the bot already had once more, as a modified client or a proxy
        sending twice can make happen, and wait for the bot to go quiet: Discord refuses a second
        answer to it (a problem here). A bot that lets it go sends nothing: one second is given
        for a second answer to arrive."""
        answers = record.callbacks
        await self.deliver(record)
        with contextlib.suppress(AssertionError):
            await self.wait_for(lambda: record.callbacks > answers, timeout=1.0, what="a second answer")
        await self.settle()

    def callback_arrived(self, interaction_id: str, arrived: float | None) -> None:
        """A callback request for an interaction reached the stand-in (its body still unread);
        None: it was refused, so it acknowledged nothing."""
        record = self.interactions.get(int(interaction_id)) if interaction_id.isdigit() else None
        if record is not None and arrived is not None:
            record.callbacks += 1
        if record is not None and (record.callback_arrived is None or arrived is None):
            record.callback_arrived = arrived

    async def wait_answered(self, record: Interaction, *, timeout: float = 10.0, settle: bool = True) -> None:
        """Wait for the 3-second acknowledgement, then (``settle``) for what the user would see
        to be final: a "thinking" reply filled in, and the bot's REST traffic quiet. An answer
        that reached the stand-in in time counts, however long its body then takes to read."""
        deadline = record.created + ACK_DEADLINE
        while not record.acknowledged.is_set():
            now = self.clock.now()
            arrived = record.callback_arrived
            if arrived is not None and arrived <= deadline:
                if now > deadline + timeout:  # reading it is the stand-in's time, not the bot's
                    raise AssertionError(f"the stand-in never finished reading the answer to {record.data}")
            elif now > deadline:
                record.failed = True
                message = (
                    f"interaction {record.data} was not acknowledged within 3 s: This interaction failed"
                )
                self.problem(message)
                raise InteractionFailed(message)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(record.acknowledged.wait(), timeout=0.05)
        if not settle:
            return
        await self.wait_for(
            lambda: not record.loading, timeout=timeout, what="the deferred reply to be filled in"
        )
        await self.settle(timeout=timeout)

    async def announce(self, event: str, message: Message) -> None:
        """MESSAGE_CREATE/UPDATE for public messages, to sessions with the intent for their
        channel's messages; observers hear of ephemeral ones too."""
        self.observers.message_changed(message)
        if not message.ephemeral:
            data = message.to_dict(gateway=True)
            await self.gateway.dispatch(event, data, intent=message.channel.message_intent)

    # Waiting and bookkeeping.

    async def wait_shards(self, shard_ids: Iterable[int], shard_count: int, *, timeout: float = 10.0) -> None:
        """Wait until each of ``shard_ids`` (of ``shard_count``) has a connected session that has
        had its READY and GUILD_CREATEs: a sharded bot process (or several) is in."""
        wanted = set(shard_ids)
        await self.wait_for(
            lambda: wanted <= self.gateway.ready_shards(shard_count),
            timeout=timeout,
            what=f"shards {sorted(wanted)} of {shard_count} to be READY",
        )

    def problem(self, text: str) -> None:
        """Something Discord would have refused or a user would have seen go wrong."""
        self.problems.append(text)
        self.observers.problem(text)

    def take_problems(self) -> list[str]:
        """Return and forget the problems so far (for tests that provoke them on purpose)."""
        taken, self.problems = self.problems, []
        return taken

    def touch(self) -> None:
        self._last_activity = time.monotonic()

    def begin_request(self) -> None:
        self._in_flight += 1
        self.touch()

    def end_request(self) -> None:
        self._in_flight -= 1
        self.revision += 1
        self.touch()

    async def settle(self, *, quiet: float | None = None, timeout: float = 10.0) -> None:
        """Wait until the bot has sent nothing for ``quiet`` seconds (and has no request open)."""
        quiet = self.settle_quiet if quiet is None else quiet
        await self.wait_for(
            lambda: self._in_flight == 0 and time.monotonic() - self._last_activity >= quiet,
            timeout=timeout,
            what="the bot to go quiet",
        )

    async def wait_for(
        self, predicate: Callable[[], bool], *, timeout: float = 5.0, what: str = "condition"
    ) -> None:
        """Poll ``predicate`` (every 10 ms, real time) until it holds."""
        end = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > end:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}")
            await asyncio.sleep(0.01)
