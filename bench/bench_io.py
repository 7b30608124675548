"""Time the workbook I/O paths on a large generated season.

Usage: ``python bench/bench_io.py [--rows N]`` (default 100 000 ``Games`` rows).

Builds, in a temporary folder, a workbook with a ``Games`` sheet of N rows (Game, Date,
Division, Player, Score, Substituted; dates are real Excel dates) and a ``Totals`` sheet with
one formula per game (every other one without a cached value), then times:

- reading all ``Games`` rows with python-calamine,
- ``find_uncached_formulas`` on ``Games`` (no formulas: the fast path) and on ``Totals``,
- ``write_result_workbook`` adding a 10 000-row result sheet, and the same write with the
  unchanged parts recompressed instead of copied raw, for comparison.
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
import zipfile
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

from python_calamine import CalamineWorkbook

from mahjong_club.reading.formulas import find_uncached_formulas
from mahjong_club.workbook.plan import plan_package
from mahjong_club.workbook.xlsx import ResultSheet, write_result_workbook
from mahjong_club.workbook.zipcopy import write_package

T = TypeVar("T")

_CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" \
ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/styles.xml" \
ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" \
ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/worksheets/sheet2.xml" \
ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
</Types>"""

_ROOT_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" \
Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" \
Target="xl/workbook.xml"/></Relationships>"""

_WORKBOOK = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
<sheets><sheet name="Games" sheetId="1" r:id="rId1"/><sheet name="Totals" sheetId="2" \
r:id="rId2"/></sheets></workbook>"""

_WORKBOOK_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" \
Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" \
Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" \
Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" \
Target="worksheets/sheet2.xml"/>\
<Relationship Id="rId3" \
Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" \
Target="styles.xml"/></Relationships>"""

# Two cell formats: 0 = general, 1 = a date (built-in number format 14).
_STYLES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill>\
<fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
</cellXfs></styleSheet>"""

_SHEET_HEAD = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
)


def _games_sheet(rows: int) -> bytes:
    """The ``Games`` sheet XML: four rows per game, inline strings, real dates."""
    chunks = [_SHEET_HEAD, '<row r="1">']
    for i, header in enumerate(("Game", "Date", "Division", "Player", "Score", "Substituted")):
        chunks.append(f'<c r="{"ABCDEF"[i]}1" t="inlineStr"><is><t>{header}</t></is></c>')
    chunks.append("</row>")
    for r in range(2, rows + 2):
        n = r - 2
        game = n // 4 + 1
        date = 45900 + game // 20  # a serial date in 2025
        score = 30000 + (n * 7919) % 40000 - 20000
        chunks.append(
            f'<row r="{r}"><c r="A{r}"><v>{game}</v></c><c r="B{r}" s="1"><v>{date}</v></c>'
            f'<c r="C{r}" t="inlineStr"><is><t>Division {game % 3 + 1}</t></is></c>'
            f'<c r="D{r}" t="inlineStr"><is><t>Player {n % 97}</t></is></c>'
            f'<c r="E{r}"><v>{score}</v></c>'
        )
        if n % 50 == 0:
            chunks.append(f'<c r="F{r}" t="inlineStr"><is><t>yes</t></is></c>')
        chunks.append("</row>")
    chunks.append("</sheetData></worksheet>")
    return "".join(chunks).encode()


def _totals_sheet(rows: int) -> bytes:
    """A sheet with one formula per game row; every other one has no cached value."""
    chunks = [_SHEET_HEAD]
    for r in range(1, rows + 1):
        value = "" if r % 2 else f"<v>{r}</v>"
        chunks.append(f'<row r="{r}"><c r="A{r}"><f>Games!E{r + 1}*1</f>{value}</c></row>')
    chunks.append("</sheetData></worksheet>")
    return "".join(chunks).encode()


def build_workbook(path: Path, rows: int) -> None:
    """Write the benchmark workbook to ``path``."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", _CONTENT_TYPES)
        zf.writestr("_rels/.rels", _ROOT_RELS)
        zf.writestr("xl/workbook.xml", _WORKBOOK)
        zf.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        zf.writestr("xl/styles.xml", _STYLES)
        zf.writestr("xl/worksheets/sheet1.xml", _games_sheet(rows))
        zf.writestr("xl/worksheets/sheet2.xml", _totals_sheet(rows))


def _timed(label: str, func: Callable[[], T]) -> T:
    start = time.perf_counter()
    result = func()
    print(f"{label}: {time.perf_counter() - start:.2f} s", flush=True)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line per timed step."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=100_000, help="Games rows (default 100000)")
    args = parser.parse_args(argv)
    rows: int = args.rows

    result_rows: list[list[object]] = [["Division", "Rank", "Player", "Games", "Points"]]
    result_rows += [
        [f"Division {i % 3 + 1}", i + 1, f"Player {i}", 40, Fraction(i * 7, 3)]
        for i in range(10_000)
    ]
    result = ResultSheet("Standings", result_rows)  # type: ignore[arg-type]

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "season.xlsx"
        _timed(f"build {rows} rows", lambda: build_workbook(src, rows))
        print(f"workbook size: {src.stat().st_size / 1e6:.1f} MB")

        data = _timed(
            f"read {rows} rows",
            lambda: CalamineWorkbook.from_path(str(src)).get_sheet_by_name("Games").to_python(),
        )
        assert len(data) == rows + 1, len(data)

        found = _timed(
            "find_uncached_formulas (Games, no formulas)",
            lambda: find_uncached_formulas(src, ["Games"]),
        )
        assert found == [], found
        found = _timed(
            f"find_uncached_formulas (Totals, {rows} formulas)",
            lambda: find_uncached_formulas(src, ["Totals"]),
        )
        assert len(found) == (rows + 1) // 2, len(found)

        target = Path(tmp) / "out" / "season.xlsx"
        _timed(
            "write_result_workbook (+10000-row sheet)",
            lambda: write_result_workbook(src, target, [result]),
        )
        with zipfile.ZipFile(src) as zf:
            plan = plan_package(zf, [result])
        _timed(
            "  same write, recompressing unchanged parts",
            lambda: write_package(src, io.BytesIO(), plan, raw=False),
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
