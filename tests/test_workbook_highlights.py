"""Statuses coloured by conditional formatting: real rules over the status columns, their
differential formats appended to the organiser's styles (existing ones keep index and bytes)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl  # type: ignore[import-untyped,unused-ignore]
import pytest
from openpyxl.formatting.rule import (  # type: ignore[import-untyped,unused-ignore]
    CellIsRule,
)
from openpyxl.styles import PatternFill  # type: ignore[import-untyped,unused-ignore]

from mahjong_club.workbook.highlights import Highlight, conditional_formatting
from mahjong_club.workbook.season_sheets import ATTENDANCE_HIGHLIGHTS, NEXT_SEASON_HIGHLIGHTS
from mahjong_club.workbook.sheets import STANDINGS_HIGHLIGHTS
from mahjong_club.workbook.styles import DXFS, edit_stylesheet, minimal_stylesheet
from mahjong_club.workbook.xlsx import Cell, ResultSheet, write_result_workbook

ATTENDANCE: list[list[Cell]] = [
    ["Player", "Divisions", "Status", "Since"],
    ["Ann", 1, "ok", None],
    ["Bo", 2, "warning", None],
    ["Cy", 1, "substitutable", None],
]
STANDINGS: list[list[Cell]] = [
    ["Division", "Rank", "Player", "Status"],
    ["Riichi 1", 1, "Ann", "winner"],
    ["Riichi 2", 1, "Bo", "promoted"],
    ["Riichi 2", 2, "Cy", "promotion candidate"],
    ["Riichi 2", 3, "Dan", "relegation candidate"],
    ["Open", 4, "Eva", "disqualified"],
]


def part(path: Path, name: str) -> str:
    with zipfile.ZipFile(path) as zf:
        return zf.read(name).decode()


@pytest.fixture
def organiser(tmp_path: Path) -> Path:
    """An organiser's workbook with a conditional format of its own (so its styles part has a
    differential format, index 0, that must keep its index and bytes)."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Games"
    ws.append(["Score"])
    ws.append([-5])
    red = PatternFill(start_color="FFFF0000", end_color="FFFF0000", fill_type="solid")
    ws.conditional_formatting.add("A2:A9", CellIsRule(operator="lessThan", formula=["0"], fill=red))
    path = tmp_path / "season.xlsx"
    wb.save(path)
    return path


def written(organiser: Path, tmp_path: Path) -> Path:
    target = tmp_path / "out.xlsx"
    write_result_workbook(
        organiser,
        target,
        [
            ResultSheet("Attendance status", ATTENDANCE, highlights=ATTENDANCE_HIGHLIGHTS),
            ResultSheet("Standings", STANDINGS, highlights=STANDINGS_HIGHLIGHTS),
        ],
    )
    return target


def looks(ws: object) -> dict[str, tuple[str, object, object, object]]:
    """Each rule's formula → (range, fill colour, bold, font colour) as openpyxl reads them."""
    found = {}
    for cf in ws.conditional_formatting:  # type: ignore[attr-defined]
        for rule in cf.rules:
            dxf = rule.dxf
            font = dxf.font
            found[rule.formula[0]] = (
                str(cf.sqref),
                dxf.fill.bgColor.rgb,
                bool(font.b) if font else None,
                font.color.rgb if font and font.color else None,
            )
    return found


