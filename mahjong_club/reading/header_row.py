"""What is said when a sheet's header row lacks a column the tool needs.

The header row is the sheet's first row with anything in it (workbook.md). An organiser who
puts a title above the table (``Copenhagen league, autumn 2026`` in row 1, the headers in
row 2) has made the title the header row: rather than one error for each column the title
row does not name, one error says where the headers are and what to do. Only a header row
that names none of the sheet's columns is taken for such a title: one that names some (a
header with a misspelt column, games below it and the header written again further down)
gets each missing column named, with what the header row has, as every other.
"""

from __future__ import annotations

from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.messages import cells as texts
from mahjong_club.messages.core import say
from mahjong_club.reading.cells import is_blank

#: How many rows below the header row are looked at for the table's real header.
LOOK_BELOW = 20


def report_missing(
    sheet: str,
    header_row: int | None,
    header: list[Any],
    missing: list[str],
    below: int | None,
    problems: Problems,
) -> None:
    """Report the ``missing`` columns of the header row ``header`` (Excel row
    ``header_row``): one error when row ``below`` holds every column the sheet needs, else
    one for each missing column."""
    found = [str(v).strip() for v in header if not is_blank(v)]
    shown = ", ".join(repr(f) for f in found)
    if below is not None:
        problems.error(sheet, header_row, "", texts.HEADER_BELOW, headers=shown, found=below)
        return
    for name in missing:
        message = (
            say(texts.NO_COLUMN, column=name, headers=shown)
            if found
            else say(texts.NO_COLUMN_EMPTY_SHEET, column=name)
        )
        problems.error(sheet, header_row, name, message)
