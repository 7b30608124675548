"""Reading the ``Nights`` and ``Attendance`` sheets.

``Nights`` (``Date``, ``Regular``, ``Note``): club nights; ``Regular`` yes/no, default yes.

``Attendance``: ``Player`` then one column per night headed by its date (a real Excel date or
ISO text). A cell: ``x``/``1``/``yes``/``ja`` = on time; a time like ``18:25`` = on time at
18:30 or earlier, late after; ``late``/``sen`` = late (does not count); blank/``0``/``no``/
``nej``/``-`` = absent. Anything else is an error. A column whose header is not a date
(``Total``, ``Note``) is not a night: kept and ignored, with a warning naming it. Names are
resolved to their registered spelling as in every sheet (reading/names.py).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import sheets as texts
from mahjong_club.model import AttendanceSheet, Night
from mahjong_club.ooxml.refs import column_letter
from mahjong_club.reading.cells import (
    NEEDS_WORDS,
    CellError,
    ParsedOnce,
    as_error_cell,
    describe,
    error_cell_message,
    impossible_date,
    is_blank,
    parse_date,
    parse_text,
    parse_yes_no,
    parsed_alone,
)
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Table, Workbook, check_one_sheet, read_sheet
from rules.attendance import Mark, arrival_mark

DATE = Column("Date", parse_date, cell_texts.WHAT_DATE, danish="Dato")
REGULAR = Column("Regular", parse_yes_no, required=False, danish="Almindelig|Regulær|Fast")
NOTE = Column("Note", required=False, danish="Bemærkning")
NIGHTS = Schema("Nights", (DATE, REGULAR, NOTE))

PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
#: The wide sheet: ``Player``, then one column per night, headed by its date.
ATTENDANCE = Schema("Attendance", (PLAYER,))

_TIME = re.compile(r"^(\d{1,2})[:.](\d{2})$")
MARKS: dict[str, Mark] = {
    "x": Mark.ON_TIME,
    "1": Mark.ON_TIME,
    "yes": Mark.ON_TIME,
    "ja": Mark.ON_TIME,
    "late": Mark.LATE,
    "sen": Mark.LATE,
    "0": Mark.ABSENT,
    "no": Mark.ABSENT,
    "nej": Mark.ABSENT,
    "-": Mark.ABSENT,
}


def parse_mark(value: Any) -> Mark:
    """One attendance cell.

    >>> parse_mark("x"), parse_mark("18:45"), parse_mark(None)
    (<Mark.ON_TIME: 'on time'>, <Mark.LATE: 'late'>, <Mark.ABSENT: 'absent'>)
    """
    if is_blank(value):
        return Mark.ABSENT
    if isinstance(value, dt.datetime):
        return arrival_mark(value.time())
    if isinstance(value, dt.time):
        return arrival_mark(value)
    if isinstance(value, bool):
        return Mark.ON_TIME if value else Mark.ABSENT
    if isinstance(value, (int, float)):
        if value in (0, 1):
            return Mark.ON_TIME if value == 1 else Mark.ABSENT
        if 0 < value < 1:  # a time cell without its time format: a fraction of a day
            minutes = round(value * 24 * 60)
            return arrival_mark(dt.time(minutes // 60, minutes % 60))
        raise CellError.saying(texts.MARK_EXPECTED, found=describe(value))
    text = parse_text(value).casefold()
    if text in MARKS:
        return MARKS[text]
    match = _TIME.match(text)
    if match and int(match[1]) < 24 and int(match[2]) < 60:
        return arrival_mark(dt.time(int(match[1]), int(match[2])))
    raise CellError.saying(texts.MARK_EXPECTED, found=describe(value))


def read_nights(book: Workbook, problems: Problems) -> list[Night]:
    """The ``Nights`` sheet."""
    table = read_sheet(book, NIGHTS, problems)
    if table is None:
        return []
    nights: list[Night] = []
    seen: dict[dt.date, int] = {}
    for row in table:
        date = row.value(DATE)
        regular = row.value(REGULAR)
        note = row.value(NOTE) or ""
        if date is None or not row.ok:
            continue
        if date in seen:
            row.error(DATE, texts.NIGHT_TWICE, date=date, other=seen[date])
            continue
        seen[date] = row.number
        nights.append(Night(date, True if regular is None else regular, note, row.number))
    return nights


def read_attendance(
    book: Workbook, problems: Problems, *, fast: bool = True
) -> AttendanceSheet | None:
    """The wide ``Attendance`` sheet; None when its header has no ``Player`` column.

    A column whose header is not a date is not a night: it is kept and ignored, with a
    warning naming it (a mistyped date is noticed).

    ``fast``: each distinct cell value is made a mark once (:class:`_Marks`), and a row
    whose marks all need no word is not read cell by cell; both ways give the same sheet
    and the same problems (tests/test_attendance_fast.py).
    """
    actual = check_one_sheet(book, ATTENDANCE.sheet, problems)
    if actual is None:
        return None
    rows = book.rows(actual)
    header_index = next((i for i, r in enumerate(rows) if any(not is_blank(v) for v in r)), None)
    result = AttendanceSheet(actual)
    if header_index is None:
        return result
    table = Table(actual, header_index + 1, {}, {}, [], set(), ATTENDANCE, problems)
    date_cols = _read_header(table, rows[header_index])
    if PLAYER.name not in table.positions:
        problems.error(actual, header_index + 1, PLAYER.name, texts.ATTENDANCE_NO_PLAYER_COLUMN)
        return None
    result.dates = sorted(date_cols.values())
    result.header_row = header_index + 1
    nights = {night_label(index, date): date for index, date in date_cols.items()}
    result.columns = {date: label for label, date in nights.items()}
    marks = _Marks(date_cols) if fast else None
    for number, cells in enumerate(rows[header_index + 1 :], start=header_index + 2):
        row = Row(table, number, cells, False)
        _read_player_row(book, result, row, nights, None if marks is None else marks.of(cells))
    return result


class _Marks(ParsedOnce):
    """Each distinct cell value's mark, made the first time it is met;
    :data:`~mahjong_club.reading.cells.NEEDS_WORDS` for a cell showing an Excel error or
    holding no mark."""

    def __init__(self, date_cols: dict[int, dt.date]) -> None:
        super().__init__(lambda raw: parsed_alone(parse_mark, raw))
        self.columns = list(date_cols.items())

    def of(self, cells: list[Any]) -> dict[dt.date, Mark] | None:
        """A row's mark per night, or None when a cell needs the cell-by-cell reading."""
        marks: dict[dt.date, Mark] = {}
        width = len(cells)
        for index, date in self.columns:
            value = cells[index] if index < width else None
            mark = self[(type(value), value)]
            if mark is NEEDS_WORDS:
                return None
            marks[date] = mark  # type: ignore[assignment]
        return marks


