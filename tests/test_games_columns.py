"""Games taken straight from a big sheet's columns (mahjong_club/reading/games_columns.py)
against the row-by-row reader: the same games (seats, dates, rows), the same problems in the
same order, the same game ids, on sheets of games that are almost clean, each row clean on
its own, so that the game's four rows decide (or, a look-alike name, one row read row by
row, the others taken from the columns): a row in another division the player is also
a member of, another date, a player seated twice, a score off the total, three or five rows,
two games under one id, substitutes, ids written as numbers and as text, and the games'
rows interleaved; now and then a messy row among them."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.builders import write_workbook
from tests.test_columnar import (
    DIVISIONS,
    NUMBER_GAMES,
    PLAYERS,
    SCORES,
    SUBS,
    TEXT_GAMES,
    read_three_ways,
)

#: R1 and R2 share their members (a row may name the other one and still be clean).
SHARED = ["Anna", "Bo", "Cy", "Dan", "Eva"]
MEMBERS = {"R1": SHARED, "R2": SHARED, "M1": ["Finn", "Gry", "Hans", "Ida"]}
KINDS = {"R1": "Riichi", "R2": "Riichi", "M1": "MCR"}
TOTALS = {
    "R1": (45000, 35000, 25000, 15000),
    "R2": (42000, 33000, 27000, 18000),
    "M1": (30, 10, -10, -30),
}
NIGHT, OTHER_NIGHT = dt.date(2025, 9, 4), dt.date(2025, 9, 11)


def sheets_of(rows: list[list[Any]]) -> dict[str, list[list[Any]]]:
    members = [["Division", "Game", "Level", "Player"]]
    for level, (division, names) in enumerate(MEMBERS.items(), start=1):
        members += [[division, KINDS[division], level, name] for name in names]
    return {
        "Settings": [["Key", "Value"], ["club", "Testklub"], ["season_start", dt.date(2025, 8, 28)],
                     ["as_of", dt.date(2025, 9, 4)], ["mode", "league"]],
        "Divisions": members,
        "Games": [["Game", "Date", "Division", "Player", "Score", "Substituted"], *rows],
    }  # fmt: skip


def written(number: int, text: bool) -> st.SearchStrategy[Any]:
    """A game id as an organiser writes it: a number (whole or not) or a text (with a space
    or not); a column keeps one kind, or it is not read by columns."""
    return st.sampled_from([str(number), f" {number}"] if text else [number, float(number)])


def games_problems(problems: list[str]) -> list[str]:
    """What is said about the ``Games`` sheet (R1 and R2 sharing members is a warning)."""
    return [p for p in problems if "sheet 'Games'" in p]


@st.composite
def almost_clean_game(draw: st.DrawFn, number: int, text: bool) -> list[list[Any]]:
    """One game's rows, each clean on its own, the game itself now and then not."""
    division = draw(st.sampled_from(list(MEMBERS)))
    players = draw(st.permutations(MEMBERS[division]))[:4]
    scores = list(TOTALS[division])
    game_id: Any = draw(written(number, text))
    rows = [[game_id, NIGHT, division, p, s, None] for p, s in zip(players, scores, strict=True)]
    for change in draw(st.lists(st.integers(0, 8), max_size=2)):
        k = draw(st.integers(0, len(rows) - 1))
        if change == 0 and division != "M1":  # another division the player is in too
            rows[k][2] = "R2" if division == "R1" else "R1"
        elif change == 1:  # another date
            rows[k][1] = OTHER_NIGHT
        elif change == 2:  # a player seated twice
            rows[k][3] = rows[(k + 1) % len(rows)][3]
        elif change == 3:  # a score off the total
            rows[k][4] += 100 if division != "M1" else 1
        elif change == 4 and len(rows) > 3:  # a row missing
            del rows[k]
        elif change == 5:  # a fifth row
            rows.append([game_id, NIGHT, division, players[0], 0, None])
        elif change == 6:  # a substitute (at the start or during play)
            rows[k][5] = draw(st.sampled_from(["yes", "during"]))
        elif change == 7:  # a look-alike name: read row by row, a warning, the same player
            rows[k][3] = rows[k][3].lower()
        else:  # the id written another way: the same game
            rows[k][0] = draw(written(number, text))
    return rows


@st.composite
def sheets(draw: st.DrawFn) -> dict[str, list[list[Any]]]:
    games, text = draw(st.integers(1, 6)), draw(st.booleans())
    numbers = [draw(st.integers(1, games)) for _ in range(games)]  # an id now and then twice
    rows = [row for n in numbers for row in draw(almost_clean_game(n, text))]
    ids = TEXT_GAMES if text else NUMBER_GAMES
    messy = st.tuples(ids, st.just(NIGHT), DIVISIONS, PLAYERS, SCORES, SUBS).map(list)
    rows += draw(st.lists(messy, max_size=2))
    if draw(st.booleans()):
        rows = draw(st.permutations(rows))  # the games' rows interleaved
    return sheets_of(rows)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sheets())
def test_games_by_columns_are_those_of_the_rows(tmp_path_factory, monkeypatch, book):
    path = write_workbook(tmp_path_factory.mktemp("games") / "season.xlsx", book)
    (by_columns, by_rows, row_by_row), taken = read_three_ways(path, monkeypatch)
    assert taken
    assert by_columns == by_rows == row_by_row


