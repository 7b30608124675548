"""While a forked child reads a big ``Games`` sheet's columns, this process, once the sheet
has passed its check, reads the sheets the run reads later (reading/tables.Workbook
.read_soon): the same season and the same problems as without, and a sheet that cannot be
read is left to its reader, which stops the run with the same error as always.

The sizes from which a sheet is read by columns and checked beside a child are set to 0
here, so the sample season takes that path on any machine."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest

from mahjong_club.ooxml.package import list_sheet_parts
from mahjong_club.pipeline import read_workbook
from mahjong_club.reading import columnar, opening, tables
from mahjong_club.reading.tables import WorkbookError

ROOT = Path(__file__).resolve().parent.parent
SEASON = ROOT / "sample_sheets" / "season.xlsx"


@pytest.fixture
def beside_a_child(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Big-sheet reading for the sample; returns the log of every sheet's rows read, each
    with whether it was read while the child read the columns."""
    monkeypatch.setattr(columnar, "COLUMNAR_BYTES", 0)
    monkeypatch.setattr(opening, "PARALLEL_CHECK_BYTES", 0)
    monkeypatch.setattr(opening, "may_fork", lambda: True)  # whatever this machine's cores
    log: list[tuple[str, bool]] = []
    inside: list[bool] = [False]
    real_rows, real_soon = tables.Workbook.rows, tables.Workbook._read_soon

    def rows(self: tables.Workbook, sheet: str) -> Any:
        if sheet not in self._rows:
            log.append((sheet, inside[0]))
        return real_rows(self, sheet)

    def read_soon(self: tables.Workbook, besides: str) -> None:
        inside[0] = True
        try:
            real_soon(self, besides)
        finally:
            inside[0] = False

    monkeypatch.setattr(tables.Workbook, "rows", rows)
    monkeypatch.setattr(tables.Workbook, "_read_soon", read_soon)
    return log


def read(path: Path) -> tuple[Any, list[str]]:
    season, problems = read_workbook(path)
    return season, [p.render("en") for p in problems.items]


def stops_the_same_with_and_without(
    path: Path, sheet: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading ``path`` stops with the same error naming ``sheet`` with the early reads and
    without them."""
    errors = []
    for soon in (True, False):
        if not soon:
            monkeypatch.setattr(tables.Workbook, "_read_soon", lambda self, besides: None)
        with pytest.raises(WorkbookError, match=sheet) as raised:
            read_workbook(path)
        errors.append(str(raised.value))
    assert errors[0] == errors[1]


def test_the_later_sheets_are_read_while_the_child_reads_games(
    beside_a_child: list[tuple[str, bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    season, problems = read(SEASON)
    early = [sheet for sheet, inside in beside_a_child if inside]
    # what the run reads whenever it is there (not Schedule: read only with good divisions)
    assert early == ["Penalties", "Dice", "Nights", "Attendance", "Signups", "Hands"]
    assert ("Games", True) not in beside_a_child  # the sheet the child reads: not here
    assert [s for s, _ in beside_a_child if s == "Attendance"] == ["Attendance"]  # read once
    monkeypatch.setattr(tables.Workbook, "_read_soon", lambda self, besides: None)
    beside_a_child.clear()
    later_season, later_problems = read(SEASON)
    assert not any(inside for _, inside in beside_a_child)
    assert later_problems == problems
    for part in ("games", "penalties", "dice", "nights", "attendance", "players", "divisions"):
        assert getattr(later_season, part) == getattr(season, part), part


def test_a_sheet_that_cannot_be_read_stops_the_run_where_its_reader_reads_it(
    beside_a_child: list[tuple[str, bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tables.Workbook.rows
    from mahjong_club.messages.core import say
    from mahjong_club.messages.hostile import SHEET_DAMAGED, SHEET_PART_MISSING

    def damaged(self: tables.Workbook, sheet: str) -> Any:
        if sheet == "Nights":
            missing = say(SHEET_PART_MISSING)
            raise WorkbookError(say(SHEET_DAMAGED, sheet=sheet, part="sheet7.xml", error=missing))
        return real(self, sheet)

    monkeypatch.setattr(tables.Workbook, "rows", damaged)
    stops_the_same_with_and_without(SEASON, "Nights", monkeypatch)
    # the sheets after it were still read early
    assert [s for s, inside in beside_a_child if inside] == [
        "Penalties",
        "Dice",
        "Attendance",
        "Signups",
        "Hands",
    ]


#: A date-formatted cell calamine's Rust code panics on (a ``BaseException`` in Python).
PANIC = '<c r="Z1" s="2"><v>-1e300</v></c></row>'


def edited(tmp_path: Path, edits: dict[str, tuple[str, str]]) -> Path:
    """The sample season with each part's first ``old`` replaced by ``new``."""
    out = tmp_path / "season.xlsx"
    with zipfile.ZipFile(SEASON) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename in edits:
                old, new = edits[info.filename]
                assert old.encode() in data
                data = data.replace(old.encode(), new.encode(), 1)
            zout.writestr(info, data)
    return out


def sheet_part(name: str) -> str:
    """The zip entry of the sample's sheet ``name``."""
    with zipfile.ZipFile(SEASON) as package:
        return next(p.part for p in list_sheet_parts(package) if p.name == name)


def test_a_sheet_read_early_that_makes_calamine_panic_changes_nothing(
    beside_a_child: list[tuple[str, bool]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Penalties is damaged (the run stops there, as always); Hands, read early, panics
    path = edited(
        tmp_path,
        {
            sheet_part("Penalties"): ("<sheetData>", "<sheetData><row>"),
            sheet_part("Hands"): ("</row>", PANIC),
        },
    )
    stops_the_same_with_and_without(path, "Penalties", monkeypatch)
    assert ("Hands", True) in beside_a_child  # it was read early, and its panic let go