def night_label(index: int, date: dt.date) -> str:
    """A night's column as problems name it: its date and letter, ``2025-09-18 (E)``."""
    return f"{date.isoformat()} ({column_letter(index)})"


def _read_header(table: Table, header: list[Any]) -> dict[int, dt.date]:
    """Each night's column (index -> date); the ``Player`` column goes to ``table``."""
    date_cols: dict[int, dt.date] = {}
    seen: dict[dt.date, int] = {}
    for index, value in enumerate(header):
        if is_blank(value):
            continue
        letter = column_letter(index)
        if PLAYER.matches(value) and PLAYER.name not in table.positions:
            table.positions[PLAYER.name] = index
            table.headers[PLAYER.name] = str(value).strip()
            continue
        error = as_error_cell(value)
        if error is not None:
            table.error(table.header_row, letter, error_cell_message(error))
            continue
        try:
            date = parse_date(value)
        except CellError as exc:
            where = f"{str(value).strip()} ({letter})"
            if impossible_date(exc):  # a night's date mistyped: its marks would not count
                table.error(table.header_row, where, exc.message)
                continue
            table.warning(
                table.header_row, where, texts.ATTENDANCE_NOT_A_NIGHT, found=describe(value)
            )
            continue
        if date in seen:
            first = column_letter(seen[date])
            table.error(
                table.header_row,
                letter,
                texts.ATTENDANCE_NIGHT_TWO_COLUMNS,
                date=date,
                first=first,
                second=letter,
            )
            continue
        seen[date] = index
        date_cols[index] = date
        table.positions[night_label(index, date)] = index
    return date_cols


def _read_player_row(
    book: Workbook,
    result: AttendanceSheet,
    row: Row,
    nights: dict[str, dt.date],
    read: dict[dt.date, Mark] | None,
) -> None:
    """One player's row: the name and a mark per night (bad marks are reported); ``read``
    are the marks when none needs a word."""
    if row.raw(PLAYER) is None:
        if not row.is_error(PLAYER) and any(row.raw(label) is not None for label in nights):
            row.error(PLAYER, texts.ATTENDANCE_MARKS_WITHOUT_NAME)
        return
    name = book.names.resolve(row, PLAYER, row.value(PLAYER))
    if name is None:
        return
    if name in result.rows:
        row.error(PLAYER, texts.ATTENDANCE_PLAYER_TWICE, name=name, other=result.rows[name])
        return
    result.rows[name] = row.number
    if read is not None:
        result.marks[name] = read
        return
    marks: dict[dt.date, Mark] = {}
    for label, date in nights.items():
        value = row.raw(label)
        if row.is_error(label):
            continue  # reported: the cell shows an Excel error
        try:
            marks[date] = parse_mark(value)
        except CellError as exc:
            row.error(label, exc.message)
    result.marks[name] = marks
