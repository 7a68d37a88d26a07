"""A night's podium picture (issue 45): as wide as every picture, the top three on their steps
(a night of one or two people has fewer), each name drawn whole or shortened, never over the
picture's edge."""

from PIL import Image

from render.canvas import decode
from render.podium import HEIGHT, WIDTH, Place, podium_png
from render.theme import BG


def picture(places: list[Place]) -> Image.Image:
    return decode(podium_png("Tally night: podium", places)).convert("RGB")


def test_the_top_three_stand_on_three_steps_and_fewer_on_fewer() -> None:
    three = [
        Place(1, "Ana", "4 points", "2 games"),
        Place(2, "Ben", "2 points", "2 games"),
        Place(3, "Cy", "0 points", "2 games"),
    ]
    full, alone = picture(three), picture(three[:1])
    assert full.size == alone.size == (WIDTH, HEIGHT)
    floor = HEIGHT - 30
    steps = [full.getpixel((x, floor)) != BG for x in (WIDTH // 6, WIDTH // 2, 5 * WIDTH // 6)]
    assert steps == [True, True, True]
    assert [alone.getpixel((x, floor)) != BG for x in (WIDTH // 6, WIDTH // 2, 5 * WIDTH // 6)] == [
        False,
        True,
        False,
    ]


def test_a_long_name_stays_within_its_step() -> None:
    long = picture([Place(1, "Bartholomew Fitzgerald-Montgomery the Third", "4 points", "2 games")])
    columns = {x for x in range(WIDTH) for y in range(100, HEIGHT - 262) if long.getpixel((x, y)) != BG}
    assert columns and min(columns) > WIDTH // 3 - 20 and max(columns) < 2 * WIDTH // 3 + 20
