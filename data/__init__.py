"""Persistence: the SQLite store, its migrations, results, leagues, ratings and saved tables.

The rest of the bot imports only what is re-exported here and never writes SQL.
"""

from data.errors import LeagueError, StoreError
from data.records import (
    GAMES,
    MEASURES,
    TOPPO_DISPLAYS,
    TURN_BASED,
    TURN_TIMER_LIMITS,
    FormPoint,
    Game,
    GameRecord,
    GameStats,
    JSONObject,
    League,
    LeagueGame,
    LeagueSettings,
    Measure,
    PlayerStats,
    PlayerTotals,
    Rating,
    Removal,
    SavedTable,
    Season,
    SeatResult,
    Standing,
)
from data.store import Store

__all__ = [
    "GAMES",
    "MEASURES",
    "TOPPO_DISPLAYS",
    "TURN_BASED",
    "TURN_TIMER_LIMITS",
    "FormPoint",
    "Game",
    "GameRecord",
    "GameStats",
    "JSONObject",
    "League",
    "LeagueError",
    "LeagueGame",
    "LeagueSettings",
    "Measure",
    "PlayerStats",
    "PlayerTotals",
    "Rating",
    "Removal",
    "SavedTable",
    "Season",
    "SeatResult",
    "Standing",
    "Store",
    "StoreError",
]
