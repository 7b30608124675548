"""The styled result workbooks in a real LibreOffice: printed to PDF (each sample's ranking
one page wide, the statuses in their colours, Danish dates), and saved again by it (the
conditional formats, filters and print set-up kept: it read them without repair)."""

from __future__ import annotations

import functools
import re
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import openpyxl  # type: ignore[import-untyped,unused-ignore]
import pytest

from mahjong_club.workbook.marks import FILTER_DATABASE
from mahjong_club.workbook.season_sheets import ATTENDANCE_HIGHLIGHTS
from mahjong_club.workbook.sheets import STANDINGS_HIGHLIGHTS
from mahjong_club.workbook.xlsx import Cell, ResultSheet, write_result_workbook
from tests.golden_outputs import RUNS, run_sample
from tests.pdf_pages import Document, Page, read_pdf
from tests.test_xlsx_writer import run_soffice, soffice_or_skip

# About 10 s: one LibreOffice run prints five workbooks, another saves two again.
pytestmark = pytest.mark.slow

# Fill colours as the PDF sets them (r, g, b from 0 to 1), from the statuses' looks.
AMBER, RED, DARK = (1.0, 0.922, 0.612), (1.0, 0.78, 0.808), (0.251, 0.251, 0.251)
GREEN, LIGHT_GREEN, LIGHT_RED = (0.776, 0.937, 0.808), (0.886, 0.941, 0.851), (0.988, 0.894, 0.894)
WHITE = (1.0, 1.0, 1.0)

STATUSES: list[list[Cell]] = [
    ["Division", "Rank", "Player", "Status"],
    ["Riichi 1", 1, "Ann", "winner"],
    ["Riichi 2", 2, "Bo", "promotion candidate"],
    ["Riichi 2", 3, "Cy", "relegation candidate"],
    ["Open", 4, "Dan", "disqualified"],
    ["Open", 5, "Eva", ""],
]
ATTENDANCE: list[list[Cell]] = [["Player", "Status"], ["Ann", "ok"], ["Bo", "warning"]]


def convert(workbooks: Sequence[Path], outdir: Path, to: str, locale: str = "") -> None:
    """Convert ``workbooks`` with one headless LibreOffice (a fresh profile) into ``outdir``;
    ``locale`` (``da_DK.UTF-8``) is the reader's locale, when given."""
    run_soffice(workbooks, outdir, to, locale, timeout=300)
    for workbook in workbooks:
        assert (outdir / f"{workbook.stem}.{to.split(':')[0]}").exists(), workbook


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The output workbooks of the three samples, of the season in Danish, and a workbook
    with every status; all printed to PDF (folder ``pdf``), two of them saved again as xlsx
    (folder ``resaved``) by LibreOffice, and the Danish one printed on a Danish computer
    (folder ``on_danish``)."""
    soffice_or_skip()
    made: dict[str, Path] = {}
    for key in ("season", "tournament", "duplicate"):
        out = run_sample(RUNS[key], tmp_path_factory.mktemp(key))
        made[key] = out / RUNS[key].sample
    source = openpyxl.load_workbook(RUNS["season"].workbook)
    [cell] = [r[1] for r in source["Settings"].iter_rows() if r[0].value == "language"]
    cell.value = "da"
    danish = tmp_path_factory.mktemp("source") / "danish.xlsx"
    source.save(danish)
    out = tmp_path_factory.mktemp("danish")
    run_sample(type(RUNS["season"])(str(danish), (), {}), out)
    made["danish"] = out / "danish.xlsx"
    base = tmp_path_factory.mktemp("statuses") / "base.xlsx"
    openpyxl.Workbook().save(base)
    made["statuses"] = base.with_name("statuses.xlsx")
    write_result_workbook(
        base,
        made["statuses"],
        [
            ResultSheet("Standings", STATUSES, highlights=STANDINGS_HIGHLIGHTS),
            ResultSheet("Attendance status", ATTENDANCE, highlights=ATTENDANCE_HIGHLIGHTS),
        ],
    )
    pdfs, xlsx = tmp_path_factory.mktemp("pdf"), tmp_path_factory.mktemp("resaved")
    convert(list(made.values()), pdfs, "pdf")
    convert([made["season"], made["tournament"]], xlsx, "xlsx")
    on_danish = tmp_path_factory.mktemp("pdf-da")
    convert([made["danish"]], on_danish, "pdf", locale="da_DK.UTF-8")
    made.update(pdf=pdfs, resaved=xlsx, on_danish=on_danish)
    return made


@functools.cache
def _read_pdf(path: Path) -> Document:
    return read_pdf(path.read_bytes())


def pdf(books: dict[str, Path], key: str) -> Document:
    """The PDF LibreOffice printed of the workbook ``key``."""
    return _read_pdf(books["pdf"] / f"{books[key].stem}.pdf")


def resaved(books: dict[str, Path], key: str) -> Any:
    """The workbook ``key`` as LibreOffice saved it again."""
    return openpyxl.load_workbook(books["resaved"] / books[key].name)


def fills(pages: Sequence[Page]) -> set[tuple[float, float, float]]:
    return set().union(*(p.fills for p in pages))


@pytest.mark.parametrize(
    ("sample", "sheet"),
    [
        ("season", "Standings"),
        ("tournament", "Standings"),
        ("duplicate", "Duplicate ranking"),
        ("duplicate", "Duplicate"),
    ],
)
def test_each_samples_ranking_is_printed_one_page_wide(
    books: dict[str, Path], sample: str, sheet: str
) -> None:
    ws = openpyxl.load_workbook(books[sample], read_only=True)[sheet]
    rows = [[c for c in r] for r in ws.iter_rows(values_only=True)]
    header = [str(h) for h in rows[0]]
    pages = pdf(books, sample).sheet_pages(sheet)
    assert pages
    for page in pages:
        assert page.width > page.height  # landscape
        # the header row is repeated on every page, all of it: no page holds only some columns
        assert page.words[: len(header)] == header
        assert all(0 <= x < page.width for x, _y, _t in page.texts)
    # every player is on the sheet's pages
    players = {str(r[header.index("Player")]) for r in rows[1:]}
    assert players <= {word for page in pages for word in page.words}


def test_the_statuses_are_printed_in_their_colours(books: dict[str, Path]) -> None:
    doc = pdf(books, "statuses")
    standings = fills(doc.sheet_pages("Standings"))
    assert {GREEN, LIGHT_GREEN, LIGHT_RED, DARK, WHITE} <= standings
    attendance = fills(doc.sheet_pages("Attendance status"))
    assert AMBER in attendance and RED not in attendance  # no one is substitutable there
    # the samples: the season's warnings and substitutable members, the disqualified player
    season = fills(pdf(books, "season").sheet_pages("Attendance status"))
    assert {AMBER, RED} <= season
    assert DARK in fills(pdf(books, "tournament").sheet_pages("Penalty list"))
    # statuses only: a sheet without any has no status colour
    assert not {AMBER, RED, DARK, GREEN} & fills(pdf(books, "season").sheet_pages("Problems"))


def test_danish_dates_are_printed_day_first(books: dict[str, Path]) -> None:
    def dates(key: str, pattern: str) -> set[str]:
        pages = pdf(books, key).sheet_pages("Schedule status")
        return {w for page in pages for w in page.words if re.fullmatch(pattern, w)}

    iso, danish = r"\d{4}-\d\d-\d\d", r"\d\d-\d\d-\d{4}"
    assert dates("season", iso) and not dates("season", danish)
    assert dates("danish", danish) and not dates("danish", iso)
    assert {f"{d[8:]}-{d[5:7]}-{d[:4]}" for d in dates("season", iso)} == dates("danish", danish)


def test_a_danish_reader_sees_danish_thousands_separators(books: dict[str, Path]) -> None:
    """The number formats name no separator: the reader's computer supplies its own."""
    english = pdf(books, "danish").sheet_pages("Hand scores")
    danish = _read_pdf(books["on_danish"] / "danish.pdf").sheet_pages("Hand scores")
    grouped = re.compile(r"-?\d{1,3}([.,]\d{3})+")
    seen = {w for page in english for w in page.words if grouped.fullmatch(w)}
    assert seen and all("," in w and "." not in w for w in seen)  # 1,000 on this computer
    assert {w for page in danish for w in page.words if grouped.fullmatch(w)} == {
        w.replace(",", ".") for w in seen
    }
    # dates keep the workbook's day-first format on every computer
    day_first = re.compile(r"\d\d-\d\d-\d{4}")
    here = pdf(books, "danish").sheet_pages("Schedule status")
    there = _read_pdf(books["on_danish"] / "danish.pdf").sheet_pages("Schedule status")
    dates = [w for page in here for w in page.words if day_first.fullmatch(w)]
    assert dates and dates == [w for page in there for w in page.words if day_first.fullmatch(w)]


