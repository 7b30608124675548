"""The styled result sheets of the three samples, as openpyxl reads them: number formats, real
date cells, frozen header rows, filters, print set-up, coloured statuses; and a Danish season
(``language`` ``da``) with Danish dates."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl  # type: ignore[import-untyped,unused-ignore]
import pytest

from tests.golden_outputs import RUNS, run_sample

#: The result sheets of each sample run.
RESULT_SHEETS = {
    "season": [
        "Standings",
        "Attendance status",
        "Schedule status",
        "Next season",
        "Hand scores",
        "Problems",
    ],
    "tournament": ["Standings", "Penalty list", "EMA results", "Problems"],
    "duplicate": ["Duplicate", "Duplicate ranking", "Problems"],
}


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Any]:
    """The output workbook of a sample run (``season``, ``tournament``, ``duplicate`` or
    ``danish``: the season with ``language`` ``da``), made once for the module."""
    made: dict[str, Any] = {}

    def get(key: str) -> Any:
        if key not in made:
            run = RUNS["season" if key == "danish" else key]
            out = tmp_path_factory.mktemp(key)
            if key == "danish":
                source = openpyxl.load_workbook(run.workbook)
                settings = source["Settings"]
                [cell] = [r[1] for r in settings.iter_rows() if r[0].value == "language"]
                cell.value = "da"
                danish = tmp_path_factory.mktemp("source") / "danish.xlsx"
                source.save(danish)
                run = type(run)(str(danish), run.options, run.goldens)
            run_sample(run, out)
            made[key] = openpyxl.load_workbook(out / Path(run.sample).name)
        return made[key]

    return get


def column(ws: Any, header: str) -> list[Any]:
    """The cells of the column headed ``header``, below the header, that hold a value."""
    names = [c.value for c in ws[1]]
    index = names.index(header) + 1
    return [
        c for (c,) in ws.iter_rows(min_row=2, min_col=index, max_col=index) if c.value is not None
    ]


def formats(ws: Any, header: str) -> set[tuple[str, str]]:
    """(type of value, number format) of every value in the column ``header``."""
    return {(type(c.value).__name__, c.number_format) for c in column(ws, header)}


def rules(ws: Any) -> dict[str, tuple[str, str]]:
    """Each conditional format's formula → (range, fill colour)."""
    return {
        r.formula[0]: (str(cf.sqref), r.dxf.fill.bgColor.rgb)
        for cf in ws.conditional_formatting
        for r in cf.rules
    }


@pytest.mark.parametrize(
    ("sample", "sheet"), [(s, n) for s, names in RESULT_SHEETS.items() for n in names]
)
def test_every_result_sheet_is_frozen_filtered_and_printed_one_page_wide(
    book: Callable[[str], Any], sample: str, sheet: str
) -> None:
    ws = book(sample)[sheet]
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == ws.dimensions and ws.dimensions.startswith("A1:")
    for cell in ws[1]:
        assert cell.font.b is True and cell.fill.fill_type == "solid", cell.coordinate
        assert cell.fill.fgColor.rgb == "FFDDE4EE"
    assert ws.print_title_rows == "$1:$1"
    assert ws.page_setup.orientation == "landscape"
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True
    # every column is wide enough for its header and its filter button
    for cell in ws[1]:
        width = ws.column_dimensions[cell.column_letter].width
        assert width >= len(str(cell.value)) + 2, cell.coordinate


def test_the_season_sample_numbers_and_dates(book: Callable[[str], Any]) -> None:
    wb = book("season")
    standings = wb["Standings"]
    # riichi points with thousands separators, MCR table points as exact fractions
    assert formats(standings, "Points") == {("int", "#,##0"), ("float", "# ?/?")}
    assert {c.number_format for c in column(standings, "Minipoints")} == {"#,##0"}
    assert {c.alignment.horizontal for c in column(standings, "Points")} == {"right"}
    assert formats(standings, "Rank") == {("int", "General")}
    attendance = wb["Attendance status"]
    for header in ("Since", "Next check"):
        cells = column(attendance, header)
        assert cells and all(c.is_date and c.number_format == "yyyy-mm-dd" for c in cells)
        assert all(isinstance(c.value, dt.datetime) for c in cells)
    dates = column(wb["Schedule status"], "Date")
    assert dates and {(c.is_date, c.number_format) for c in dates} == {(True, "yyyy-mm-dd")}
    hands = wb["Hand scores"]
    for header in ("Points", "Score", "Settlement", "Running total"):
        assert formats(hands, header) == {("int", "#,##0")}, header
    # the sample's sessions are date cells in the Hands sheet: date cells here too
    assert formats(hands, "Session") == {("datetime", "yyyy-mm-dd")}


