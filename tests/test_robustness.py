"""Whatever an organiser types, the tool answers with results or located errors, never a crash.

Each kind of change to a valid workbook has its own expected answer (workbook.md):

* a required cell left blank: exit 1, an error at that sheet, row and column ("this row ...");
* a word in a number, date or keyword column: exit 1, an error at that cell quoting the word;
* a name or tile the workbook does not know: exit 1, an error at that cell naming it;
* an optional cell left blank: exit 0, results written, no error;
* extra columns and sheets, blank rows, rows above the header, other case and spaces in sheet
  names, headers and keywords, whole numbers and dates typed as text: exit 0 and the same
  result sheets as the workbook as it was;
* odd values typed anywhere at random (slow): exit 0 with every warning located, or exit 1
  with every error located and nothing written.
"""

from __future__ import annotations

import copy
import datetime as dt
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from mahjong_club.cli import main
from tests.builders import assert_refused, write_workbook
from tests.test_cli_duplicate import duplicate_sheets
from tests.test_cli_errors import league
from tests.test_cli_hands import hands_sheet
from tests.test_cli_season_end import season_sheets
from tests.test_tournament import tournament

Sheets = dict[str, list[list[Any]]]

BOOKS: dict[str, Callable[[], Sheets]] = {
    "league": league,
    "season": season_sheets,
    "hands": hands_sheet,
    "duplicate": duplicate_sheets,
    "tournament": tournament,
}

ATTENDANCE_NIGHT = "2025-09-04"  # an Attendance column of the season workbook
LABELS = {ATTENDANCE_NIGHT: f"{ATTENDANCE_NIGHT} (C)"}  # how a message names such a column


def build(book: str) -> Sheets:
    """A fresh copy of a valid workbook (the builders share their header lists)."""
    return copy.deepcopy(BOOKS[book]())


def cases(table: list[tuple[str, ...]], fast: str = "league") -> list[Any]:
    """Parametrize ``table``; the rows of books other than ``fast`` only run in the slow suite."""
    return [
        pytest.param(*row, id="-".join(row[:3]), marks=() if row[0] == fast else pytest.mark.slow)
        for row in table
    ]


def column_index(sheets: Sheets, sheet: str, column: str) -> int:
    """The position of ``column`` in the header row (a date header by its ISO text)."""
    header = [h.isoformat() if isinstance(h, dt.date) else h for h in sheets[sheet][0]]
    return header.index(column)


def with_last_row_cell(sheets: Sheets, sheet: str, column: str, value: Any) -> tuple[Sheets, int]:
    """A copy with ``column`` of the sheet's last row set to ``value``, and that row's number
    as Excel shows it (the header is row 1)."""
    changed = copy.deepcopy(sheets)
    rows = changed[sheet]
    rows[-1][column_index(changed, sheet, column)] = value
    return changed, len(rows)


def process(tmp_path: Path, sheets: Sheets, name: str = "book") -> tuple[int, Path]:
    """Run the tool on ``sheets``; the exit status and the output folder."""
    path = write_workbook(tmp_path / f"{name}.xlsx", sheets)
    out = tmp_path / f"{name}-out"
    return main([str(path), "--out", str(out)]), out


def line_with(err: str, text: str) -> str:
    """The stderr line that contains ``text``."""
    found = [line for line in err.splitlines() if text in line]
    assert found, f"{text!r} not in: {err}"
    return found[0]


# --- a required cell left blank ------------------------------------------------------------

REQUIRED = [
    *(("league", "Settings", "Key"), ("league", "Players", "Player")),
    *(("league", "Divisions", c) for c in ("Division", "Game", "Level", "Player")),
    *(("league", "Games", c) for c in ("Game", "Date", "Division", "Player", "Score")),
    *(("season", "Nights", "Date"), ("season", "Attendance", "Player")),
    *(("season", "Schedule", c) for c in ("Division", "Game", "Player 1", "Player 4")),
    *(("hands", "Hands", c) for c in ("Session", "Hand", "Round", "Player", "Seat")),
    *(("duplicate", "Seating", c) for c in ("Session", "Table", "Seat", "Player")),
    *(("duplicate", "Boards", c) for c in ("Session", "Board", "Table")),
    *(("tournament", "Settings", "Key"), ("tournament", "Players", "Player")),
    *(("tournament", "Games", c) for c in ("Session", "Table", "Player", "Score")),
]


