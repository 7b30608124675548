"""The result sheets look like a careful organiser's: styles appended to the organiser's,
real dates, number formats, frozen header, autofilter, print set-up, the tool's mark."""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from fractions import Fraction
from pathlib import Path

import openpyxl  # type: ignore[import-untyped,unused-ignore]
import pytest
from openpyxl.styles import Font  # type: ignore[import-untyped,unused-ignore]

from mahjong_club.workbook.marks import MARKER, foreign_sheets
from mahjong_club.workbook.styles import edit_stylesheet
from mahjong_club.workbook.xlsx import Cell, ResultSheet, write_result_workbook
from tests.test_xlsx_writer import run_soffice

STANDINGS: list[list[Cell]] = [
    ["Division", "Rank", "Player", "Points", "Table points", "Since", "Played at"],
    ["Riichi 1", 1, "Åse Mølgaard", 27300, Fraction(7, 3), dt.date(2025, 9, 4), None],
    ["Riichi 1", 2, "Bo", -1234567, Fraction(4), None, dt.datetime(2025, 9, 4, 18, 30)],
    ["MCR 1", 3, "Cy", 0, Fraction(1, 13), None, None],
]


def sheet(rows: list[list[Cell]] = STANDINGS, name: str = "Standings") -> ResultSheet:
    return ResultSheet(name, rows, frozenset({"Points"}), optional=True)


