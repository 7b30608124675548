"""The worked examples of rules.md 1.1 and section 4 (points for one game)."""

from fractions import Fraction

import pytest

from rules.mcr import score_mcr_game
from rules.placement import placements, share_by_place
from rules.riichi import score_riichi_game
from rules.ruleset import Ruleset
from tests.builders import game

PLAYERS = ("A", "B", "C", "D")


def riichi(scores, ruleset=None, **kwargs):
    g = game("1", "R", list(zip(PLAYERS, scores, strict=True)), **kwargs)
    return score_riichi_game(g, ruleset or Ruleset())


def mcr(scores, ruleset=None, **kwargs):
    g = game("1", "M", list(zip(PLAYERS, scores, strict=True)), **kwargs)
    return score_mcr_game(g, ruleset or Ruleset())


@pytest.mark.parametrize(
    ("scores", "expected", "places"),
    [
        # rules.md 1.1 example
        ((42300, 31500, 25200, 21000), (27300, 6500, -9800, -24000), (1, 2, 3, 4)),
        # two tied for first share (15,000 + 5,000) / 2
        ((35000, 35000, 30000, 20000), (15000, 15000, -5000, -25000), (1, 1, 3, 4)),
        # three tied for first: (15,000 + 5,000 - 5,000) / 3 = 5,000 uma each
        ((36000, 36000, 36000, 12000), (11000, 11000, 11000, -33000), (1, 1, 1, 4)),
        # tie for 3rd: (-5,000 - 15,000) / 2
        ((50000, 30000, 20000, 20000), (35000, 5000, -20000, -20000), (1, 2, 3, 3)),
        # all four tied
        ((30000, 30000, 30000, 30000), (0, 0, 0, 0), (1, 1, 1, 1)),
        # order of seats does not matter
        ((21000, 25200, 42300, 31500), (-24000, -9800, 27300, 6500), (4, 3, 1, 2)),
    ],
)
def test_riichi_results(scores, expected, places):
    results = riichi(scores)
    assert [r.points for r in results] == [Fraction(x) for x in expected]
    assert [r.placement for r in results] == list(places)
    assert all(r.played for r in results)


def test_riichi_substituted_member_gets_minus_30000_and_fourth():
    # C was replaced; the substitute scored 42,300 and won the table.
    results = riichi((31500, 25200, 42300, 21000), substituted=["C"])
    assert [r.points for r in results] == [6500, -9800, -30000, -24000]
    assert [r.placement for r in results] == [2, 3, 4, 4]
    assert [r.played for r in results] == [True, True, False, True]


def test_riichi_substitute_under_ema_revised():
    ruleset = Ruleset.for_riichi_ruleset("ema-revised")
    results = riichi((31500, 25200, 42300, 21000), ruleset, substituted=["C"])
    # 0 points and -30,000 uma for the replaced player; revised uma for the others
    assert [r.points for r in results] == [1500 + 10000, -4800 - 10000, -30000, -9000 - 30000]


def test_riichi_substitute_during_play_takes_fourth_seat():
    # D's substitute came in during play with the top score: the others take uma 1-3.
    results = riichi((31500, 25200, 21000, 42300), during=["D"])
    assert [r.points for r in results] == [1500 + 15000, -4800 + 5000, -9000 - 5000, -30000]
    assert [r.placement for r in results] == [1, 2, 3, 4]


def test_riichi_immediate_penalty_changes_placement():
    g = game("1", "R", list(zip(PLAYERS, (31000, 30500, 30000, 28500), strict=True)))
    ruleset = Ruleset.for_riichi_ruleset("ema-revised")
    results = score_riichi_game(g, ruleset, {"A": 1000})  # A: 30,000 after the penalty
    assert [r.placement for r in results] == [2, 1, 2, 4]
    # A and C tie at 30,000 and share (10,000 - 10,000) / 2 = 0 uma
    assert [r.points for r in results] == [0, 500 + 30000, 0, -1500 - 30000]


@pytest.mark.parametrize(
    ("scores", "table", "places"),
    [
        ((40, 10, -20, -30), (4, 2, 1, 0), (1, 2, 3, 4)),
        ((10, 10, 10, -30), (Fraction(7, 3),) * 3 + (0,), (1, 1, 1, 4)),
        ((20, 20, -20, -20), (3, 3, Fraction(1, 2), Fraction(1, 2)), (1, 1, 3, 3)),
        ((0, 0, 0, 0), (Fraction(7, 4),) * 4, (1, 1, 1, 1)),
    ],
)
def test_mcr_table_points(scores, table, places):
    results = mcr(scores)
    assert [r.points for r in results] == list(table)
    assert [r.minipoints for r in results] == list(scores)
    assert [r.placement for r in results] == list(places)


def test_mcr_substitute_wins_table_members_get_2_1_0():
    results = mcr((10, 60, -20, -50), substituted=["B"])
    assert [r.points for r in results] == [2, 0, 1, 0]
    assert [r.minipoints for r in results] == [10, 0, -20, -50]
    assert [r.placement for r in results] == [2, 4, 3, 4]


def test_seven_thirds_is_exact():
    shares = share_by_place([5, 5, 5, 1], (4, 2, 1, 0))
    assert shares[0] == Fraction(7, 3) and sum(shares) == 7


def test_placement_counts_ties_as_the_better_place():
    assert placements([100, 100, 50, 50]) == [1, 1, 3, 3]


def test_custom_uma_and_start_points():
    ruleset = Ruleset(start_points=25000, uma=(20000, 10000, -10000, -20000))
    results = riichi((40000, 30000, 20000, 10000), ruleset)
    assert [r.points for r in results] == [35000, 15000, -15000, -35000]