NO_NAME = "has marks but no player's name"  # an Attendance row: its marks need a name


@pytest.mark.parametrize(("book", "sheet", "column"), cases(REQUIRED))
def test_a_blank_required_cell_is_an_error_at_that_cell(tmp_path, capsys, book, sheet, column):
    sheets, row = with_last_row_cell(build(book), sheet, column, None)
    code, out = process(tmp_path, sheets)
    err = capsys.readouterr().err
    why = NO_NAME if (sheet, column) == ("Attendance", "Player") else "is partly filled in"
    assert_refused(
        code, err, [f"sheet '{sheet}', row {row}, column '{column}': this row {why}"], out
    )


# --- an optional cell left blank -----------------------------------------------------------

OPTIONAL = [
    *(("league", "Settings", "Value"), ("league", "Games", "Substituted")),
    *(("league", "Players", c) for c in ("Email", "Rating")),
    *(("season", "Nights", c) for c in ("Regular", "Note")),
    ("season", "Attendance", ATTENDANCE_NIGHT),
    *(("hands", "Hands", c) for c in ("Sets", "Flowers", "Seasons", "Limit")),
    *(("duplicate", "Boards", c) for c in ("Last tile", "False mahjong", "Tiles")),
    *(("tournament", "Players", c) for c in ("Email", "Rating", "EMA", "Country")),
    ("tournament", "Games", "Substituted"),
]


