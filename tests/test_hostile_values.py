"""Cell values no organiser types, found by a hostile-files trial: a whole number of more
than 4,300 digits typed as text was an internal error (Python refuses to convert it), and a
name of 10 MB was printed whole on the terminal (a 10 MB line)."""

from __future__ import annotations

import pytest

from tests.test_cli_errors import league, run


@pytest.mark.parametrize("digits", ["9" * 5000, "-" + "1" * 4400, "1,000" * 1000, "1" * 61])
def test_a_number_of_thousands_of_digits_is_no_number(tmp_path, capsys, digits):
    sheets = league()
    sheets["Games"][1][4] = digits  # A's score in game 1
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1
    assert "Internal error" not in err
    assert "sheet 'Games', row 2, column 'Score': expected a whole number" in err


def test_a_whole_number_of_sixty_digits_is_still_read(tmp_path, capsys):
    """(No score has sixty digits: the game's sum says what is wrong with it.)"""
    sheets = league()
    sheets["Games"][1][4] = "1" * 60
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1 and "expected a whole number" not in err and "Internal error" not in err


def test_a_huge_name_is_shortened_on_the_terminal(tmp_path, capsys):
    sheets = league()
    sheets["Games"][1][3] = "Zed" * 100_000  # 300,000 characters, a player nobody knows
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1
    line = next(ln for ln in err.splitlines() if "row 2, column 'Player'" in ln)
    assert line.endswith("characters in all)") and len(line) < 2100


@pytest.mark.parametrize("row", [1, 5])  # a riichi score, an MCR score (read as a number)
@pytest.mark.parametrize("value", [b"NaN", b"INF", b"-inf"])
@pytest.mark.parametrize("by_columns", [False, True])
def test_a_number_cell_holding_nan_is_a_located_error(
    tmp_path, capsys, monkeypatch, row, value, by_columns
):
    """`<v>NaN</v>` in a number cell: an MCR score was an internal error (no Fraction of
    nan), a riichi score said "not a whole number"; both ways of reading say the same."""
    import zipfile

    from mahjong_club.cli import main
    from mahjong_club.reading import columnar
    from tests.builders import write_workbook

    if by_columns:
        monkeypatch.setattr(columnar, "COLUMNAR_BYTES", 0)
    sheets = league()
    sheets["Games"][row][4] = 12345
    source = write_workbook(tmp_path / "source.xlsx", sheets)
    damaged = tmp_path / "damaged.xlsx"
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(damaged, "w") as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info).replace(b"<v>12345</v>", b"<v>" + value + b"</v>"))
    assert main([str(damaged), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "Internal error" not in err
    assert f"sheet 'Games', row {row + 1}, column 'Score': holds" in err
    assert "which no spreadsheet program stores as a number (the file is damaged)" in err
