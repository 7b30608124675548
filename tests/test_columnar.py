"""A big ``Games`` sheet read by columns (fastexcel → Arrow, each distinct value parsed once)
gives exactly what reading it row by row gives: the same games, the same problems in the same
order, the same game ids; and the columns are read so only where that holds (a column mixing
kinds of cells, an error cell, a repeated column … leave the sheet to the rows).

The size from which a sheet is read by columns (``COLUMNAR_BYTES``) is set to 0 here, so
small sheets take that path; ``taken`` records whether each read did.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import sys
import unicodedata
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_club.pipeline import read_workbook
from mahjong_club.reading import columnar, league, opening
from mahjong_club.reading import games as games_module
from tests.builders import write_workbook
from tests.test_games_fast import MEMBERS, sheet
from tests.test_xlsx_writer import run_soffice, soffice_or_skip

HEADER = ["Game", "Date", "Division", "Player", "Score", "Substituted"]
CLEAN_SCORES = {"R1": (45000, 35000, 25000, 15000), "M1": (30, 10, -10, -30)}


def clean_rows(games: int, first: int = 1) -> list[list[Any]]:
    """``games`` clean games, riichi and MCR in turn."""
    rows: list[list[Any]] = []
    for game in range(first, first + games):
        division = "R1" if game % 2 else "M1"
        for player, score in zip(MEMBERS[division], CLEAN_SCORES[division], strict=False):
            rows.append([game, dt.date(2025, 9, 4), division, player, score, None])
    return rows


def read_three_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], bool]:
    """(what each way read, whether the first read by columns): by columns, by rows with the
    fast path for clean rows, row by row; and asserted the same as the first: by columns
    while a forked child checks the XML (opening.CheckedBook.check_while)."""
    taken: list[bool] = []
    real = columnar.read_columns

    def spy(*args: Any) -> Any:
        found = real(*args)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(games_module, "read_columns", spy)
    monkeypatch.setattr(opening, "may_fork", lambda: True)  # whatever this machine's cores
    seen = []
    ways = ((0, True, 10**12), (10**12, True, 10**12), (0, False, 10**12), (0, True, 0))
    for size, fast, check_meanwhile in ways:
        monkeypatch.setattr(columnar, "COLUMNAR_BYTES", size)
        monkeypatch.setattr(opening, "PARALLEL_CHECK_BYTES", check_meanwhile)
        monkeypatch.setattr(league, "read_games", functools.partial(spy_games, fast=fast))
        season, problems = read_workbook(path)
        rendered = [p.render("en") for p in problems.items]
        rows = [(g.row, [s.row for s in g.seats]) for g in season.games]  # not compared by ==
        seen.append((season.games, rows, rendered, sorted(season.game_ids_written)))
    monkeypatch.undo()
    # the fourth: by columns while a forked child checks the sheet's XML: as the first
    assert seen.pop() == seen[0] and taken.pop() == taken[0]
    return seen, taken[0]


def spy_games(book: Any, season: Any, problems: Any, *, fast: bool) -> Any:
    return games_module.read_games(book, season, problems, fast=fast)


def placed(rows: list[list[Any]], blank_rows: int, blank_columns: int) -> list[list[Any]]:
    """The sheet's rows moved down and right (``[]`` is a blank row to openpyxl)."""
    return [[] for _ in range(blank_rows)] + [[None] * blank_columns + r for r in rows]


# Each column keeps one kind of cell (so the columns are read), with everything an
# organiser gets wrong in it: unknown names, look-alikes, blanks, a control character.
# (openpyxl writes a text such as "#N/A" as an error cell: those are tested below.)
NUMBER_GAMES = st.sampled_from([1, 2, 3, 4, 5.0, None])
TEXT_GAMES = st.sampled_from(["1", "2", " 3", "4", "x", "", None])
DATE_CELLS = st.sampled_from([dt.date(2025, 9, 4)] * 5 + [dt.date(2025, 9, 11), None])
TEXT_DATES = st.sampled_from(["2025-09-04"] * 4 + ["4/9/2025", "2025-02-31", "soon", None])
DIVISIONS = st.sampled_from(["R1"] * 5 + ["M1"] * 4 + ["R9", "r1", " R1 ", "  ", None])
PLAYERS = st.sampled_from(
    [p for names in MEMBERS.values() for p in names] * 2
    + [unicodedata.normalize("NFD", "Åse"), "anna", "Zed", "Eva ", "Bo_x001B_", None]
)
SCORES = st.sampled_from([30000, 25000, 45000, 15000, 30, -10, -20, 1.5, None])
SUBS = st.sampled_from([None] * 6 + ["yes", "during", "maybe"])


