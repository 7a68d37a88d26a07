"""A table's calls on Discord: one mention per wait, after a grace period, edited, never deleted.

:mod:`tables.attention` decides; this writes. Each table's calls are settled by a worker of their
own, after the table's edit that showed the change (:func:`cogs.seated.publish` hands the table
over once it has shown it), in a pacing lane of their own (:data:`~tables.pacing.CALL_LIMIT` per
channel or thread): a mention or its edit never delays the picture, and the two lanes together
stay within Discord's limit for a channel. In a thread the calls stay in the thread; in a
channel they stay too, short and without mentions once edited.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import discord

from cogs.gone import PlaceGone, place_checked
from cogs.message_parts import deadline
from cogs.threads import reopened
from data import Store
from locales import Catalog
from tables.attention import GRACE, Call, Plan, plan
from tables.clock import Clock, Timer
from tables.pacing import CALL_LIMIT, ChannelPacing
from tables.seated import SeatedTable
from words.common import Notice, bold, seat_names

log = logging.getLogger(__name__)

RETRY_AFTER = 5.0
"""Seconds before a call that Discord refused for a passing reason is tried again."""

Seated = SeatedTable[Any, Any]


class Caller(Protocol):
    """What the calls need of a game's kind (:class:`~cogs.kinds.GameKind` has it): its name,
    a notice in words, and its callouts in words."""

    @property
    def name(self) -> str: ...

    @property
    def said(self) -> Callable[[Catalog, Notice, Sequence[str], str], str]: ...

    @property
    def callout(self) -> Callable[[Catalog, Any, Notice], str] | None: ...


class Attention:
    """The calls of every table of the bot (see the module's note)."""

    def __init__(
        self, client: discord.Client, messages: Catalog, store: Store, clock: Clock, pacing: ChannelPacing
    ) -> None:
        self._client = client
        self._messages = messages
        self._store = store
        self._clock = clock
        self.pacing = pacing.lane(CALL_LIMIT)
        self._tables: dict[str, tuple[Caller, Seated]] = {}
        self._dirty: set[str] = set()
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._timers: dict[str, Timer] = {}
        self._closing: dict[str, list[Call]] = {}
        """Per table, calls whose wait is over and whose message is still to be edited."""
        self._locks: dict[str, asyncio.Lock] = {}

    def table_shown(self, kind: Caller, table: Seated) -> None:
        """``table`` was just shown as it is now: settle its call in the background."""
        table_id = table.table_id
        self._tables[table_id] = (kind, table)
        self._dirty.add(table_id)
        worker = self._workers.get(table_id)
        if worker is None or worker.done():
            self._workers[table_id] = asyncio.create_task(self._work(table_id), name=f"calls of {table_id}")

    def stop(self) -> None:
        """Stop settling (the bot is closing): a restart goes on from the saved calls."""
        for timer in self._timers.values():
            timer.cancel()
        for worker in self._workers.values():
            worker.cancel()
        self._timers.clear()

    async def _work(self, table_id: str) -> None:
        while table_id in self._dirty and (entry := self._tables.get(table_id)) is not None:
            self._dirty.discard(table_id)
            kind, table = entry
            try:
                with place_checked():
                    await self._settle(kind, table)
            except PlaceGone as gone:  # set aside: nothing more to settle there
                table.place_gone(gone.reason)
                self.forget(table_id)
                return
            except discord.HTTPException as error:
                log.warning("a call at table %s not written (%s); trying again", table_id, error)
                self._check_at(table_id, time.time() + RETRY_AFTER)
            except Exception:
                log.exception("settling the call at table %s failed", table_id)
            if table.finished and table.message.call is None and not self._closing.get(table_id):
                self.forget(table_id)

    def forget(self, table_id: str) -> None:
        """A table that ended and whose last call is closed, or that was set aside: nothing
        more to settle."""
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        self._tables.pop(table_id, None)
        self._closing.pop(table_id, None)
        self._locks.pop(table_id, None)
        self._workers.pop(table_id, None)
        self._dirty.discard(table_id)

    def _check_at(self, table_id: str, when: float) -> None:
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        clock = self._clock

        def due() -> None:
            self._timers.pop(table_id, None)
            entry = self._tables.get(table_id)
            if entry is not None:
                self.table_shown(*entry)

        self._timers[table_id] = clock.call_later(max(0.0, when - time.time()), due)

    async def settle(self, kind: Caller, table: Seated) -> None:
        """Settle the call of ``table``, which ended, now: its message's last edit."""
        await self._settle(kind, table)
        if not self._closing.get(table.table_id):
            self.forget(table.table_id)

    async def _settle(self, kind: Caller, table: Seated) -> None:
        """Write what the table's call needs, one write per paced slot, planning again once the
        slot comes: a person who acted while the write waited is not mentioned after all."""
        async with self._locks.setdefault(table.table_id, asyncio.Lock()):
            await self._settle_now(kind, table)

    async def _settle_now(self, kind: Caller, table: Seated) -> None:
        closing = self._closing.setdefault(table.table_id, [])
        for _ in range(8):  # messages of waits that ended, then a new one or an edit
            step = await self._plan(kind, table)
            if not closing and not (step.post or step.edit):
                if step.check_at is not None:
                    self._check_at(table.table_id, step.check_at)
                break
            await self.pacing.wait(table.place_id)
            if closing:
                ended = closing[0]
                await self._write(table, ended.message_id, self._over(kind, table, ended))
                closing.pop(0)
                continue
            step = await self._plan(kind, table)  # the wait may be over by now
            if step.post or step.edit:
                call = await self._call(kind, table, step)
                if table.finished:
                    table.message.call = call
                else:
                    await table.message.set_call(call)  # saved: a restart must know its message
        if not closing:
            self._closing.pop(table.table_id, None)

    async def _plan(self, kind: Caller, table: Seated) -> Plan:
        """The next step for ``table``'s call, as the table is now. The call it plans for (a
        new wait, what a callout made it say) is the table's from then on; a call whose wait
        is over is put aside until its message is edited."""
        wait = None if table.finished else table.waits.called()
        says = None
        for notice in table.message.take_callouts():
            player = None if notice.player is None else table.seats[notice.player].user_id
            if kind.callout is not None and wait is not None and player == wait[0]:
                says = kind.callout(self._messages, table, notice)
        wanted, grace = True, float(GRACE)
        if wait is not None:
            wanted, chosen = await self._store.ping_settings(wait[0])
            grace = float(GRACE if chosen is None else chosen)
            warned = table.waits.warned_after()
            if warned is not None:
                grace = min(grace, warned)
        now, absent = time.time(), table.waits.absent_since()
        since = None if absent is None else now - (self._clock.now() - absent)
        step = plan(table.message.call, wait, says, now, grace, wanted, since)
        table.message.call = step.call
        if step.close is not None:
            self._closing.setdefault(table.table_id, []).append(step.close)
        return step

    async def _call(self, kind: Caller, table: Seated, step: Plan) -> Call | None:
        """Post or edit the current call's message as ``step`` says; the call as it then is."""
        call = step.call
        assert call is not None
        text = call.says or waiting_words(self._messages, table, call.user)
        if step.post:
            posted = await self._mention(table, call.user, text)
            await self._direct(table, call.user, text, posted)
            return Call(call.user, call.moment, call.since, posted, call.says, call.says)
        await self._write(table, call.message_id, text)
        return Call(call.user, call.moment, call.since, call.message_id, call.says, call.says)

    async def _mention(self, table: Seated, user: int, text: str, view: discord.ui.View | None = None) -> int:
        """Post ``text`` where ``table`` plays, mentioning ``user`` and nobody else; its id."""
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user)])
        channel = self._client.get_partial_messageable(table.place_id, guild_id=table.guild_id)
        sent = await channel.send(text, view=view or discord.utils.MISSING, allowed_mentions=mentions)
        return sent.id

    async def _direct(self, table: Seated, user: int, text: str, posted: int) -> None:
        """Tell ``user`` by direct message too, with a link to the call, if they asked to be
        (``/pings dm:``); a refusal (their privacy settings) is noted once, not retried each turn."""
        if not await self._store.dm_pings(user):
            return
        link = f"https://discord.com/channels/{table.guild_id}/{table.place_id}/{posted}"
        words = self._messages.text("pings.dm", table.locale, call=text, link=link)
        try:
            member = self._client.get_user(user) or await self._client.fetch_user(user)
            await member.send(words, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden:
            await self._store.dm_refused(user)
            log.info("member %d accepts no direct message: noted, not tried again", user)
        except discord.HTTPException as error:
            log.warning("direct message to member %d not sent: %s", user, error)

    async def _write(
        self, table: Seated, message_id: int | None, text: str, *, buttons_off: bool = False
    ) -> None:
        """Edit a call's message to ``text`` (an edit notifies nobody, so it mentions nobody);
        ``buttons_off``: without the buttons it had."""
        assert message_id is not None
        message = self._client.get_partial_messageable(
            table.place_id, guild_id=table.guild_id
        ).get_partial_message(message_id)
        gone: dict[str, Any] = {"view": None} if buttons_off else {}

        async def edit() -> None:
            await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none(), **gone)

        with contextlib.suppress(discord.NotFound):  # someone deleted it
            await reopened(self._client, table.thread_id, edit)

    def _over(self, kind: Caller, table: Seated, call: Call) -> str:
        """What a call's message says once its wait is over: what happened last at the table
        (the move that ended it, a challenge's outcome), or that its person played."""
        text = self._messages.text
        names = seat_names(self._messages, table.seats, table.locale)
        if kind.said is not None and table.notices:
            said = kind.said(self._messages, table.notices[-1], names, table.locale)
            return text("ping.over", table.locale, what=said)
        seat = next((n for n, s in enumerate(table.seats) if s.user_id == call.user), None)
        name = bold(names[seat]) if seat is not None else text("ping.someone", table.locale)
        return text("ping.played", table.locale, name=name)

    async def invite(self, table: Seated, user: int, says: str, view: discord.ui.View) -> int:
        """Mention ``user`` once where ``table`` plays, with ``says`` and ``view`` (the offer of
        a seat and its Accept button), in the calls' lane; the message's id. It is edited when
        answered (:meth:`settled_invite`), never deleted."""
        await self.pacing.wait(table.place_id)
        return await self._mention(table, user, says, view)

    async def settled_invite(self, table: Seated, message_id: int, says: str) -> None:
        """An invitation was answered: it says ``says`` from now on, without its buttons."""
        await self.pacing.wait(table.place_id)
        await self._write(table, message_id, says, buttons_off=True)


def waiting_words(messages: Catalog, table: Seated, user: int) -> str:
    """A call's words: the game (the one played: Speed, not "Spit and Speed") waits for
    ``user``, and when it plays for them (a turn timer's timeout, or an AI taking their seat),
    on the reader's own clock."""
    game = messages.text(f"league.game.{table.recorded_as() or table.game}", table.locale)
    mention, when = f"<@{user}>", deadline(table)
    if when is None:
        return messages.text("ping.waiting", table.locale, mention=mention, game=game)
    return messages.text("ping.waiting_until", table.locale, mention=mention, game=game, when=when)