def rules(ws: Any) -> set[tuple[str, str, str, str]]:
    return {
        (str(cf.sqref), r.type, r.formula[0], r.dxf.fill.bgColor.rgb)
        for cf in ws.conditional_formatting
        for r in cf.rules
    }


@pytest.mark.parametrize(
    ("sample", "sheet"),
    [
        ("season", "Standings"),
        ("season", "Attendance status"),
        ("season", "Next season"),
        ("season", "Schedule status"),
        ("tournament", "Standings"),
        ("tournament", "Penalty list"),
    ],
)
def test_libreoffice_keeps_the_rules_filters_and_print_set_up(
    books: dict[str, Path], sample: str, sheet: str
) -> None:
    ours = openpyxl.load_workbook(books[sample])[sheet]
    theirs = resaved(books, sample)[sheet]
    assert rules(theirs) == rules(ours)
    assert theirs.auto_filter.ref == ours.auto_filter.ref == ours.dimensions
    assert theirs.print_title_rows == "$1:$1"
    assert theirs.page_setup.orientation == "landscape"
    assert (theirs.page_setup.fitToWidth, theirs.page_setup.fitToHeight) == (1, 0)
    # the same number formats (LibreOffice writes a date's dashes escaped: yyyy\-mm\-dd)
    assert [[c.number_format.replace("\\", "") for c in r] for r in theirs.iter_rows()] == [
        [c.number_format for c in r] for r in ours.iter_rows()
    ]


def test_every_result_sheet_names_its_filter_range_once(books: dict[str, Path]) -> None:
    with zipfile.ZipFile(books["season"]) as zf:
        names = zf.read("xl/workbook.xml").decode()
    found = re.findall(
        rf'<definedName name="{FILTER_DATABASE}" localSheetId="(\d+)" hidden="1">([^<]*)<',
        names,
    )
    wb = openpyxl.load_workbook(books["season"])
    expected = [
        (str(i), f"'{ws.title}'!" + re.sub(r"([A-Z]+)(\d+)", r"$\1$\2", ws.dimensions))
        for i, ws in enumerate(wb.worksheets)
        if ws.title
        in {"Standings", "Attendance status", "Schedule status"}
        | {"Next season", "Hand scores", "Problems"}
    ]
    assert found == expected
