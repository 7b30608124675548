"""Cells and sheets are never silently wrong: Excel error cells and sheets sharing a name.

python-calamine reads a cell showing ``#N/A`` as an empty string; the tool reads the sheet's
XML to tell it apart, and reports it as what it is, in every column. Two sheets whose names are
equal as names are compared (``Games`` and ``GAMES``) are an error naming both. Every test
builds a real .xlsx (openpyxl writes ``#N/A`` as an error cell; formulas and sheet names
openpyxl will not write are patched into the file's XML).
"""

import re
import zipfile
from pathlib import Path

import pytest

from mahjong_club.reading.error_cells import ErrorCell, scan_error_cells
from process import main
from tests.builders import assert_refused, sheet_rows, write_workbook
from tests.test_cli_errors import D, league

EXCEL_ERRORS = ["#N/A", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!"]


def replace_in_parts(path: Path, replacements: dict[bytes, bytes], parts: str = "xl/") -> None:
    """Rewrite the XML parts under ``parts`` of the .xlsx at ``path``, each text replaced
    (a regular expression); every pattern must be found somewhere."""
    with zipfile.ZipFile(path) as source:
        items = [(info, source.read(info)) for info in source.infolist()]
    found: set[bytes] = set()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info, data in items:
            if info.filename.startswith(parts) and info.filename.endswith(".xml"):
                for old, new in replacements.items():
                    data, count = re.subn(old, new, data)
                    if count:
                        found.add(old)
            target.writestr(info, data)
    assert found == set(replacements), f"not found: {set(replacements) - found}"


def replace_in_sheets(path: Path, replacements: dict[bytes, bytes]) -> None:
    """Rewrite text in the worksheet parts (``_x001B_`` is how a cell holds ESC)."""
    replace_in_parts(path, {re.escape(k): v for k, v in replacements.items()}, "xl/worksheets/")


def formula_cell(marker: str, formula: bytes, error: bytes) -> dict[bytes, bytes]:
    """Turn the text cell holding ``marker`` into a formula cell whose value is ``error``."""
    text = rb't="(?:inlineStr|s|str)"><is><t>' + marker.encode() + rb"</t></is>"
    return {text: b't="e"><f>' + formula + b"</f><v>" + error + b"</v>"}


def run_path(tmp_path, path):
    out = tmp_path / "out"
    return main([str(path), "--out", str(out)]), out


def run(tmp_path, sheets):
    return run_path(tmp_path, write_workbook(tmp_path / "season.xlsx", sheets))


# --- what the XML says --------------------------------------------------------------------


def test_the_scanner_finds_error_cells_with_and_without_references():
    xml = (
        b'<x:worksheet xmlns:x="main"><x:sheetData>'
        b'<x:row r="2"><x:c r="B2" t="e"><x:v>#N/A</x:v></x:c>'
        b'<x:c r="C2" s="3" t="e"><x:f t="shared" si="0"/><x:v>#REF!</x:v></x:c></x:row>'
        b"<x:row><x:c><x:v>1</x:v></x:c><x:c t='e'><x:f>1/0</x:f><x:v>#DIV/0!</x:v></x:c></x:row>"
        b'<x:row r="7"><x:c r="A7" t="n"><x:v>5</x:v></x:c><x:c r="B7" t="e"/></x:row>'
        b"</x:sheetData></x:worksheet>"
    )
    assert scan_error_cells(xml) == {
        (2, 1): ErrorCell("#N/A", None),
        (2, 2): ErrorCell("#REF!", ""),
        (3, 1): ErrorCell("#DIV/0!", "1/0"),
    }


def test_a_sheet_without_error_cells_is_skipped():
    assert (
        scan_error_cells(
            b'<worksheet><sheetData><row r="1"><c r="A1" t="str">'
            b"<f>A2</f><v>#N/A</v></c></row></sheetData></worksheet>"
        )
        == {}
    )


@pytest.mark.parametrize(
    "tag",
    ['t="e"', "t='e'", 't = "e"', "t\n=\t'e'", 's="1" t="e"', "t=\"e'", "t='e\""],
)
def test_the_quick_search_finds_every_way_of_writing_an_error_cell(tag):
    """The byte search that skips sheets without errors lets every spelling through."""
    xml = f'<worksheet><sheetData><row r="3"><c r="B3" {tag}><v>#N/A</v></c></row>'.encode()
    assert scan_error_cells(xml + b"</sheetData></worksheet>") == {(3, 1): ErrorCell("#N/A")}


# --- error cells are reported as what they are ---------------------------------------------


@pytest.mark.parametrize("error", EXCEL_ERRORS)
@pytest.mark.parametrize(
    ("sheet", "row", "column", "label"),
    [
        ("Games", 2, 4, "Score"),  # required
        ("Games", 3, 3, "Player"),  # required, a name
        ("Games", 4, 5, "Substituted"),  # optional: a blank would mean "not substituted"
        ("Players", 2, 2, "Rating"),  # optional
        ("Divisions", 3, 2, "Level"),
    ],
)
def test_an_error_cell_is_reported_as_the_error(tmp_path, capsys, error, sheet, row, column, label):
    sheets = league()
    sheets[sheet][row - 1][column] = error
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            f"Error: sheet '{sheet}', row {row}, column '{label}': the cell shows the error"
            f" {error}, typed in as the cell's value; write the value instead"
        ],
        out,
    )
    assert "is missing" not in err
    assert err.count("shows the error") == 1


