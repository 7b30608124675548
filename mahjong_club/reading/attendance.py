"""Reading the ``Nights`` and ``Attendance`` sheets.

``Nights`` (``Date``, ``Regular``, ``Note``): club nights; ``Regular`` yes/no, default yes.

``Attendance``: ``Player`` then one column per night headed by its date (a real Excel date or
ISO text). A cell: ``x``/``1``/``yes``/``ja`` = on time; a time like ``18:25`` = on time at
18:30 or earlier, late after; ``late``/``sen`` = late (does not count); blank/``0``/``no``/
``nej``/``-`` = absent. Anything else is an error.
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
    CellError,
    describe,
    is_blank,
    parse_date,
    parse_text,
    parse_yes_no,
)
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Workbook, read_sheet
from rules.attendance import Mark, arrival_mark

DATE = Column("Date", parse_date, cell_texts.WHAT_DATE, danish="Dato")
REGULAR = Column("Regular", parse_yes_no, required=False)
NOTE = Column("Note", required=False)
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


def read_attendance(book: Workbook, problems: Problems) -> AttendanceSheet | None:
    """The wide ``Attendance`` sheet; None when its header has no ``Player`` column."""
    actual = book.find(ATTENDANCE.sheet)
    assert actual is not None
    rows = book.rows(actual)
    header_index = next((i for i, r in enumerate(rows) if any(not is_blank(v) for v in r)), None)
    result = AttendanceSheet(actual)
    if header_index is None:
        return result
    player_col, date_cols = _read_header(actual, header_index + 1, rows[header_index], problems)
    if player_col is None:
        problems.error(actual, header_index + 1, PLAYER.name, texts.ATTENDANCE_NO_PLAYER_COLUMN)
        return None
    result.dates = sorted(date_cols.values())
    for number, cells in enumerate(rows[header_index + 1 :], start=header_index + 2):
        _read_player_row(result, number, cells, player_col, date_cols, problems)
    return result


def _read_header(
    sheet: str, number: int, header: list[Any], problems: Problems
) -> tuple[int | None, dict[int, dt.date]]:
    """The ``Player`` column's index and each night's column (index -> date)."""
    player_col: int | None = None
    date_cols: dict[int, dt.date] = {}
    seen: dict[dt.date, int] = {}
    for index, value in enumerate(header):
        if is_blank(value):
            continue
        if PLAYER.matches(value):
            player_col = index
            continue
        letter = column_letter(index)
        try:
            date = parse_date(value)
        except CellError:
            where = f"{describe(value)} ({letter})"
            problems.error(
                sheet, number, where, texts.ATTENDANCE_HEADER_NOT_DATE, found=describe(value)
            )
            continue
        if date in seen:
            first = column_letter(seen[date])
            problems.error(
                sheet,
                number,
                letter,
                texts.ATTENDANCE_NIGHT_TWO_COLUMNS,
                date=date,
                first=first,
                second=letter,
            )
            continue
        seen[date] = index
        date_cols[index] = date
    return player_col, date_cols


def _read_player_row(
    result: AttendanceSheet,
    number: int,
    cells: list[Any],
    player_col: int,
    date_cols: dict[int, dt.date],
    problems: Problems,
) -> None:
    """One player's row: the name and a mark per night (bad marks are reported)."""
    sheet = result.sheet
    name_value = cells[player_col] if player_col < len(cells) else None
    if is_blank(name_value):
        if any(i < len(cells) and not is_blank(cells[i]) for i in date_cols):
            problems.error(sheet, number, PLAYER.name, texts.ATTENDANCE_MARKS_WITHOUT_NAME)
        return
    try:
        name = parse_text(name_value)
    except CellError as exc:
        problems.error(sheet, number, PLAYER.name, exc.message)
        return
    if name in result.rows:
        problems.error(
            sheet,
            number,
            PLAYER.name,
            texts.ATTENDANCE_PLAYER_TWICE,
            name=name,
            other=result.rows[name],
        )
        return
    marks: dict[dt.date, Mark] = {}
    for index, date in date_cols.items():
        try:
            marks[date] = parse_mark(cells[index] if index < len(cells) else None)
        except CellError as exc:
            where = f"{date.isoformat()} ({column_letter(index)})"
            problems.error(sheet, number, where, exc.message)
    result.rows[name] = number
    result.marks[name] = marks
