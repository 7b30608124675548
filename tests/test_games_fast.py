"""The fast reading of ``Games`` (CleanRows: each distinct value parsed once, clean rows
never go through the row-by-row reader) gives exactly what the row-by-row reader gives: the
same games, the same problems in the same order, on random sheets full of everything an
organiser gets wrong (property test), and on the samples."""

from __future__ import annotations

import datetime as dt
import functools
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_club.pipeline import read_workbook
from mahjong_club.reading import games as games_module
from mahjong_club.reading import games_clean, league
from tests.builders import write_workbook

ROOT = Path(__file__).resolve().parent.parent
MEMBERS = {"R1": ["Anna", "Bo", "Åse", "Dan", "Eva"], "M1": ["Finn", "Gry", "Hans", "Ida"]}
GAMES = {"R1": "Riichi", "M1": "MCR"}

#: Cells, the clean ones many times over (most rows of a real sheet are clean).
DATES = [dt.date(2025, 9, 4)] * 6 + [
    dt.date(2025, 9, 11),
    dt.datetime(2025, 9, 4, 19, 30),
    "2025-09-04",
    "4/9/2025",
    45904,
    "2025-02-31",
    "soon",
    "#N/A",
    None,
    True,
]
DIVISIONS = ["R1"] * 6 + ["M1"] * 4 + ["R9", "r1", " R1 ", None, "#REF!"]
PLAYERS = [p for names in MEMBERS.values() for p in names] * 3 + [
    unicodedata.normalize("NFD", "Åse"),
    "anna",
    "Zed",
    "Bo_x001B_",  # Excel's escape of ESC: a control character in a name
    "Eva ",
    None,
    "#VALUE!",
    7,
]
SCORES = [30000, 25000, 45000, 20000, 20, -20, 0] * 2 + ["32,100", "x", None, 1.5, True, "#N/A"]
SUBS = [None] * 8 + ["yes", "during", "no", "maybe", "#N/A"]


def sheet(rows):
    games = [["Game", "Date", "Division", "Player", "Score", "Substituted"], *rows]
    members = [["Division", "Game", "Level", "Player"]]
    for division, names in MEMBERS.items():
        members += [[division, GAMES[division], 1, name] for name in names]
    return {
        "Settings": [["Key", "Value"], ["club", "Testklub"], ["season_start", dt.date(2025, 8, 28)],
                     ["as_of", dt.date(2025, 9, 4)], ["mode", "league"]],
        "Divisions": members,
        "Games": games,
    }  # fmt: skip


def read_both(path: Path, monkeypatch):
    """(games, problems, game ids) read fast, then row by row."""
    seen = []
    for fast in (True, False):
        reader = functools.partial(games_module.read_games, fast=fast)
        monkeypatch.setattr(league, "read_games", reader)
        season, problems = read_workbook(path)
        rendered = [p.render("en") for p in problems.items]
        seen.append((season.games, rendered, sorted(season.game_ids_written)))
    monkeypatch.undo()
    return seen


messy = st.tuples(
    st.sampled_from(["1", "2", "3", "4", 5, 6.0, None]),
    st.sampled_from(DATES),
    st.sampled_from(DIVISIONS),
    st.sampled_from(PLAYERS),
    st.sampled_from(SCORES),
    st.sampled_from(SUBS),
)


clean = st.sampled_from(["R1", "M1"]).flatmap(
    lambda division: st.tuples(
        st.sampled_from(["1", "2", "3", "4", 5, 6.0]),
        st.just(dt.date(2025, 9, 4)),
        st.just(division),
        st.sampled_from(MEMBERS[division]),
        st.sampled_from([30000, 45000, 15000] if division == "R1" else [30, -10, -20]),
        st.sampled_from([None, None, "yes"]),
    )
)
row = st.one_of(clean, messy)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(row, min_size=1, max_size=24))
def test_fast_and_row_by_row_read_the_same(tmp_path_factory, monkeypatch, rows):
    path = write_workbook(tmp_path_factory.mktemp("games") / "season.xlsx", sheet(list(rows)))
    fast, slow = read_both(path, monkeypatch)
    assert fast == slow


