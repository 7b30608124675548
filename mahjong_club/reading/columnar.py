"""A big sheet's known columns read at once, for a federation's ``Games`` sheet.

A million-row sheet read cell by cell (python-calamine hands every cell to Python, then each
is looked at) costs most of a big run's reading. Here fastexcel, built on the same calamine,
reads the sheet's known columns into Arrow arrays instead, each column typed from all its
cells (``schema_sample_rows=None``: never a guess from a sample) and ``strict`` (a column
mixing kinds of cells, say a text among the scores, is not forced into one kind). Each
column then becomes its distinct values, each as python-calamine gives it (a number a
``float``, a date at midnight a ``date``), and each row's index among them: a reader parses
each distinct value once.

This path is taken only where it gives exactly what the row-by-row table
(:func:`~mahjong_club.reading.tables.read_sheet`) gives, and only for a big sheet
(:data:`COLUMNAR_BYTES`); otherwise :func:`read_columns` returns None and says nothing, and
the reader reads the table as always (which then reports whatever is to be said about the
sheet as a whole). It is not taken for a sheet whose header needs a word (a repeated or
missing column, or a cell without a header while the sheet lacks one of its optional
columns: the table says if that column has values), with a cell showing an Excel error, a
formula without a saved value, a column mixing kinds of cells, a cell fastexcel cannot
make its column's kind, a date outside the column that reads dates or outside the years 1904
to 9999 (where python-calamine gives a time, a number, or nothing Python can hold), or
whose XML does not plainly show the rows
where its cells begin and end (:meth:`~mahjong_club.reading.tables.Workbook.shape`): the
Excel row of each data row is the first row plus its place, which holds only when the
rectangle fastexcel read is exactly that many rows high. If fastexcel is missing or fails
in any way, the rows are read. tests/test_columnar.py compares both ways on random sheets
and on every case above.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.reading.cells import is_blank
from mahjong_club.reading.header_row import resembled
from mahjong_club.reading.schema import Schema
from mahjong_club.reading.sheet_looks import SheetShape
from mahjong_club.reading.tables import Table, Workbook, fold, match_headers

#: Sheets whose XML is at least this big (about 70,000 ``Games`` rows) are read by columns;
#: smaller ones are read row by row, without loading fastexcel and Arrow at all. Below it,
#: loading them costs more than reading by columns saves (bench/bench_scale.py: at 60,000
#: rows by columns 0.87 s, by rows 0.84 s; at 100,000 rows 1.32 s against 1.41 s).
COLUMNAR_BYTES = 18_000_000
#: A column name fastexcel makes up for a header cell without text.
_MADE_UP = re.compile(r"__UNNAMED__[0-9]+")
#: What fastexcel adds to a column name the header has already.
_RENAMED = re.compile(r"(?:_[0-9]+)+$")


@dataclass(frozen=True)
class Distinct:
    """One column: its distinct values as python-calamine gives them (None for a blank cell
    among them), and for each data row the index of its value (an Arrow array)."""

    values: list[object]
    index: Any

    def at(self, k: int) -> object:
        """Data row ``k``'s value as python-calamine gives it."""
        return self.values[self.index[k].as_py()]


@dataclass
class ColumnarSheet:
    """A sheet's header and its data rows by columns: ``table`` has the header, the columns'
    positions and no rows; ``numbers`` are the Excel rows of the data rows (rows blank in
    every known column left out, as the table leaves them); ``columns`` are by canonical
    name, for the known columns the sheet has."""

    table: Table
    numbers: list[int]
    columns: dict[str, Distinct]

    def cells(self, k: int) -> list[Any]:
        """Data row ``k``'s cells as the table would hold them (the known columns only)."""
        positions = self.table.positions
        cells: list[Any] = [None] * (max(positions.values(), default=-1) + 1)
        for name, distinct in self.columns.items():
            cells[positions[name]] = distinct.at(k)
        return cells

    def release(self) -> None:
        """Let go of the columns, and give the memory Arrow kept for them back."""
        self.columns = {}
        _release()


