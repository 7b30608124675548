"""How far a sheet's cells reach, as python-calamine would place them, however the cell tags
are written; and a Games sheet of 1,000,000 rows is still read, within every limit."""

from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_club.ooxml.extent import (
    MAX_SHEET_CELLS,
    Extent,
    _walk,
    first_row,
    last_row,
    oversized,
)
from mahjong_club.ooxml.limits import MAX_RATIO, size_problem
from mahjong_club.ooxml.refs import column_letter
from mahjong_club.ooxml.wellformed import xml_problem
from mahjong_club.reading.tables import Workbook
from tests.builders import write_workbook
from tests.test_cli_errors import league

HEAD = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
TAIL = b"</sheetData></worksheet>"


def sheet(*rows: bytes) -> bytes:
    first = b'<row r="1"><c r="A1" t="inlineStr"><is><t>Game</t></is></c></row>'
    return HEAD + first + b"".join(rows) + TAIL


def cell(row: str, tag: str = '<c r="Z5000000">') -> bytes:
    """A row holding the number 1 in the cell ``tag`` opens (closed as ``c`` is named)."""
    name = tag[1:].split()[0].rstrip(">")
    return f'<row r="{row}">{tag}<v>1</v></{name}></row>'.encode()


FAR = Extent(5_000_000, 26)
PREFIXED = '<x:c xmlns:x="urn:x" r="Z5000000">'
EMPTY_TEXT = b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t></t></is></c></row>'
NO_R = b'<row r="20000000"><c r="A1"><v>1</v></c><c><v>1</v></c></row>'
CASES = [
    ("plain", cell("5000000"), FAR),
    ("lower case", cell("100", '<c r="z5000000">'), FAR),
    ("single quotes", cell("100", "<c r='Z5000000'>"), FAR),
    ("spaces", cell("100", '<c  r = "Z5000000">'), FAR),
    ("r last", cell("100", '<c t="n" r="Z5000000">'), FAR),
    ("other prefix", cell("100", PREFIXED), FAR),
    ("no r: the row's r, the next column", NO_R, Extent(20_000_000, 2)),
    ("AAAA3 within", cell("3", '<c r="AAAA3">'), None),
    ("AAAA2000", cell("2000", '<c r="AAAA2000">'), Extent(2000, 18279)),
    ("empty text still a value", EMPTY_TEXT, Extent(1_048_576, 16_384)),
    ("formatted only: no value", b'<row r="1048576"><c r="XFD1048576" s="1"/></row>', None),
    ("1,048,576 rows x 26", cell("1048576", '<c r="Z1048576">'), None),
    ("beyond Z, within: the second look", cell("10000", '<c r="AY10000">'), None),
    ("beyond Z, far: the walk", cell("5000000", '<c r="AY5000000">'), Extent(5_000_000, 51)),
    ("three letters, far", cell("100000", '<c r="XFD100000">'), Extent(100_000, 16_384)),
    ("beyond Z, formatted only", b'<row r="1048576"><c r="ZZ1048576" s="1"/></row>', None),
]


