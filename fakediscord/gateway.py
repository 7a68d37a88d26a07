"""The gateway websocket, as discord.py speaks it.

HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats and their acks, RESUME with replay of what the
bot missed, and the transport compression discord.py asks for in the URL (``zlib-stream``: one
shared zlib stream, each message ending in a Z_SYNC_FLUSH; ``zstd-stream`` when a zstd codec is
importable). A dropped connection leaves the session resumable, as on Discord.

Sharding as Discord does it: an IDENTIFY may carry ``"shard": [shard_id, shard_count]``; the
session then gets READY and GUILD_CREATE only for the guilds it owns (``(guild_id >> 22) %
shard_count == shard_id``) and only the events of those guilds; events of no guild go to shard 0.
A session identified without ``shard`` is shard [0, 1] and owns every guild.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .model import INTENT_GUILD_MEMBERS, JSON, PRIVILEGED_INTENTS

if TYPE_CHECKING:
    from .server import FakeDiscord

ACK_DELAY = 0.02
"""Seconds before a heartbeat is acknowledged: a short network round trip (see ``_receive``)."""
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE, OP_VOICE = 0, 1, 2, 3, 4
OP_RESUME, OP_RECONNECT, OP_REQUEST_MEMBERS, OP_INVALID_SESSION, OP_HELLO, OP_HEARTBEAT_ACK = (
    6,
    7,
    8,
    9,
    10,
    11,
)

CLOSE_UNKNOWN_OPCODE = 4001
CLOSE_DECODE_ERROR = 4002
CLOSE_NOT_AUTHENTICATED = 4003
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_ALREADY_AUTHENTICATED = 4005
CLOSE_INVALID_SHARD = 4010
CLOSE_SHARDING_REQUIRED = 4011
CLOSE_INVALID_INTENTS = 4013
CLOSE_DISALLOWED_INTENTS = 4014


def _zstd_compressor() -> Callable[[bytes], bytes] | None:
    """A per-connection zstd stream that flushes a block per message, if a codec is installed."""
    try:
        import zstandard  # type: ignore[import-not-found]

        stream = zstandard.ZstdCompressor().compressobj()
        return lambda data: stream.compress(data) + stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
    except ImportError:
        pass
    try:
        from compression.zstd import ZstdCompressor  # type: ignore[import-not-found]
    except ImportError:
        return None
    compressor = ZstdCompressor()
    return lambda data: compressor.compress(data, mode=ZstdCompressor.FLUSH_BLOCK)


def _zlib_compressor() -> Callable[[bytes], bytes]:
    stream = zlib.compressobj()
    return lambda data: stream.compress(data) + stream.flush(zlib.Z_SYNC_FLUSH)


_COMPRESSORS: dict[str, Callable[[], Callable[[bytes], bytes] | None]] = {
    "zlib-stream": _zlib_compressor,
    "zstd-stream": _zstd_compressor,
}


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that owns a guild: Discord's formula (the id's creation millisecond, modulo)."""
    return (guild_id >> 22) % shard_count


def _parse_shard(raw: Any) -> tuple[int, int] | None:
    """IDENTIFY's ``shard`` as (shard_id, shard_count), or None if Discord would refuse it."""
    if not isinstance(raw, list) or len(raw) != 2:
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in raw):
        return None
    shard_id, shard_count = raw
    if shard_count < 1 or not 0 <= shard_id < shard_count:
        return None
    return shard_id, shard_count


def event_guild(event: str, data: JSON) -> int | None:
    """The guild an event belongs to (for routing it to the shard that owns it), if any."""
    if data.get("guild_id") is not None:
        return int(data["guild_id"])
    if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE") and data.get("id") is not None:
        return int(data["id"])
    return None


class Connection:
    """One websocket. Sends are serialised because the compression stream is shared and ordered."""

    def __init__(self, ws: web.WebSocketResponse, compression: str | None, path: str) -> None:
        self.ws = ws
        self.compression = compression
        self.compress = None if compression is None else _COMPRESSORS[compression]()
        self.path = path
        self._lock = asyncio.Lock()

    async def send(self, payload: JSON) -> None:
        text = json.dumps(payload)
        async with self._lock:
            if self.ws.closed:
                raise ConnectionResetError("gateway connection closed")
            if self.compress is None:
                await self.ws.send_str(text)
            else:
                await self.ws.send_bytes(self.compress(text.encode()))


