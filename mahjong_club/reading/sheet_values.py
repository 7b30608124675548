"""A sheet's cells as Python values, or a message saying which row calamine cannot read.

calamine turns a cell formatted as a date or a time into one by its number; a number far
beyond any date (``-1e300`` in a cell formatted as a date: a typing slip, a pasted value)
makes its Rust code panic, which Python sees as a ``BaseException`` from deep inside the
reader: the run would end with a Rust backtrace and a Python traceback. Here the sheet is
refused instead, like a damaged one, with the row that holds the cell (found by reading the
sheet again row by row, up to the row that fails) so that the organiser can correct it.
"""

from __future__ import annotations

from typing import Any

from python_calamine import CalamineSheet

from mahjong_club.messages import hostile as texts
from mahjong_club.messages.core import say
from mahjong_club.reading.opening import WorkbookError
from mahjong_club.reading.panics import CalaminePanic, unpanicked


def sheet_values(sheet: CalamineSheet, name: str) -> list[list[Any]]:
    """Every row of ``sheet`` (called ``name``) from row 1 and column A, as python-calamine
    gives them; :class:`WorkbookError` naming the sheet and the row when calamine cannot
    read a cell."""
    try:
        return unpanicked(lambda: sheet.to_python(skip_empty_area=False))
    except CalaminePanic as exc:  # no other error: running out of memory is no bad cell
        row = _failing_row(sheet)
        where = say(texts.IN_ROW, row=row) if row is not None else ""
        raise WorkbookError(
            say(texts.SHEET_CELL_UNREADABLE, sheet=name, where=where, error=str(exc))
        ) from None


def _failing_row(sheet: CalamineSheet) -> int | None:
    """The Excel row where reading ``sheet`` row by row fails (None when it does not): its
    rows come from row 1, wherever the sheet's values begin."""
    read = 0
    rows = sheet.iter_rows()
    try:
        while unpanicked(lambda: next(rows, None)) is not None:
            read += 1
    except CalaminePanic:  # the same panic, on the row that holds the cell
        return read + 1
    return None
