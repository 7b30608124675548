"""Reading one sheet of the workbook as a table: header row, known columns, data rows.

A sheet is read through its :class:`~mahjong_club.reading.schema.Schema` (see that module
for how a reader uses it): :func:`read_sheet` finds the header row (the first non-empty row),
matches each column by its English or Danish header (case-insensitively, ignoring
surrounding spaces), and keeps the rows filled in any known column. Blank rows are skipped;
extra columns are kept in the workbook and ignored here. Two sheets whose names are equal as
names are compared (``Games`` and ``GAMES``) are an error naming both, and neither is read.

A cell showing an Excel error (``#N/A``, ``#REF!`` …) is an
:class:`~mahjong_club.reading.error_cells.ErrorCell` in :meth:`Workbook.rows` (calamine alone
would read it as blank); :meth:`Row.raw` and :meth:`Row.value` report it, and give None.

:meth:`Row.value` reads a cell as its column says: its parser, and whether a blank cell is a
problem (a required column a row must fill in) or simply None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, overload

from mahjong_club.common.problems import Problems, What
from mahjong_club.common.text import fold_name
from mahjong_club.messages import cells as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.ooxml.list_objects import totals_rows
from mahjong_club.ooxml.merged import MergedCells, sheet_merged_cells
from mahjong_club.reading.cells import CellError, as_error_cell, error_cell_message, is_blank
from mahjong_club.reading.error_cells import ErrorCell, error_cells_of
from mahjong_club.reading.header_row import (
    header_below,
    match_headers,
    report_missing,
    report_unheaded,
)
from mahjong_club.reading.names import NameBook
from mahjong_club.reading.opening import WorkbookError, open_book
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.sheet_looks import SheetShape
from mahjong_club.reading.sheet_values import sheet_values

T = TypeVar("T")

fold = fold_name


class Workbook:
    """An opened workbook: its sheet names, each sheet's cells as Python values (a cell
    showing an Excel error as an :class:`ErrorCell`), and its players' names (``names``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        #: Refuses a hostile or damaged file (WorkbookError), and checks each sheet's part
        #: before calamine reads it (reading/opening.py).
        self._book = open_book(path)
        self.sheet_names: list[str] = list(self._book.sheet_names)
        #: Cells (sheet, Excel row, 0-based column) holding a formula with no saved value;
        #: already reported, so a reader does not report them again as blank.
        self.uncached: set[tuple[str, int, int]] = set()
        #: Every player's registered spelling: the resolver every sheet naming players asks.
        self.names = NameBook()
        #: Sheets whose cells could not be checked for Excel errors, and why.
        self.unchecked: dict[str, str] = {}
        #: Sheet names (folded) that two sheets share, reported already.
        self.clashes_reported: set[str] = set()
        self._rows: dict[str, list[list[Any]]] = {}
        self._merged: dict[str, MergedCells] = {}
        self._totals: dict[str, set[int]] | None = None
        self.read_soon: list[str] = []  # read while a second process reads a big sheet
        self._by_fold: dict[str, list[str]] = {}
        for name in self.sheet_names:
            self._by_fold.setdefault(fold(name), []).append(name)

    def find(self, name: str) -> str | None:
        """The workbook's own spelling of sheet ``name``, or None when there is none.

        When two sheets have that name (see :meth:`same_named`) this is the first; its
        reader refuses to read it (:func:`check_one_sheet`).
        """
        found = self._by_fold.get(fold(name))
        return found[0] if found else None

    def same_named(self, name: str) -> list[str]:
        """Every sheet called ``name`` as names are compared (``Games``, ``GAMES ``)."""
        return list(self._by_fold.get(fold(name), []))

    def rows(self, sheet: str) -> list[list[Any]]:
        """All rows of ``sheet`` from row 1 and column A, blank cells as ``None``, error cells
        as :class:`ErrorCell` (read once; a cell calamine cannot read: :class:`WorkbookError`)."""
        if sheet not in self._rows:
            data = sheet_values(self._book.get_sheet_by_name(sheet), sheet)
            rows: list[list[Any]] = [[None if v == "" else v for v in row] for row in data]
            for (number, column), cell in self._error_cells(sheet).items():
                while len(rows) < number:
                    rows.append([])
                cells = rows[number - 1]
                cells.extend([None] * (column + 1 - len(cells)))
                cells[column] = cell
            for number in self.totals_rows(sheet):  # a table's sums, no data: read as blank
                if number <= len(rows):
                    rows[number - 1] = []
            self._rows[sheet] = rows
        return self._rows[sheet]

    def totals_rows(self, sheet: str) -> set[int]:
        """The Excel rows of ``sheet`` that are an Excel table's totals row (read as blank):
        :func:`~mahjong_club.ooxml.list_objects.totals_rows`, looked up once."""
        if self._totals is None:
            self._totals = totals_rows(self.path)
        return self._totals.get(sheet, set())

    def merged(self, sheet: str) -> MergedCells:
        """``sheet``'s merged cells, read when first asked, only to word a blank cell's error
        (:func:`~mahjong_club.ooxml.merged.sheet_merged_cells`: its part unpacked again)."""
        if sheet not in self._merged:
            self._merged[sheet] = MergedCells(sheet_merged_cells(self.path, sheet))
        return self._merged[sheet]

    def shape(self, sheet: str) -> SheetShape | None:
        """What the check of ``sheet``'s XML saw (its size, its first and last rows with a
        value, error values calamine refuses), without calamine reading the sheet:
        :class:`WorkbookError` when the sheet is damaged or too large, as when it is read."""
        self._book.check(sheet)
        return self._book.shape(sheet)

    def keep_unpacked(self, entry: str, data: bytes) -> None:
        """Keep a big sheet part's bytes, unpacked by an earlier look, for its sheet's check
        (:meth:`~mahjong_club.reading.opening.CheckedBook.keep_unpacked`)."""
        self._book.keep_unpacked(entry, data)

    def forget_unpacked(self) -> None:
        """Drop the sheet parts kept for checks that did not come."""
        self._book.forget_unpacked()

    def shape_while(
        self, sheet: str, read: Callable[[SheetShape], T | None], reads_from: int = 0
    ) -> T | None:
        """``read`` of ``sheet`` (one of ``reads_from`` bytes of XML or more), made while its
        XML is checked (:meth:`~mahjong_club.reading.opening.CheckedBook.check_while`); then
        :meth:`shape` says what the check saw. :class:`WorkbookError` when the sheet is
        damaged or too large, whatever ``read`` made of it (meanwhile :meth:`_read_soon`)."""
        return self._book.check_while(sheet, read, reads_from, lambda: self._read_soon(sheet))

    def _read_soon(self, besides: str) -> None:
        """Read the :attr:`read_soon` sheets not read yet but ``besides`` (once the sheet a
        second process reads has passed its check): what goes wrong is left to its reader."""
        for name in self.read_soon:
            same = self.same_named(name)
            if len(same) != 1 or same[0] == besides or same[0] in self._rows:
                continue  # two sheets of that name: its reader says so
            try:
                self.rows(same[0])  # a panic in calamine is a WorkbookError (sheet_values)
            except MemoryError:
                raise
            except Exception:  # its reader meets it again, and says it
                continue

    def has_error_cells(self, sheet: str) -> bool:
        """True unless the check of ``sheet`` found no cell showing an Excel error."""
        return self._book.error_cells(sheet) != {}

    def _error_cells(self, sheet: str) -> dict[tuple[int, int], ErrorCell]:
        """The cells of ``sheet`` that show an Excel error (calamine reads them as blank)."""
        found = self._book.error_cells(sheet)
        if found is not None:
            return found
        try:
            return error_cells_of(self.path, sheet)
        except Exception as exc:  # not a zip package calamine read after all, or broken
            self.unchecked[sheet] = str(exc.message) if isinstance(exc, OoxmlError) else str(exc)
            return {}


