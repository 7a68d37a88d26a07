"""Private panels that follow the table without their owner pressing anything.

A panel is an ephemeral reply: nobody but its owner sees it, and the bot may edit it only through
the token of the interaction that opened it or last redrew it (a press on it answers with the
panel redrawn, which renews the token). Discord keeps such a token for 15 minutes. So for every
open panel the bot keeps that latest interaction, and when the table changes it redraws the panel
through it, the way the publisher redraws the table message: coalesced (the latest state wins,
at most one edit in flight) and paced. Edits through an interaction webhook do not count towards
the channel's message budget nor the bot's global limit, but each token has a budget of its own
(5 per 2 s): a panel is redrawn at most 4 times in 2.2 s.

A panel whose token is about to lapse is redrawn one last time saying so, and its Refresh button
brings it back (a press is a new interaction with a new token). A panel its owner dismissed, or
whose token Discord no longer takes, is forgotten without a word: nobody is shown an error.

The latest interaction of each open panel is also kept in the store (at most two minutes older
than the latest, a row per table and member), so a panel opened before a restart follows its
table again after it, through that saved token (:class:`SavedDrawing`), for what is left of
the token's 15 minutes.
"""

import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final, cast

import aiohttp
import discord

from cogs.answers import answer_privately, in_time, on_panel, own_panel
from cogs.drafts import Draft
from data import SavedPanel, Store, StoreError
from engine.errors import IllegalAction
from locales import Catalog
from tables.clock import Clock, Timer
from tables.errors import Refused
from tables.pacing import ChannelPacing
from tables.publisher import Publisher, TryAgain
from tables.table import Table

log = logging.getLogger(__name__)

TOKEN_LIFETIME: Final = 15 * 60.0
"""Seconds Discord accepts an interaction's token for edits."""
LAST_CALL: Final = 60.0
"""Seconds before the token lapses when the panel says it stops following the table."""
PANEL_LIMIT: Final = (4, 2.2)
"""Edits of one panel per window: under the 5 per 2 s an interaction token allows."""
NOTE_SECONDS: Final = 6.0
"""How long a note the owner's press left on the panel (a penalty, a refusal) stays through
redraws, so a busy table does not wipe it before it is read."""

SAVE_EVERY: Final = 120.0
"""Seconds between saved tokens of one open panel: one saved at most this much older than the
latest still has most of its 15 minutes left after a restart."""
ORIGINAL: Final = cast(int, "@original")
"""How Discord names an interaction's first response in a webhook message path
(``/webhooks/{application}/{token}/messages/@original``); discord.py types a message id as an
int but puts it in the path as given."""

LiveDraft = Callable[[str | None], Awaitable[Draft]]
"""A game's panel as the table is now, keeping what its owner was in the middle of choosing if
it still holds, with an optional note; raises :class:`IllegalAction` once there is no panel to
show (the player left, the game ended)."""


@dataclass(frozen=True)
class SavedDrawing:
    """A panel drawn before the bot restarted: redrawn through its saved interaction token, as
    the interaction itself would (the same webhook message, ``@original``)."""

    client: discord.Client
    panel: SavedPanel

    @property
    def id(self) -> int:
        return self.panel.interaction_id

    async def edit_original_response(self, **edit: Any) -> None:
        webhook = discord.Webhook.partial(self.panel.application_id, self.panel.token, client=self.client)
        await webhook.edit_message(ORIGINAL, **edit)


Drawing = discord.Interaction | SavedDrawing
"""What a followed panel is redrawn through."""


@dataclass(eq=False)
class FollowedPanel:
    """One open panel: the latest interaction that drew it, and how to draw it again."""

    table: Table
    interaction: Drawing
    draw: LiveDraft
    locale: str
    version: int = 0
    """Bumped by each press, so a redraw started before it does not land after it."""
    answering: bool = False
    """Its owner's press is being answered: that answer draws the panel."""
    missed: bool = False
    """A redraw came while answering: the table (or the token's last call) may have moved on
    after the answer drew the panel, so it is redrawn once the answer is sent."""
    note: str | None = None
    note_until: float = 0.0
    last_call: bool = False
    publisher: Publisher | None = None
    expiry: Timer | None = field(default=None, repr=False)
    saved: float = 0.0
    """When the interaction last saved for it was created (see :data:`SAVE_EVERY`)."""


