"""The cmap reader: formats 4 and 12 built byte by byte, then the shipped fonts."""

import struct
from pathlib import Path

import pytest

from render.cmap import Coverage, parse_cmap, read_coverage
from render.fonts import FONT_DIR


def cmap_table(*subtables: tuple[int, int, bytes]) -> bytes:
    """A cmap table holding ``(platform, encoding, subtable)`` records."""
    header = struct.pack(">HH", 0, len(subtables))
    offset = 4 + 8 * len(subtables)
    records, bodies = b"", b""
    for platform, encoding, body in subtables:
        records += struct.pack(">HHI", platform, encoding, offset + len(bodies))
        bodies += body
    return header + records + bodies


def format4(segments: list[tuple[int, int, int, list[int] | None]]) -> bytes:
    """Segments ``(start, end, delta, glyphs)``: ``glyphs`` None maps by delta, else through the
    glyph array (idRangeOffset). The closing 0xFFFF segment is added."""
    segments = [*segments, (0xFFFF, 0xFFFF, 1, None)]
    count = len(segments)
    glyph_array: list[int] = []
    range_offsets = []
    for index, (_, _, _, glyphs) in enumerate(segments):
        if glyphs is None:
            range_offsets.append(0)
        else:
            # Bytes from this idRangeOffset entry to the segment's first glyph in the array.
            range_offsets.append(2 * (count - index) + 2 * len(glyph_array))
            glyph_array += glyphs
    body = struct.pack(f">{count}H", *(end for _, end, _, _ in segments)) + b"\0\0"
    body += struct.pack(f">{count}H", *(start for start, _, _, _ in segments))
    body += struct.pack(f">{count}H", *(delta & 0xFFFF for _, _, delta, _ in segments))
    body += struct.pack(f">{count}H", *range_offsets)
    body += struct.pack(f">{len(glyph_array)}H", *glyph_array)
    header = struct.pack(">HHHHHHH", 4, 14 + len(body), 0, 2 * count, 0, 0, 0)
    return header + body


def format12(groups: list[tuple[int, int, int]]) -> bytes:
    body = b"".join(struct.pack(">III", *group) for group in groups)
    return struct.pack(">HHIII", 12, 0, 16 + len(body), 0, len(groups)) + body


def test_format4_maps_by_delta_and_cuts_out_the_code_that_lands_on_glyph_zero() -> None:
    # 0x41..0x43 -> glyphs 1..3; 0x60..0x62 with delta -0x61 sends 0x61 to glyph 0 (missing).
    table = cmap_table((3, 1, format4([(0x41, 0x43, -0x40, None), (0x60, 0x62, -0x61, None)])))
    coverage = Coverage(parse_cmap(table))
    assert [code in coverage for code in (0x40, 0x41, 0x43, 0x44)] == [False, True, True, False]
    assert [code in coverage for code in (0x60, 0x61, 0x62)] == [True, False, True]


def test_format4_reads_the_glyph_array_where_zero_means_missing() -> None:
    table = cmap_table((0, 3, format4([(0x3B1, 0x3B5, 0, [7, 0, 9, 0, 11])])))
    coverage = Coverage(parse_cmap(table))
    assert [code in coverage for code in range(0x3B1, 0x3B6)] == [True, False, True, False, True]
    assert len(coverage) == 3


def test_format12_reaches_beyond_the_first_plane() -> None:
    table = cmap_table((3, 10, format12([(0x1F600, 0x1F64F, 5), (0x20000, 0x20002, 0)])))
    coverage = Coverage(parse_cmap(table))
    assert 0x1F600 in coverage and 0x1F64F in coverage and 0x1F650 not in coverage
    assert 0x20000 not in coverage  # the group starts at glyph 0: its first code is missing
    assert 0x20001 in coverage


def test_subtables_that_do_not_map_unicode_are_ignored() -> None:
    macintosh_roman = format4([(0x41, 0x5A, 1, None)])
    table = cmap_table((1, 0, macintosh_roman), (3, 1, format4([(0x30, 0x39, 1, None)])))
    coverage = Coverage(parse_cmap(table))
    assert 0x30 in coverage and 0x41 not in coverage


def test_coverage_merges_overlapping_and_touching_ranges() -> None:
    coverage = Coverage([(10, 20), (21, 25), (15, 30), (40, 40)])
    assert len(coverage) == 22
    assert [code in coverage for code in (9, 10, 30, 31, 40, 41)] == [False, True, True, False, True, False]
    assert "A" not in coverage


def test_shipped_fonts_cover_their_scripts() -> None:
    latin = read_coverage(FONT_DIR / "NotoSans-Regular.ttf")
    assert latin.has_all("Zoë Дмитрий Ζωή…") and not latin.has_all("王")
    assert read_coverage(FONT_DIR / "DroidSansFallback.ttf").has_all("王小明김민준")
    assert read_coverage(FONT_DIR / "NotoColorEmoji.ttf").has_all("👍🏽👨👩👧")
    assert read_coverage(FONT_DIR / "unifont_upper.otf").has_all("𝓛𝓾𝓬𝔂")


def test_a_file_that_is_not_a_font_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.ttf"
    path.write_bytes(b"just some text, no tables here")
    with pytest.raises(ValueError, match="not an OpenType font"):
        read_coverage(path)
