"""The rules a game must keep to be counted (rules/game_checks.py), and how the readers say
them: located, in English and in Danish."""

import datetime as dt
from fractions import Fraction

import pytest

from mahjong_club.pipeline import read_workbook
from rules.game_checks import (
    Disagreement,
    SeatCount,
    SeatedTwice,
    WrongTotal,
    check_players_differ,
    check_rows_agree,
    check_score_total,
    check_seat_count,
    expected_total,
    missing_from_session,
    uma_total,
)
from rules.model import GameType
from rules.ruleset import Ruleset
from tests.builders import write_workbook

D = dt.date(2025, 9, 4)


@pytest.mark.parametrize(
    ("count", "expected"),
    [(4, None), (0, SeatCount(0)), (1, SeatCount(1)), (3, SeatCount(3)), (5, SeatCount(5))],
)
def test_a_game_has_four_seats(count, expected):
    assert check_seat_count(count) == expected


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        ("ABCD", []),
        ("ABCA", [SeatedTwice("A", 2, 5)]),
        ("AABB", [SeatedTwice("A", 2, 3), SeatedTwice("B", 4, 5)]),
        ("AAA", [SeatedTwice("A", 2, 3), SeatedTwice("A", 3, 4)]),
        ("", []),
    ],
)
def test_the_four_seats_are_four_different_players(players, expected):
    seats = [(row, player) for row, player in enumerate(players, start=2)]
    assert check_players_differ(seats) == expected


def test_names_differ_by_their_exact_spelling():
    assert check_players_differ([(2, "Åse"), (3, "Ase"), (4, "åse"), (5, "Bo")]) == []


@pytest.mark.parametrize(
    ("scores", "game", "ruleset", "expected"),
    [
        ([42300, 31500, 25200, 21000], GameType.RIICHI, Ruleset(), None),
        ([42300, 31500, 25200, 20000], GameType.RIICHI, Ruleset(), WrongTotal(119000, 120000)),
        ([40000, 30000, 20000, 10000], GameType.RIICHI, Ruleset(start_points=25000), None),
        ([40000, 30000, 20000, 10000], GameType.RIICHI, Ruleset(), WrongTotal(100000, 120000)),
        ([60000, 40000, 20000, 0], GameType.RIICHI, Ruleset(), None),
        ([-5000, 50000, 50000, 25000], GameType.RIICHI, Ruleset(), None),
        ([40, 10, -20, -30], GameType.MCR, Ruleset(), None),
        ([40, 10, -20, -20], GameType.MCR, Ruleset(), WrongTotal(10, 0)),
        ([0, 0, 0, 0], GameType.MCR, Ruleset(), None),
    ],
)
def test_the_four_scores_sum_to_the_start_total(scores, game, ruleset, expected):
    assert check_score_total(scores, game, ruleset) == expected


@pytest.mark.parametrize(
    ("game", "start", "total"),
    [(GameType.RIICHI, 30000, 120000), (GameType.RIICHI, 25000, 100000), (GameType.MCR, 30000, 0)],
)
def test_the_start_total(game, start, total):
    assert expected_total(game, Ruleset(start_points=start)) == total


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([], []),
        ([(2, "R1"), (3, "R1"), (4, "R1"), (5, "R1")], []),
        ([(2, "R1"), (3, "R2"), (4, "R1"), (5, "R1")], [Disagreement(3, "R2", "R1", 2)]),
        ([(2, "R2"), (3, "R1"), (4, "R1"), (5, "R1")], [Disagreement(2, "R2", "R1", 3)]),
        # A tie: the earliest row's value is taken as right.
        ([(2, "R1"), (3, "R2")], [Disagreement(3, "R2", "R1", 2)]),
        ([(7, "R2"), (3, "R1")], [Disagreement(7, "R2", "R1", 3)]),
        (
            [(2, D), (3, D + dt.timedelta(1)), (4, D)],
            [Disagreement(3, D + dt.timedelta(1), D, 2)],
        ),
    ],
)
def test_the_rows_of_a_game_agree(values, expected):
    assert check_rows_agree(values) == expected


@pytest.mark.parametrize(
    ("seated", "expected"),
    [({"A", "B", "C"}, []), ({"B"}, ["A", "C"]), (set(), ["A", "B", "C"])],
)
def test_every_player_sits_in_every_session(seated, expected):
    assert missing_from_session(["A", "B", "C"], seated) == expected


@pytest.mark.parametrize(
    ("uma", "expected"),
    [
        ((15000, 5000, -5000, -15000), None),
        ((15000, 5000, -5000, -10000), 5000),
        ((Fraction(1, 2), Fraction(-1, 2), 0, 0), None),
        ((1, 1, 1, 1), 4),
    ],
)
def test_uma_adds_up_to_zero(uma, expected):
    assert uma_total(uma) == expected


def league(games):
    return {
        "Divisions": [["Division", "Game", "Level", "Player"]]
        + [["R1", "Riichi", 1, p] for p in "ABCD"]
        + [["M1", "MCR", 1, p] for p in "ABCD"],
        "Games": [["Game", "Date", "Division", "Player", "Score"], *games],
    }


def problems_of(tmp_path, games):
    _, problems = read_workbook(write_workbook(tmp_path / "s.xlsx", league(games)))
    return problems.errors


def test_a_wrong_total_is_said_on_the_score_column_in_both_languages(tmp_path):
    games = [[1, D, "R1", p, s] for p, s in zip("ABCD", (42300, 31500, 25200, 20000), strict=True)]
    [error] = problems_of(tmp_path, games)
    assert (error.sheet, error.row, error.column) == ("Games", 2, "Score")
    assert error.text("en") == (
        "the four scores of game '1' (rows 2, 3, 4, 5) add up to 119,000;"
        " they must add up to 120,000 (4 × 30,000 start points)"
    )
    assert error.text("da") == (
        "de fire scorer i spillet '1' (række 2, 3, 4, 5) giver 119000 tilsammen;"
        " de skal give 120000 (4 × 30000 startpoint)"
    )


def test_an_mcr_total_and_a_player_twice(tmp_path):
    games = [[2, D, "M1", p, s] for p, s in zip("ABCA", (40, 10, -20, -20), strict=True)]
    [error] = problems_of(tmp_path, games)
    assert str(error) == (
        "Error: sheet 'Games', row 5, column 'Player': 'A' sits twice in game '2' (rows 2 and 5)"
    )
    assert error.render("da") == (
        "Fejl: ark 'Games', række 5, kolonne 'Player': 'A' sidder to gange i spillet '2'"
        " (række 2 og 5)"
    )


def test_a_game_with_three_rows_and_a_stray_division(tmp_path):
    games = [[3, D, "R1", "A", 40000], [3, D, "R1", "B", 40000], [3, D, "M1", "C", 40000]]
    errors = problems_of(tmp_path, games)
    assert [e.code for e in (error.message for error in errors)] == [
        "league.game_row_count",
        "league.game_division_disagrees",
    ]
    assert errors[1].text() == (
        "game '3' has division 'R1' in row 2 but 'M1' here; the four rows of a game must agree"
    )
    assert errors[1].row == 4