@st.composite
def typed_sheets(draw: st.DrawFn) -> dict[str, list[list[Any]]]:
    text_games, text_dates = draw(st.booleans()), draw(st.booleans())
    games = TEXT_GAMES if text_games else NUMBER_GAMES
    dates = TEXT_DATES if text_dates else DATE_CELLS
    clean = [
        [str(g) if text_games else g, "2025-09-04" if text_dates else d, *rest]
        for g, d, *rest in clean_rows(draw(st.integers(0, 3)))
    ]
    messy = st.lists(st.tuples(games, dates, DIVISIONS, PLAYERS, SCORES, SUBS).map(list))
    rows = clean + draw(messy.filter(lambda r: len(r) <= 16))
    rows = draw(st.permutations(rows)) if draw(st.booleans()) else rows
    header = list(HEADER)
    if draw(st.booleans()):  # the optional column left out
        header, rows = header[:5], [r[:5] for r in rows]
    if draw(st.booleans()):  # a column of the organiser's own, mixing kinds of cells, or
        # one whose header is like the missing Substituted's (warned when it has values)
        header.append(draw(st.sampled_from(["Notes", "Substitute"])))
        rows = [[*r, draw(st.sampled_from(["late", 7, True, None]))] for r in rows]
    if draw(st.booleans()):  # values in a column whose header cell was cleared (warned)
        header.append(None)
        rows = [[*r, draw(st.sampled_from(["x", None]))] for r in rows]
    if draw(st.booleans()):
        rows.insert(draw(st.integers(0, len(rows))), [None] * len(header))
    sheets = sheet([])
    body = [header, *rows]
    sheets["Games"] = placed(body, draw(st.integers(0, 2)), draw(st.integers(0, 2)))
    return sheets


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(typed_sheets())
def test_columns_rows_and_row_by_row_read_the_same(tmp_path_factory, monkeypatch, sheets):
    path = write_workbook(tmp_path_factory.mktemp("games") / "season.xlsx", sheets)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert by_columns == by_rows == row_by_row
    # each column one kind of cell: read by columns, unless a column without a header, or
    # with one like its name, may be the sheet's missing Substituted column (the rows say
    # whether it has values)
    assert taken != left_to_the_rows(sheets["Games"])


def left_to_the_rows(rows: list[list[Any]]) -> bool:
    """True when the sheet lacks its Substituted column and a column with values below the
    header has no header, or a column's header is like Substituted (``Substitute``)."""
    body = [r for r in rows if any(v is not None for v in r)]
    header = body[0]
    start = min(i for r in body for i, v in enumerate(r) if v is not None)
    width = max(len(r) for r in body)
    unheaded = any(
        (i >= len(header) or header[i] is None)
        and any(i < len(r) and r[i] is not None for r in body[1:])
        for i in range(start, width)
    )
    return (unheaded or "Substitute" in header) and "Substituted" not in header


def test_a_spacer_column_with_every_column_there_stays_by_columns(tmp_path, monkeypatch):
    """A blank column between the table and the organiser's notes, every column of the
    sheet there: nothing the rows would say, so the columns are read (as before)."""
    sheets = sheet(clean_rows(4))
    sheets["Games"] = [[*r, None, "ok"] for r in sheets["Games"]]
    sheets["Games"][0][-1] = "Notes"
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert taken and by_columns == by_rows == row_by_row
    assert by_columns[2] == []


def test_a_clean_sheet_away_from_a1_is_read_by_columns(tmp_path, monkeypatch):
    sheets = sheet([])
    rows = clean_rows(10)
    rows[5][3] = "Zed"  # not a member: the message names Excel row 13 + 2 blank rows
    sheets["Games"] = placed([HEADER, *rows[:3], [], *rows[3:]], 2, 3)
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert taken
    assert by_columns == by_rows == row_by_row
    assert len(by_columns[0]) == 9
    assert "sheet 'Games', row 10, column 'Player'" in by_columns[2][0]
    assert by_columns[0][0].seats[0].row == 4  # header in row 3, the first game in row 4


def test_danish_headers_are_read_by_columns(tmp_path, monkeypatch):
    sheets = sheet(clean_rows(4))
    sheets["Games"][0] = ["Spil", "Dato", "Division", "Spiller", "Point", "Substituted"]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    (by_columns, by_rows, _), taken = read_three_ways(path, monkeypatch)
    assert taken and by_columns == by_rows and len(by_columns[0]) == 4


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda rows: rows[3].__setitem__(4, "25000"), "a text among the scores"),
        (lambda rows: rows[2].__setitem__(1, "2025-09-04"), "a text among the date cells"),
        (lambda rows: rows[1].__setitem__(0, dt.datetime(2025, 9, 4, 19, 30)), "a date as game"),
        (lambda rows: rows[0].append("Game"), "a column twice"),
        (lambda rows: rows[0].__setitem__(2, "Group"), "a required column missing"),
        (lambda rows: rows.insert(0, ["  "]), "a first row blank to the reader"),
        (
            lambda rows: (
                [rows.__setitem__(0, rows[0][:5])] + [r.__setitem__(5, "x") for r in rows[1:3]]
            ),
            "Substituted's header cleared, its marks below",
        ),
        (lambda rows: rows[0].__setitem__(5, "Substitute"), "Substituted's header misspelt"),
    ],
)
def test_what_leaves_the_sheet_to_the_rows(tmp_path, monkeypatch, change, why):
    sheets = sheet(clean_rows(4))
    change(sheets["Games"])
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert not taken, why
    assert by_columns == by_rows == row_by_row


