"""What the games say, in every language: their moves, cards, states and results in sentences.

A layer under :mod:`render` (a game's view as a picture) and :mod:`tables`: here a game's view
becomes words, from the catalogue (:mod:`locales`), for whoever shows them (a Discord message
and the alt text of its picture, a replay, a web page). The words are written in Discord's
markdown (a name in bold, escaped), but nothing here talks to Discord or builds its messages:
:mod:`cogs` lays these words out in messages with their buttons. ``words/common.py`` holds what
every game says the same way; ``words/<game>.py`` a game's own words, including which of its
events the table announces (:class:`~words.common.Notice`) and the words on its pictures (its
``Labels``, which :mod:`render` draws). What words and pictures share is here too, in plain
Python: a name cut short (:mod:`words.names`, :mod:`words.graphemes`) and the steps a replay
shows (:mod:`words.replays`). Nothing here loads discord.py or Pillow.
"""
