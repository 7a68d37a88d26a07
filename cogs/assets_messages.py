"""What a Cover Your Assets table says on Discord: the words on its pictures and the names of
its cards, in the player's or the server's language.

Pictures come from :mod:`render.assets`, which reads no catalogue: it takes these words as a
:class:`~render.assets.Labels` value (``assets.picture.<field>``, card names ``assets.card.<asset>``).
"""

from functools import cache

from cogs.i18n import catalogue_words
from engine.assets.cards import Asset
from locales import Catalog
from render.assets import Labels


def card_name(messages: Catalog, asset: Asset, locale: str) -> str:
    """``Piggy Bank``, ``Alcancía``."""
    return messages.text(f"assets.card.{asset.name.lower()}", locale)


@cache
def picture_labels(messages: Catalog, language: str) -> Labels:
    """The words on the pictures in one language, card names included."""
    cards = tuple(card_name(messages, asset, language) for asset in Asset)
    return catalogue_words(messages, language, Labels, "assets.picture", cards=cards)


def labels_for(messages: Catalog, locale: str) -> Labels:
    return picture_labels(messages, messages.language_for(locale))
