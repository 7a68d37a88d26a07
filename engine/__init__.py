"""The rules of the four games: pure, deterministic, standard library only.

Nothing in this package may import discord, PIL, aiosqlite, asyncpg, asyncio, time or the global
``random``: a test walks the imports. Randomness comes from :class:`engine.rng.Rng`, whose
state lives inside each game's state so a saved game replays exactly.
"""
