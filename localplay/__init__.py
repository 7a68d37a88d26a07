"""Local play: the game night on this computer without Discord (``python bot.py --local``).

``launcher`` runs the offline Discord (``fakediscord``) with its saved world (``persist``, first
seeded by ``world``), the real bot against it, and the page (``page``, whose API the front end
in ``static/`` consumes).
"""