def test_an_error_cell_leaves_the_sheet_to_the_rows(tmp_path, monkeypatch):
    sheets = sheet(clean_rows(4))
    sheets["Games"][3][4] = "=1/0"  # openpyxl writes the formula without a saved value
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert not taken
    assert by_columns == by_rows == row_by_row
    assert any("formula" in p for p in by_columns[2])


def test_a_small_sheet_never_loads_fastexcel(tmp_path, monkeypatch):
    path = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(40)))
    monkeypatch.setitem(sys.modules, "fastexcel", None)  # importing it would fail
    season, problems = read_workbook(path)
    assert len(season.games) == 40 and problems.items == []


@pytest.mark.slow
def test_a_big_sheet_is_read_by_columns_at_the_real_size(tmp_path, monkeypatch):
    rows = clean_rows(20_000)  # 80,000 rows
    path = write_workbook(tmp_path / "season.xlsx", sheet(rows))
    with zipfile.ZipFile(path) as package:
        assert package.getinfo("xl/worksheets/sheet3.xml").file_size > columnar.COLUMNAR_BYTES
    taken: list[bool] = []
    real = columnar.read_columns
    monkeypatch.setattr(
        games_module, "read_columns", lambda *a: taken.append(real(*a) is not None) or real(*a)
    )
    season, problems = read_workbook(path)
    assert taken == [True]
    assert len(season.games) == 20_000 and problems.items == []
    assert season.games[-1].seats[-1].row == 80_001


def test_a_sheet_saved_by_libreoffice_is_read_by_columns(tmp_path, monkeypatch):
    soffice_or_skip()
    rows = clean_rows(6)
    rows[7][4] = 1  # a wrong total: reported from the rows, with its Excel row
    (tmp_path / "openpyxl").mkdir()
    original = write_workbook(tmp_path / "openpyxl" / "season.xlsx", sheet(rows))
    run_soffice(original, tmp_path / "lo", "xlsx")
    (by_columns, by_rows, row_by_row), taken = read_three_ways(
        tmp_path / "lo" / "season.xlsx", monkeypatch
    )
    assert taken
    assert by_columns == by_rows == row_by_row
    assert len(by_columns[0]) == 5
    assert "row 6, column 'Score'" in by_columns[2][0]


class PanicException(BaseException):
    """What Python sees of a panic in fastexcel's Rust code (not an ``Exception``)."""


@pytest.mark.parametrize("failure", ["no fastexcel", "panic", "error"])
def test_when_fastexcel_cannot_read_the_rows_do(tmp_path, monkeypatch, failure):
    path = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(4)))
    monkeypatch.setattr(columnar, "COLUMNAR_BYTES", 0)
    if failure == "no fastexcel":
        monkeypatch.setitem(sys.modules, "fastexcel", None)
    else:
        import fastexcel

        raised = PanicException if failure == "panic" else RuntimeError

        def broken(*args: Any) -> Any:
            raise raised("called `Option::unwrap()` on a `None` value")

        monkeypatch.setattr(fastexcel, "read_excel", broken)
    season, problems = read_workbook(path)
    assert len(season.games) == 4 and problems.items == []


def test_a_time_of_day_in_the_date_column_is_read_by_columns(tmp_path, monkeypatch):
    """The date column reads a date and time for its date (fastexcel keeps milliseconds,
    python-calamine microseconds: the date is the same)."""
    sheets = sheet(clean_rows(4))
    for k, row in enumerate(sheets["Games"][1:5]):
        row[1] = dt.datetime(2025, 9, 4, 19, 30, 15, 1234 * k)
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert taken
    assert by_columns == by_rows == row_by_row
    assert by_columns[0][0].date == dt.date(2025, 9, 4)


def edited(path: Path, change: Any) -> Path:
    """The workbook at ``path`` with its Games sheet's XML (sheet3) changed by ``change``."""
    target = path.with_name("edited.xlsx")
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(target, "w") as out:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "xl/worksheets/sheet3.xml":
                data = change(data.decode()).encode()
            out.writestr(info, data)
    return target


