"""Opening the workbook, and the check every run starts with: formulas without a saved value.

A formula whose value was never calculated (files written by a program that does not
calculate) reads as a blank cell; it is reported once here, and the readers then skip it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mahjong_club.common.problems import Problems
from mahjong_club.messages import cells as texts
from mahjong_club.ooxml import column_letter
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.reading.formulas import find_uncached_formulas
from mahjong_club.reading.tables import Workbook


def open_workbook(path: Path) -> Workbook:
    """The workbook at ``path``; raises :class:`~mahjong_club.reading.opening.WorkbookError`
    when the file is not a readable .xlsx workbook, or a hostile or damaged one (see
    :mod:`~mahjong_club.reading.opening`: zip bombs, macros, damaged XML, sheets too large)."""
    return Workbook(path)


def check_formulas(path: Path, book: Workbook, problems: Problems, sheets: Sequence[str]) -> None:
    """Report every formula of the input ``sheets`` that has no saved value (an error each).

    The cells are remembered in ``book.uncached``, so the readers do not report them again.
    """
    names = [n for s in sheets if (n := book.find(s)) is not None]
    try:
        uncached = find_uncached_formulas(path, names, book.keep_unpacked)
    except Exception as exc:  # a malformed package: calamine read it, so only warn
        error = exc.message if isinstance(exc, OoxmlError) else str(exc)
        problems.warning("", None, "", texts.FORMULAS_UNCHECKED, error=error)
        return
    for cell in uncached:
        book.uncached.add((cell.sheet, cell.row, cell.column))
        problems.error(
            cell.sheet,
            cell.row,
            _column_name(book, cell.sheet, cell.column),
            texts.FORMULA_NO_VALUE,
            formula=cell.formula,
        )


def _column_name(book: Workbook, sheet: str, column: int) -> str:
    """The column as the organiser finds it: its header and letter (``Score (E)``)."""
    for row in book.rows(sheet):
        if any(v is not None for v in row):
            header = row[column] if column < len(row) else None
            letter = column_letter(column)
            return f"{str(header).strip()} ({letter})" if header is not None else letter
    return column_letter(column)


__all__ = ["check_formulas", "open_workbook"]
