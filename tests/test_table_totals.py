"""An Excel table (Insert → Table) over `Games` with its "Total Row" ticked: the totals row is
the table's sums, no game (a workbook fidelity trial's find: it was read as a game 'Total'
with one row, four errors, and nothing written). Read as a blank row, by every way of
reading the sheet (rows, clean rows, columns)."""

from __future__ import annotations

from pathlib import Path

import openpyxl  # type: ignore[import-untyped,unused-ignore]
import pytest
from openpyxl.worksheet.table import Table  # type: ignore[import-untyped,unused-ignore]

from mahjong_club.cli import main
from tests.builders import sheet_rows
from tests.test_columnar import read_three_ways

SAMPLE = Path(__file__).resolve().parent.parent / "sample_sheets" / "season.xlsx"


def with_totals(tmp_path: Path, count: int = 1) -> Path:
    """The sample season with its Games in an Excel table whose last ``count`` rows are
    totals (values as Excel saves them: a label and a sum)."""
    book = openpyxl.load_workbook(SAMPLE)
    games = book["Games"]
    width = games.max_column
    last = games.max_row
    for _ in range(count):
        games.append(["Total", None, None, None, 123456][:width])
    ref = f"A1:{openpyxl.utils.get_column_letter(width)}{last + count}"
    table = Table(displayName="GamesTable", ref=ref)
    table.totalsRowCount = count
    games.add_table(table)
    path = tmp_path / "season.xlsx"
    book.save(path)
    return path


def test_a_tables_totals_row_is_no_game(tmp_path, capsys):
    assert main([str(SAMPLE), "--out", str(tmp_path / "plain"), "-q", "--no-site"]) == 0
    totals = with_totals(tmp_path)
    assert main([str(totals), "--out", str(tmp_path / "totals"), "-q", "--no-site"]) == 0
    assert "Total" not in capsys.readouterr().err
    for sheet in ("Standings", "Problems"):
        plain = sheet_rows(tmp_path / "plain" / "season.xlsx", sheet)
        assert sheet_rows(tmp_path / "totals" / "season.xlsx", sheet) == plain, sheet


def test_every_way_of_reading_games_leaves_the_totals_out(tmp_path, monkeypatch):
    seen, by_columns = read_three_ways(with_totals(tmp_path), monkeypatch)
    assert not by_columns  # a sheet with a totals row is read by rows
    assert seen[1:] == seen[:1] * 2
    games, _rows, problems, _ids = seen[0]
    assert games and not any("Total" in p for p in problems)


def test_without_a_totals_row_the_last_row_is_a_game(tmp_path):
    """A table whose Total Row is not ticked: its last row is data like any other."""
    book = openpyxl.load_workbook(SAMPLE)
    games = book["Games"]
    ref = f"A1:{openpyxl.utils.get_column_letter(games.max_column)}{games.max_row}"
    games.add_table(Table(displayName="GamesTable", ref=ref))
    path = tmp_path / "season.xlsx"
    book.save(path)
    assert main([str(path), "--out", str(tmp_path / "t"), "-q", "--no-site"]) == 0
    assert main([str(SAMPLE), "--out", str(tmp_path / "p"), "-q", "--no-site"]) == 0
    plain = sheet_rows(tmp_path / "p" / "season.xlsx", "Standings")
    assert sheet_rows(tmp_path / "t" / "season.xlsx", "Standings") == plain


pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_a_table_part_claiming_a_billion_totals_rows_costs_nothing(tmp_path, capsys):
    """A review's find: `ref="A1:F999999999" totalsRowCount="999999999"` in a table part of
    a few hundred bytes made a set of a billion rows (MemoryError)."""
    import zipfile

    totals = with_totals(tmp_path)
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(totals) as zin, zipfile.ZipFile(bomb, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.startswith("xl/tables/"):
                head, _, rest = data.partition(b"ref=")
                rest = rest.split(b" ", 1)[1]
                data = head + b'ref="A1:F999999999" ' + rest
                data = data.replace(b'totalsRowCount="1"', b'totalsRowCount="999999999"')
            zout.writestr(info, data)
    code = main([str(bomb), "--out", str(tmp_path / "out"), "-q", "--no-site"])
    err = capsys.readouterr().err
    assert "Internal error" not in err and "MemoryError" not in err
    assert code == 1 and "row 482" in err  # the Total row read as data: the table is no table