ColumnRef = Column[Any] | str


@dataclass
class Table:
    """A sheet's data rows, with the position of each known column."""

    sheet: str
    header_row: int
    headers: dict[str, str]  # canonical name -> header as written
    positions: dict[str, int]  # canonical name -> 0-based column index
    rows: list[tuple[int, list[Any]]]  # (Excel row number, cells)
    uncached: set[tuple[str, int, int]] = field(default_factory=set)
    schema: Schema = field(default_factory=lambda: Schema("", ()))
    problems: Problems = field(default_factory=Problems)
    #: Cells (Excel row, 0-based column) showing an Excel error, reported already.
    reported: set[tuple[int, int]] = field(default_factory=set)
    #: The sheet's merged cells (:meth:`Workbook.merged`), asked for only to word the error
    #: of a blank cell that is part of them.
    merged: Callable[[], MergedCells] = lambda: MergedCells([])

    def merged_at(self, row: int, column: ColumnRef) -> tuple[str, str] | None:
        """The merged cells that hold the cell of ``row`` (an Excel row) and ``column`` but do
        not start there, and the cell that keeps their value; None when there are none."""
        at = self.positions.get(column if isinstance(column, str) else column.name)
        return None if at is None else self.merged().holding(row, at)

    def column_label(self, name: ColumnRef) -> str:
        """The column as the organiser sees it: its header, and the English name if different."""
        name = name if isinstance(name, str) else name.name
        written = self.headers.get(name, name)
        return written if fold(written) == fold(name) else f"{written} ({name})"

    def has(self, name: ColumnRef) -> bool:
        """True when the sheet has column ``name``."""
        return (name if isinstance(name, str) else name.name) in self.positions

    def error(self, row: int | None, column: ColumnRef, what: What, /, **params: object) -> None:
        """Report an error at ``row`` (an Excel row number) of ``column``."""
        self.problems.error(self.sheet, row, self.column_label(column), what, **params)

    def warning(self, row: int | None, column: ColumnRef, what: What, /, **params: object) -> None:
        """Report a warning at ``row`` (an Excel row number) of ``column``."""
        self.problems.warning(self.sheet, row, self.column_label(column), what, **params)

    def formula_rows(self) -> set[int]:
        """The Excel rows holding a formula without a saved value (reported already)."""
        return {r for (_, r, _) in self.uncached}

    def __iter__(self) -> Iterator[Row]:
        rows_with_formulas = self.formula_rows()
        for number, cells in self.rows:
            yield Row(self, number, cells, number in rows_with_formulas)