class LivePanels:
    """The open panels of every table, each redrawn when its table changes."""

    def __init__(
        self, messages: Catalog, clock: Clock, *, enabled: bool = True, store: Store | None = None
    ) -> None:
        """``enabled``: False keeps panels as they were drawn until pressed (``LIVE_PANELS=off``);
        ``store``: where open panels are kept for a restart (none: they are not)."""
        self.messages = messages
        self.clock = clock
        self.enabled = enabled
        self.store = store
        self.drawers: dict[str, Callable[[Table, int, str], LiveDraft]] = {}
        """Per game, how to draw a member's panel at one of its tables (in a locale) when it
        was opened before a restart; each game's cog registers its own."""
        self.pacing = ChannelPacing(clock, PANEL_LIMIT, overall=None)
        self._panels: dict[str, dict[int, FollowedPanel]] = {}
        self._listened: dict[str, tuple[Table, Callable[[], None]]] = {}
        """The table object each table id's panels follow, and the listener hooked on it (a table
        rolled back after a failed write is a new object, which a press on a panel follows)."""

    async def show(
        self,
        interaction: discord.Interaction,
        table: Table,
        drawing: Awaitable[Draft],
        draw: LiveDraft,
        locale: str,
        note: str | None = None,
    ) -> None:
        """Answer ``interaction`` with its user's panel, ``drawing`` (in time, see
        :func:`~cogs.answers.in_time`, then :func:`answer_privately`), then follow it: redrawn with ``draw``
        whenever the table changes, through this interaction, keeping ``note`` (drawn on the
        panel) for :data:`NOTE_SECONDS`.

        The panel follows the table before it is drawn, and is not redrawn while it is answered
        (:meth:`answering`): a change landing between drawing and answering (an AI's move) is
        then drawn right after, instead of being missed until the next one."""
        if not self.enabled:
            await answer_privately(interaction, await in_time(interaction, drawing, on_panel(interaction)))
            return
        table_id, user = table.table_id, interaction.user.id
        self._listen(table, interaction, user, draw, locale)
        panel = self._panels[table_id][user]
        panel.note, panel.note_until = note, self.clock.now() + NOTE_SECONDS
        try:
            with self.answering(table_id, user):
                await answer_privately(
                    interaction, await in_time(interaction, drawing, on_panel(interaction))
                )
        except BaseException:
            self._forget(table_id, user)  # nothing answered to redraw
            raise
        await self._keep(panel, interaction, locale)

    async def _keep(self, panel: FollowedPanel, interaction: discord.Interaction, locale: str) -> None:
        """Save the panel's interaction for a restart: a new panel's at once, then at most every
        :data:`SAVE_EVERY` seconds. A failed write costs only that: the panel still follows."""
        issued = discord.utils.snowflake_time(interaction.id).timestamp()
        if self.store is None or (own_panel(interaction) and issued - panel.saved < SAVE_EVERY):
            return
        assert interaction.application_id is not None
        saved = SavedPanel(
            panel.table.table_id,
            interaction.user.id,
            interaction.application_id,
            interaction.id,
            interaction.token,
            locale,
        )
        try:
            await self.store.keep_panel(saved)
        except StoreError as error:
            log.debug("panel not kept for a restart: %s", error)
            return
        panel.saved = issued

    async def resume(self, client: discord.Client, tables: Callable[[str], object]) -> int:
        """Follow again the panels open when the bot stopped, whose tokens Discord still takes,
        at the tables that were resumed (``tables``: a table by its id), and redraw each at once;
        returns how many."""
        if self.store is None or not self.enabled:
            return 0
        lapse = time.time() - TOKEN_LIFETIME + LAST_CALL
        followed = 0
        for saved in await self.store.open_panels(
            discord.utils.time_snowflake(datetime.fromtimestamp(lapse, UTC))
        ):
            table = tables(saved.table_id)
            drawer = self.drawers.get(table.game) if isinstance(table, Table) else None
            if not isinstance(table, Table) or drawer is None:
                continue
            self._listen(
                table,
                SavedDrawing(client, saved),
                saved.user_id,
                drawer(table, saved.user_id, saved.locale),
                saved.locale,
            )
            panel = self._panels[table.table_id][saved.user_id]
            panel.saved = discord.utils.snowflake_time(saved.interaction_id).timestamp()
            assert panel.publisher is not None
            panel.publisher.notify()
            followed += 1
        return followed

    @contextlib.contextmanager
    def answering(self, table_id: str, user: int) -> Iterator[None]:
        """While a press of ``user`` at ``table_id`` is answered, their panel is not redrawn: the
        answer draws it, and a redraw landing after it would wipe what it says."""
        panel = self._panels.get(table_id, {}).get(user)
        if panel is None:
            yield
            return
        panel.answering, panel.missed = True, False
        panel.version += 1
        try:
            yield
        finally:
            panel.answering = False
            if panel.missed and panel.publisher is not None:
                panel.publisher.notify()

    def _listen(self, table: Table, interaction: Drawing, user: int, draw: LiveDraft, locale: str) -> None:
        table_id = table.table_id
        listened = self._listened.get(table_id)
        if listened is None or listened[0] is not table:
            listener = functools.partial(self._changed, table_id)
            table.listeners.append(listener)
            self._listened[table_id] = (table, listener)
        panels = self._panels.setdefault(table_id, {})
        panel = panels.get(user)
        if panel is None:
            panel = panels[user] = FollowedPanel(table, interaction, draw, locale)
            panel.publisher = Publisher(
                lambda: (table_id, user),
                self.pacing,
                lambda: self._redraw(table_id, user),
                what=f"the panel of {user} at table {table_id}",
            )
        panel.table, panel.interaction, panel.draw, panel.locale = table, interaction, draw, locale
        panel.version += 1
        panel.last_call = False
        if panel.expiry is not None:
            panel.expiry.cancel()
        # The token lives from the interaction's creation at Discord, which its id carries.
        issued = discord.utils.snowflake_time(interaction.id).timestamp()
        left = issued + TOKEN_LIFETIME - LAST_CALL - time.time()
        panel.expiry = self.clock.call_later(max(0.0, left), lambda: self._expiring(table_id, user))

    def stop(self) -> None:
        """Stop redrawing (the bot is closing its connection)."""
        self.enabled = False
        for panels in self._panels.values():
            for panel in panels.values():
                if panel.publisher is not None:
                    panel.publisher.stop()
                if panel.expiry is not None:
                    panel.expiry.cancel()
        self._panels.clear()
        self._listened.clear()

    def _changed(self, table_id: str) -> None:
        for panel in list(self._panels.get(table_id, {}).values()):
            assert panel.publisher is not None
            panel.publisher.notify()

    def _expiring(self, table_id: str, user: int) -> None:
        panel = self._panels.get(table_id, {}).get(user)
        if panel is not None and panel.publisher is not None:
            panel.last_call = True
            panel.publisher.notify()

    def _forget(self, table_id: str, user: int) -> None:
        panels = self._panels.get(table_id, {})
        panel = panels.pop(user, None)
        if panel is not None and panel.expiry is not None:
            panel.expiry.cancel()
        if not panels:
            self._panels.pop(table_id, None)
            listened = self._listened.pop(table_id, None)
            if listened is not None and listened[1] in listened[0].listeners:
                listened[0].listeners.remove(listened[1])

    async def _redraw(self, table_id: str, user: int) -> None:
        """Draw the panel as the table is now and edit it in place (the publisher calls this)."""
        panel = self._panels.get(table_id, {}).get(user)
        if panel is None:
            return
        if panel.answering:
            panel.missed = True
            return
        table = panel.table
        if not table.finished and table.registry.get(table.table_id) is not table:
            # Put back as last saved after a failed write: a new object, whose panels follow it
            # again once pressed; this one would draw a state that was never saved.
            self._forget(table_id, user)
            return
        version, last_call = panel.version, panel.last_call
        note = panel.note if self.clock.now() < panel.note_until else None
        if last_call:
            note = self.messages.text("panel.last_call", panel.locale)
        try:
            draft = await panel.draw(note)
        except (IllegalAction, Refused):  # no panel to show any more: leave the last one
            self._forget(table_id, user)
            return
        if panel.version != version:
            return  # its owner pressed meanwhile: that answer drew the panel already
        try:
            await panel.interaction.edit_original_response(**draft.edit())
        except discord.HTTPException as error:
            if error.status == 429 or error.status >= 500:
                raise TryAgain(f"{error.status} {error.text}") from error
            # Dismissed by its owner, or a token Discord no longer takes: nothing to show it on.
            log.debug("panel of %s at table %s forgotten: %s", user, table_id, error)
            self._forget(table_id, user)
            return
        except (aiohttp.ClientError, TimeoutError, ConnectionError) as error:
            raise TryAgain(repr(error)) from error
        if last_call:
            self._forget(table_id, user)
        if table.finished:
            self._forget(table_id, user)