@dataclass
class Session:
    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)
    """(shard_id, shard_count) from IDENTIFY; (0, 1), every guild, when it sent none."""
    seq: int = 0
    sent: list[JSON] = field(default_factory=list)
    connection: Connection | None = None
    resumable: bool = True
    ready: bool = False
    """READY and the GUILD_CREATEs of its guilds have been sent."""

    def owns(self, guild_id: int | None) -> bool:
        """Whether the session gets events of this guild (None: of no guild, which shard 0 gets)."""
        shard_id, shard_count = self.shard
        if guild_id is None:
            return shard_id == 0
        return shard_of(guild_id, shard_count) == shard_id

    async def dispatch(self, event: str, data: JSON) -> None:
        """Number and keep the event (for a later RESUME), and send it if connected."""
        self.seq += 1
        payload = {"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data}
        self.sent.append(payload)
        if self.connection is not None:
            try:
                await self.connection.send(payload)
            except ConnectionResetError:
                self.connection = None


class Gateway:
    """The sessions of the bot's application and the websocket endpoint they connect to."""

    def __init__(self, fake: FakeDiscord, heartbeat_interval_ms: int = 41250) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self._acks: set[asyncio.Task[None]] = set()
        # Events sent again on RESUME because the bot was disconnected when they happened.
        self.replayed: list[str] = []
        # Sessions that have received READY and their GUILD_CREATEs (one per shard of a bot).
        self.ready_sessions = 0
        # Guilds one session may hold before IDENTIFY is refused with 4011 "Sharding required"
        # (Discord: 2500). None: no limit.
        self.max_session_guilds: int | None = None
        self.refusing = False
        """Discord unreachable: a new connection is refused (503), so the client waits between
        tries, longer each time."""

    @property
    def live(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.connection is not None]

    def ready_shards(self, shard_count: int | None = None) -> set[int]:
        """Shard ids with a connected session that has had its READY (of ``shard_count`` shards)."""
        return {s.shard[0] for s in self.live if s.ready and shard_count in (None, s.shard[1])}

    def owners(self, guild_id: int) -> list[Session]:
        """The connected sessions that get this guild's events."""
        return [s for s in self.live if s.owns(guild_id)]

    def check(self, event: str, data: JSON) -> None:
        """Hold an event's objects to Discord's API description (``contract.py``)."""
        if self.fake.contract is not None:
            for problem in self.fake.contract.check_event(event, data):
                self.fake.problem(problem)

    async def dispatch(self, event: str, data: JSON, *, intent: int = 0) -> list[Session]:
        """Send an event to every live or resumable session that subscribed to ``intent`` and whose
        shard owns the event's guild (shard 0 for an event of no guild); returns those sessions."""
        self.check(event, data)
        guild_id = event_guild(event, data)
        sent = []
        for session in list(self.sessions.values()):
            if not session.resumable or not session.owns(guild_id):
                continue
            if intent == 0 or session.intents & intent:
                await session.dispatch(event, data)
                sent.append(session)
        return sent

    async def drop(self, code: int = 4000) -> None:
        """Close every live connection the way a network fault or Discord restart does; the
        sessions stay resumable, so discord.py is expected to RESUME."""
        for session in self.live:
            connection = session.connection
            session.connection = None
            assert connection is not None
            await connection.ws.close(code=code, message=b"dropped by test")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if self.refusing:
            return web.Response(status=503, text="Discord is unreachable (a test's outage)")
        query = request.query
        if query.get("v") != "10" or query.get("encoding", "json") != "json":
            self.fake.problem(
                f"gateway: unsupported v/encoding in {request.query_string!r} (only v=10, json)"
            )
            return web.Response(status=400, text="only v=10 and encoding=json are supported")
        compression = query.get("compress")
        refusal = None
        if compression == "zstd-stream" and _zstd_compressor() is None:
            refusal = (
                "compress=zstd-stream was asked for, but neither zstandard nor compression.zstd is installed"
            )
        elif compression not in (None, "zlib-stream", "zstd-stream"):
            refusal = f"unknown compress={compression!r} (zlib-stream and zstd-stream exist)"
        if refusal is not None:
            self.fake.problem("gateway: " + refusal)
            return web.Response(status=400, text=refusal)

        ws = web.WebSocketResponse(autoclose=False, max_msg_size=0)
        await ws.prepare(request)
        connection = Connection(ws, compression, request.path)
        self.connections.append(connection)
        await connection.send({"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        session: Session | None = None
        client_close_code: int | None = None
        try:
            while True:
                msg = await ws.receive()
                if msg.type is WSMsgType.CLOSE:
                    client_close_code = msg.data
                    break
                if msg.type in (WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
                if msg.type is not WSMsgType.TEXT:
                    await ws.close(code=CLOSE_DECODE_ERROR, message=b"Error while decoding payload.")
                    break
                try:
                    payload = json.loads(msg.data)
                except ValueError:
                    await ws.close(code=CLOSE_DECODE_ERROR, message=b"Error while decoding payload.")
                    break
                session = await self._receive(connection, session, payload)
        finally:
            if session is not None and session.connection is connection:
                session.connection = None
                # A client that closes cleanly ends its session, as on Discord.
                if client_close_code in (1000, 1001):
                    session.resumable = False
            if not ws.closed:
                await ws.close()
        return ws

    async def _ack(self, connection: Connection) -> None:
        await asyncio.sleep(ACK_DELAY)
        with contextlib.suppress(ConnectionResetError, RuntimeError):  # the connection closed meanwhile
            await connection.send({"op": OP_HEARTBEAT_ACK})

    async def _receive(
        self, connection: Connection, session: Session | None, payload: JSON
    ) -> Session | None:
        op, data = payload.get("op"), payload.get("d")
        ws = connection.ws
        if op == OP_HEARTBEAT:
            self.heartbeats += 1
            # Discord's ack takes a network round trip. Sent within microseconds, it can be read
            # before discord.py's heartbeat thread has noted when it sent the beat, and discord.py
            # then measures the ack against the previous beat: "Can't keep up ... 41.3s behind"
            # on a busy machine, at every heartbeat.
            ack = asyncio.create_task(self._ack(connection))
            self._acks.add(ack)
            ack.add_done_callback(self._acks.discard)
            return session
        if op == OP_IDENTIFY:
            if session is not None:
                await ws.close(code=CLOSE_ALREADY_AUTHENTICATED, message=b"Already authenticated.")
                return session
            return await self._identify(connection, data)
        if op == OP_RESUME:
            return await self._resume(connection, data)
        if session is None:
            await ws.close(code=CLOSE_NOT_AUTHENTICATED, message=b"Not authenticated.")
            return None
        self.fake.touch()
        if op in (OP_PRESENCE, OP_VOICE):
            return session
        if op == OP_REQUEST_MEMBERS:
            self.fake.problem("gateway: REQUEST_MEMBERS (member chunking) is not implemented by the stand-in")
            return session
        await ws.close(code=CLOSE_UNKNOWN_OPCODE, message=b"Unknown opcode.")
        return session

    async def _identify(self, connection: Connection, data: Any) -> Session | None:
        fake = self.fake
        self.identifies += 1
        if not isinstance(data, dict) or data.get("token") != fake.application.token:
            await connection.ws.close(code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return None
        intents = data.get("intents")
        if not isinstance(intents, int):
            await connection.ws.close(code=CLOSE_INVALID_INTENTS, message=b"Invalid intent(s).")
            return None
        if intents & PRIVILEGED_INTENTS & ~fake.privileged_intents_enabled:
            await connection.ws.close(code=CLOSE_DISALLOWED_INTENTS, message=b"Disallowed intent(s).")
            return None
        shard = (0, 1)
        if data.get("shard") is not None:
            parsed = _parse_shard(data["shard"])
            if parsed is None:
                await connection.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
                return None
            shard = parsed
        session = Session(id=secrets.token_hex(16), intents=intents, shard=shard, connection=connection)
        guilds = [g for g in fake.guilds.values() if session.owns(g.id)]
        if self.max_session_guilds is not None and len(guilds) > self.max_session_guilds:
            await connection.ws.close(code=CLOSE_SHARDING_REQUIRED, message=b"Sharding required.")
            return None
        self.sessions[session.id] = session
        ready: JSON = {
            "v": 10,
            "user": fake.application.bot.to_dict(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.base_url.replace("http", "ws", 1) + "/gateway/resume",
            "application": {"id": str(fake.application.id), "flags": fake.application.flags},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fakediscord"],
        }
        if data.get("shard") is not None:
            ready["shard"] = list(shard)
        self.check("READY", ready)
        await session.dispatch("READY", ready)
        members = bool(intents & INTENT_GUILD_MEMBERS)
        for guild in guilds:
            created = guild.to_dict(bot_id=fake.application.bot.id, all_members=members)
            self.check("GUILD_CREATE", created)
            await session.dispatch("GUILD_CREATE", created)
        session.ready = True
        self.ready_sessions += 1
        fake.touch()
        return session

    async def _resume(self, connection: Connection, data: Any) -> Session | None:
        self.resumes += 1
        session = self.sessions.get(str(data.get("session_id"))) if isinstance(data, dict) else None
        if session is None or not session.resumable or data.get("token") != self.fake.application.token:
            await connection.send({"op": OP_INVALID_SESSION, "d": False})
            return None
        # The session keeps its shard (and so its guilds): RESUME names no shard, on Discord too.
        session.connection = connection
        seq = data.get("seq") or 0
        for payload in session.sent:
            if payload["s"] > seq:
                self.replayed.append(payload["t"])
                await connection.send(payload)
        await session.dispatch("RESUMED", {"_trace": ["fakediscord"]})
        self.fake.touch()
        return session
