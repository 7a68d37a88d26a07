"""An offline stand-in for Discord that the real bot connects to (gateway and REST on 127.0.0.1).

See server.FakeDiscord for the world and its checks, users.Actor for acting as a member, and
botproc.BotProcess for running bot.py against it. The fixtures live in tests/conftest.py.
"""

from .botproc import BotProcess
from .limits import ApiError
from .model import APPLICATION_COMMAND, MESSAGE_COMPONENT, Channel, Clock, Guild, Member, Role
from .ratelimits import CHANNEL_MESSAGE_ROUTES, RateLimitHit, Stats
from .server import FakeDiscord, InteractionFailed
from .users import Actor, Modal, Reply, SeenAttachment, SeenMessage, UserActionError

__all__ = [
    "APPLICATION_COMMAND",
    "CHANNEL_MESSAGE_ROUTES",
    "MESSAGE_COMPONENT",
    "Actor",
    "ApiError",
    "BotProcess",
    "Channel",
    "Clock",
    "FakeDiscord",
    "Guild",
    "InteractionFailed",
    "Member",
    "Modal",
    "RateLimitHit",
    "Reply",
    "Role",
    "SeenAttachment",
    "SeenMessage",
    "Stats",
    "UserActionError",
]
