"""A workbook in the 1904 date system (old Mac Excel's, ``<workbookPr date1904="1"/>``):
its dates are read as the dates they are, and the result sheets' dates are written counting
from its own day 0, so Excel shows the same dates as the terminal and the site (a workbook
fidelity trial's find: every written date was 4 years and a day late)."""

from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path

import openpyxl  # type: ignore[import-untyped,unused-ignore]
from openpyxl.utils.datetime import CALENDAR_MAC_1904  # type: ignore[import-untyped,unused-ignore]

from mahjong_club.cli import main
from tests.builders import sheet_rows

SAMPLE = Path(__file__).resolve().parent.parent / "sample_sheets" / "season.xlsx"
DATED = ("Attendance status", "Hand scores")


def test_a_1904_workbook_gets_the_same_dates_as_a_1900_one(tmp_path, capsys):
    book = openpyxl.load_workbook(SAMPLE)
    book.epoch = CALENDAR_MAC_1904  # the same dates, stored as 1904 serials
    mac = tmp_path / "mac" / "season.xlsx"
    mac.parent.mkdir()
    book.save(mac)
    with zipfile.ZipFile(mac) as package:
        assert b'date1904="1"' in package.read("xl/workbook.xml")
    assert main([str(SAMPLE), "--out", str(tmp_path / "pc-out"), "-q"]) == 0
    assert main([str(mac), "--out", str(tmp_path / "mac-out"), "-q"]) == 0
    for sheet in DATED:
        pc = sheet_rows(tmp_path / "pc-out" / "season.xlsx", sheet)
        ours = sheet_rows(tmp_path / "mac-out" / "season.xlsx", sheet)
        dates = [v for row in pc for v in row.values() if isinstance(v, dt.date)]
        assert dates, sheet  # the sheet has dates to compare
        assert ours == pc, sheet
    capsys.readouterr()
