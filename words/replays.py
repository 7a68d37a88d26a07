"""What a replay shows of a finished game: which of its steps, when there are more than an
animation has frames for (:mod:`tables.replays` chooses them; :mod:`render.animation` then draws
every frame it is given), in plain Python below both."""


def spread(count: int, most: int) -> list[int]:
    """Indices of at most ``most`` (at least 2) of ``count`` items, evenly spread from the first
    to the last: all of them if they fit."""
    most = max(2, most)
    if count <= most:
        return list(range(count))
    return sorted({round(index * (count - 1) / (most - 1)) for index in range(most)})
