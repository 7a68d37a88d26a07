"""Which characters a font file has: a small reader of the OpenType ``cmap`` table.

Pillow has no font fallback and cannot say whether a font has a glyph for a character (it
silently draws the ``.notdef`` box), so :mod:`render.fonts` asks this reader instead. Only the
two subtable formats that Unicode fonts use are read: format 4 (the Basic Multilingual Plane)
and format 12 (all planes). The file is not loaded whole: the table directory and the ``cmap``
table are read with ``seek``, which matters for an 11 MB colour-emoji font.
"""

import struct
from bisect import bisect_right
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

_UNICODE_SUBTABLES = {(0, 3), (0, 4), (0, 6), (3, 1), (3, 10)}
"""(platform, encoding) pairs that map Unicode code points: Unicode BMP / full, Windows BMP / full."""


class Coverage:
    """A set of code points kept as sorted, merged ``[start, end]`` ranges (a pan-Unicode font
    has tens of thousands of characters but only hundreds of ranges)."""

    __slots__ = ("_ends", "_starts")

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for start, end in sorted(ranges):
            if merged and start <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self._starts = [start for start, _ in merged]
        self._ends = [end for _, end in merged]

    def __contains__(self, code_point: object) -> bool:
        if not isinstance(code_point, int):
            return False
        index = bisect_right(self._starts, code_point) - 1
        return index >= 0 and code_point <= self._ends[index]

    def __len__(self) -> int:
        return sum(end - start + 1 for start, end in zip(self._starts, self._ends, strict=True))

    def has_all(self, text: str) -> bool:
        """Whether every character of ``text`` has a glyph."""
        return all(ord(char) in self for char in text)


def read_coverage(path: Path) -> Coverage:
    """The characters that ``path`` (a .ttf or .otf file) maps to a real glyph."""
    with path.open("rb") as file:
        return Coverage(_cmap_ranges(file))


def _cmap_ranges(file: BinaryIO) -> list[tuple[int, int]]:
    file.seek(0)
    tag, num_tables = struct.unpack(">4sH", file.read(6))
    if tag not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        raise ValueError(f"not an OpenType font (tag {tag!r})")
    file.seek(12)
    directory = file.read(16 * num_tables)
    for index in range(num_tables):
        table_tag, _checksum, offset, length = struct.unpack_from(">4sIII", directory, 16 * index)
        if table_tag == b"cmap":
            file.seek(offset)
            return parse_cmap(file.read(length))
    raise ValueError("the font has no cmap table")


def parse_cmap(cmap: bytes) -> list[tuple[int, int]]:
    """Ranges of code points mapped to a glyph other than 0 by the Unicode subtables (formats 4
    and 12) of a ``cmap`` table; other formats are skipped."""
    _version, count = struct.unpack_from(">HH", cmap, 0)
    ranges: list[tuple[int, int]] = []
    seen: set[int] = set()
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * index)
        if (platform, encoding) not in _UNICODE_SUBTABLES or offset in seen:
            continue
        seen.add(offset)
        (subtable_format,) = struct.unpack_from(">H", cmap, offset)
        if subtable_format == 4:
            ranges += _format4(cmap, offset)
        elif subtable_format == 12:
            ranges += _format12(cmap, offset)
    return ranges


def _format4(data: bytes, offset: int) -> list[tuple[int, int]]:
    """Segments of ``startCode..endCode``; with ``idRangeOffset`` 0 every code maps to
    ``code + idDelta``, otherwise each code's glyph is looked up in the glyph array (0 = none)."""
    seg_count = struct.unpack_from(">H", data, offset + 6)[0] // 2
    ends_at = offset + 14
    starts_at = ends_at + 2 * seg_count + 2
    deltas_at = starts_at + 2 * seg_count
    range_offsets_at = deltas_at + 2 * seg_count
    ends = struct.unpack_from(f">{seg_count}H", data, ends_at)
    starts = struct.unpack_from(f">{seg_count}H", data, starts_at)
    deltas = struct.unpack_from(f">{seg_count}H", data, deltas_at)
    range_offsets = struct.unpack_from(f">{seg_count}H", data, range_offsets_at)
    ranges: list[tuple[int, int]] = []
    for segment in range(seg_count):
        start, end, delta, range_offset = (
            starts[segment],
            ends[segment],
            deltas[segment],
            range_offsets[segment],
        )
        if start == 0xFFFF:
            continue
        if range_offset == 0:
            # A glyph id of 0 (code + delta == 0 mod 65536) is "missing"; cut that one code out.
            missing = (-delta) & 0xFFFF
            if start <= missing <= end:
                ranges += [(start, missing - 1), (missing + 1, end)]
            else:
                ranges.append((start, end))
            continue
        glyphs_at = range_offsets_at + 2 * segment + range_offset
        run_start = None
        for code in range(start, end + 1):
            (glyph,) = struct.unpack_from(">H", data, glyphs_at + 2 * (code - start))
            if glyph != 0 and (glyph + delta) & 0xFFFF != 0:
                if run_start is None:
                    run_start = code
            elif run_start is not None:
                ranges.append((run_start, code - 1))
                run_start = None
        if run_start is not None:
            ranges.append((run_start, end))
    return [(start, end) for start, end in ranges if start <= end]


def _format12(data: bytes, offset: int) -> list[tuple[int, int]]:
    """Groups of consecutive code points with consecutive glyphs; a group starting at glyph 0
    maps its first code to "missing"."""
    (groups,) = struct.unpack_from(">I", data, offset + 12)
    ranges: list[tuple[int, int]] = []
    for group in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, offset + 16 + 12 * group)
        if glyph == 0:
            start += 1
        if start <= end:
            ranges.append((start, end))
    return ranges