def moved_down_below_an_empty_value(xml: str) -> str:
    """Every row one lower, and A1 a cell whose value is empty (calamine: no value)."""
    xml = re.sub(r'<row r="(\d+)"', lambda m: f'<row r="{int(m[1]) + 1}"', xml)
    xml = re.sub(r'<c r="([A-Z]+)(\d+)"', lambda m: f'<c r="{m[1]}{int(m[2]) + 1}"', xml)
    return xml.replace("<sheetData>", '<sheetData><row r="1"><c r="A1"><v></v></c></row>')


def last_row_first(xml: str) -> str:
    """The last row stored first (rows out of order: python-calamine places them)."""
    last = re.findall(r'<row r="\d+"[^>]*>.*?</row>', xml)[-1]
    return xml.replace(last, "").replace("<sheetData>", "<sheetData>" + last)


@pytest.mark.parametrize("change", [moved_down_below_an_empty_value, last_row_first])
def test_where_the_xml_does_not_plainly_show_the_first_row(tmp_path, monkeypatch, change):
    rows = clean_rows(2)
    rows[5][3] = "Zed"  # a problem, named with its Excel row
    path = edited(write_workbook(tmp_path / "season.xlsx", sheet(rows)), change)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert by_columns == by_rows == row_by_row
    assert not taken


@pytest.mark.parametrize(
    ("column", "serial"),
    [
        (1, 0),
        (1, -1),
        (1, 1e10),
        (1, 3_000_000),
        (1, 61),
        (1, 45911),
        (0, 1e10),
        (0, 45904.000000001),
    ],
)
def test_date_formatted_numbers_read_as_by_rows(tmp_path, monkeypatch, column, serial):
    """Serials python-calamine makes a time, a number or a date and time (not a whole day),
    or that overflow a date: by columns they are left to the rows."""
    path = write_workbook(tmp_path / "season.xlsx", sheet(clean_rows(2)))
    book = openpyxl.load_workbook(path)
    cell = book["Games"].cell(row=2, column=column + 1)
    cell.value, cell.number_format = serial, "yyyy-mm-dd"
    if column == 0:
        for row in range(3, 6):  # the whole game: its id in every row
            other = book["Games"].cell(row=row, column=1)
            other.value, other.number_format = serial, "yyyy-mm-dd"
    book.save(path)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert by_columns == by_rows == row_by_row
    assert by_columns[2] != [] or column == 0  # 61: 1900-03-01, 45911: 2025-09-11 disagree
    assert taken == (serial == 45911)  # 61: before 1904, left to the rows all the same


def test_the_whole_run_writes_the_same_by_columns(tmp_path, monkeypatch):
    """Workbook, pages and emails of a run that reads `Games` by columns are those of a run
    that reads it by rows (the emails' Date and Message-ID aside)."""
    from process import main
    from tests.test_cli_parts import members, tree, without_stamps

    sheets = sheet(clean_rows(60))
    sheets["Players"] = [["Player", "Email"]] + [
        [p, f"{p.lower()}@example.org"] for names in MEMBERS.values() for p in names
    ]
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    taken: list[bool] = []
    real = columnar.read_columns
    monkeypatch.setattr(
        games_module, "read_columns", lambda *a: taken.append(real(*a) is not None) or real(*a)
    )
    outs = []
    for size in (0, 10**12):
        monkeypatch.setattr(columnar, "COLUMNAR_BYTES", size)
        out = tmp_path / f"out-{size}"
        assert main([str(path), "--out", str(out), "-q"]) == 0
        outs.append(out)
    assert taken == [True, False]
    by_columns, by_rows = outs
    assert members(by_columns / "season.xlsx") == members(by_rows / "season.xlsx")
    assert tree(by_columns / "report") == tree(by_rows / "report")
    emails = without_stamps(tree(by_columns / "outbox"))
    assert emails == without_stamps(tree(by_rows / "outbox")) and len(emails) == 9


def test_merged_cells_are_named_in_the_rows_errors_whichever_way_read(tmp_path, monkeypatch):
    """A game's number and date merged down its four rows (Excel keeps the value in the
    first cell only): each blank row's error says so, the same by columns and by rows."""
    sheets = sheet(clean_rows(8))
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    book = openpyxl.load_workbook(path)
    book["Games"].merge_cells("A6:A9")
    book["Games"].merge_cells("B6:B9")
    book.save(path)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert taken and by_columns == by_rows == row_by_row
    said = by_columns[2]
    assert (
        "sheet 'Games', row 7, column 'Game': this row is partly filled in: the game's number"
        " is missing; the cell is part of the merged cells A6:A9, whose value is only in their"
        " first cell, A6: unmerge them and write the value in every row"
    ) in said[0]
    assert sum("merged cells B6:B9" in s for s in said) == 3