def read_columns(
    book: Workbook, schema: Schema, problems: Problems, dates: frozenset[str] = frozenset()
) -> ColumnarSheet | None:
    """The sheet of ``schema`` by columns, or None when it is to be read as a table (it is
    small, or anything about it needs a word or the row-by-row reading: see the module).

    ``dates`` are the columns whose cells are read as dates (their parser takes a date and
    time for its date): only there may cells be dates, with or without a time of day.
    """
    same = book.same_named(schema.sheet)
    if len(same) != 1:
        return None
    sheet = same[0]
    if any(cell[0] == sheet for cell in book.uncached) or book.totals_rows(sheet):
        book.shape(sheet)  # checked all the same, as when the sheet is read by rows
        return None

    def attempt(shape: SheetShape) -> _Columns | None:
        """The columns, when what the check has seen so far allows them (error cells are
        looked at once it is done). May run in a forked child: plain data back."""
        if shape.neutralised or shape.first_row is None or shape.last_row is None:
            return None
        try:
            return _read(book.path, sheet, (shape.first_row, shape.last_row), schema, dates)
        except _NotPlain:
            return None

    read = book.shape_while(sheet, attempt, COLUMNAR_BYTES)
    shape = book.shape(sheet)  # the whole check's, now done
    if read is None or shape is None or shape.neutralised or book.has_error_cells(sheet):
        _release()  # the check found what the columns cannot say: read by rows
        return None
    table = Table(sheet, read.first_row, read.headers, read.positions, [], set(), schema, problems)
    table.merged = lambda: book.merged(sheet)
    return ColumnarSheet(table, read.numbers, read.columns)


@dataclass(frozen=True)
class _Columns:
    """What fastexcel read of a sheet, as plain data (it may come from a forked child): the
    header's row, names and positions, the Excel rows of the data rows, and the columns."""

    first_row: int
    headers: dict[str, str]
    positions: dict[str, int]
    numbers: list[int]
    columns: dict[str, Distinct]


def _release() -> None:
    """Give the memory Arrow kept for columns no longer used back (if Arrow is loaded)."""
    if "pyarrow" in sys.modules:
        sys.modules["pyarrow"].default_memory_pool().release_unused()


def _read_or_not(read: Any, *args: Any, **kwargs: Any) -> Any:
    """``read(*args, **kwargs)``, raising :class:`_NotPlain` for whatever fastexcel raises:
    its own errors (a column mixing kinds of cells above all), and a panic in its Rust code,
    which Python sees as a ``BaseException``; the sheet is then read as a table, which says
    what is wrong with it if anything is."""
    try:
        return read(*args, **kwargs)
    except (KeyboardInterrupt, SystemExit, MemoryError):
        raise
    except BaseException as exc:  # a Rust panic is not an Exception
        raise _NotPlain from exc


class _NotPlain(Exception):
    """The sheet is to be read as a table after all."""


def _read(
    path: Path, sheet: str, rows: tuple[int, int], schema: Schema, dates: frozenset[str]
) -> _Columns:
    try:
        import fastexcel  # only big sheets need it (and Arrow) loaded
    except ImportError as exc:  # an installation without it: read as a table
        raise _NotPlain from exc

    # A blank column is typed as text, and fastexcel says so as a warning: nothing to tell.
    logging.getLogger("fastexcel").setLevel(logging.ERROR)

    known = {fold(n) for c in schema.columns for n in c.headers()}
    names: dict[int, str] = {}

    def wanted(column: Any) -> bool:
        names[column.absolute_index] = column.name
        return fold(column.name) in known

    reader = _read_or_not(fastexcel.read_excel, path)
    body = _read_or_not(
        reader.load_sheet,
        sheet,
        header_row=0,
        schema_sample_rows=None,
        dtype_coercion="strict",
        use_columns=wanted,
    )
    batch, unread = _read_or_not(body.to_arrow_with_errors)
    first_row, last_row = rows
    if (unread is not None and unread.errors) or batch.num_rows != last_row - first_row:
        # A cell fastexcel could not make its column's kind (a date out of its range); or
        # the rectangle is not from the first row to the last the XML shows (rows out of
        # order, a value calamine does not count): the Excel rows would be wrong.
        raise _NotPlain
    at = [c.absolute_index for c in body.selected_columns]
    by_position = dict(zip(at, batch.columns, strict=True))
    header = _header(names, known)
    said = Problems()
    headers, positions = match_headers(sheet, first_row, header, schema, said)
    if said.items or any(c.required and c.name not in positions for c in schema.columns):
        raise _NotPlain
    lacking = [c for c in schema.columns if c.name not in positions]
    others = [name for at, name in names.items() if at not in positions.values()]
    unnamed = any(_MADE_UP.fullmatch(name) for name in others)
    if lacking and (unnamed or any(resembled(name, lacking) for name in others)):
        raise _NotPlain  # a column without a header, or misnamed, may be the one missing
    if set(positions.values()) != set(by_position):
        raise _NotPlain
    raw = {name: _distinct(by_position[at], name in dates) for name, at in positions.items()}
    numbers, columns = _kept_rows(raw, first_row + 1)
    return _Columns(first_row, headers, positions, numbers, columns)


