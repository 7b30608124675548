"""A text longer than a cell can hold (32,767 characters) is shortened with a visible "…",
never a crash; openpyxl and LibreOffice open the result."""

from __future__ import annotations

import csv
from pathlib import Path

import openpyxl

from mahjong_club.workbook.cells import ELLIPSIS, MAX_TEXT, fit_text
from mahjong_club.workbook.xlsx import ResultSheet, write_result_workbook
from process import main
from tests.builders import write_workbook
from tests.test_cli_errors import league
from tests.test_xlsx_writer import run_soffice


def test_fit_text_counts_as_excel_does() -> None:
    assert fit_text("x" * MAX_TEXT) == "x" * MAX_TEXT
    assert fit_text("x" * (MAX_TEXT + 1)) == "x" * (MAX_TEXT - 1) + ELLIPSIS
    emoji = "😀" * 20_000  # two UTF-16 units each: 40,000 units
    shortened = fit_text(emoji)
    assert shortened == "😀" * 16_383 + ELLIPSIS
    assert len(shortened.encode("utf-16-le")) // 2 == MAX_TEXT


def test_a_40000_character_text_is_shortened_in_the_sheet(tmp_path: Path) -> None:
    source = write_workbook(tmp_path / "in.xlsx", {"Settings": [["Key", "Value"]]})
    text = "Åse " * 10_000
    target = tmp_path / "out.xlsx"
    write_result_workbook(source, target, [ResultSheet("Problems", [["Message"], [text]])])
    book = openpyxl.load_workbook(target)
    value = book["Problems"]["A2"].value
    assert value == text[: MAX_TEXT - 1] + ELLIPSIS


def test_a_warning_quoting_a_40000_character_cell(tmp_path: Path, capsys) -> None:
    sheets = league()
    sheets["Players"][1][1] = "not an address " * 2700  # 40,500 characters
    source = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out)]) == 0
    assert "Internal error" not in capsys.readouterr().err
    book = openpyxl.load_workbook(out / "season.xlsx")
    messages = [row[4].value for row in book["Problems"].iter_rows(min_row=2)]
    longest = max(messages, key=len)
    assert len(longest) == MAX_TEXT and longest.endswith(ELLIPSIS)
    assert "not an address not an address" in longest
    run_soffice(
        out / "season.xlsx",
        tmp_path / "lo",
        "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
    )
    with open(tmp_path / "lo" / "season-Problems.csv", encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))
    assert max(len(r[4]) for r in rows[1:]) == MAX_TEXT
