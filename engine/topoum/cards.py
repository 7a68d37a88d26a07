"""Topoum's battle cards: the 15 types, their categories, the farmers, and building the deck.

A card is just its type: copies are indistinguishable, so hands, the Operations Line and the
discard piles hold :class:`CardType` values, whose string value is the stable name used in saved
games and message keys. The Peace card is a type of its own with no category; it never reaches
a hand or a discard pile.
"""

from collections.abc import Iterable, Sequence
from enum import StrEnum

from engine.cards import Pile
from engine.rng import Rng


class Category(StrEnum):
    COMBAT = "combat"
    MOVEMENT = "movement"
    EXPANSION = "expansion"
    SPECIAL = "special"


class CardType(StrEnum):
    BAYONET = "bayonet"
    SHORT_RANGE = "short_range"
    LONG_RANGE = "long_range"
    GRENADE = "grenade"
    MORTAR = "mortar"
    PATROL = "patrol"
    MOTORISED_PATROL = "motorised_patrol"
    PANIC_ATTACK = "panic_attack"
    UNDERGROUND = "underground_manoeuvre"
    NEW_RECRUIT = "new_recruit"
    BUILD_BASE = "build_base"
    ABANDONED_BASE = "abandoned_base"
    PRISONER = "prisoner_of_war"
    DECORATION = "decoration"
    FARMER = "farmer"
    PEACE = "peace"


CATEGORY: dict[CardType, Category] = {
    CardType.BAYONET: Category.COMBAT,
    CardType.SHORT_RANGE: Category.COMBAT,
    CardType.LONG_RANGE: Category.COMBAT,
    CardType.GRENADE: Category.COMBAT,
    CardType.MORTAR: Category.COMBAT,
    CardType.PATROL: Category.MOVEMENT,
    CardType.MOTORISED_PATROL: Category.MOVEMENT,
    CardType.PANIC_ATTACK: Category.MOVEMENT,
    CardType.UNDERGROUND: Category.MOVEMENT,
    CardType.NEW_RECRUIT: Category.EXPANSION,
    CardType.BUILD_BASE: Category.EXPANSION,
    CardType.ABANDONED_BASE: Category.EXPANSION,
    CardType.PRISONER: Category.SPECIAL,
    CardType.DECORATION: Category.SPECIAL,
    CardType.FARMER: Category.SPECIAL,
}
"""The category of every battle card (Peace has none)."""

BATTLE_TYPES: tuple[CardType, ...] = tuple(CATEGORY)
"""The 15 types a deck is chosen from, in rulebook order."""

TYPES_PER_GAME = 7

LINE_SLOTS = 5
LINE_COSTS: tuple[int, ...] = (-3, -2, -1, 0, 1)
"""Badges gained (negative: paid) for taking the card in each Operations Line slot, left to
right; the right end holds the oldest card."""

HAND_SIZE = 2


class Farmer(StrEnum):
    """The farmer drawn for the game [house]: what a Farmer! card puts on a free base."""

    ROCK = "rock"
    TRAPPER = "trapper"
    TURNIP = "turnip"


class Obstacle(StrEnum):
    ROCK = "rock"
    TRAP = "trap"
    TURNIP = "turnip"


OBSTACLE_OF: dict[Farmer, Obstacle] = {
    Farmer.ROCK: Obstacle.ROCK,
    Farmer.TRAPPER: Obstacle.TRAP,
    Farmer.TURNIP: Obstacle.TURNIP,
}


def copies_per_type(players: int) -> int:
    """5, 6 or 7 copies of each chosen type for 2, 3 or 4 players."""
    return players + 3


class BadDeck(ValueError):
    """A battle deck that breaks the rule (docs/rules.md §4): ``picked`` different types where 7
    are needed, or no type of the ``missing`` categories (what a host's pick in the lobby lacks,
    for the lobby to say)."""

    def __init__(self, picked: int, missing: tuple[Category, ...]) -> None:
        super().__init__(f"{picked} types picked; missing {[str(category) for category in missing]}")
        self.picked = picked
        self.missing = missing


def check_card_types(types: Sequence[CardType]) -> None:
    """:class:`BadDeck` unless ``types`` are 7 different battle types covering every category;
    ``ValueError`` if Peace is among them."""
    if CardType.PEACE in types:
        raise ValueError("Peace is not a battle card type")
    picked = len(set(types))
    missing = tuple(category for category in Category if category not in {CATEGORY[card] for card in types})
    if picked != TYPES_PER_GAME or len(types) != picked or missing:
        raise BadDeck(picked, missing)


def choose_card_types(rng: Rng) -> tuple[CardType, ...]:
    """Seven random types with at least one per category: one of each category first, then three
    more from the rest, returned in rulebook order so the same types always print alike."""
    chosen = [
        rng.choice([card for card in BATTLE_TYPES if CATEGORY[card] == category]) for category in Category
    ]
    rest = [card for card in BATTLE_TYPES if card not in chosen]
    rng.shuffle(rest)
    chosen += rest[: TYPES_PER_GAME - len(chosen)]
    return tuple(card for card in BATTLE_TYPES if card in chosen)


def build_deck(types: Iterable[CardType], players: int, rng: Rng) -> Pile[CardType]:
    """The battle deck, top first: shuffle the copies, then shuffle Peace into the last five so
    the end comes within the last six cards but nobody knows exactly when."""
    cards = [card for card in types for _ in range(copies_per_type(players))]
    rng.shuffle(cards)
    bottom = [*cards[-5:], CardType.PEACE]
    rng.shuffle(bottom)
    return Pile([*cards[:-5], *bottom])