def test_a_clean_sheet_is_read_the_same_and_fast(tmp_path, monkeypatch):
    rows = []
    for game in range(1, 41):
        division = "R1" if game % 2 else "M1"
        players = MEMBERS[division][:4]
        scores = (45000, 35000, 25000, 15000) if division == "R1" else (30, 10, -10, -30)
        rows += [
            [game, dt.date(2025, 9, 4), division, p, s, None]
            for p, s in zip(players, scores, strict=True)
        ]
    path = write_workbook(tmp_path / "season.xlsx", sheet(rows))
    fast, slow = read_both(path, monkeypatch)
    assert fast == slow
    assert len(fast[0]) == 40 and fast[1] == []
    parsed = []
    real = games_clean.parse_alone
    monkeypatch.setattr(games_clean, "parse_alone", lambda c, v: parsed.append(v) or real(c, v))
    read_workbook(path)
    assert len(parsed) < len(rows) * 3  # dates, divisions, players: parsed once each
    checked = []
    whole = games_module._whole_game
    monkeypatch.setattr(games_module, "_whole_game", lambda *a: checked.append(a) or whole(*a))
    assert len(read_workbook(path)[0].games) == 40
    assert checked == []  # every game clean: none needed the checks that say what is wrong


@pytest.mark.parametrize("sample", ["season.xlsx", "template.xlsx"])
def test_the_samples_read_the_same(sample, monkeypatch):
    fast, slow = read_both(ROOT / "sample_sheets" / sample, monkeypatch)
    assert fast == slow


def test_cells_equal_in_value_but_not_in_type_read_the_same(tmp_path, monkeypatch):
    """True, 1, 1.0 and "1" are different cells (the memo keeps their types apart)."""
    rows = []
    for game, scores in (
        (True, (45000, 35000, 25000, 15000)),
        (1, (45000, 35000, 25000, True)),
        (1.0, (45000.0, 35000, 25000, 15000)),
        ("1", ("45000", 35000, 25000, 15000)),
    ):
        players = MEMBERS["R1"][:4]
        rows += [
            [game, dt.date(2025, 9, 4), "R1", p, s, None]
            for p, s in zip(players, scores, strict=True)
        ]
    path = write_workbook(tmp_path / "season.xlsx", sheet(rows))
    fast, slow = read_both(path, monkeypatch)
    assert fast == slow


def test_a_sheet_without_the_optional_column_and_short_rows_reads_the_same(tmp_path, monkeypatch):
    sheets = sheet([])
    sheets["Games"] = [["Game", "Date", "Division", "Player", "Score"]]
    for game in (1, 2):
        for player, score in zip(MEMBERS["R1"][:4], (45000, 35000, 25000, 15000), strict=True):
            sheets["Games"].append([game, dt.date(2025, 9, 4), "R1", player, score])
    sheets["Games"].append([3, dt.date(2025, 9, 4), "R1"])  # a short row: no player, no score
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    fast, slow = read_both(path, monkeypatch)
    assert fast == slow
    assert len(fast[0]) == 2
    assert "row 10, column 'Player': this row is partly filled in" in fast[1][0]


#: Text cells as organisers' sheets hold them: surrounding spaces of every kind, Excel
#: errors' codes typed in any case, blank text.
_TEXT_CELLS = st.one_of(
    st.text(st.sampled_from(" \t\u00a0\u3000\n")),
    st.builds(
        lambda pad, core, end: pad + core + end,
        st.text(st.sampled_from(" \t\u00a0"), max_size=2),
        st.one_of(
            st.sampled_from(["#N/A", "#n/a", "#DIV/0!", "#ref!", "#SPILL!", "G12", "Åse", "ß"]),
            st.text(min_size=1, max_size=6),
        ),
        st.text(st.sampled_from(" \t\u00a0"), max_size=2),
    ),
)


@given(_TEXT_CELLS)
def test_a_text_cell_alone_reads_as_its_column_s_parser_reads_it(raw: str):
    """A text column's cell read in one step (``Game``, ``Division``, ``Player``: a
    federation's 250,000 game ids) gives what the parser and the checks around it give."""
    from mahjong_club.reading.cells import NEEDS_WORDS, is_blank, parsed_alone
    from mahjong_club.reading.games_sheet import DIVISION, GAME, PLAYER
    from mahjong_club.reading.schema import Column

    optional = Column("Note", required=False)
    for column in (GAME, DIVISION, PLAYER, optional):
        expected: object = parsed_alone(column.parse, raw)
        if is_blank(raw):
            expected = NEEDS_WORDS if column.must_fill else None
        assert games_clean.parse_alone(column, raw) == expected
        assert games_clean.parse_alone(column, raw) is not NEEDS_WORDS or expected is NEEDS_WORDS