def test_statuses_are_coloured_by_conditional_formatting(organiser: Path, tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(written(organiser, tmp_path))
    assert looks(wb["Attendance status"]) == {
        '$C2="warning"': ("C2:C4", "FFFFEB9C", False, "FF9C5700"),  # amber
        '$C2="substitutable"': ("C2:C4", "FFFFC7CE", True, "FF9C0006"),  # red, bold
    }
    assert looks(wb["Standings"]) == {
        '$D2="winner"': ("D2:D6", "FFC6EFCE", False, "FF006100"),  # green
        '$D2="promoted"': ("D2:D6", "FFC6EFCE", False, "FF006100"),
        '$D2="promotion candidate"': ("D2:D6", "FFE2F0D9", None, None),  # light green
        '$D2="relegation candidate"': ("D2:D6", "FFFCE4E4", None, None),  # light red
        '$D2="disqualified"': ("D2:D6", "FF404040", True, "FFFFFFFF"),  # dark, white text
    }
    # the rules are numbered in order across the sheet; the organiser's rule is untouched
    priorities = [r.priority for cf in wb["Standings"].conditional_formatting for r in cf.rules]
    assert priorities == [1, 2, 3, 4, 5]
    games = wb["Games"].conditional_formatting
    [rule] = [r for cf in games for r in cf.rules]
    assert rule.formula == ["0"] and rule.dxf.fill.fgColor.rgb == "FFFF0000"


def test_differential_formats_are_appended_and_the_organisers_keep_index_and_bytes(
    organiser: Path, tmp_path: Path
) -> None:
    old = part(organiser, "xl/styles.xml")
    new = part(written(organiser, tmp_path), "xl/styles.xml")
    old_dxfs = re.search(r"<dxfs count=\"1\">(<dxf>.*?</dxf>)</dxfs>", old, re.S)
    assert old_dxfs is not None
    new_dxfs = re.search(r"<dxfs count=\"(\d+)\">(.*?)</dxfs>", new, re.S)
    assert new_dxfs is not None
    assert new_dxfs.group(2) == old_dxfs.group(1) + "".join(DXFS.values())
    assert int(new_dxfs.group(1)) == 1 + len(DXFS) == new_dxfs.group(2).count("<dxf>")
    # the organiser's rule still points at dxf 0; the tool's rules point past it
    sheet_ids = {
        int(n)
        for n in re.findall(
            r'dxfId="(\d+)"', part(tmp_path / "out.xlsx", "xl/worksheets/sheet2.xml")
        )
    }
    assert sheet_ids == {1, 2}  # warning, substitutable: the first two appended


def test_a_missing_dxfs_list_is_created_in_its_place_and_nothing_is_added_twice() -> None:
    text, ids = edit_stylesheet(minimal_stylesheet())
    order = re.findall(
        r"<(numFmts|fonts|fills|borders|cellStyleXfs|cellXfs|cellStyles|dxfs)\b", text
    )
    assert order == [
        "numFmts",
        "fonts",
        "fills",
        "borders",
        "cellStyleXfs",
        "cellXfs",
        "cellStyles",
        "dxfs",
    ]
    assert [ids[look] for look in DXFS] == list(range(len(DXFS)))
    assert edit_stylesheet(text) == (text, ids)
    # an empty <dxfs count="0"/> before <tableStyles> is filled in where it is
    empty = text.replace(re.search(r"<dxfs.*</dxfs>", text).group(0), '<dxfs count="0"/>')  # type: ignore[union-attr]
    empty = empty.replace("</styleSheet>", '<tableStyles count="0"/></styleSheet>')
    filled, _ = edit_stylesheet(empty)
    assert re.search(r'</cellStyles><dxfs count="6"><dxf>.*</dxfs><tableStyles count="0"/>', filled)
    # a prefixed styles part gets prefixed entries
    prefixed, _ = edit_stylesheet(
        '<x:styleSheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        "<x:tableStyles/></x:styleSheet>"
    )
    assert re.search(r"<x:dxfs count=\"6\"><x:dxf><x:font>.*</x:dxfs><x:tableStyles/>", prefixed)
    assert "<dxf" not in prefixed


def test_running_again_adds_no_rules_and_no_formats(organiser: Path, tmp_path: Path) -> None:
    first = written(organiser, tmp_path)
    second = tmp_path / "second.xlsx"
    write_result_workbook(
        first,
        second,
        [ResultSheet("Attendance status", ATTENDANCE, highlights=ATTENDANCE_HIGHLIGHTS)],
    )
    assert part(first, "xl/styles.xml") == part(second, "xl/styles.xml")
    ws = openpyxl.load_workbook(second)["Attendance status"]
    assert len([r for cf in ws.conditional_formatting for r in cf.rules]) == 2


def test_contains_rules_escape_quotes_and_xml_specials() -> None:
    rules = [
        Highlight("Reason", 'say "hi" & <go>', "warning", whole=False),
        Highlight("Status", 'a"b', "bad"),
        Highlight("Missing", "x", "bad"),  # a column the sheet does not have: no rule
        Highlight("Status", "x", "no such look"),
    ]
    xml = conditional_formatting(["Status", "Reason"], 4, rules, {"warning": 3, "bad": 5})
    assert xml == (
        '<conditionalFormatting sqref="A2:A4"><cfRule type="expression" dxfId="5" priority="1">'
        '<formula>$A2="a""b"</formula></cfRule></conditionalFormatting>'
        '<conditionalFormatting sqref="B2:B4"><cfRule type="containsText" dxfId="3" priority="2" '
        'operator="containsText" text="say &quot;hi&quot; &amp; &lt;go&gt;">'
        '<formula>NOT(ISERROR(SEARCH("say ""hi"" &amp; &lt;go&gt;",B2)))</formula></cfRule>'
        "</conditionalFormatting>"
    )
    # a sheet with only its header row has nothing to colour
    assert conditional_formatting(["Status"], 1, rules, {"bad": 5}) == ""


def test_reasons_are_coloured_by_the_move_they_end_with(tmp_path: Path) -> None:
    rows: list[list[Cell]] = [
        ["Game", "Level", "Player", "Reason"],
        ["MCR", 1, "Ann", "winner of division 2, promoted"],
        ["MCR", 2, "Bo", "relegation candidate of division 1, relegated"],
        ["MCR", 2, "Cy", "rank 6 of division 1, moved down: division 1 is smaller next season"],
        ["MCR", 1, "Dan", "relegation candidate of division 1, kept: a place was free"],
    ]
    base = tmp_path / "base.xlsx"
    openpyxl.Workbook().save(base)
    target = tmp_path / "out.xlsx"
    write_result_workbook(
        base, target, [ResultSheet("Next season", rows, highlights=NEXT_SEASON_HIGHLIGHTS)]
    )
    ws = openpyxl.load_workbook(target)["Next season"]
    rules = {
        r.text: (str(cf.sqref), r.type, r.dxf.fill.bgColor.rgb)
        for cf in ws.conditional_formatting
        for r in cf.rules
    }
    assert rules == {
        ", promoted": ("D2:D5", "containsText", "FFC6EFCE"),
        ", relegated": ("D2:D5", "containsText", "FFFCE4E4"),
        ", moved down": ("D2:D5", "containsText", "FFFCE4E4"),
    }
    # "relegation candidate …, kept" matches none of them: only the move counts
    assert not any(text in str(rows[4][3]) for text in rules)


def test_an_unstyled_sheet_has_no_rules() -> None:
    from mahjong_club.workbook.cells import render_sheet

    xml = render_sheet(ATTENDANCE, highlights=ATTENDANCE_HIGHLIGHTS).decode()
    assert "conditionalFormatting" not in xml
    styled = render_sheet(
        ATTENDANCE,
        styles=edit_stylesheet(minimal_stylesheet())[1],
        highlights=ATTENDANCE_HIGHLIGHTS,
    ).decode()
    # in the schema's order: after the autofilter, before the page margins
    assert re.search(
        r"</sheetData><autoFilter [^>]*/>"
        r"<conditionalFormatting .*</conditionalFormatting><pageMargins",
        styled,
    )
