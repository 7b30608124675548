"""A sheet's merged cells, read from its part in the zip: only to word the error of a blank
cell that is part of them (Excel keeps a merged range's value in its first cell alone)."""

from __future__ import annotations

import bisect
import re
import zipfile
from pathlib import Path

from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.ooxml.limits import read_part
from mahjong_club.ooxml.package import list_sheet_parts
from mahjong_club.ooxml.refs import column_letter, parse_ref

#: A merged range: as written, its first and last row (1-based) and column (0-based).
Merged = tuple[str, int, int, int, int]


#: A ``<mergeCell ref="A2:A5"/>`` of a sheet's ``<mergeCells>`` (any namespace prefix).
#: Each tag's attributes are looked through for at most 200 bytes: a file of junk that looks
#: like tags costs a scan, never a search for the next ``>`` from every ``<`` in it.
_MERGE_CELL = re.compile(
    rb"<(?:[\w.-]+:)?mergeCell\b[^>]{0,200}?\bref\s*=\s*[\"']([^\"']{1,40})[\"']"
)
#: The most merged ranges read (Excel's own sheets have far fewer; a hostile file, more).
MAX_RANGES = 1_000_000
#: A range wider than this many columns is looked at for every cell asked about, not filed
#: under each of its columns.
WIDE = 64


def merged_ranges(data: bytes) -> list[Merged]:
    """The merged cells of sheet part ``data``: each range as written and its first and last
    row (1-based) and column (0-based); a reference that is no range is left out.

    >>> xml = b'<sheetData/><mergeCells count="2"><mergeCell ref="A2:A5"/>'
    >>> merged_ranges(xml + b'<x:mergeCell ref="$B$2:C3"/><mergeCell ref="Z"/></mergeCells>')
    [('A2:A5', 2, 0, 5, 0), ('B2:C3', 2, 1, 3, 2)]
    """
    found: list[Merged] = []
    after_cells = max(data.rfind(b"sheetData"), 0)  # they follow the cells: no scan of those
    for match in _MERGE_CELL.finditer(data, after_cells):
        first, _, last = match.group(1).decode("ascii", "replace").replace("$", "").partition(":")
        top, bottom = parse_ref(first), parse_ref(last)
        if top is not None and bottom is not None:
            found.append((f"{first}:{last}", top[0], top[1], bottom[0], bottom[1]))
            if len(found) == MAX_RANGES:
                break
    return found


class MergedCells:
    """A sheet's merged ranges filed by column and first row, so that the range holding a
    cell is found at once (a game's number merged down its four rows, in a sheet of
    thousands of games: every blank cell is asked about).

    >>> cells = MergedCells([("A2:A5", 2, 0, 5, 0), ("B2:C3", 2, 1, 3, 2)])
    >>> cells.holding(4, 0), cells.holding(2, 0), cells.holding(3, 2), cells.holding(6, 0)
    (('A2:A5', 'A2'), None, ('B2:C3', 'B2'), None)
    """

    def __init__(self, ranges: list[Merged]) -> None:
        self._by_column: dict[int, list[Merged]] = {}
        self._wide: list[Merged] = []
        for merged in sorted(ranges, key=lambda m: m[1]):
            _, _, left, _, right = merged
            if right - left >= WIDE:
                self._wide.append(merged)
                continue
            for column in range(left, right + 1):
                self._by_column.setdefault(column, []).append(merged)
        self._tops = {c: [m[1] for m in found] for c, found in self._by_column.items()}

    def holding(self, row: int, column: int) -> tuple[str, str] | None:
        """The range holding the cell of ``row`` (1-based) and ``column`` (0-based) but not
        starting there, and its first cell (which keeps the value); None when none does.
        Ranges do not overlap in a sheet Excel saves: the last one starting at or above the
        row is the only one that can hold it."""
        column_ranges = self._by_column.get(column, [])
        at = bisect.bisect_right(self._tops.get(column, []), row) - 1
        candidates = ([column_ranges[at]] if at >= 0 else []) + self._wide
        for cells, top, left, bottom, right in candidates:
            if top <= row <= bottom and left <= column <= right and (row, column) != (top, left):
                return cells, f"{column_letter(left)}{top}"
        return None


def sheet_merged_cells(path: Path, sheet: str) -> list[Merged]:
    """The merged cells of sheet ``sheet`` of the workbook at ``path`` (none when its part
    cannot be found or read: the sheet's reading says what is wrong with it)."""
    try:
        with zipfile.ZipFile(path) as zf:
            parts = {p.name: p.part for p in list_sheet_parts(zf)}
            entries = {name.lower(): name for name in zf.namelist()}
            entry = entries.get((parts.get(sheet) or "").lower())
            return merged_ranges(read_part(zf, entry)) if entry else []
    except (OSError, zipfile.BadZipFile, OoxmlError, ValueError):
        return []
