"""Watching the world as it changes, for whoever shows it to a person (the local page).

Tests read the stand-in's model when they need to; a page that shows a server live is told of
each change instead of polling for it. Observers are told synchronously, from inside the request
that made the change, so one must only take note (queue what it will send) and never raise.
"""

from __future__ import annotations

from .model import Guild, Message


class Observer:
    """What an observer can be told; each method does nothing unless overridden."""

    def message_changed(self, message: Message) -> None:
        """``message`` was created or edited (public, or ephemeral: ``message.visible_to``)."""

    def message_deleted(self, message: Message) -> None:
        """``message`` was deleted (it still says which channel and who could see it)."""

    def channels_changed(self, guild: Guild) -> None:
        """A thread of ``guild`` was started, renamed, archived or reopened."""

    def commands_changed(self) -> None:
        """The application's commands were synced (globally or for a server)."""

    def problem(self, text: str) -> None:
        """The stand-in refused a request as Discord would, or a user saw something go wrong."""


class Observers(Observer):
    """Every observer of one stand-in, told in turn."""

    def __init__(self) -> None:
        self._all: list[Observer] = []

    def add(self, observer: Observer) -> None:
        self._all.append(observer)

    def remove(self, observer: Observer) -> None:
        self._all.remove(observer)

    def message_changed(self, message: Message) -> None:
        for observer in self._all:
            observer.message_changed(message)

    def message_deleted(self, message: Message) -> None:
        for observer in self._all:
            observer.message_deleted(message)

    def channels_changed(self, guild: Guild) -> None:
        for observer in self._all:
            observer.channels_changed(guild)

    def commands_changed(self) -> None:
        for observer in self._all:
            observer.commands_changed()

    def problem(self, text: str) -> None:
        for observer in self._all:
            observer.problem(text)
