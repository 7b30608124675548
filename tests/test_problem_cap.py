"""A mistake copied down a thousand rows gives a readable answer: the terminal lists the first
200 problems and says how many more there are; the Problems sheet lists at most 10,000."""

from __future__ import annotations

import datetime as dt

from mahjong_club.cli import main
from mahjong_club.cli.process import SHOWN_PROBLEMS
from mahjong_club.common.problems import Problems
from mahjong_club.messages import cells as cell_texts
from mahjong_club.pipeline import read_workbook
from mahjong_club.workbook.sheets import LISTED_PROBLEMS, problems_sheet
from tests.builders import write_workbook
from tests.test_cli_errors import GAMES_HEADER, league

D = dt.date(2025, 9, 4)


def test_a_thousand_bad_rows_print_200_problems_and_a_count(tmp_path, capsys):
    sheets = league()
    sheets["Games"] = [GAMES_HEADER] + [
        [3 + i // 4, D, "R1", "ABCD"[i % 4], "lots", None] for i in range(1000)
    ]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    _season, problems = read_workbook(path)
    total = len(problems.items)
    assert len(problems.errors) >= 1000
    code = main([str(path), "--out", str(tmp_path / "out")])
    lines = capsys.readouterr().err.splitlines()
    assert code == 1
    assert len(lines) == SHOWN_PROBLEMS + 2 == 202
    assert lines[:SHOWN_PROBLEMS] == [str(p) for p in problems.items[:SHOWN_PROBLEMS]]
    assert lines[0].startswith("Error: sheet 'Games', row 2, column 'Score': ")
    assert lines[SHOWN_PROBLEMS] == f"and {total - SHOWN_PROBLEMS:,} more"
    count = len(problems.errors)
    assert lines[-1] == f"{count:,} errors in season.xlsx; nothing was written."
    assert count >= 1000 and "," in lines[-1]  # 1,000 and more with a thousands separator
    assert not (tmp_path / "out").exists()


def test_200_problems_are_all_printed(tmp_path, capsys):
    sheets = league()
    sheets["Games"] = [GAMES_HEADER] + [
        [3 + i // 4, D, "R1", "ABCD"[i % 4], "lots", None] for i in range(SHOWN_PROBLEMS)
    ]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    _season, problems = read_workbook(path)
    assert len(problems.items) == SHOWN_PROBLEMS
    assert main([str(path), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert " more\n" not in err
    assert len(err.splitlines()) == len(problems.items) + 1


def test_the_problems_sheet_lists_10000_warnings_and_says_how_many_more():
    problems = Problems()
    for row in range(2, 12_052):
        problems.warning("Games", row, "Score", cell_texts.PARTLY_FILLED, what="the score")
    sheet = problems_sheet(problems.warnings)
    assert len(sheet.rows) == 1 + LISTED_PROBLEMS + 1
    assert sheet.rows[1] == [
        "warning",
        "Games",
        2,
        "Score",
        "this row is partly filled in: the score is missing",
    ]
    assert sheet.rows[LISTED_PROBLEMS][2] == LISTED_PROBLEMS + 1
    assert sheet.rows[-1] == [
        None,
        None,
        None,
        None,
        "and 2,050 more warnings, not listed here (the sheet lists the first 10,000)",
    ]


def test_a_short_problems_sheet_has_no_count_row():
    problems = Problems()
    problems.warning("Games", 2, "Score", cell_texts.PARTLY_FILLED, what="the score")
    assert len(problems_sheet(problems.warnings).rows) == 2
