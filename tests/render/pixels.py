"""Reading the pictures back: decoded PNGs and the colour at a point."""

import io

from PIL import Image


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


def rgb(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    """The colour at ``xy`` of a palette picture."""
    index = image.getpixel(xy)
    palette = image.getpalette()
    assert isinstance(index, int) and palette is not None
    red, green, blue = palette[3 * index : 3 * index + 3]
    return red, green, blue
