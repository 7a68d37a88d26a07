"""What the bot calls a person it names from its own records (the names stored with results,
standings, ratings and statistics): a member who asked the server to forget them
(``/forget-me``; the store marks them, see :mod:`data.forgotten`) is "a former player", in the
reader's language. Every answer that shows such a name takes it from here."""

from locales import Catalog


def shown_name(messages: Catalog, name: str, forgotten: bool, locale: str) -> str:
    """``name`` as a reader in ``locale`` sees it: "a former player" if ``forgotten``."""
    return messages.text("history.former", locale) if forgotten else name
