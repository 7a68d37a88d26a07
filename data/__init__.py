"""Persistence: the store (SQLite, or PostgreSQL for several processes), its migrations,
results, leagues, ratings and saved tables.

The rest of the bot imports only what is re-exported here and never writes SQL.
"""

from data.errors import LeagueError, StoreError
from data.records import (
    ABSENT_GAMES,
    TOPPO_DISPLAYS,
    TURN_TIMER_LIMITS,
    FinishedGame,
    FormPoint,
    Game,
    GameRecord,
    GameStats,
    JSONObject,
    KeptGame,
    KeptLog,
    League,
    LeagueGame,
    LeagueSettings,
    PlayerStats,
    PlayerTotals,
    Rating,
    RatingChange,
    Removal,
    SavedPanel,
    SavedTable,
    Season,
    SeatResult,
    Standing,
)
from data.store import Store

__all__ = [
    "ABSENT_GAMES",
    "TOPPO_DISPLAYS",
    "TURN_TIMER_LIMITS",
    "FinishedGame",
    "FormPoint",
    "Game",
    "GameRecord",
    "GameStats",
    "JSONObject",
    "KeptGame",
    "KeptLog",
    "League",
    "LeagueError",
    "LeagueGame",
    "LeagueSettings",
    "PlayerStats",
    "PlayerTotals",
    "Rating",
    "RatingChange",
    "Removal",
    "SavedPanel",
    "SavedTable",
    "Season",
    "SeatResult",
    "Standing",
    "Store",
    "StoreError",
]
