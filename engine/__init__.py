"""The rules of the four games: pure, deterministic, standard library only.

Nothing in this package may import discord, PIL, aiosqlite, asyncpg, asyncio, time or the global
``random``, nor what reaches the process or the machine (os, sys, argparse, subprocess, socket...):
a test walks the imports (tests/engine/test_purity.py). Randomness comes from
:class:`engine.rng.Rng`, whose state lives inside each game's state so a saved game replays
exactly; the command lines that run the engine are in tools/.
"""