def test_interleaved_games_come_in_the_order_of_their_first_row(tmp_path, monkeypatch):
    """Game 2's first row comes before game 1's: game 2 first, as the rows give it."""
    one = [[1, NIGHT, "R1", p, s, None] for p, s in zip(SHARED, TOTALS["R1"], strict=False)]
    two = [[2, NIGHT, "M1", p, s, None] for p, s in zip(MEMBERS["M1"], TOTALS["M1"], strict=True)]
    rows = [two[0], one[0], one[1], two[1], one[2], two[2], two[3], one[3]]
    path = write_workbook(tmp_path / "season.xlsx", sheets_of(rows))
    (by_columns, *others), taken = read_three_ways(path, monkeypatch)
    games, seat_rows, problems, written = by_columns
    assert taken and games_problems(problems) == [] and written == ["1", "2"]
    assert [g.id for g in games] == ["2", "1"]
    assert seat_rows == [(2, [2, 5, 7, 8]), (3, [3, 4, 6, 9])]
    assert all(seen == by_columns for seen in others)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ("division", "Division"),
        ("player", "twice"),
        ("substitute", None),
    ],
)
def test_a_game_the_columns_leave_to_the_checks(tmp_path, monkeypatch, change, expected):
    """Four clean rows that are no clean game together: the checks say what is wrong (or, a
    substitute, nothing), as the rows do."""
    rows = [[1, NIGHT, "R1", p, s, None] for p, s in zip(SHARED, TOTALS["R1"], strict=False)]
    if change == "division":
        rows[2][2] = "R2"
    elif change == "player":
        rows[3][3] = "Anna"
    else:
        rows[1][5] = "yes"
    path = write_workbook(tmp_path / "season.xlsx", sheets_of(rows))
    (by_columns, *others), taken = read_three_ways(path, monkeypatch)
    games, _, problems, _ = by_columns
    assert taken and all(seen == by_columns for seen in others)
    if expected is None:
        assert games_problems(problems) == [] and games[0].seats[1].substituted
    else:
        assert games == [] and any(expected in p for p in games_problems(problems))


def test_a_game_with_a_row_read_row_by_row_keeps_its_clean_rows_as_they_are(tmp_path, monkeypatch):
    """A look-alike name ("eva" for Eva, a warning) sends its row to the row-by-row reader, and the
    game to the checks, with its other rows made from the columns: the substitute among them
    stays one."""
    rows = [[1, NIGHT, "R1", p, s, None] for p, s in zip(SHARED, TOTALS["R1"], strict=False)]
    rows[3][3], rows[1][5] = "eva", "yes"
    path = write_workbook(tmp_path / "season.xlsx", sheets_of(rows))
    (by_columns, *others), taken = read_three_ways(path, monkeypatch)
    games, _, _, _ = by_columns
    assert taken and all(seen == by_columns for seen in others)
    (game,) = games
    assert [s.player for s in game.seats] == ["Anna", "Bo", "Cy", "Eva"]
    assert [s.substituted for s in game.seats] == [False, True, False, False]


def test_a_start_beyond_64_bit_totals_is_said_wrong_as_by_the_rows(tmp_path, monkeypatch):
    """start_points 2**61: four times it is no 64-bit number; the game's total is reported
    wrong as the rows report it (a review found the columns stopping with an internal
    error)."""
    rows = [[1, NIGHT, "R1", p, s, None] for p, s in zip(SHARED, TOTALS["R1"], strict=False)]
    book = sheets_of(rows)
    book["Settings"].append(["start_points", 2**61])
    path = write_workbook(tmp_path / "season.xlsx", book)
    (by_columns, *others), taken = read_three_ways(path, monkeypatch)
    games, _, problems, _ = by_columns
    assert taken and all(seen == by_columns for seen in others)
    assert games == [] and any("add up to 120,000" in p for p in games_problems(problems))


@pytest.mark.parametrize("kind", ["int8", "int16", "int32", "int64"])
def test_indexes_come_from_the_arrow_buffer_at_any_width_and_offset(kind):
    """The columns' indexes read from Arrow's buffer: any width, a slice's offset, and
    nulls (no column has them) by the values."""
    import numpy as np
    import pyarrow as pa

    from mahjong_club.reading.games_columns import _indexes

    array = pa.array([3, 1, 4, 1, 5, 9, 2, 6], getattr(pa, kind)())
    assert _indexes(array).tolist() == [3, 1, 4, 1, 5, 9, 2, 6]
    assert _indexes(array.slice(3, 4)).tolist() == [1, 5, 9, 2]
    assert _indexes(array).dtype == np.int64
    assert _indexes(pa.array([2, 7], pa.uint8())).tolist() == [2, 7]


def test_the_indexes_never_load_pandas(tmp_path):
    """pyarrow's own conversion to numpy loads pandas where it is installed (50 MB more at a
    federation's peak): a stand-in pandas that notes being imported stays unimported while
    an index array that came from the second process (pickled) is read."""
    import os
    import pickle
    import subprocess
    import sys

    import pyarrow as pa

    fake = tmp_path / "fake" / "pandas"
    fake.mkdir(parents=True)
    mark = tmp_path / "imported"
    (fake / "__init__.py").write_text(
        f"open({str(mark)!r}, 'w').close()\nraise ImportError('a stand-in')\n"
    )
    sent = tmp_path / "index.pickle"
    sent.write_bytes(pickle.dumps(pa.array([2, 0, 1, 2], pa.int32()).slice(1)))
    code = (
        "import pickle\nfrom mahjong_club.reading.games_columns import _indexes\n"
        f"found = _indexes(pickle.loads(open({str(sent)!r}, 'rb').read()))\n"
        "assert found.tolist() == [0, 1, 2], found\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake.parent), os.getcwd()])}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert not mark.exists()
