"""Tests for readers.formulas: formula cells saved without a cached value."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl  # type: ignore[import-untyped,unused-ignore]
import pytest

from mahjong_club.reading.formulas import UncachedFormula, _scan_sheet, find_uncached_formulas
from mahjong_club.workbook.xlsx import ResultSheet, write_result_workbook
from tests.test_xlsx_writer import rewrite_entry, run_soffice, soffice_or_skip

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """openpyxl workbook: ``Scores`` has an uncached formula in C6 and a cached one in C7
    (value added by hand, as Excel would save it); ``Plain`` has no formulas."""
    wb = openpyxl.Workbook()
    scores = wb.active
    scores.title = "Scores"
    scores.append(["Player", "Round 1", "Total"])
    for r in range(2, 8):
        scores.append([f"P{r}", r * 10])
    scores["C6"] = "=B6*2+SUM(B2:B5)"
    scores["C7"] = '=B7&"<x>"'
    plain = wb.create_sheet("Plain")
    plain.append(["Player", "Score"])
    plain.append(["Ann", 32100])
    wb.create_sheet("Also formulas")["A1"] = "=1+1"
    path = tmp_path / "book.xlsx"
    wb.save(path)
    rewrite_entry(
        path,
        "xl/worksheets/sheet1.xml",
        {b'<f>B7&amp;"&lt;x&gt;"</f><v />': b'<f>B7&amp;"&lt;x&gt;"</f><v>70&lt;x&gt;</v>'},
    )
    return path


def test_uncached_formula_is_reported_with_excel_row_and_column(book: Path) -> None:
    assert find_uncached_formulas(book, ["Scores"]) == [
        UncachedFormula("Scores", 6, 2, "B6*2+SUM(B2:B5)")
    ]


def test_sheet_without_formulas(book: Path) -> None:
    assert find_uncached_formulas(book, ["Plain"]) == []


def test_sheet_names_case_insensitive_unknown_ignored(book: Path) -> None:
    found = find_uncached_formulas(book, [" also FORMULAS ", "scores", "No such sheet", "SCORES"])
    assert found == [
        UncachedFormula("Also formulas", 1, 0, "1+1"),
        UncachedFormula("Scores", 6, 2, "B6*2+SUM(B2:B5)"),
    ]
    assert find_uncached_formulas(book, []) == []


def test_still_found_in_written_result_workbook(book: Path, tmp_path: Path) -> None:
    target = tmp_path / "out" / "book.xlsx"
    write_result_workbook(book, target, [ResultSheet("Standings", [["Rank"], [1]])])
    assert find_uncached_formulas(target, ["scores", "standings"]) == [
        UncachedFormula("Scores", 6, 2, "B6*2+SUM(B2:B5)")
    ]


def _sheet(body: str, prefix: str = "x") -> bytes:
    p = f"{prefix}:" if prefix else ""
    decl = f"xmlns:{prefix}" if prefix else "xmlns"
    return (
        f'<?xml version="1.0"?>\n<{p}worksheet {decl}="{MAIN}"><{p}sheetData>{body}'
        f"</{p}sheetData></{p}worksheet>"
    ).encode()


def test_prefixed_shared_and_empty_string_formulas() -> None:
    body = (
        '<x:row r="2"><x:c r="A2"><x:f t="shared" ref="A2:A4" si="0">B2*2</x:f><x:v>4</x:v>'
        '</x:c></x:row><x:row r="3"><x:c r="A3"><x:f t="shared" si="0"/></x:c>'
        '<x:c r="B3" t="str"><x:f>IF(A3="","",A3)</x:f><x:v></x:v></x:c>'
        '<x:c r="C3"><x:f>"a&amp;b"</x:f><x:v/></x:c>'
        '<x:c r="D3" s="2"><x:f>D2</x:f><x:v>0</x:v></x:c>'
        '<x:c r="AA3" t="e"><x:f>1/0</x:f><x:v>#DIV/0!</x:v></x:c></x:row>'
        '<x:row r="4"><x:c r="A4"><x:f t="shared" si="0"/><x:v>8</x:v></x:c></x:row>'
    )
    ext = (
        '<x:extLst><x:ext><x14:dataValidations xmlns:x14="urn:x14"><x14:dataValidation>'
        "<x14:formula1><xm:f>Lists!$A$1:$A$4</xm:f></x14:formula1>"
        "</x14:dataValidation></x14:dataValidations></x:ext></x:extLst>"
    )
    data = _sheet(body).replace(b"</x:worksheet>", ext.encode() + b"</x:worksheet>")
    assert _scan_sheet("S", data) == [
        UncachedFormula("S", 3, 0, "B3*2"),  # the shared formula, moved to A3
        UncachedFormula("S", 3, 2, '"a&b"'),
    ]


def test_cells_without_references_and_spacing() -> None:
    body = (
        '<row r="5" spans="1:3">\n  <c t="n">\n    <f>1+1</f>\n  </c>\n'
        "  <c><v>3</v></c>\n  <c s='1'><f>2+2</f>\n<v/></c>\n</row>\n"
        "<row><c r='B6'><f>B5</f></c></row>"
    )
    assert _scan_sheet("S", _sheet(body, prefix="")) == [
        UncachedFormula("S", 5, 0, "1+1"),
        UncachedFormula("S", 5, 2, "2+2"),
        UncachedFormula("S", 6, 1, "B5"),
    ]


def test_no_formula_tag_returns_quickly() -> None:
    data = _sheet('<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row>' * 1000)
    assert _scan_sheet("S", data) == []


def test_libreoffice_saved_formulas_are_cached(book: Path, tmp_path: Path) -> None:
    soffice_or_skip()
    outdir = tmp_path / "lo"
    run_soffice(book, outdir, "xlsx")
    resaved = outdir / "book.xlsx"
    with zipfile.ZipFile(resaved) as zf:
        assert any(b"<f" in zf.read(n) for n in zf.namelist() if "worksheets/" in n)
    assert find_uncached_formulas(resaved, ["Scores", "Also formulas", "Plain"]) == []
