"""A result sheet that takes the place of the organiser's own sheet is announced first."""

from pathlib import Path

from mahjong_club.cli import main
from tests.builders import write_workbook
from tests.test_cli_errors import league


def test_a_hand_made_standings_sheet_is_a_warning_before_it_is_replaced(tmp_path: Path, capsys):
    sheets = league()
    sheets["Standings"] = [["Navn", "Point"], ["A", 3]]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert (
        "Warning: sheet 'Standings': sheet 'Standings' was not written by this tool;"
        " the updated copy has the 'Standings' result sheet in its place" in err
    )


def test_the_tools_own_sheets_are_replaced_without_a_word(tmp_path: Path, capsys):
    path = write_workbook(tmp_path / "season.xlsx", league())
    assert main([str(path), "--out", str(tmp_path / "first")]) == 0
    capsys.readouterr()
    again = tmp_path / "first" / "season.xlsx"
    assert main([str(again), "--out", str(tmp_path / "second")]) == 0
    assert "was not written by this tool" not in capsys.readouterr().err
