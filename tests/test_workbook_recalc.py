"""The updated copy asks Excel to recalculate the organiser's formulas when it opens
(``<calcPr fullCalcOnLoad="1"/>``): a formula reading a result sheet showed last week's value
beside this week's sheets (a workbook fidelity trial's find). Each way a workbook part holds
(or lacks) ``calcPr``, and the schema's order kept."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl  # type: ignore[import-untyped,unused-ignore]
import pytest

from mahjong_club.workbook.cells import ResultSheet
from mahjong_club.workbook.xlsx import write_result_workbook

#: The order of a workbook part's children (ECMA-376 CT_Workbook), as far as they matter here.
ORDER = ["sheets", "functionGroups", "externalReferences", "definedNames", "calcPr", "oleSize"]


def organisers(tmp_path: Path, calc: str, names: bool) -> Path:
    """A workbook whose part has ``calc`` where openpyxl writes its ``<calcPr …/>``."""
    book = openpyxl.Workbook()
    book.active.title = "Games"
    book.active["A1"] = "=1+1"
    source = tmp_path / "organiser.xlsx"
    book.save(source)
    with zipfile.ZipFile(source) as package:
        parts = {i.filename: package.read(i) for i in package.infolist()}
    xml = parts["xl/workbook.xml"].decode()
    xml = re.sub(r"<definedNames>.*?</definedNames>|<definedNames/>", "", xml)
    if names:
        xml = xml.replace(
            "</sheets>",
            '</sheets><definedNames><definedName name="Two">Games!$A$1'
            "</definedName></definedNames>",
        )
    xml = re.sub(r"<calcPr[^>]*/>", calc, xml)
    assert calc in xml
    parts["xl/workbook.xml"] = xml.encode()
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)
    return source


@pytest.mark.parametrize("names", [True, False])
@pytest.mark.parametrize(
    ("calc", "expected"),
    [
        ('<calcPr calcId="191029"/>', '<calcPr fullCalcOnLoad="1" calcId="191029"/>'),  # Excel
        (
            '<calcPr calcId="191029" fullCalcOnLoad="0"/>',
            '<calcPr calcId="191029" fullCalcOnLoad="1"/>',
        ),
        ("<calcPr fullCalcOnLoad='false'/>", "<calcPr fullCalcOnLoad='1'/>"),
        ("", '<calcPr fullCalcOnLoad="1"/>'),  # none at all: one added in its place
    ],
)
def test_excel_is_asked_to_recalculate_on_opening(tmp_path, calc, expected, names):
    source = organisers(tmp_path, calc, names)
    target = tmp_path / "out.xlsx"
    write_result_workbook(source, target, [ResultSheet("Standings", [["Rank"], [1]])])
    with zipfile.ZipFile(target) as package:
        xml = package.read("xl/workbook.xml").decode()
    assert xml.count("<calcPr") == 1 and expected in xml
    children = re.findall(r"<(\w+)[\s/>]", xml.split("<workbook", 1)[1].split(">", 1)[1])
    top = [c for c in children if c in ORDER]
    assert top == sorted(top, key=ORDER.index)  # definedNames (ours or theirs) before calcPr
    reopened = openpyxl.load_workbook(target)
    assert reopened["Games"]["A1"].value == "=1+1"
    assert reopened.calculation.fullCalcOnLoad is True