class Row:
    """One data row; typed getters record a problem (and return None) for a bad cell."""

    __slots__ = ("cells", "number", "ok", "table", "uncached")

    def __init__(self, table: Table, number: int, cells: list[Any], uncached: bool) -> None:
        self.table = table
        self.number = number
        self.cells = cells
        self.ok = True
        self.uncached = uncached

    def raw(self, name: ColumnRef) -> Any:
        """The raw cell value of column ``name`` (None when blank or the column is absent).

        A cell showing an Excel error is reported as what it is ("the cell shows the error
        #N/A"), whatever the column, and is None here.
        """
        index = self.table.positions.get(name if isinstance(name, str) else name.name)
        if index is None or index >= len(self.cells):
            return None
        value = self.cells[index]
        error = as_error_cell(value)
        if error is not None:
            self.ok = False
            if (self.number, index) not in self.table.reported:
                self.table.reported.add((self.number, index))
                self.error(name, error_cell_message(error))
            return None
        return None if is_blank(value) else value

    def is_error(self, name: ColumnRef) -> bool:
        """True when the cell of column ``name`` shows an Excel error."""
        index = self.table.positions.get(name if isinstance(name, str) else name.name)
        return (
            index is not None
            and index < len(self.cells)
            and as_error_cell(self.cells[index]) is not None
        )

    @overload
    def value(self, column: Column[T]) -> T | None: ...
    @overload
    def value(self, column: str) -> Any: ...
    def value(self, column: ColumnRef) -> Any:
        """The cell of ``column`` parsed by the column's parser; None (reported) when bad.

        A blank cell is None; in a column a row must fill in (required, not ``blank_ok``) it
        is reported as a partly filled row.
        """
        if isinstance(column, str):
            column = self.table.schema.column(column)
        value = self.raw(column)
        if value is None:
            if self.is_error(column):
                pass  # reported already: the cell shows an Excel error
            elif self.uncached and (
                (self.table.sheet, self.number, self.table.positions.get(column.name, -1))
                in self.table.uncached
            ):
                self.ok = False  # reported already: a formula with no saved value
            elif column.must_fill:
                self.ok = False
                what = column.what if isinstance(column.what, Message) else say(column.what)
                merged = self.table.merged_at(self.number, column)
                if merged is None:
                    self.error(column, texts.PARTLY_FILLED, what=what)
                else:
                    cells, first = merged
                    self.error(
                        column, texts.PARTLY_FILLED_MERGED, what=what, cells=cells, first=first
                    )
            return None
        try:
            return column.parse(value)
        except CellError as exc:
            self.ok = False
            self.error(column, exc.message)
            return None

    def error(self, column: ColumnRef, what: What, /, **params: object) -> None:
        """Report an error in this row's ``column``: an entry and its parameters, or a message."""
        self.table.error(self.number, column, what, **params)

    def warning(self, column: ColumnRef, what: What, /, **params: object) -> None:
        """Report a warning in this row's ``column``: an entry and its parameters, or a message."""
        self.table.warning(self.number, column, what, **params)


