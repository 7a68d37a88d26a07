"""Rate limits, injected faults and request counts.

Discord limits creating and editing messages to 5 per 5 seconds in one channel, and every bot to
50 requests per second overall. Interaction endpoints (callbacks, and the webhook of an
interaction's token: follow-ups and edits of its messages) are not bound to the global limit
(Discord's rate-limit documentation) and do not count against the channel; instead each
interaction token has its own bucket, 5 requests per 2 seconds as webhooks have. The stand-in
applies all three, sends the same headers (which discord.py uses to pace itself), and counts every
request and every 429 so a test can say "that burst of presses caused no 429".
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from dataclasses import dataclass, field

from .limits import ApiError
from .model import Clock

CHANNEL_MESSAGE_ROUTES = frozenset(
    {"POST /channels/{channel_id}/messages", "PATCH /channels/{channel_id}/messages/{message_id}"}
)
TOKEN_ROUTES = frozenset(
    {
        "POST /webhooks/{webhook_id}/{webhook_token}",
        *(
            f"{method} /webhooks/{{webhook_id}}/{{webhook_token}}/messages/{target}"
            for method in ("GET", "PATCH", "DELETE")
            for target in ("@original", "{message_id}")
        ),
    }
)
"""An interaction token's webhook: limited per token, not globally nor per channel."""


@dataclass
class Bucket:
    limit: int
    per: float
    name: str
    remaining: int = 0
    reset_at: float = -math.inf
    """A new bucket is full: the first request refills it, whatever the (advanceable) clock reads."""


@dataclass(frozen=True)
class RateLimitHit:
    route: str
    retry_after: float
    is_global: bool
    injected: bool


@dataclass
class Stats:
    """What the bot asked for, per route key as discord.py names routes
    ("PATCH /channels/{channel_id}/messages/{message_id}"), and every 429 it got."""

    requests: Counter[str] = field(default_factory=Counter)
    rate_limited: list[RateLimitHit] = field(default_factory=list)

    def count(self, route: str) -> int:
        return self.requests[route]

    @property
    def natural_429s(self) -> list[RateLimitHit]:
        """429s the bot earned by going too fast, as opposed to ones a test injected."""
        return [hit for hit in self.rate_limited if not hit.injected]


@dataclass
class _Fault:
    route: str | None  # None: every route
    status: int
    times: int
    retry_after: float
    is_global: bool


def too_many_requests(retry_after: float, *, is_global: bool, headers: dict[str, str]) -> ApiError:
    """Discord's 429: JSON body with retry_after and global, Retry-After header, and a Via header
    (without Via, discord.py takes a 429 for a Cloudflare ban and does not retry)."""
    headers = {
        **headers,
        "Retry-After": str(math.ceil(retry_after)),
        "Via": "1.1 google",
        "X-RateLimit-Scope": "global" if is_global else "user",
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": round(retry_after, 3),
        "global": is_global,
        "code": 0,
    }
    return ApiError(429, body, headers)


class RateLimiter:
    """Per-channel message buckets, the global limit, and the faults a test asked for."""

    def __init__(self, clock: Clock, known_routes: frozenset[str]) -> None:
        self.clock = clock
        self.known_routes = known_routes
        self.enabled = True
        self.global_limit = 50
        self.channel_limit = (5, 5.0)
        self.token_limit = (5, 2.0)
        self.stats = Stats()
        self._buckets: dict[tuple[str, str], Bucket] = {}
        self._faults: list[_Fault] = []
        self._held: dict[str, asyncio.Event] = {}
        self._answers_held: dict[str, asyncio.Event] = {}

    # Faults a test injects.

    def _check_route(self, route: str | None) -> None:
        if route is not None and route not in self.known_routes:
            raise ValueError(f"unknown route key {route!r}; known: {sorted(self.known_routes)}")

    def inject_429(
        self, route: str | None, *, retry_after: float = 0.5, times: int = 1, is_global: bool = False
    ) -> None:
        """The next ``times`` requests to ``route`` (None: to any route) answer 429."""
        self._check_route(route)
        self._faults.append(_Fault(route, 429, times, retry_after, is_global))

    def inject_error(self, route: str | None, *, status: int = 500, times: int = 1) -> None:
        """The next ``times`` requests to ``route`` answer ``status`` (a server error)."""
        self._check_route(route)
        self._faults.append(_Fault(route, status, times, 0.0, False))

    def hold(self, route: str, *, done: bool = False) -> asyncio.Event:
        """Requests to ``route`` wait unanswered until the returned event is set (an answer on
        its way while the bot stops, say); ``done``: each is carried out at once, and only its
        answer waits (a slow network back: what it made is there for people to press)."""
        self._check_route(route)
        released = (self._answers_held if done else self._held)[route] = asyncio.Event()
        return released

    async def wait_if_held(self, route: str, *, done: bool = False) -> None:
        """Wait while ``route``'s requests (``done``: their answers) are held (:meth:`hold`)."""
        if (released := (self._answers_held if done else self._held).get(route)) is not None:
            await released.wait()

    # Per request.

    def _take(self, key: tuple[str, str], limit: int, per: float, name: str) -> tuple[Bucket, float]:
        """Spend one request from a bucket; returns the bucket and how long to wait if it was empty."""
        now = self.clock.now()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = Bucket(limit, per, name)
        if now >= bucket.reset_at:
            bucket.remaining, bucket.reset_at = limit, now + per
        if bucket.remaining <= 0:
            return bucket, bucket.reset_at - now
        bucket.remaining -= 1
        return bucket, 0.0

    def headers(self, bucket: Bucket) -> dict[str, str]:
        after = max(0.0, bucket.reset_at - self.clock.now())
        return {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(bucket.remaining),
            "X-RateLimit-Reset": f"{self.clock.wall() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": bucket.name,
        }

    def admit(self, route: str, params: dict[str, str], *, bot_token: bool) -> dict[str, str]:
        """Count the request and apply faults and buckets; returns the rate-limit headers to send,
        or raises the 429/5xx the request gets instead."""
        self.stats.requests[route] += 1
        for fault in self._faults:
            if fault.times > 0 and fault.route in (None, route):
                fault.times -= 1
                if fault.status != 429:
                    raise ApiError(fault.status, {"message": "500: Internal Server Error", "code": 0})
                self.stats.rate_limited.append(RateLimitHit(route, fault.retry_after, fault.is_global, True))
                raise too_many_requests(fault.retry_after, is_global=fault.is_global, headers={})
        if not self.enabled:
            return {}
        if bot_token:
            _, wait = self._take(("global", ""), self.global_limit, 1.0, "global")
            if wait:
                self.stats.rate_limited.append(RateLimitHit(route, wait, True, False))
                raise too_many_requests(wait, is_global=True, headers={})
        if route in TOKEN_ROUTES:
            return self._spend(
                route, ("token", params["webhook_token"]), self.token_limit, "interaction-token"
            )
        if route in CHANNEL_MESSAGE_ROUTES:
            key = ("channel-messages", params["channel_id"])
            return self._spend(route, key, self.channel_limit, "channel-messages")
        return {}

    def _spend(self, route: str, key: tuple[str, str], limit: tuple[int, float], name: str) -> dict[str, str]:
        """One request from a per-resource bucket; its headers, or the 429 when it is empty."""
        bucket, wait = self._take(key, *limit, name)
        headers = self.headers(bucket)
        if wait:
            self.stats.rate_limited.append(RateLimitHit(route, wait, False, False))
            raise too_many_requests(wait, is_global=False, headers=headers)
        return headers
