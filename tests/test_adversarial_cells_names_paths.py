"""Defects an adversarial tester found, each built for real: Excel 365 error values calamine
refuses, invisible characters inside names, control characters in paths printed to the
terminal, and a DOCTYPE or a macro hidden in a part the tool does not read.

Every workbook is a real .xlsx written by openpyxl with its sheet XML edited afterwards.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from mahjong_club.cli import main
from mahjong_club.common.text import fold_name
from mahjong_club.reading.error_cells import neutralise_error_cells
from mahjong_club.reading.opening import open_book
from tests.builders import assert_refused, write_workbook
from tests.test_cli_errors import league

GAMES = "xl/worksheets/sheet4.xml"  # the league workbook's fourth sheet
EXCEL_365_ERRORS = [
    "#SPILL!",
    "#CALC!",
    "#FIELD!",
    "#BLOCKED!",
    "#CONNECT!",
    "#BUSY!",
    "#UNKNOWN!",
    "#GETTING_DATA",
    "#n/a",
]


def edited(path: Path, edits: dict[str, list[tuple[bytes, bytes]]]) -> Path:
    """Rewrite parts of the .xlsx at ``path`` (regular expression → replacement, each must
    match), adding a part when its name is new (its text the one replacement's)."""
    with zipfile.ZipFile(path) as source:
        items = [(info.filename, source.read(info)) for info in source.infolist()]
    names = {name for name, _ in items}
    items += [(name, b"") for name in edits if name not in names]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in items:
            for old, new in edits.get(name, []):
                data, count = re.subn(old, new, data) if data else (new, 1)
                assert count, f"{old!r} not in {name}"
            target.writestr(name, data)
    return path


def assert_not_opened(code: int, err: str, expected: list[str], out: Path) -> None:
    """A workbook refused before it is read: exit status 1, the texts, nothing written."""
    assert code == 1, err
    for text in expected:
        assert text in err, f"{text!r} not in: {err}"
    assert not out.exists()


def run(path: Path, out: Path, *extra: str) -> int:
    return main([str(path), "--out", str(out), *extra])


# 1. Excel 365 error values ------------------------------------------------------------------


@pytest.mark.parametrize("error", EXCEL_365_ERRORS)
def test_a_365_error_in_a_column_not_read_does_not_stop_the_run(tmp_path, capsys, error):
    path = write_workbook(tmp_path / "season.xlsx", league())
    cell = f'<c r="H5" t="e"><f>SEQUENCE(1)</f><v>{error}</v></c></row>'.encode()
    edited(path, {GAMES: [(rb"</row>(?=<row r=\"6\")", cell)]})
    out = tmp_path / "out"
    code = run(path, out)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "damaged" not in captured.err
    assert (out / "season.xlsx").is_file()


def one_sheet_package(sheet: bytes) -> bytes:
    """The smallest .xlsx calamine opens: one sheet ``S`` whose XML is ``sheet``."""
    main_ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    pkg = "http://schemas.openxmlformats.org/package/2006"
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    parts = {
        "[Content_Types].xml": f'<Types xmlns="{pkg}/content-types">'
        f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        f'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{kind}.sheet.main+xml"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{kind}.worksheet+xml"/>'
        "</Types>",
        "_rels/.rels": f'<Relationships xmlns="{pkg}/relationships"><Relationship Id="rId1" '
        f'Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{main_ns}" xmlns:r="{rel}"><sheets>'
        '<sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{pkg}/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/>'
        "</Relationships>",
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        for name, text in parts.items():
            package.writestr(name, text)
        package.writestr("xl/worksheets/sheet1.xml", sheet)
    return buffer.getvalue()


def test_a_365_error_the_scan_cannot_place_is_still_neutralised(tmp_path):
    """A comment holding a fake cell tag before a #SPILL! cell: the scan cannot place that
    cell, but calamine still reads the sheet from the copy with the value made #N/A."""
    sheet = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<sheetData><!-- <c a="<c t=\'e\'>"> --><row r="1"><c r="A1" t="e">'
        b'<v>#SPILL!</v></c><c r="B1"><v>5</v></c></row></sheetData></worksheet>'
    )
    path = tmp_path / "hostile.xlsx"
    path.write_bytes(one_sheet_package(sheet))
    assert open_book(path).get_sheet_by_name("S").to_python() == [["", 5.0]]


@pytest.mark.parametrize("error", ["#SPILL!", "#GETTING_DATA", "#n/a"])
def test_a_365_error_in_a_column_read_is_the_located_error(tmp_path, capsys, error):
    sheets = league()
    sheets["Games"][2][4] = "SCOREFORMULA"
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    cell = b't="e"><f>SEQUENCE(1)</f><v>' + error.encode() + b"</v>"
    edited(path, {GAMES: [(rb't="(?:inlineStr|s|str)"><is><t>SCOREFORMULA</t></is>', cell)]})
    out = tmp_path / "out"
    code = run(path, out)
    err = capsys.readouterr().err
    assert_refused(
        code,
        err,
        [
            f"Error: sheet 'Games', row 3, column 'Score': the cell shows the error {error}"
            " (its formula is =SEQUENCE(1)); fix the formula"
        ],
        out,
    )
    assert "damaged" not in err


def test_only_the_values_calamine_refuses_are_neutralised():
    xml = (
        b'<x:worksheet xmlns:x="m"><x:sheetData><x:row r="1">'
        b'<x:c r="A1" t="e"><x:f>A2</x:f><x:v>#SPILL!</x:v></x:c>'
        b'<x:c r="B1" t="e"><x:v>#DIV/0!</x:v></x:c>'
        b'<x:c r="C1" t="str"><x:v>#CALC!</x:v></x:c>'
        b'<x:c r="D1" t="e"><x:v>#n/a</x:v></x:c>'
        b"</x:row></x:sheetData></x:worksheet>"
    )
    assert neutralise_error_cells(xml) == xml.replace(b"#SPILL!", b"#N/A").replace(b"#n/a", b"#N/A")
    assert (
        neutralise_error_cells(xml.replace(b"#SPILL!", b"#REF!").replace(b"#n/a", b"#NUM!")) is None
    )


# 2. Invisible characters in names ------------------------------------------------------------


def test_invisible_format_characters_are_no_part_of_a_name():
    same = [
        "Mette\u200b Dahl",
        "\ufeffMette Dahl",
        "Met\u200cte\u200d Dahl\u2060",
        "\u200eMette Dahl",
    ]
    assert {fold_name(name) for name in same} == {fold_name("Mette Dahl")} == {"mette dahl"}


def test_a_players_row_differing_by_a_zero_width_space_is_a_duplicate(tmp_path, capsys):
    sheets = league()
    sheets["Players"].append(["A\u200b", "a2@example.org", 1500])
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    code = run(path, out)
    assert_refused(
        code,
        capsys.readouterr().err,
        [
            "Error: sheet 'Players', row 7, column 'Player': 'A\\u200b' is the same name as 'A'"
            " in row 2 (contains an invisible character (U+200B))"
        ],
        out,
    )


def test_a_spelling_with_a_zero_width_space_elsewhere_is_the_same_player(tmp_path, capsys):
    sheets = league()
    sheets["Games"][1][3] = "A\u200b"
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    code = run(path, out)
    err = capsys.readouterr().err
    assert code == 0, err
    assert (
        "Warning: sheet 'Games', row 2, column 'Player': 'A\\u200b' in row 2 is taken to be 'A'"
        in err
    )
    assert "(contains an invisible character (U+200B))" in err


# 3. Control characters in paths ---------------------------------------------------------------


def test_a_missing_workbook_with_an_escape_in_its_name_is_printed_escaped(tmp_path, capsys):
    missing = tmp_path / "missing\x1b[2J.xlsx"
    code = run(missing, tmp_path / "out")
    err = capsys.readouterr().err
    assert code == 1
    assert "missing\\x1b[2J.xlsx does not exist or is not a file" in err
    assert "\x1b" not in err


def test_a_workbook_name_with_a_terminal_title_sequence_is_printed_escaped(tmp_path, capsys):
    sheets = league()
    sheets["Games"][1][4] = "lots"
    path = write_workbook(tmp_path / "bad\x1b]0;TITLE\x07.xlsx", sheets)
    out = tmp_path / "out"
    code = run(path, out)
    err = capsys.readouterr().err
    assert code == 1
    assert "1 error in bad\\x1b]0;TITLE\\x07.xlsx; nothing was written." in err
    assert "\x1b" not in err and "\x07" not in err
    assert not out.exists()


def test_a_damaged_workbook_with_an_escape_in_its_name_is_printed_escaped(tmp_path, capsys):
    path = tmp_path / "bad\x1b[2J.xlsx"
    path.write_bytes(b"not a zip at all")
    code = run(path, tmp_path / "out")
    err = capsys.readouterr().err
    assert code == 1
    assert "bad\\x1b[2J.xlsx" in err and "\x1b" not in err


def test_an_output_folder_with_an_escape_is_printed_escaped(tmp_path, capsys):
    path = write_workbook(tmp_path / "season.xlsx", league())
    out = tmp_path / "o\x1b[2Jx"
    code = run(path, out)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert f"Wrote {tmp_path}/o\\x1b[2Jx/season.xlsx" in captured.out
    assert "\x1b" not in captured.out + captured.err
    assert (out / "season.xlsx").is_file()
    code = run(path, out, "--dry-run")
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "(would write " in captured.out and "o\\x1b[2Jx" in captured.out
    assert "\x1b" not in captured.out + captured.err


# 4. Parts the tool does not read ---------------------------------------------------------------

XXE = b'<!DOCTYPE cp [<!ENTITY x SYSTEM "file:///etc/passwd">]>'


@pytest.mark.parametrize(
    ("part", "at"),
    [
        ("docProps/core.xml", rb"(?=<cp:coreProperties)"),
        ("docProps/app.xml", rb"(?=<Properties)"),
        ("xl/theme/theme1.xml", rb"(?=<a:theme)"),
    ],
)
def test_a_doctype_in_any_part_is_refused(tmp_path, capsys, part, at):
    path = write_workbook(tmp_path / "season.xlsx", league())
    edited(path, {part: [(at, XXE.replace(b"cp", b"r") if part != "docProps/core.xml" else XXE)]})
    out = tmp_path / "out"
    code = run(path, out)
    assert_not_opened(
        code,
        capsys.readouterr().err,
        [
            f"Error: season.xlsx is damaged: the part {part} (one of the package's parts, each"
            " checked for a <!DOCTYPE>): it has a document type declaration (<!DOCTYPE ...>)"
        ],
        out,
    )


def test_a_doctype_in_a_sheet_not_read_is_refused_naming_the_sheet(tmp_path, capsys):
    sheets = league()
    sheets["Notes"] = [["anything"]]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    edited(path, {"xl/worksheets/sheet5.xml": [(rb"(?=<worksheet)", XXE)]})
    out = tmp_path / "out"
    code = run(path, out)
    assert_not_opened(
        code,
        capsys.readouterr().err,
        ["Error: sheet 'Notes' (xl/worksheets/sheet5.xml) is damaged: it has a document type"],
        out,
    )


VBA = b"application/vnd.ms-office.vbaProject"


@pytest.mark.parametrize(
    ("types", "shown"),
    [
        (b'<Default Extension="bin" ContentType="' + VBA + b'"/>', "xl/vbaProject2.bin"),
        (
            b'<Override PartName="/xl/vbaProject2.bin" ContentType="' + VBA + b'"/>',
            "xl/vbaProject2.bin",
        ),
        (
            b'<Override PartName="/xl/macrosheets/sheet1.xml"'
            b' ContentType="application/vnd.ms-excel.macrosheet+xml"/>',
            "xl/macrosheets/sheet1.xml",
        ),
    ],
)
def test_a_renamed_macro_part_is_refused(tmp_path, capsys, types, shown):
    path = write_workbook(tmp_path / "season.xlsx", league())
    edited(
        path,
        {
            "[Content_Types].xml": [(rb"(?=</Types>)", types)],
            shown: [(b"", b"<xm:macrosheet/>" if shown.endswith(".xml") else b"\xd0\xcf\x11")],
        },
    )
    out = tmp_path / "out"
    code = run(path, out)
    err = capsys.readouterr().err
    assert_not_opened(code, err, ["is a macro-enabled workbook", f"{shown} of type "], out)
