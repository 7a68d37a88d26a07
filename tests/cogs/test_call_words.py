"""A call's words name the game being played: a Spit table playing Speed says Speed, in the
table's language (finding 9 of issue 42: "Spit y Speed te está esperando")."""

from __future__ import annotations

import pytest

from cogs.attention import waiting_words
from locales import catalog
from tables.lobby import Seat
from tables.registry import TableRegistry
from tests.engine.spit import speed_table, spit_table
from tests.tables.stacked import stacked_spit_table

SEATS = [Seat(11, "Ana"), Seat(22, "Bruno")]


@pytest.mark.parametrize(
    ("locale", "variant", "named"), [("es-ES", "spit", "Spit"), ("en-US", "speed", "Speed")]
)
async def test_a_call_names_the_variant_played(
    registry: TableRegistry, locale: str, variant: str, named: str
) -> None:
    match = (
        spit_table("8h", "6c", centre="7s | Kd")
        if variant == "spit"
        else speed_table("8c", "Ts", middle="9s 5c")
    )
    table = stacked_spit_table(registry, SEATS, match, locale=locale)
    said = waiting_words(catalog(), table, 22)
    assert said == catalog().text("ping.waiting", locale, mention="<@22>", game=named)
    assert catalog().text("games.spit", locale) not in said
