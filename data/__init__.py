"""Persistence: the SQLite store, its migrations, results and saved tables.

The rest of the bot imports only what is re-exported here and never writes SQL.
"""

from data.errors import StoreError
from data.records import GAMES, Game, GameRecord, JSONObject, PlayerTotals, SavedTable, SeatResult
from data.store import Store

__all__ = [
    "GAMES",
    "Game",
    "GameRecord",
    "JSONObject",
    "PlayerTotals",
    "SavedTable",
    "SeatResult",
    "Store",
    "StoreError",
]
