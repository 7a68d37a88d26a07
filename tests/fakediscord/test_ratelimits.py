"""Rate limits and faults: Discord's per-channel message bucket and global limit with its headers
and 429 shape, injected 429s and 500s, and request counting."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord
from tests.conftest import World

from .conftest import ProbeBot, RawApi

POST = "POST /channels/{channel_id}/messages"
PATCH = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_sixth_message_in_five_seconds_gets_429(world: World, api: RawApi) -> None:
    path = f"/channels/{world.games.id}/messages"
    remaining = []
    for i in range(5):
        status, _, headers = await api.request("POST", path, json={"content": str(i)})
        assert status == 200
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Bucket"] == "channel-messages"
        assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 5
        assert float(headers["X-RateLimit-Reset"]) > 1e9
        remaining.append(headers["X-RateLimit-Remaining"])

    status, body, headers = await api.request("POST", path, json={"content": "one too many"})

    assert remaining == ["4", "3", "2", "1", "0"]
    assert status == 429
    assert body["global"] is False and 0 < body["retry_after"] <= 5
    assert body["message"] == "You are being rate limited."
    assert int(headers["Retry-After"]) >= 1
    assert headers["X-RateLimit-Remaining"] == "0"
    assert headers["X-RateLimit-Scope"] == "user"
    assert len(world.fake.stats.natural_429s) == 1
    assert world.fake.stats.count(POST) == 6
    assert len(world.games.messages) == 5


async def test_edits_share_the_bucket_and_other_channels_do_not(world: World, api: RawApi) -> None:
    path = f"/channels/{world.games.id}/messages"
    _, first, _ = await api.request("POST", path, json={"content": "table"})
    for i in range(4):
        status, _, _ = await api.request("PATCH", f"{path}/{first['id']}", json={"content": f"table {i}"})
        assert status == 200

    status, _, _ = await api.request("PATCH", f"{path}/{first['id']}", json={"content": "again"})
    assert status == 429
    status, _, _ = await api.request(
        "POST", f"/channels/{world.lounge.id}/messages", json={"content": "elsewhere"}
    )
    assert status == 200


async def test_bucket_refills_when_the_clock_moves_on(world: World, api: RawApi) -> None:
    path = f"/channels/{world.games.id}/messages"
    for i in range(5):
        await api.request("POST", path, json={"content": str(i)})

    world.fake.clock.advance(5.0)
    status, _, headers = await api.request("POST", path, json={"content": "next window"})

    assert status == 200
    assert headers["X-RateLimit-Remaining"] == "4"


async def test_a_new_bucket_is_full_whatever_the_clock_reads(world: World, api: RawApi) -> None:
    # A test that moved the clock back (to open a panel "15 minutes ago") on a machine up for less
    # than that reads a negative clock; a new bucket must still take its five requests.
    world.fake.clock.advance(-(world.fake.clock.now() + 60.0))
    path = f"/channels/{world.games.id}/messages"
    statuses = [(await api.request("POST", path, json={"content": str(i)}))[0] for i in range(6)]

    assert statuses == [200] * 5 + [429]


async def test_global_limit_is_fifty_per_second(fake: FakeDiscord, api: RawApi) -> None:
    statuses = [(await api.request("GET", "/users/@me"))[0] for _ in range(50)]
    status, body, headers = await api.request("GET", "/users/@me")

    assert statuses == [200] * 50
    assert status == 429 and body["global"] is True
    assert headers["X-RateLimit-Global"] == "true"
    assert headers["X-RateLimit-Scope"] == "global"
    assert fake.stats.count("GET /users/@me") == 51


async def test_discord_py_paces_a_burst_without_any_429(world: World, probe: ProbeBot) -> None:
    """With the headers it gets, discord.py queues a burst instead of running into the bucket."""
    world.fake.ratelimits.channel_limit = (
        5,
        0.5,
    )  # Discord's 5 per bucket, a shorter window to keep the test quick

    reply = await world.alice.slash("post", {"count": 12})

    assert reply.message.content == "posted 12"
    assert len(world.fake.public_messages(world.games)) == 12
    assert world.fake.stats.count(POST) == 12
    assert world.fake.stats.natural_429s == []


async def test_injected_429_is_retried_by_discord_py(world: World, probe: ProbeBot) -> None:
    world.fake.ratelimits.inject_429(POST, retry_after=0.2)

    reply = await world.alice.slash("post", {"count": 1})

    assert reply.message.content == "posted 1"
    assert world.fake.stats.count(POST) == 2
    (hit,) = world.fake.stats.rate_limited
    assert (hit.route, hit.injected, hit.is_global) == (POST, True, False)
    assert world.fake.stats.natural_429s == []


async def test_injected_global_429_holds_every_route(world: World, probe: ProbeBot) -> None:
    world.fake.ratelimits.inject_429(None, retry_after=0.2, is_global=True)

    reply = await world.alice.slash("post", {"count": 1})

    assert reply.message.content == "posted 1"
    (hit,) = world.fake.stats.rate_limited
    assert hit.is_global


async def test_injected_500_is_retried(world: World, probe: ProbeBot) -> None:
    world.fake.ratelimits.inject_error(POST, status=500)

    reply = await world.alice.slash("post", {"count": 1})

    assert reply.message.content == "posted 1"
    assert world.fake.stats.count(POST) == 2


async def test_faults_name_real_routes(fake: FakeDiscord) -> None:
    with pytest.raises(ValueError, match="unknown route key"):
        fake.ratelimits.inject_429("POST /channels/{channel_id}/message")