def _header(names: dict[int, str], known: set[str]) -> list[object]:
    """The header row from fastexcel's column names: a name it made up (a blank cell, or one
    that is not text) is None. fastexcel renames a second column of the same name
    (``Game_1``): such a name of a known column leaves the sheet to the table, which says
    that the column is there twice."""
    header: list[object] = [None] * (max(names, default=-1) + 1)
    for at, name in names.items():
        if _MADE_UP.fullmatch(name):
            continue
        if fold(_RENAMED.sub("", name)) in known and fold(name) not in known:
            raise _NotPlain
        header[at] = name
    if all(map(is_blank, header)):
        raise _NotPlain  # the first row is blank to the table: its header is further down
    return header


#: The dates a date column may hold by columns: python-calamine and fastexcel give the same
#: date for every serial number in between (before, serials 0 to 60 are times or the
#: 1900 leap-year bug's days, and later ones overflow Python's dates).
_DATES = (dt.datetime(1904, 1, 2), dt.datetime(9999, 12, 31))


def _distinct(array: Any, date_ok: bool) -> tuple[list[object], Any]:
    """A column's distinct values as python-calamine gives them (blank, None, last) and
    each row's index among them (an Arrow array). Dates only where ``date_ok``."""
    import pyarrow as pa
    import pyarrow.compute as pc

    kind = array.type
    dated = pa.types.is_timestamp(kind) or pa.types.is_date32(kind)
    if dated and not (date_ok and _within(array, pa, pc)):
        raise _NotPlain
    if not (
        dated
        or pa.types.is_null(kind)
        or pa.types.is_string(kind)
        or pa.types.is_large_string(kind)
        or pa.types.is_float64(kind)
        or pa.types.is_boolean(kind)
    ):
        raise _NotPlain
    encoded = array.dictionary_encode()
    values = [_as_calamine(v) for v in _read_or_not(encoded.dictionary.to_pylist)]
    values.append(None)
    return values, pc.fill_null(encoded.indices, len(values) - 1)


def _within(array: Any, pa: Any, pc: Any) -> bool:
    """True when the column's dates are all within :data:`_DATES` (compared as Arrow
    values: one beyond Python's dates cannot become a Python value)."""
    kind = pa.timestamp("ms")
    stamps = _read_or_not(pc.cast, array, kind)
    low, high = (pa.scalar(limit, kind) for limit in _DATES)
    outside = pc.or_(pc.less(stamps, low), pc.greater(stamps, high))
    return not pc.any(outside).as_py()


def _as_calamine(value: object) -> object:
    """``value`` as python-calamine gives the same cell: a date and time at midnight is a
    ``date``. Another time stays a date and time, in milliseconds where python-calamine
    keeps microseconds: only a date column reads it, for its date alone."""
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date()
    return value


def _kept_rows(
    columns: dict[str, tuple[list[object], Any]], first_data_row: int
) -> tuple[list[int], dict[str, Distinct]]:
    """The Excel rows of the data rows filled in a known column, and each column for those
    rows only (a row blank in every known column is no data row)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    filled: Any = None
    for values, index in columns.values():
        mine = pc.take(pa.array([not is_blank(v) for v in values]), index)
        filled = mine if filled is None else pc.or_(filled, mine)
    kept = pc.indices_nonzero(filled) if filled is not None else pa.array([], pa.uint64())
    numbers = pc.add(kept, first_data_row).to_pylist()
    narrowed = {
        name: Distinct(values, pc.take(index, kept)) for name, (values, index) in columns.items()
    }
    return numbers, narrowed