def test_the_season_samples_statuses_are_coloured(book: Callable[[str], Any]) -> None:
    wb = book("season")
    attendance = wb["Attendance status"]
    statuses = {c.value for c in column(attendance, "Status")}
    assert statuses == {"ok", "warning", "substitutable"}
    last = attendance.max_row
    assert rules(attendance) == {
        '$F2="warning"': (f"F2:F{last}", "FFFFEB9C"),
        '$F2="substitutable"': (f"F2:F{last}", "FFFFC7CE"),
    }
    next_season = wb["Next season"]
    reasons = [str(c.value) for c in column(next_season, "Reason")]
    assert any(r.endswith(", promoted") for r in reasons)
    assert any(r.endswith(", relegated") for r in reasons)
    assert set(rules(next_season)) == {
        f'NOT(ISERROR(SEARCH("{text}",D2)))'
        for text in (", promoted", ", relegated", ", moved down")
    }
    standings = wb["Standings"]
    assert {v for v, _ in rules(standings).values()} == {f"L2:L{standings.max_row}"}


def test_the_tournament_sample_marks_the_disqualification(book: Callable[[str], Any]) -> None:
    wb = book("tournament")
    standings = wb["Standings"]
    # Status is rules.md 1.2's end-of-season status: blank in a tournament, the disqualified
    # player's too (the Penalty list marks the disqualification)
    assert not any(c.value for c in column(standings, "Status"))
    for n in range(1, 6):
        assert formats(standings, f"Session {n}") == {("int", "#,##0")}
    penalties = wb["Penalty list"]
    assert "disqualification" in {c.value for c in column(penalties, "Kind")}
    assert rules(penalties) == {'$D2="disqualification"': (f"D2:D{penalties.max_row}", "FF404040")}
    assert formats(wb["EMA results"], "Score") == {("int", "#,##0")}


def test_the_duplicate_sample_shows_averages_as_fractions(book: Callable[[str], Any]) -> None:
    wb = book("duplicate")
    boards = wb["Duplicate"]
    assert formats(boards, "Average") == {("int", "#,##0"), ("float", "# ?/?")}
    averages = [c.value for c in column(boards, "Average") if isinstance(c.value, float)]
    # each shows exactly as a one-digit fraction (28 1/2, 1/4)
    assert averages and all(Fraction(v).limit_denominator(9) == Fraction(v) for v in averages)
    assert formats(wb["Duplicate ranking"], "IMPs") == {("int", "#,##0")}


def test_a_danish_season_has_danish_dates_and_the_contracts_status_words(
    book: Callable[[str], Any],
) -> None:
    wb = book("danish")
    attendance = wb["Attendance status"]
    since = column(attendance, "Since")
    assert since and {(c.is_date, c.number_format) for c in since} == {(True, "dd-mm-yyyy")}
    dates = column(wb["Schedule status"], "Date")
    assert {(c.is_date, c.number_format) for c in dates} == {(True, "dd-mm-yyyy")}
    # numbers need nothing: "#,##0" shows the reader's own thousands separator
    assert {c.number_format for c in column(wb["Hand scores"], "Score")} == {"#,##0"}
    # the statuses are the contract's words in every language, so the rules match them
    assert {c.value for c in column(attendance, "Status")} == {"ok", "warning", "substitutable"}
    assert set(rules(attendance)) == {'$F2="warning"', '$F2="substitutable"'}
    # the same values as the English run: only their look differs, and the order of the
    # names, each language's alphabet (Danish: Å after Z; English: Å with A)
    english = book("season")["Attendance status"]
    danish_rows = [[c.value for c in r] for r in attendance.iter_rows()]
    english_rows = [[c.value for c in r] for r in english.iter_rows()]
    assert sorted(danish_rows, key=str) == sorted(english_rows, key=str)
    assert danish_rows[-1][0] == "Åse Mølgaard" and english_rows[2][0] == "Åse Mølgaard"
