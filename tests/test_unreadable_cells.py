"""A cell python-calamine cannot read (a number far beyond any date in a cell formatted as a
date makes its Rust code panic) stops the run with a message naming the sheet and the row,
exit 1 and nothing written; not with a Rust backtrace and a Python traceback."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from mahjong_club.cli import main
from mahjong_club.ooxml.package import list_sheet_parts

ROOT = Path(__file__).resolve().parent.parent
SEASON = ROOT / "sample_sheets" / "season.xlsx"
DATE_STYLE = 2  # the sample's cell format for dates


def with_cell(tmp_path: Path, sheet: str, row: int, value: str) -> Path:
    """The sample season with a date-formatted cell in column Z of ``row`` of ``sheet``."""
    with zipfile.ZipFile(SEASON) as package:
        part = next(p.part for p in list_sheet_parts(package) if p.name == sheet)
    out = tmp_path / "season.xlsx"
    with zipfile.ZipFile(SEASON) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == part:
                text = data.decode()
                found = re.search(rf'<row [^>]*r="{row}"[^>]*>.*?(</row>)', text, re.S)
                assert found is not None
                cell = f'<c r="Z{row}" s="{DATE_STYLE}"><v>{value}</v></c>'
                text = text[: found.start(1)] + cell + text[found.start(1) :]
                data = text.encode()
            zout.writestr(info, data)
    return out


@pytest.mark.parametrize(("sheet", "row"), [("Hands", 1), ("Hands", 3), ("Players", 2)])
@pytest.mark.parametrize("value", ["-1e300", "-123456789012"])
def test_a_cell_no_date_can_be_stops_the_run_naming_its_sheet_and_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sheet: str, row: int, value: str
) -> None:
    path = with_cell(tmp_path, sheet, row, value)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert f"sheet {sheet!r} cannot be read: a cell in row {row} holds a value no date" in err
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_date_that_is_far_but_real_is_read(tmp_path: Path) -> None:
    path = with_cell(tmp_path, "Hands", 3, "2958465")  # 31 December 9999
    assert main([str(path), "--out", str(tmp_path / "out"), "-q"]) == 0


class Panic(BaseException):
    """As a panic in python-calamine's Rust code reaches Python (no ``Exception``)."""


@pytest.mark.parametrize(
    ("where", "said"),
    [
        ("open", "cannot be read"),  # the workbook as a whole
        ("sheet", "sheet 'Players'"),  # one sheet, when calamine reads it
    ],
)
def test_a_panic_anywhere_calamine_reads_is_a_message(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    where: str,
    said: str,
) -> None:
    from mahjong_club.reading import opening

    def panics(*args: object, **kwargs: object) -> object:
        raise Panic("index out of bounds")

    if where == "open":
        monkeypatch.setattr(opening.CalamineWorkbook, "from_path", panics)
    else:

        class Book:
            def __init__(self, book: object) -> None:
                self._book = book

            def get_sheet_by_name(self, name: str) -> object:
                if name == "Players":
                    panics()
                return self._book.get_sheet_by_name(name)  # type: ignore[attr-defined]

            def __getattr__(self, name: str) -> object:
                return getattr(self._book, name)

        real_init = opening.CheckedBook.__init__

        def init(self: opening.CheckedBook, path: Path, book: object, parts: object) -> None:
            real_init(self, path, Book(book), parts)  # type: ignore[arg-type]

        monkeypatch.setattr(opening.CheckedBook, "__init__", init)
    assert main([str(SEASON), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert said in err and "index out of bounds" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("cells", "row"),
    [
        ({"A1": -1e300}, 1),  # the header row
        ({"A2": "a", "A3": -1e300}, 3),  # values from row 2
        ({"C4": "x", "C5": "y", "C6": -1e300}, 6),  # values from C4
        ({"D1": "h", "B2": 1, "E9": -1e300, "E12": -2e300}, 9),  # empty rows before; the first
    ],
)
def test_the_row_named_is_the_cells_wherever_the_values_begin(
    tmp_path: Path, cells: dict[str, object], row: int
) -> None:
    import openpyxl
    from python_calamine import CalamineWorkbook

    from mahjong_club.reading.opening import WorkbookError
    from mahjong_club.reading.sheet_values import sheet_values

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "S"
    for ref, value in cells.items():
        sheet[ref] = value
        if isinstance(value, float):
            sheet[ref].number_format = "yyyy-mm-dd"
    book.save(tmp_path / "book.xlsx")
    read = CalamineWorkbook.from_path(str(tmp_path / "book.xlsx")).get_sheet_by_name("S")
    with pytest.raises(WorkbookError, match=f"a cell in row {row} holds"):
        sheet_values(read, "S")


def test_running_out_of_memory_is_not_said_to_be_a_bad_cell() -> None:
    from mahjong_club.reading.sheet_values import sheet_values

    class Sheet:
        def to_python(self, skip_empty_area: bool = True) -> list[list[object]]:
            raise MemoryError("no more memory")

    with pytest.raises(MemoryError, match="no more memory"):
        sheet_values(Sheet(), "S")  # type: ignore[arg-type]
