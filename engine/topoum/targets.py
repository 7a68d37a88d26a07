"""Where each card can act from the acting mole: the rule "only valid actions" made concrete.

A card may be played only if its effect can be carried out, so a card is playable exactly when
it has a target here, and the targets listed here are exactly the menu the player chooses from.
These are pure functions of the board (and of what the player has left in reserve), so the state
can also ask them about a hypothetical mole: "if I entered here, could I play anything?".

Readings of the card texts that are ours [house]:

- Moving onto a base means any base without a rock (rocks block movement) and without one's own
  mole; onto an enemy mole, both moles are eliminated. Traps and turnips are entered (that is
  their point). New Recruit lands the same way.
- Long Range is stopped only by obstacles between (moles and bare hexes do not block a shot);
  Motorised Patrol needs a base without a rock to pass over; Mortar and Underground Manoeuvre
  ignore the hex between entirely.
- Panic Attack needs at least one mole (any owner) on the chosen line, or nothing would happen.
- Abandoned Base and Build Base need a base in reserve, New Recruit a mole in reserve.
- Farmer! acts on a free base (no mole, no obstacle) one or two steps from the acting mole.
"""

from engine.topoum.board import NEIGHBOURS, NOBODY, RAYS, RING2, WITHIN2, Board
from engine.topoum.cards import CardType, Farmer, Obstacle


def can_enter(board: Board, hex_: int, seat: int) -> bool:
    """Whether ``seat``'s mole may move (or be recruited) onto ``hex_``."""
    return (
        board.base[hex_] != NOBODY and board.obstacle[hex_] is not Obstacle.ROCK and board.mole[hex_] != seat
    )


def push_directions(board: Board, at: int) -> list[int]:
    """Panic Attack: the directions from ``at`` with at least one mole on the line to the edge."""
    mole = board.mole
    return [d for d in range(6) if any(mole[hex_] != NOBODY for hex_ in RAYS[at][d])]


def hex_targets(
    board: Board,
    card: CardType,
    seat: int,
    at: int,
    *,
    moles_left: int,
    bases_left: int,
    farmer: Farmer | None,
) -> list[int]:
    """The hexes ``card`` can act on when ``seat``'s mole on ``at`` plays it, sorted; empty for
    Panic Attack, which takes a direction instead (:func:`push_directions`)."""
    base, mole, obstacle = board.base, board.mole, board.obstacle

    def enemy(hex_: int) -> bool:
        return mole[hex_] not in (NOBODY, seat)

    targets: list[int]
    if card in (CardType.BAYONET, CardType.SHORT_RANGE, CardType.PRISONER):
        targets = [n for n in NEIGHBOURS[at] if enemy(n)]
    elif card is CardType.LONG_RANGE:
        targets = []
        for ray in RAYS[at]:
            for steps, hex_ in enumerate(ray[:3], start=1):
                if steps >= 2 and enemy(hex_):
                    targets.append(hex_)
                if obstacle[hex_] is not None:
                    break
    elif card is CardType.GRENADE:
        targets = [n for n in NEIGHBOURS[at] if base[n] != NOBODY]
    elif card is CardType.MORTAR:
        targets = [ray[1] for ray in RAYS[at] if len(ray) > 1 and base[ray[1]] != NOBODY]
    elif card is CardType.PATROL:
        targets = [n for n in NEIGHBOURS[at] if can_enter(board, n, seat)]
    elif card is CardType.MOTORISED_PATROL:
        targets = [
            ray[1]
            for ray in RAYS[at]
            if len(ray) > 1
            and base[ray[0]] != NOBODY
            and obstacle[ray[0]] is not Obstacle.ROCK
            and can_enter(board, ray[1], seat)
        ]
    elif card is CardType.UNDERGROUND:
        targets = [ray[1] for ray in RAYS[at] if len(ray) > 1 and can_enter(board, ray[1], seat)]
    elif card is CardType.NEW_RECRUIT:
        targets = [hex_ for hex_ in RING2[at] if can_enter(board, hex_, seat)] if moles_left else []
    elif card is CardType.BUILD_BASE:
        targets = board.frontier() if bases_left else []
    elif card is CardType.ABANDONED_BASE:
        targets = [n for n in NEIGHBOURS[at] if base[n] == NOBODY] if bases_left else []
    elif card is CardType.DECORATION:
        targets = [hex_ for hex_ in board.moles_of(seat) if hex_ != at]
    elif card is CardType.FARMER:
        targets = [hex_ for hex_ in WITHIN2[at] if board.is_free_base(hex_)] if farmer is not None else []
    else:
        targets = []
    return sorted(targets)