def read_sheet(book: Workbook, schema: Schema, problems: Problems) -> Table | None:
    """Read the sheet of ``schema``; None (reported) when a required column is missing or
    two sheets have its name.

    The caller checks that the sheet exists. Rows blank in every known column are skipped.
    """
    return _read(book, schema, problems)


def check_one_sheet(book: Workbook, name: str, problems: Problems) -> str | None:
    """The workbook's spelling of sheet ``name``; None (reported) when two sheets have that
    name as names are compared (``Games`` and ``GAMES``): which one is meant is unclear.

    A sheet whose cells could not be checked for Excel errors is a warning.
    """
    same = book.same_named(name)
    if len(same) > 1:
        if fold(name) not in book.clashes_reported:
            book.clashes_reported.add(fold(name))
            for other in same[1:]:
                problems.error(other, None, "", texts.SHEET_NAME_TWICE, first=same[0], second=other)
        return None
    actual = same[0] if same else None
    if actual is not None:
        book.rows(actual)
        if actual in book.unchecked:
            error = book.unchecked.pop(actual)
            problems.warning(actual, None, "", texts.ERROR_CELLS_UNCHECKED, error=error)
    return actual


def _read(book: Workbook, schema: Schema, problems: Problems) -> Table | None:
    actual = check_one_sheet(book, schema.sheet, problems)
    if actual is None:
        return None
    all_rows = book.rows(actual)
    header_index = next(
        (i for i, row in enumerate(all_rows) if any(not is_blank(v) for v in row)), None
    )
    header = all_rows[header_index] if header_index is not None else []
    header_row = header_index + 1 if header_index is not None else None
    headers, positions = match_headers(actual, header_row, header, schema, problems)
    missing = [c.name for c in schema.columns if c.required and c.name not in positions]
    if missing:
        below = None if positions else header_below(all_rows, header_index, schema)
        report_missing(actual, header_row, header, missing, below, problems)
        return None
    uncached = {cell for cell in book.uncached if cell[0] == actual}
    table = Table(actual, header_row or 1, headers, positions, [], uncached, schema, problems)
    table.merged = lambda: book.merged(actual)
    if header_index is None:
        return table
    indexes = list(positions.values())
    formula_rows = table.formula_rows()  # a blank row with a formula counts too
    for offset, row in enumerate(all_rows[header_index + 1 :], start=header_index + 2):
        if any(i < len(row) and not is_blank(row[i]) for i in indexes) or (
            offset in formula_rows and any((actual, offset, i) in uncached for i in indexes)
        ):
            table.rows.append((offset, row))
    report_unheaded(actual, table.header_row, header, table.rows, schema, positions, problems)
    return table


__all__ = [
    "Column",
    "Row",
    "Schema",
    "Table",
    "Workbook",
    "WorkbookError",
    "check_one_sheet",
    "fold",
    "match_headers",
    "read_sheet",
]