@pytest.fixture
def organiser(tmp_path: Path) -> Path:
    """An organiser's workbook with styles of its own: a bold-red cell and a number format."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Games"
    ws["A1"] = "Game"
    ws["A1"].font = Font(bold=True, color="FFFF0000")
    ws["B2"] = 0.5
    ws["B2"].number_format = "0.0%"
    path = tmp_path / "season.xlsx"
    wb.save(path)
    return path


def part(path: Path, name: str) -> bytes:
    with zipfile.ZipFile(path) as zf:
        return zf.read(name)


def test_result_cells_are_formatted(organiser: Path, tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    write_result_workbook(organiser, target, [sheet()])
    wb = openpyxl.load_workbook(target)
    ws = wb["Standings"]
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == "A1:G4"
    header = ws["A1"]
    assert header.font.b is True and header.fill.fill_type == "solid"
    assert ws["D2"].number_format == "#,##0" and ws["D2"].value == 27300
    assert ws["D2"].alignment.horizontal == "right"
    assert ws["E2"].number_format == "# ?/?"
    assert ws["E2"].value == float(Fraction(7, 3))  # the value stays exact as a double
    assert ws["E4"].number_format == "#,##0.00"  # 1/13 cannot show as a one-digit fraction
    assert ws["E3"].value == 4 and ws["E3"].number_format == "General"
    assert ws["B2"].number_format == "General"  # a rank is not an amount
    assert ws["F2"].is_date and ws["F2"].value == dt.datetime(2025, 9, 4)
    assert ws["F2"].number_format == "yyyy-mm-dd"
    assert ws["G3"].value == dt.datetime(2025, 9, 4, 18, 30)
    assert ws["G3"].number_format == "yyyy-mm-dd hh:mm"
    assert ws.column_dimensions["D"].width == len("-1,234,567") + 2
    assert ws.column_dimensions["C"].width == len("Åse Mølgaard") + 2
    assert ws.column_dimensions["F"].width == len("2025-09-04") + 2
    assert ws.column_dimensions["B"].width == len("Rank") + 2 + 2  # room for the filter button
    assert ws.page_setup.orientation == "landscape"
    assert ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 0
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True
    assert ws.print_title_rows == "$1:$1"
    # the organiser's cells keep their look
    games = wb["Games"]
    assert games["A1"].font.b is True and games["A1"].font.color.rgb == "FFFF0000"
    assert games["B2"].number_format == "0.0%"


def test_styles_are_appended_and_existing_entries_keep_their_bytes(
    organiser: Path, tmp_path: Path
) -> None:
    target = tmp_path / "out.xlsx"
    write_result_workbook(organiser, target, [sheet()])
    old, new = part(organiser, "xl/styles.xml").decode(), part(target, "xl/styles.xml").decode()
    for element in ("numFmts", "fonts", "fills", "cellXfs"):
        found = re.search(rf"<{element}[^>]*>(.*?)</{element}>", old, re.S)
        assert found is not None, element
        new_body = re.search(rf"<{element}[^>]*>(.*?)</{element}>", new, re.S)
        assert new_body is not None and new_body.group(1).startswith(found.group(1)), element
        count = re.search(rf'<{element} count="(\d+)"', new)
        assert count is not None
        assert int(count.group(1)) == len(re.findall(r"<(?:numFmt|font|fill|xf)\b", new_body[1]))
    # the organiser's workbook had no differential formats: the statuses' come after cellStyles
    assert "<dxfs" not in old
    assert re.search(r"</cellStyles><dxfs count=\"6\"><dxf>.*?</dxfs><tableStyles", new)
    # everything outside those lists is unchanged
    strip = r"<(numFmts|fonts|fills|cellXfs|dxfs)\b.*?</\1>"
    assert re.sub(strip, "", old, flags=re.S) == re.sub(strip, "", new, flags=re.S)


def test_running_again_on_the_output_adds_no_styles(organiser: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "first.xlsx", tmp_path / "second.xlsx"
    write_result_workbook(organiser, first, [sheet()])
    write_result_workbook(first, second, [sheet()])
    assert part(first, "xl/styles.xml") == part(second, "xl/styles.xml")
    text = part(first, "xl/styles.xml").decode()
    assert edit_stylesheet(text)[0] == text


def style_counts(path: Path) -> dict[str, int]:
    text = part(path, "xl/styles.xml").decode()
    lists = ("numFmts", "fonts", "fills", "cellXfs", "dxfs")
    found = {name: re.search(rf"<{name}\b.*?</{name}>", text, re.S) for name in lists}
    tags = {"numFmts": "numFmt", "fonts": "font", "fills": "fill", "cellXfs": "xf", "dxfs": "dxf"}
    return {
        name: len(re.findall(rf"<{tags[name]}\b", match.group(0))) if match else 0
        for name, match in found.items()
    }


def test_a_workbook_a_program_saved_gains_no_styles_week_after_week(
    organiser: Path, tmp_path: Path
) -> None:
    """openpyxl (and Excel) rewrite the styles as they save: attributes reordered, fonts'
    settings reordered, ``<b val="1"/>``, the apply flags dropped, the tool's number formats
    renumbered to Excel's built-in ones. Matched by their text, the result sheets' seven cell
    styles, font, fill and six status colours were appended again every week."""
    source = organiser
    counts = []
    for week in range(3):
        written = tmp_path / f"written{week}.xlsx"
        write_result_workbook(source, written, [sheet()])
        source = tmp_path / f"saved{week}.xlsx"
        openpyxl.load_workbook(written).save(source)
        counts.append(style_counts(source))
    assert counts[0] == counts[1] == counts[2], counts
    again = tmp_path / "again.xlsx"
    write_result_workbook(source, again, [sheet()])
    assert style_counts(again) == counts[2]  # nothing appended
    ws = openpyxl.load_workbook(again)["Standings"]  # and the cells still look as they should
    assert ws["A1"].font.b is True and ws["A1"].fill.fgColor.rgb == "FFDDE4EE"
    assert ws["D2"].number_format == "#,##0" and ws["D2"].alignment.horizontal == "right"
    assert ws["E2"].number_format == "# ?/?" and ws["F2"].number_format == "yyyy-mm-dd"
    assert ws["E4"].number_format == "#,##0.00"


@pytest.mark.parametrize(
    ("rewritten", "kind"),
    [
        # Excel: the date format's hyphens quoted, the amounts as its built-in format 3
        (
            '<xf numFmtId="170" fontId="0" fillId="0" borderId="0" xfId="0"'
            ' applyAlignment="1"><alignment horizontal="right"/></xf>',
            "date",
        ),
        (
            '<xf xfId="0" borderId="0" fillId="0" fontId="0" numFmtId="3">'
            '<alignment horizontal="right"/></xf>',
            "amount",
        ),
        # LibreOffice: every alignment setting written out, protection at its defaults
        (
            '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyFont="false"'
            ' applyAlignment="true"><alignment horizontal="right" vertical="bottom"'
            ' textRotation="0" wrapText="false" indent="0" shrinkToFit="false"/>'
            '<protection locked="true" hidden="false"/></xf>',
            "number",
        ),
    ],
)
def test_a_cell_style_rewritten_by_a_program_is_used_again(rewritten: str, kind: str) -> None:
    text = (
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<numFmts count="1"><numFmt numFmtId="170" formatCode="yyyy\\-mm\\-dd"/></numFmts>'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
        '<fills count="2"><fill><patternFill/></fill>'
        '<fill><patternFill patternType="gray125"/></fill></fills>'
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
        '</cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"'
        f' xfId="0"/>{rewritten}</cellXfs></styleSheet>'
    )
    new, ids = edit_stylesheet(text)
    assert ids[kind] == 1  # the organiser's entry, not a new one
    assert new.count("<xf ") == text.count("<xf ") + 6  # the other six kinds are appended
    # a look that differs in one thing is not taken: a centred date is the organiser's own
    centred = text.replace('horizontal="right"', 'horizontal="center"')
    assert edit_stylesheet(centred)[1][kind] != 1


STYLES_HEAD = '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'


@pytest.mark.parametrize(
    ("lists", "kind"),
    [
        # a fill with no pattern named shows nothing (openpyxl's PatternFill(fgColor=…))
        (
            '<fills count="3"><fill><patternFill/></fill><fill><patternFill patternType="gray125"/>'
            '</fill><fill><patternFill><fgColor rgb="FFDDE4EE"/></patternFill></fill></fills>',
            "header",
        ),
        # a solid status colour shows its background: black here, not the tool's light red
        (
            '<dxfs count="1"><dxf><fill><patternFill patternType="solid"><fgColor rgb="FFFCE4E4"/>'
            '<bgColor rgb="FF000000"/></patternFill></fill></dxf></dxfs>',
            "bad",
        ),
        # "#\,##0" shows a comma, not a thousands separator
        (
            '<numFmts count="1"><numFmt numFmtId="170" formatCode="#\\,##0"/></numFmts>'
            '<cellXfs count="1"><xf numFmtId="170" fontId="0" fillId="0" borderId="0" xfId="0">'
            '<alignment horizontal="right"/></xf></cellXfs>',
            "amount",
        ),
        # id 14 is the reader's short date, whatever the part writes for it
        (
            '<numFmts count="1"><numFmt numFmtId="14" formatCode="yyyy-mm-dd"/></numFmts>'
            '<cellXfs count="1"><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0">'
            '<alignment horizontal="right"/></xf></cellXfs>',
            "date",
        ),
    ],
)
def test_a_style_that_looks_otherwise_is_not_taken(lists: str, kind: str) -> None:
    """A review's finds: looks that differ from the tool's in what Excel or LibreOffice show
    are not matched (the result sheets' cells would have shown the organiser's look)."""
    new, ids = edit_stylesheet(f"{STYLES_HEAD}{lists}</styleSheet>")
    taken = {"header": 2, "bad": 0, "amount": 0, "date": 0}[kind]
    if kind == "header":  # the fill the header's cell style points at
        xf = re.findall(r"<xf [^>]*>", new.split("<cellXfs")[1])[ids["header"]]
        assert f'fillId="{taken}"' not in xf
    else:
        assert ids[kind] != taken


def test_status_colours_rewritten_by_a_program_are_used_again() -> None:
    """Excel and LibreOffice keep a status colour's fill as the background colour alone."""
    text = (
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<dxfs count="1"><dxf><font><b val="1"/><color rgb="ff9c0006"/></font>'
        '<fill><patternFill><bgColor rgb="FFFFC7CE"/></patternFill></fill></dxf></dxfs>'
        "</styleSheet>"
    )
    new, ids = edit_stylesheet(text)
    assert ids["substitutable"] == 0 and new.count("<dxf>") == 6  # five appended
    bolder = text.replace('<b val="1"/>', '<b val="0"/>')  # not bold: another look
    assert edit_stylesheet(bolder)[1]["substitutable"] != 0