def test_a_calculated_error_names_its_formula(tmp_path, capsys):
    sheets = league()
    sheets["Games"][1][4] = "SCOREFORMULA"
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    replace_in_parts(path, formula_cell("SCOREFORMULA", b"VLOOKUP(D2,Scores!A:B,2,0)", b"#N/A"))
    code, out = run_path(tmp_path, path)
    assert_refused(
        code,
        capsys.readouterr().err,
        [
            "Error: sheet 'Games', row 2, column 'Score': the cell shows the error #N/A"
            " (its formula is =VLOOKUP(D2,Scores!A:B,2,0)); fix the formula"
        ],
        out,
    )


def test_an_error_in_a_settings_value_is_reported(tmp_path, capsys):
    sheets = league()
    sheets["Settings"].append(["start_points", "#REF!"])
    code, out = run(tmp_path, sheets)
    assert_refused(
        code,
        capsys.readouterr().err,
        ["Error: sheet 'Settings', row 3, column 'Value': the cell shows the error #REF!"],
        out,
    )


@pytest.mark.parametrize("key", ["season", "club", "start_points"])
def test_an_error_code_written_as_text_is_reported_too(tmp_path, capsys, key):
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], [key, "TEXTCELL"]]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    replace_in_sheets(path, {b"TEXTCELL": b"#N/A"})  # a text cell, not an error cell
    code, out = run_path(tmp_path, path)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            "Error: sheet 'Settings', row 2, column 'Value': the cell shows the error #N/A,"
            " typed in as the cell's value; write the value instead"
        ],
        out,
    )
    assert "Internal error" not in err


def test_error_cells_in_attendance_marks_and_headers(tmp_path, capsys):
    sheets = league()
    sheets["Attendance"] = [["Player", D, "#REF!"], ["A", "#N/A", None], ["B", "x", None]]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            "Error: sheet 'Attendance', row 1, column 'C': the cell shows the error #REF!",
            "Error: sheet 'Attendance', row 2, column '2025-09-04 (B)': the cell shows the"
            " error #N/A",
        ],
        out,
    )


def test_an_error_cell_in_a_column_the_tool_ignores_is_no_problem(tmp_path, capsys):
    sheets = league()
    sheets["Games"][0].append("Check")
    for row in sheets["Games"][1:]:
        row.append("#DIV/0!")
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert "error" not in err.lower()
    assert len(sheet_rows(out / "season.xlsx", "Standings")) == 9


# --- two sheets with one name ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("second", "shown"),
    [
        ("GAMES", "'GAMES'"),
        ("Games ", "'Games '"),
        ("Games\u00a0", "'Games\\xa0'"),
        ("games", "'games'"),
    ],
)
def test_two_sheets_with_one_name_are_an_error_naming_both(tmp_path, capsys, second, shown):
    sheets = league()
    sheets["SECONDSHEET"] = sheets["Games"][:5]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    escaped = second.replace("\u00a0", "&#160;").encode()
    replace_in_parts(path, {rb'name="SECONDSHEET"': b'name="' + escaped + b'"'}, "xl/workbook.xml")
    code, out = run_path(tmp_path, path)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            f"Error: sheet {shown}: the workbook has two sheets named 'Games' and {shown};"
            " sheet names are compared ignoring letter case and spaces",
        ],
        out,
    )
    assert err.count("two sheets named") == 1


@pytest.mark.parametrize("name", ["Players", "Attendance", "Settings"])
def test_two_sheets_with_one_name_are_refused_for_every_input_sheet(tmp_path, capsys, name):
    sheets = league()
    sheets["Attendance"] = [["Player", D], ["A", "x"]]
    sheets["SECONDSHEET"] = sheets[name]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    upper = name.upper().encode()
    replace_in_parts(path, {rb'name="SECONDSHEET"': b'name="' + upper + b'"'}, "xl/workbook.xml")
    code, out = run_path(tmp_path, path)
    assert_refused(
        code,
        capsys.readouterr().err,
        [f"the workbook has two sheets named {name!r} and {name.upper()!r}"],
        out,
    )
