"""What the game message tests check of a picture's alt text."""

from cogs.drafts import ALT_LIMIT, Draft
from locales import catalog

OPENING = {"en": "Picture of ", "es": "Imagen de"}
"""How every game picture's description opens in each language."""


def described_in(draft: Draft, locale: str) -> bool:
    """Whether the draft's picture says what it shows in ``locale``'s language, within Discord's
    limit (a Spanish viewer's panel in Spanish, an English table in English)."""
    alt = draft.alt or ""
    return alt.startswith(OPENING[catalog().language_for(locale)]) and 20 < len(alt) <= ALT_LIMIT
