"""A sheet's merged cells, read from its part in the zip: only to word the error of a blank
cell that is part of them (Excel keeps a merged range's value in its first cell alone)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.ooxml.limits import read_part
from mahjong_club.ooxml.package import list_sheet_parts
from mahjong_club.ooxml.refs import parse_ref

#: A merged range: as written, its first and last row (1-based) and column (0-based).
Merged = tuple[str, int, int, int, int]


#: A ``<mergeCell ref="A2:A5"/>`` of a sheet's ``<mergeCells>`` (any namespace prefix).
_MERGE_CELL = re.compile(rb"<(?:[\w.-]+:)?mergeCell\b[^>]*?\bref\s*=\s*[\"']([^\"']{1,40})[\"']")


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
    return found


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