def test_a_workbook_without_styles_gets_a_styles_part(organiser: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bare.xlsx"
    with zipfile.ZipFile(organiser) as src, zipfile.ZipFile(bare, "w") as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/styles.xml":
                continue
            if info.filename == "xl/_rels/workbook.xml.rels":
                data = re.sub(rb"<Relationship [^>]*styles\.xml\"/>", b"", data)
            if info.filename == "[Content_Types].xml":
                data = re.sub(rb'<Override PartName="/xl/styles.xml"[^>]*/>', b"", data)
            out.writestr(info, data)
    target = tmp_path / "out.xlsx"
    write_result_workbook(bare, target, [sheet()])
    ws = openpyxl.load_workbook(target)["Standings"]
    assert ws["A1"].font.b is True and ws["D2"].number_format == "#,##0"
    assert "styles+xml" in part(target, "[Content_Types].xml").decode()


def test_an_empty_optional_sheet_is_not_added(organiser: Path, tmp_path: Path) -> None:
    target = tmp_path / "out.xlsx"
    hands = ResultSheet("Hand scores", [["Session", "Hand"]], optional=True)
    problems = ResultSheet("Problems", [["Severity", "Message"]])
    write_result_workbook(organiser, target, [hands, problems])
    assert openpyxl.load_workbook(target).sheetnames == ["Games", "Problems"]
    # an empty one replaces an old one of that name (no stale rows stay behind)
    again = tmp_path / "again.xlsx"
    write_result_workbook(target, again, [ResultSheet("Problems", [["Severity"]], optional=True)])
    assert [[c.value for c in r] for r in openpyxl.load_workbook(again)["Problems"]] == [
        ["Severity"]
    ]


def test_a_handmade_sheet_of_a_result_name_is_foreign(organiser: Path, tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(organiser)
    wb.create_sheet("standings")["A1"] = "My own table"
    handmade = tmp_path / "handmade.xlsx"
    wb.save(handmade)
    assert foreign_sheets(handmade, [sheet(), ResultSheet("Problems", [["Severity"]])]) == [
        "standings"
    ]
    first = tmp_path / "first.xlsx"
    write_result_workbook(handmade, first, [sheet()])
    assert foreign_sheets(first, [sheet()]) == []  # the tool's own sheet carries its mark
    assert f'name="{MARKER}" localSheetId="1" hidden="1"' in part(first, "xl/workbook.xml").decode()
    # saved by a spreadsheet program the mark stays; written again, no name is doubled
    resaved = tmp_path / "resaved.xlsx"
    openpyxl.load_workbook(first).save(resaved)
    assert foreign_sheets(resaved, [sheet()]) == []
    second = tmp_path / "second.xlsx"
    write_result_workbook(first, second, [sheet()])
    names = part(second, "xl/workbook.xml").decode()
    assert names.count(MARKER) == 1 and names.count("_xlnm.Print_Titles") == 1


def test_a_sheet_of_an_earlier_version_without_the_mark_is_recognised_by_its_header(
    organiser: Path, tmp_path: Path
) -> None:
    first = tmp_path / "first.xlsx"
    write_result_workbook(organiser, first, [sheet()])
    unmarked = tmp_path / "unmarked.xlsx"
    with zipfile.ZipFile(first) as src, zipfile.ZipFile(unmarked, "w") as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/workbook.xml":
                data = re.sub(rb"<definedNames\s*>.*</definedNames>", b"", data)
            out.writestr(info, data)
    assert foreign_sheets(unmarked, [sheet()]) == []
    other = ResultSheet("Standings", [["Rank", "Player"]])
    assert foreign_sheets(unmarked, [other]) == ["Standings"]


def test_libreoffice_prints_standings_one_page_wide(organiser: Path, tmp_path: Path) -> None:
    wide: list[list[Cell]] = [[f"Column {i} with a long header" for i in range(20)]]
    wide += [[f"value {r}-{i} " * 3 for i in range(20)] for r in range(10)]
    only = tmp_path / "only.xlsx"
    openpyxl.Workbook().save(only)
    target = tmp_path / "standings.xlsx"
    write_result_workbook(only, target, [ResultSheet("Sheet", [["x"]]), sheet(wide)])
    # print only the Standings sheet: drop the first one
    run_soffice(target, tmp_path, "pdf", timeout=180)
    pdf = (tmp_path / "standings.pdf").read_bytes()
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", pdf)
    assert boxes and all(float(w) > float(h) for w, h in boxes)  # landscape
    # "Sheet" on one page, all 20 columns of Standings on one more
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 2
