"""Reading one sheet of the workbook as a table: header row, known columns, data rows.

Sheet names and headers are matched case-insensitively, ignoring surrounding spaces, and the
Danish headers are accepted (Spiller = Player, Dato = Date, Point = Score, Spil = Game,
Niveau = Level). The header row is the first non-empty row. Blank rows are skipped; extra
columns are kept in the workbook and ignored here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from python_calamine import CalamineWorkbook

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import fold_name
from mahjong_club.reading.cells import CellError, is_blank
from mahjong_club.workbook.xlsx import column_letter

T = TypeVar("T")

#: Header spellings accepted besides the English name (all compared case-folded).
HEADER_ALIASES: dict[str, str] = {
    "spiller": "Player",
    "dato": "Date",
    "point": "Score",
    "spil": "Game",
    "niveau": "Level",
    "nøgle": "Key",
    "værdi": "Value",
    "runde": "Round",
    "slag": "Roll",
}


fold = fold_name


class WorkbookError(Exception):
    """The file cannot be read as an Excel workbook at all."""


class Workbook:
    """An opened workbook: its sheet names, and each sheet's cells as Python values."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._book = CalamineWorkbook.from_path(str(path))
        except Exception as exc:  # calamine raises its own error types
            raise WorkbookError(
                f"{path.name} cannot be read as an Excel workbook (.xlsx): {exc}"
            ) from exc
        self.sheet_names: list[str] = list(self._book.sheet_names)
        #: Cells (sheet, Excel row, 0-based column) holding a formula with no saved value;
        #: already reported, so a reader does not report them again as blank.
        self.uncached: set[tuple[str, int, int]] = set()
        self._rows: dict[str, list[list[Any]]] = {}
        self._by_fold = {}
        for name in self.sheet_names:
            self._by_fold.setdefault(fold(name), name)

    def find(self, name: str) -> str | None:
        """The workbook's own spelling of sheet ``name``, or None when there is none."""
        return self._by_fold.get(fold(name))

    def rows(self, sheet: str) -> list[list[Any]]:
        """All rows of ``sheet`` from row 1 and column A, blank cells as ``None`` (read once)."""
        if sheet not in self._rows:
            data = self._book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
            self._rows[sheet] = [[None if v == "" else v for v in row] for row in data]
        return self._rows[sheet]


@dataclass(frozen=True)
class Column:
    """A column a sheet may have: its English header, and whether the sheet must have it."""

    name: str
    required: bool = True


@dataclass
class Table:
    """A sheet's data rows, with the position of each known column."""

    sheet: str
    header_row: int
    headers: dict[str, str]  # canonical name -> header as written
    positions: dict[str, int]  # canonical name -> 0-based column index
    rows: list[tuple[int, list[Any]]]  # (Excel row number, cells)
    uncached: set[tuple[str, int, int]] = field(default_factory=set)

    def column_label(self, name: str) -> str:
        """The column as the organiser sees it: its header, and the English name if different."""
        written = self.headers.get(name, name)
        return written if fold(written) == fold(name) else f"{written} ({name})"

    def has(self, name: str) -> bool:
        """True when the sheet has column ``name``."""
        return name in self.positions

    def __iter__(self) -> Iterator[Row]:
        rows_with_formulas = {r for (_, r, _) in self.uncached}
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

    def raw(self, name: str) -> Any:
        """The raw cell value of column ``name`` (None when blank or the column is absent)."""
        index = self.table.positions.get(name)
        if index is None or index >= len(self.cells):
            return None
        value = self.cells[index]
        return None if is_blank(value) else value

    def get(
        self,
        problems: Problems,
        name: str,
        parse: Callable[[Any], T],
        required: bool = True,
        what: str = "a value",
    ) -> T | None:
        """Column ``name`` parsed by ``parse``; a blank required cell is a partly filled row."""
        value = self.raw(name)
        if value is None:
            if self.uncached and (
                (self.table.sheet, self.number, self.table.positions.get(name, -1))
                in self.table.uncached
            ):
                self.ok = False  # reported already: a formula with no saved value
                return None
            if required:
                self.ok = False
                problems.error(
                    self.table.sheet,
                    self.number,
                    self.table.column_label(name),
                    f"this row is partly filled in: {what} is missing",
                )
            return None
        try:
            return parse(value)
        except CellError as exc:
            self.ok = False
            problems.error(self.table.sheet, self.number, self.table.column_label(name), str(exc))
            return None


def read_table(
    book: Workbook,
    sheet_name: str,
    columns: Sequence[Column],
    problems: Problems,
    aliases: Mapping[str, str] = HEADER_ALIASES,
) -> Table | None:
    """Read sheet ``sheet_name``; None (with an error) when a required column is missing.

    The caller checks that the sheet exists. Rows blank in every known column are skipped.
    """
    actual = book.find(sheet_name)
    assert actual is not None
    all_rows = book.rows(actual)
    header_index = next(
        (i for i, row in enumerate(all_rows) if any(not is_blank(v) for v in row)), None
    )
    wanted = {fold(c.name): c.name for c in columns}
    headers: dict[str, str] = {}
    positions: dict[str, int] = {}
    if header_index is not None:
        for index, value in enumerate(all_rows[header_index]):
            if is_blank(value):
                continue
            key = fold(value)
            canonical = wanted.get(key) or (
                aliases[key] if key in aliases and fold(aliases[key]) in wanted else None
            )
            if canonical is None:
                continue
            if canonical in positions:
                problems.warning(
                    actual,
                    header_index + 1,
                    str(value).strip(),
                    f"a second {canonical!r} column (column {column_letter(index)}) is ignored;"
                    f" the one in column {column_letter(positions[canonical])} is used",
                )
                continue
            headers[canonical] = str(value).strip()
            positions[canonical] = index
    missing = [c.name for c in columns if c.required and c.name not in positions]
    if missing:
        found = (
            [str(v).strip() for v in all_rows[header_index] if not is_blank(v)]
            if header_index is not None
            else []
        )
        shown = ", ".join(repr(f) for f in found) if found else "none (the sheet is empty)"
        header_row = header_index + 1 if header_index is not None else None
        for name in missing:
            problems.error(
                actual,
                header_row,
                name,
                f"the sheet has no {name!r} column; its header row has: {shown}",
            )
        return None
    uncached = {cell for cell in book.uncached if cell[0] == actual}
    table = Table(actual, (header_index or 0) + 1, headers, positions, [], uncached)
    if header_index is None:
        return table
    indexes = list(positions.values())
    for offset, row in enumerate(all_rows[header_index + 1 :], start=header_index + 2):
        if any(i < len(row) and not is_blank(row[i]) for i in indexes) or any(
            (actual, offset, i) in uncached for i in indexes
        ):
            table.rows.append((offset, row))
    return table
