"""The developers' command lines: programs run by hand (or by a test) around the layers, never
imported by the bot.

They hold what the layers they drive may not: arguments, clocks, printing and exit codes (the
engine has no I/O and no clock, so ``python -m tools.selfplay`` plays its pure self-play runner
and does the timing and the printing itself).
"""
