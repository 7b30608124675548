"""Text that reaches a CSV file cannot act as a formula in a spreadsheet program (OWASP's
advice): a cell starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe
and quotes; numbers stay numbers, a negative one as it is."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from mahjong_club.cli import main
from mahjong_club.workbook.csv_files import csv_field, csv_text
from tests.builders import write_workbook
from tests.test_tournament import PLAYERS, tournament

HOSTILE = {
    "Anna Holm": '=HYPERLINK("http://127.0.0.1/x?"&A1, "Anna") Holm',
    "Bo Berg": "Bo +Berg",
    "Carl de Vries": "Carl -2+3",
    "Dorte Ek": "Dorte @SUM(A1)",
}


def hostile_tournament():
    sheets = tournament()
    for sheet in ("Players", "Games"):
        for row in sheets[sheet]:
            for i, value in enumerate(row):
                row[i] = HOSTILE.get(value, value)
    sheets["Players"][1][3] = "=1+1"  # Anna's EMA number
    sheets["Players"][2][4] = "-DNK"  # Bo's country
    return sheets


def write_as_text(path: Path, sheets: dict[str, list[list[object]]]) -> Path:
    """The workbook with every cell saved as typed: a text starting with ``=`` as text (as
    Excel keeps a name typed after an apostrophe), not as a formula."""
    write_workbook(path, sheets)
    book = openpyxl.load_workbook(path)
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    cell.data_type = "s"
    book.save(path)
    return path


def test_hostile_names_are_defused_in_the_ema_export(tmp_path, capsys):
    path = write_as_text(tmp_path / "open.xlsx", hostile_tournament())
    assert main([str(path), "--out", str(tmp_path / "out")]) == 0, capsys.readouterr().err
    text = (tmp_path / "out" / "Test-Open-EMA.csv").read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:10] == [
        "Tournament",
        "Participants",
        "Place",
        "First name",
        "Last name",
        "EMA number",
        "Table points",
        "Score",
        "EMA member",
        "Country",
    ]
    by_last = {r[4]: r for r in rows[1:]}
    assert by_last["HOLM"][5] == "'=1+1"
    assert by_last["HOLM"][3] == '\'=HYPERLINK("http://127.0.0.1/x?"&A1, "Anna")'
    assert by_last["'+BERG"][3] == "Bo" and by_last["'+BERG"][9] == "'-DNK"
    assert by_last["'-2+3"][3] == "Carl"
    assert by_last["'@SUM(A1)"][3] == "Dorte"
    for row in rows[1:]:  # no text starts like a formula; the points are plain numbers
        texts = [row[0], *row[3:6], row[9], *row[11:13]]
        assert all(not field.startswith(("=", "+", "-", "@", "\t", "\r")) for field in texts)
    # the raw file: every defused text quoted, every number as it is (a negative one too)
    assert '"\'@SUM(A1)"' in text and '"\'+BERG"' in text
    assert [r[7] for r in rows[1:]] == ["27300", "25200", "15000", "15000", "6500", "-2000",
                                        "-37000", "-50000"]  # fmt: skip
    assert rows[-1][2:10] == ["8", "Hans", "ULV", "04010007", "1", "-50000", "1", "DNK"]
    assert len(rows) == 1 + len(PLAYERS)


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ("=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\""),
        ("+41 55", '"\'+41 55"'),
        ("-", '"\'-"'),
        ("@x", '"\'@x"'),
        ("\tTab", '"\'\tTab"'),
        ("\rCR", '"\'\rCR"'),
        ('say "=1"', '"say ""=1"""'),
        ("Åse Ørsted", "Åse Ørsted"),
        ("a,b", '"a,b"'),
        # a hostile-files trial's find: Danish Excel splits on ";", and the piece after it
        # was a cell starting with "=": quoted, the field stays one cell
        ("Mette Dahl;=cmd|' /C calc'!A0", "\"Mette Dahl;'=cmd|' /C calc'!A0\""),
        ("DNK;=3+3", '"DNK;\'=3+3"'),
        ('DNK; "@x', '"DNK; ""\'@x"'),
        ("a\t-1", '"a\t\'-1"'),
        ("Jean-Luc;Picard", '"Jean-Luc;Picard"'),
        (-12300, "-12300"),
        (Fraction(-25, 2), "-12.5"),
        (0, "0"),
        (None, ""),
    ],
)
def test_each_field(value, field):
    assert csv_field(value) == field


def test_a_field_with_a_semicolon_is_one_cell_to_a_reader_splitting_on_semicolons():
    text = csv_text([["Mette Dahl;=cmd|' /C calc'!A0", 6, "DNK;=3+3"]])
    for separator in (";", "\t"):
        for quoting in (csv.QUOTE_MINIMAL, csv.QUOTE_NONE):
            reader = csv.reader(io.StringIO(text), delimiter=separator, quoting=quoting)
            cells = [c.lstrip(' "') for c in next(reader)]
            assert not any(c.startswith(("=", "+", "-", "@")) for c in cells), cells


def test_a_defused_field_reads_back_as_the_text_with_an_apostrophe():
    text = csv_text([["=1+2", -12300, '"=x"']])
    assert list(csv.reader(io.StringIO(text))) == [["'=1+2", "-12300", '"=x"']]