@pytest.mark.parametrize(("row", "extent"), [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_how_far_the_cells_reach(row, extent):
    assert oversized(sheet(row)) == extent


def test_the_quick_look_is_within_the_limit():
    # What the quick look lets through (columns A-Z, rows up to 1,049,999) must fit the limit.
    assert MAX_SHEET_CELLS >= 26 * 1_049_999
    assert oversized(sheet(b'<row r="1049999"><c r="Z1049999"><v>1</v></c></row>')) is None


def test_a_lower_limit_walks_the_cells():
    data = sheet(b'<row r="30"><c r="C30"><v>1</v></c></row>')
    assert oversized(data, limit=89) == Extent(30, 3)
    assert oversized(data, limit=90) is None


@st.composite
def written_sheets(draw: st.DrawFn) -> tuple[bytes, int]:
    """A sheet of cells written as Excel writes them (columns up to three letters, some
    cells empty, rows in any order, sometimes one cell tag written otherwise) and a limit."""
    rows = []
    for number in draw(st.lists(st.integers(1, 3_000_000), min_size=1, max_size=6)):
        tags = []
        for column in draw(st.lists(st.integers(0, 800), min_size=1, max_size=4)):
            ref = f"{column_letter(column)}{number}"
            if draw(st.booleans()):
                tags.append(f'<c r="{ref}" s="1"/>')
            elif draw(st.integers(0, 9)) == 0:
                tags.append(f'<c t="n" r="{ref}"><v>1</v></c>')
            else:
                tags.append(f'<c r="{ref}"><v>1</v></c>')
        rows.append(f'<row r="{number}">{"".join(tags)}</row>'.encode())
    return HEAD + b"".join(rows) + TAIL, draw(st.integers(1, 2_000_000_000))


@settings(max_examples=300, deadline=None)
@given(written_sheets())
def test_the_looks_agree_with_the_walk(case: tuple[bytes, int]):
    """Whatever the quick looks say, the answer is the walk's (cell by cell, as calamine)."""
    data, limit = case
    assert oversized(data, limit) == _walk(data, limit)


def games_rows(count: int) -> bytes:
    """A Games sheet as openpyxl writes it, with ``count`` valid game rows."""
    date = (dt.date(2025, 8, 28) - dt.date(1899, 12, 30)).days
    parts = [HEAD]
    header = ["Game", "Date", "Division", "Player", "Score", "Substituted"]
    cells = "".join(
        f'<c r="{"ABCDEF"[i]}1" t="inlineStr"><is><t>{h}</t></is></c>' for i, h in enumerate(header)
    )
    parts.append(f'<row r="1">{cells}</row>'.encode())
    scores = (42300, 31500, 25200, 21000)
    for i in range(count):
        r = i + 2
        parts.append(
            f'<row r="{r}"><c r="A{r}" t="n"><v>{i // 4 + 1}</v></c><c r="B{r}" s="1" t="n">'
            f'<v>{date}</v></c><c r="C{r}" t="inlineStr"><is><t>R1</t></is></c>'
            f'<c r="D{r}" t="inlineStr"><is><t>{"ABCD"[i % 4]}</t></is></c>'
            f'<c r="E{r}" t="n"><v>{scores[i % 4]}</v></c></row>'.encode()
        )
    parts.append(TAIL)
    return b"".join(parts)


@pytest.mark.slow
def test_a_million_row_games_sheet_is_read(tmp_path: Path):
    path = write_workbook(tmp_path / "big.xlsx", league())
    rows = games_rows(1_000_000)
    with zipfile.ZipFile(path) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    parts["xl/worksheets/sheet4.xml"] = rows
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    with zipfile.ZipFile(path) as zf:
        info = zf.getinfo("xl/worksheets/sheet4.xml")
        assert size_problem(path.name, zf) is None
    assert info.file_size > 200_000_000
    assert info.file_size < MAX_RATIO * info.compress_size / 5  # well below the ratio limit
    assert xml_problem(rows) is None
    assert oversized(rows) is None
    del rows, parts
    book = Workbook(path)
    games = book.rows("Games")
    assert len(games) == 1_000_001
    assert games[-1][:5] == [250_000, dt.date(2025, 8, 28), "R1", "D", 21000]


def with_sheet(tmp_path: Path, data: bytes) -> Path:
    """A workbook whose one sheet's XML is ``data``."""
    original = write_workbook(tmp_path / "original.xlsx", {"Games": [["Game"]]})
    path = tmp_path / "season.xlsx"
    with zipfile.ZipFile(original) as source, zipfile.ZipFile(path, "w") as target:
        for info in source.infolist():
            part = source.read(info.filename)
            target.writestr(info, data if info.filename == "xl/worksheets/sheet1.xml" else part)
    return path


EMPTY = '<c r="{ref}" s="1"/>'
NUMBER = '<c r="{ref}"><v>4</v></c>'
TEXT = '<c r="{ref}" t="inlineStr"><is><t>Game</t></is></c>'
FORMULA = '<c r="{ref}"><f>1+3</f><v>4</v></c>'
NO_VALUE = '<c r="{ref}"><f>1+3</f></c>'
EMPTY_VALUE = '<c r="{ref}"><v></v></c>'


@pytest.mark.parametrize(
    ("cells", "first"),
    [
        ([("A1", NUMBER)], 1),
        ([("C3", TEXT), ("D4", NUMBER)], 3),
        ([("B2", FORMULA)], 2),
        ([("A1", EMPTY), ("A2", NUMBER)], None),  # starts with an empty cell: not plain
        ([("A1", NO_VALUE), ("A2", NUMBER)], None),
        ([("E7", NUMBER), ("A9", TEXT)], 7),
        ([("A1", EMPTY_VALUE), ("A2", NUMBER)], None),  # calamine: no value in A1
        ([("B2", NUMBER), ("B3", EMPTY_VALUE), ("B4", EMPTY)], 2),
    ],
)
def test_the_first_row_is_where_calamine_starts(tmp_path: Path, cells, first):
    """:func:`first_row` gives the row python-calamine's rectangle starts at, or None; and
    :func:`last_row` the row it ends at (an empty value or styled cell after it aside)."""
    rows: dict[int, str] = {}
    for ref, tag in cells:
        number = int(ref[1:])
        rows[number] = rows.get(number, "") + tag.format(ref=ref)
    body = "".join(f'<row r="{n}">{c}</row>' for n, c in sorted(rows.items()))
    data = HEAD + body.encode() + TAIL
    assert first_row(data) == first
    read = Workbook(with_sheet(tmp_path, data))._book.get_sheet_by_name("Games")
    assert first is None or read.start[0] + 1 == first
    assert last_row(data) == read.end[0] + 1


def test_a_prefixed_sheet_has_no_plain_first_row():
    prefixed = b'<x:worksheet xmlns:x="urn:x"><x:sheetData><x:row r="2"><x:c r="A2"><x:v>1'
    assert first_row(prefixed) is None


#: Pieces of a sheet's XML, whole and broken, with row numbers and character references no
#: sheet has (thousands of digits, characters beyond Unicode).
_PIECES = [
    b"<worksheet>",
    b"<sheetData>",
    b'<row r="3">',
    b'<row r="' + b"9" * 5000 + b'">',
    b'<row r="\xc2\xb2">',
    b'<c r="B2"><v>1</v></c>',
    b'<c r="A' + b"9" * 5000 + b'"><v>1</v></c>',
    b'<c r="&#99999999;1"/>',
    b'<c r="A&#' + b"9" * 5000 + b';">',
    b'<c r="C7" t="e"><v>#SPILL!</v></c>',
    b'<c r="D1" t="e"><f>1/0</f><v>#DIV/0!</v></c>',
    b"</c>",
    b"</row>",
    b"<c",
    b'r="',
    b"&#x110000;",
]


@settings(max_examples=300)
@given(st.lists(st.sampled_from(_PIECES) | st.binary(max_size=6), max_size=14))
def test_the_quick_looks_never_fail_on_damaged_xml(pieces):
    """The looks that come before (or beside) expat's check of a sheet say something or
    nothing about any bytes, but never raise: the check then refuses what is damaged."""
    from mahjong_club.reading.error_cells import neutralise_error_cells, scan_error_cells

    data = b"".join(pieces)
    oversized(data)
    oversized(data, limit=10)
    first_row(data), last_row(data)
    scan_error_cells(data)
    neutralise_error_cells(data)


@pytest.mark.parametrize(("where", "code"), [("row", 0), ("cell", 1)])
def test_a_row_number_of_thousands_of_digits_is_no_crash(tmp_path: Path, capsys, where, code):
    """In a cell's reference it is beyond any sheet: refused, naming the sheet. In a row's
    own number it is overruled by the references of the row's cells, as calamine reads it."""
    from process import main

    path = write_workbook(tmp_path / "season.xlsx", league())
    huge = b"9" * 5000
    changed = tmp_path / "huge.xlsx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(changed, "w") as out:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "xl/worksheets/sheet3.xml":  # Divisions
                old = b'<row r="3"' if where == "row" else b'<c r="A3"'
                assert old in data
                data = data.replace(old, old[:-2] + huge + b'"', 1)
            out.writestr(info.filename, data)
    assert main([str(changed), "--out", str(tmp_path / "out"), "-q"]) == code
    said = capsys.readouterr().err
    assert "Internal error" not in said
    if code:
        assert "Divisions" in said and "1,000,000,000" in said
        assert not (tmp_path / "out").exists()


def test_a_column_of_thousands_of_letters_is_refused_not_a_crash(tmp_path: Path, capsys):
    from process import main

    path = write_workbook(tmp_path / "season.xlsx", league())
    changed = tmp_path / "letters.xlsx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(changed, "w") as out:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "xl/worksheets/sheet3.xml":
                data = data.replace(b'<c r="A3"', b'<c r="' + b"A" * 4000 + b'3"', 1)
            out.writestr(info.filename, data)
    assert main([str(changed), "--out", str(tmp_path / "out"), "-q"]) == 1
    said = capsys.readouterr().err
    assert "Internal error" not in said and "refused" in said


@pytest.mark.parametrize("game", ["9" * 5000, "²"])
def test_a_game_id_no_number_can_be_made_of_is_no_crash(tmp_path: Path, capsys, game):
    """The sample season (with its schedule) with a game id of 5,000 digits, or a digit
    Python cannot make a number of, runs to the end."""
    import openpyxl

    from process import main

    book = openpyxl.load_workbook(Path(__file__).parent.parent / "sample_sheets" / "season.xlsx")
    games = book["Games"]
    first = games.cell(row=2, column=1).value
    for row in range(2, games.max_row + 1):
        if games.cell(row=row, column=1).value == first:
            games.cell(row=row, column=1).value = game
    path = tmp_path / "season.xlsx"
    book.save(path)
    assert main([str(path), "--out", str(tmp_path / "out"), "-q"]) in (0, 1)
    assert "Internal error" not in capsys.readouterr().err
