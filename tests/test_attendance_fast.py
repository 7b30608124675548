"""The fast reading of ``Attendance`` (each distinct cell value made a mark once, a row whose
marks need no word not read cell by cell) gives exactly what the cell-by-cell reading gives:
the same marks and rows, the same problems in the same order, on random sheets full of what an
organiser gets wrong, and on the sample season."""

from __future__ import annotations

import datetime as dt
import functools
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mahjong_club.capabilities.attendance as capability
from mahjong_club.pipeline import read_workbook
from mahjong_club.reading import attendance
from tests.builders import write_workbook
from tests.test_cli_errors import league

ROOT = Path(__file__).resolve().parent.parent
NIGHTS = [dt.date(2025, 9, 4), dt.date(2025, 9, 11), "2025-09-18", "Total", dt.date(2025, 9, 4)]
#: Cells, the good ones many times over; openpyxl writes "#N/A" as an error cell.
MARKS = (
    ["x"] * 6
    + [None] * 4
    + [
        "late",
        "Sen",
        "18:25",
        "19:05",
        "25:00",
        1,
        0,
        0.75,
        2,
        True,
        dt.time(18, 40),
        "maybe",
        "#N/A",
        " ",
    ]
)
NAMES = ["A", "B", "C", "D", "E", "A", "a", unicodedata.normalize("NFD", "É"), "Zed", None, "#REF!"]


def read_both(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """(sheet, problems) read fast, then cell by cell."""
    seen = []
    for fast in (True, False):
        reader = functools.partial(attendance.read_attendance, fast=fast)
        monkeypatch.setattr(capability, "read_attendance", reader)
        season, problems = read_workbook(path)
        sheet = season.attendance
        read = None if sheet is None else (sheet.dates, sheet.marks, sheet.rows)
        seen.append((read, [p.render("en") for p in problems.items]))
    monkeypatch.undo()
    return seen


@st.composite
def attendance_sheets(draw: st.DrawFn) -> dict[str, list[list[Any]]]:
    nights = draw(st.lists(st.sampled_from(NIGHTS), min_size=1, max_size=5, unique_by=str))
    rows = draw(
        st.lists(
            st.tuples(st.sampled_from(NAMES), st.lists(st.sampled_from(MARKS), max_size=6)),
            max_size=12,
        )
    )
    sheets = league()
    sheets["Attendance"] = [["Player", *nights]] + [[n, *m] for n, m in rows]
    return sheets


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(attendance_sheets())
def test_fast_and_cell_by_cell_read_the_same(tmp_path_factory, monkeypatch, sheets):
    path = write_workbook(tmp_path_factory.mktemp("attendance") / "season.xlsx", sheets)
    fast, slow = read_both(path, monkeypatch)
    assert fast == slow


def test_clean_rows_are_not_read_cell_by_cell(tmp_path, monkeypatch):
    sheets = league()
    nights = [dt.date(2025, 9, 4) + dt.timedelta(weeks=k) for k in range(10)]
    sheets["Attendance"] = [["Player", *nights]] + [[p, *["x", None] * 5] for p in "ABCDE"]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    fast, slow = read_both(path, monkeypatch)
    assert fast == slow and fast[1] == []
    parsed: list[object] = []
    real = attendance.parse_mark
    monkeypatch.setattr(attendance, "parse_mark", lambda v: parsed.append(v) or real(v))
    season, _ = read_workbook(path)
    assert season.attendance is not None and len(season.attendance.marks["E"]) == 10
    assert sorted(parsed, key=str) == [None, "x"]  # each distinct cell made a mark once


def test_the_sample_reads_the_same(monkeypatch):
    fast, slow = read_both(ROOT / "sample_sheets" / "season.xlsx", monkeypatch)
    assert fast == slow
    assert fast[0] is not None and len(fast[0][1]) > 10
