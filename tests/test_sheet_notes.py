"""What replacing the result sheets would lose or leave, said before it is done (a workbook
fidelity trial's finds): a result sheet the organiser added notes, a table or formulas to
lost them without a word, and a result sheet this run no longer makes (last week's
``Tonight``) went on showing old results."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl  # type: ignore[import-untyped,unused-ignore]
import pytest
from openpyxl.comments import Comment  # type: ignore[import-untyped,unused-ignore]
from openpyxl.worksheet.table import Table  # type: ignore[import-untyped,unused-ignore]

from mahjong_club.cli import main
from mahjong_club.ooxml.package import Package, rels_part
from mahjong_club.workbook.sheet_notes import sheet_notes
from mahjong_club.workbook.xlsx import ResultSheet, write_result_workbook
from tests.builders import sheet_rows

SAMPLE = Path(__file__).resolve().parent.parent / "sample_sheets" / "season.xlsx"
STANDINGS = ResultSheet("Standings", [["Rank", "Player"], [1, "Åse"]])
TONIGHT = ResultSheet("Tonight", [["Table", "Player"], [1, "Åse"]])


@pytest.fixture
def written(tmp_path: Path) -> Path:
    """An organiser's workbook with the tool's Standings and Tonight written into it."""
    book = openpyxl.Workbook()
    book.active.title = "Games"
    source = tmp_path / "organiser.xlsx"
    book.save(source)
    out = tmp_path / "written.xlsx"
    write_result_workbook(source, out, [STANDINGS, TONIGHT])
    return out


def edited(path: Path, tmp_path: Path, change) -> Path:
    book = openpyxl.load_workbook(path)
    change(book["Standings"])
    saved = tmp_path / "edited.xlsx"
    book.save(saved)
    return saved


def test_an_untouched_result_sheet_has_nothing_to_say(written: Path) -> None:
    notes = sheet_notes(written, [STANDINGS, TONIGHT])
    assert (notes.foreign, notes.edited, notes.stale) == ([], [], [])


def test_notes_and_formulas_added_to_a_result_sheet_are_named(written, tmp_path) -> None:
    def change(sheet):
        sheet["C2"] = '=B2&"!"'
        sheet["B2"].comment = Comment("ask Åse", "Organiser")

    notes = sheet_notes(edited(written, tmp_path, change), [STANDINGS, TONIGHT])
    assert notes.edited == [("Standings", ["notes", "formulas"])]


def test_a_table_on_a_result_sheet_is_named(written, tmp_path) -> None:
    notes = sheet_notes(
        edited(written, tmp_path, lambda s: s.add_table(Table(displayName="Mine", ref="A1:B2"))),
        [STANDINGS, TONIGHT],
    )
    assert notes.edited == [("Standings", ["table"])]


def test_excel_s_printer_settings_are_nothing_of_the_organiser_s(written, tmp_path) -> None:
    """Excel adds a printerSettings part to a sheet that has been printed: no addition."""
    with zipfile.ZipFile(written) as zf:
        (standings,) = [s for s in Package(zf).sheets if s.name == "Standings"]
        parts = {i.filename: zf.read(i) for i in zf.infolist()}
    assert standings.part is not None
    parts[rels_part(standings.part)] = (
        b'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
        b'2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
        b'officeDocument/2006/relationships/printerSettings" Target="../printerSettings/'
        b'printerSettings1.bin"/></Relationships>'
    )
    parts["xl/printerSettings/printerSettings1.bin"] = b"\0" * 16
    printed = tmp_path / "printed.xlsx"
    with zipfile.ZipFile(printed, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    assert sheet_notes(printed, [STANDINGS, TONIGHT]).edited == []


def test_a_result_sheet_this_run_does_not_make_is_named(written: Path) -> None:
    assert sheet_notes(written, [STANDINGS]).stale == ["Tonight"]
    # an input the tool once wrote (Schedule, Dice, Games, Seating) is the organiser's now
    assert sheet_notes(written, [TONIGHT]).stale == ["Standings"]
    assert sheet_notes(written, [STANDINGS, TONIGHT, ResultSheet("Dice", [["x"]])]).stale == []


def test_the_run_warns_of_last_week_s_tonight_and_of_notes_on_standings(tmp_path, capsys):
    assert main([str(SAMPLE), "--out", str(tmp_path / "w1"), "--tonight", "-q"]) == 0
    week1 = tmp_path / "w1" / "season.xlsx"
    book = openpyxl.load_workbook(week1)
    book["Standings"]["B3"].comment = Comment("check with the referee", "Organiser")
    week2 = tmp_path / "week2.xlsx"
    book.save(week2)
    assert main([str(week2), "--out", str(tmp_path / "w2"), "--no-site", "--no-email"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert (
        "the result sheet 'Tonight' is from an earlier run: this run made none (the sheet or"
        " option it comes from was not there), so it shows old results; delete it"
    ) in err
    assert (
        "the result sheet 'Standings' holds notes of your own; result sheets are made anew at"
        " every run, so the updated copy does not have them (your workbook keeps them)"
    ) in err
    problems = [r["Message"] for r in sheet_rows(tmp_path / "w2" / "week2.xlsx", "Problems")]
    assert any("'Tonight' is from an earlier run" in str(m) for m in problems)