@pytest.mark.parametrize(("book", "sheet", "column"), cases(OPTIONAL))
def test_a_blank_optional_cell_still_gives_results(tmp_path, capsys, book, sheet, column):
    sheets, _ = with_last_row_cell(build(book), sheet, column, None)
    code, out = process(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert not [line for line in err.splitlines() if line.startswith("Error")], err
    assert (out / "book.xlsx").is_file()


# --- a word where a number, a date or a keyword belongs ------------------------------------

TYPED = [
    *(("league", "Players", "Rating"), ("league", "Divisions", "Game")),
    *(("league", "Divisions", "Level"), ("league", "Games", "Date")),
    *(("league", "Games", "Score"), ("league", "Games", "Substituted")),
    *(("season", "Nights", "Date"), ("season", "Nights", "Regular")),
    ("season", "Attendance", ATTENDANCE_NIGHT),
    *(("hands", "Hands", c) for c in ("Hand", "Round", "Seat", "Mahjong", "Flowers")),
    *(("hands", "Hands", c) for c in ("Seasons", "Self-drawn", "Loose tile", "Last tile")),
    ("duplicate", "Seating", "Seat"),
    *(("duplicate", "Boards", c) for c in ("Winner", "Hand value", "Discarder", "Last tile")),
    *(("duplicate", "Boards", c) for c in ("False mahjong", "False penalty")),
    *(("tournament", "Players", "Rating"), ("tournament", "Games", "Score")),
    ("tournament", "Games", "Substituted"),
]


@pytest.mark.parametrize(("book", "sheet", "column"), cases(TYPED))
def test_a_word_in_a_typed_column_is_an_error_at_that_cell(tmp_path, capsys, book, sheet, column):
    sheets, row = with_last_row_cell(build(book), sheet, column, "lots")
    code, out = process(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(code, err, [], out)
    label = LABELS.get(column, column)
    line = line_with(err, f"sheet '{sheet}', row {row}, column '{label}': ")
    assert line.startswith("Error: ") and "expected" in line and "found 'lots'" in line, line


# --- a name or a tile the workbook does not know --------------------------------------------

UNKNOWN = [
    ("league", "Games", "Division", "unknown division 'lots'; the Divisions sheet has: 'R1', 'M1'"),
    (
        "league",
        "Games",
        "Player",
        "'lots' is unknown: no row of the Players sheet and no division has this name; correct"
        " it, or add the player to Divisions as a member of 'M1' (its members are: A, B, C, D)",
    ),
    ("season", "Schedule", "Division", "unknown division 'lots'"),
    ("season", "Schedule", "Player 2", "'lots' is not a member of division 'M1'"),
    ("hands", "Hands", "Sets", "'lots': 'l' is not a tile"),
]


@pytest.mark.parametrize(("book", "sheet", "column", "message"), cases(UNKNOWN))
def test_an_unknown_name_is_an_error_at_that_cell(tmp_path, capsys, book, sheet, column, message):
    sheets, row = with_last_row_cell(build(book), sheet, column, "lots")
    code, out = process(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(code, err, [f"sheet '{sheet}', row {row}, column '{column}': {message}"], out)


def test_a_hand_value_without_its_winner_is_an_error_on_the_hand_value(tmp_path, capsys):
    sheets, row = with_last_row_cell(duplicate_sheets(), "Boards", "Winner", None)
    code, out = process(tmp_path, sheets)
    expected = f"sheet 'Boards', row {row}, column 'Hand value': 0 winners but 2 hand values"
    assert_refused(code, capsys.readouterr().err, [expected], out)


def test_a_winner_without_sets_is_an_error_on_the_sets(tmp_path, capsys):
    sheets = hands_sheet()
    sheets["Hands"][2][column_index(sheets, "Hands", "Sets")] = None  # Sol, hand 1's winner
    code, out = process(tmp_path, sheets)
    expected = "sheet 'Hands', row 3, column 'Sets': the winner's sets do not make a complete hand"
    assert_refused(code, capsys.readouterr().err, [expected], out)


# --- changes the tool ignores: the same results ----------------------------------------------

KEYWORD_COLUMNS = {
    "Settings": ("Key",),
    "Divisions": ("Game",),
    "Games": ("Substituted",),
    "Nights": ("Regular",),
    "Hands": ("Round", "Seat", "Mahjong", "Self-drawn", "Loose tile", "Last tile"),
    "Seating": ("Seat",),
    "Boards": ("Winner", "Discarder", "Last tile", "False mahjong"),
}
THOUSANDS = (",", ".", " ")


def extra_column_and_sheet(sheets: Sheets) -> Sheets:
    for name, rows in sheets.items():
        if name != "Attendance":  # there every column after Player is a night
            rows[0].append("Remarks")
            for k, row in enumerate(rows[1:]):
                row.append(f"note {k}")
    sheets["Notes"] = [["Anything", "at all"], ["x", 1]]
    return sheets


def blank_rows_between(sheets: Sheets) -> Sheets:
    for name, rows in sheets.items():
        sheets[name] = [rows[0]] + [r for row in rows[1:] for r in ([None] * len(row), row)]
    return sheets


def rows_above_the_header(sheets: Sheets) -> Sheets:
    for rows in sheets.values():
        rows[:0] = [[], [None, None]]
    return sheets


def other_case_and_spaces(sheets: Sheets) -> Sheets:
    """Sheet names and headers upper case with spaces around; keywords swapped case."""
    changed = {}
    for name, rows in sheets.items():
        keywords = [i for i, h in enumerate(rows[0]) if h in KEYWORD_COLUMNS.get(name, ())]
        for row in rows[1:]:
            for i in keywords:
                if isinstance(row[i], str):
                    row[i] = f" {row[i].swapcase()}  "
        rows[0] = [f" {h.upper()} " if isinstance(h, str) else h for h in rows[0]]
        changed[f"{name.upper()} "] = rows
    return changed


def numbers_and_dates_as_text(sheets: Sheets) -> Sheets:
    """Scores and levels as text with a thousands separator, every date as ISO text."""
    for rows in sheets.values():
        numeric = [i for i, h in enumerate(rows[0]) if h in ("Score", "Level")]
        for k, row in enumerate(rows[1:]):
            for i, value in enumerate(row):
                if isinstance(value, dt.date):
                    row[i] = value.isoformat()
                elif i in numeric and isinstance(value, int):
                    row[i] = f"{value:,}".replace(",", THOUSANDS[k % 3])
    return sheets


VARIANTS = {
    "extra columns and sheets": extra_column_and_sheet,
    "blank rows between the rows": blank_rows_between,
    "blank rows above the header": rows_above_the_header,
    "other case and spaces": other_case_and_spaces,
    "numbers and dates as text": numbers_and_dates_as_text,
}


def result_sheets(out: Path, inputs: Sheets, keep_rows: bool) -> dict[str, list[tuple[Any, ...]]]:
    """The sheets the tool added, by name; without the ``Row`` column when ``keep_rows`` is
    false (blank rows move the rows a problem is reported at)."""
    book = openpyxl.load_workbook(next(out.glob("*.xlsx")), read_only=True)
    own = {name.strip().casefold() for name in inputs}
    found = {}
    for name in book.sheetnames:
        if name.strip().casefold() in own:
            continue
        rows = [tuple(r) for r in book[name].iter_rows(values_only=True)]
        if not keep_rows and rows and "Row" in rows[0]:
            at = rows[0].index("Row")
            rows = [r[:at] + r[at + 1 :] for r in rows]
        found[name] = rows
    book.close()
    return found


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    "book", [pytest.param(b, marks=() if b == "league" else pytest.mark.slow) for b in BOOKS]
)
def test_what_the_tool_ignores_gives_the_same_results(tmp_path, capsys, book, variant):
    original = build(book)
    code, out = process(tmp_path, original, "original")
    assert code == 0, capsys.readouterr().err
    changed = VARIANTS[variant](copy.deepcopy(original))
    code, changed_out = process(tmp_path, changed, "changed")
    err = capsys.readouterr().err
    assert code == 0, err
    keep_rows = variant in ("extra columns and sheets", "other case and spaces")
    expected = result_sheets(out, original, keep_rows)
    assert expected, "the tool added no result sheets"
    assert result_sheets(changed_out, changed, keep_rows) == expected


# --- odd values anywhere, at random (slow) ---------------------------------------------------

ODD_VALUES = [
    None, "", " ", "x", "late", "18:45", 0, 1, -5, 3.5, "abc", "32,100", "1.2.3",
    dt.date(2025, 9, 4), dt.datetime(2025, 1, 1, 18, 0), dt.time(18, 20), True,
    "E", "R1", "M1", "yes", "during", "chombo", 12, 10**12, "#DIV/0!", "−7",
    "E,S", "18,9", "123m 456p", "[RRR]", "19m19p19sESWNRGHH", "891m", "1 3", "heavenly",
    "start", "obstruction", 8000, "Anna Holm", 2, "N",
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100))
def test_odd_values_anywhere_give_results_or_located_errors(tmp_path, capsys, seed):
    rng = random.Random(seed)
    sheets = build(list(BOOKS)[seed % len(BOOKS)])
    for _ in range(rng.randint(1, 5)):
        rows = sheets[rng.choice(sorted(sheets))]
        row = rows[rng.randrange(len(rows))]
        row[rng.randrange(len(row))] = rng.choice(ODD_VALUES)
    code, out = process(tmp_path, sheets)
    err = capsys.readouterr().err
    problems = [line for line in err.splitlines() if line.startswith(("Error", "Warning"))]
    # Located: at a sheet (and a row and a column where there is one); or the workbook as a
    # whole has nothing the tool can process (a broken header row can lead to that).
    located = ("sheet '", "nothing to process: ")
    assert all(line.split(": ", 1)[1].startswith(located) for line in problems), err
    if code == 0:
        assert not any(line.startswith("Error") for line in problems), err
        assert (out / "book.xlsx").is_file()
    else:
        assert code == 1, err
        assert any(line.startswith("Error: ") for line in problems), err
        assert_refused(code, err, [], out)
