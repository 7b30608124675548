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
from dataclasses import dataclass, field
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.reading.cells import (
    CellError,
    describe,
    is_blank,
    parse_date,
    parse_text,
    parse_yes_no,
)
from mahjong_club.reading.tables import HEADER_ALIASES, Column, Workbook, fold, read_table
from mahjong_club.workbook.xlsx import column_letter
from rules.attendance import Mark, arrival_mark

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
EXPECTED_MARK = (
    "x, 1, yes or ja (on time), a time like 18:25, late or sen (late),"
    " or blank, 0, no, nej or - (absent)"
)


@dataclass(frozen=True)
class Night:
    """A row of the ``Nights`` sheet."""

    date: dt.date
    regular: bool
    note: str
    row: int


@dataclass
class AttendanceSheet:
    """The wide ``Attendance`` sheet: each player's mark per night."""

    sheet: str
    dates: list[dt.date] = field(default_factory=list)
    marks: dict[str, dict[dt.date, Mark]] = field(default_factory=dict)
    rows: dict[str, int] = field(default_factory=dict)  # player -> Excel row


def parse_mark(value: Any) -> Mark:
    """One attendance cell."""
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
        raise CellError(f"expected {EXPECTED_MARK}; found {describe(value)}")
    text = parse_text(value).casefold()
    if text in MARKS:
        return MARKS[text]
    match = _TIME.match(text)
    if match and int(match[1]) < 24 and int(match[2]) < 60:
        return arrival_mark(dt.time(int(match[1]), int(match[2])))
    raise CellError(f"expected {EXPECTED_MARK}; found {describe(value)}")


def read_nights(book: Workbook, problems: Problems) -> list[Night]:
    """The ``Nights`` sheet."""
    columns = [Column("Date"), Column("Regular", required=False), Column("Note", required=False)]
    table = read_table(book, "Nights", columns, problems)
    if table is None:
        return []
    nights: list[Night] = []
    seen: dict[dt.date, int] = {}
    for row in table:
        date = row.get(problems, "Date", parse_date, what="the date")
        regular = row.get(problems, "Regular", parse_yes_no, required=False)
        note = row.get(problems, "Note", parse_text, required=False) or ""
        if date is None or not row.ok:
            continue
        if date in seen:
            problems.error(
                table.sheet,
                row.number,
                table.column_label("Date"),
                f"{date.isoformat()} is listed twice (also in row {seen[date]})",
            )
            continue
        seen[date] = row.number
        nights.append(Night(date, True if regular is None else regular, note, row.number))
    return nights


def read_attendance(book: Workbook, problems: Problems) -> AttendanceSheet | None:
    """The wide ``Attendance`` sheet; None when its header has no ``Player`` column."""
    actual = book.find("Attendance")
    assert actual is not None
    rows = book.rows(actual)
    header_index = next((i for i, r in enumerate(rows) if any(not is_blank(v) for v in r)), None)
    result = AttendanceSheet(actual)
    if header_index is None:
        return result
    header = rows[header_index]
    player_col: int | None = None
    date_cols: dict[int, dt.date] = {}
    seen_dates: dict[dt.date, int] = {}
    for index, value in enumerate(header):
        if is_blank(value):
            continue
        key = fold(value)
        if key == "player" or HEADER_ALIASES.get(key) == "Player":
            player_col = index
            continue
        try:
            date = parse_date(value)
        except CellError:
            problems.error(
                actual,
                header_index + 1,
                f"{describe(value)} ({column_letter(index)})",
                "an attendance column must be headed by the night's date, like 2025-09-04"
                f" (a real Excel date or ISO text); found {describe(value)}",
            )
            continue
        if date in seen_dates:
            problems.error(
                actual,
                header_index + 1,
                column_letter(index),
                f"the night {date.isoformat()} has two columns"
                f" ({column_letter(seen_dates[date])} and {column_letter(index)})",
            )
            continue
        seen_dates[date] = index
        date_cols[index] = date
    if player_col is None:
        problems.error(
            actual,
            header_index + 1,
            "Player",
            "the sheet has no 'Player' column; the first column should be the player's name",
        )
        return None
    result.dates = sorted(date_cols.values())
    for number, cells in enumerate(rows[header_index + 1 :], start=header_index + 2):
        name_value = cells[player_col] if player_col < len(cells) else None
        has_marks = any(i < len(cells) and not is_blank(cells[i]) for i in date_cols)
        if is_blank(name_value):
            if has_marks:
                problems.error(actual, number, "Player", "this row has marks but no player's name")
            continue
        name = parse_text(name_value)
        if name in result.rows:
            problems.error(
                actual,
                number,
                "Player",
                f"{name!r} has two rows (also row {result.rows[name]})",
            )
            continue
        marks: dict[dt.date, Mark] = {}
        for index, date in date_cols.items():
            value = cells[index] if index < len(cells) else None
            try:
                marks[date] = parse_mark(value)
            except CellError as exc:
                problems.error(
                    actual, number, f"{date.isoformat()} ({column_letter(index)})", str(exc)
                )
        result.rows[name] = number
        result.marks[name] = marks
    return result
