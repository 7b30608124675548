"""An MCR league game with a substitute who came in during play (``Substituted`` = during).

rules.md 1.1: the substituted member gets 0 table points and 0 minipoints and counts a 4th
place. rules.md 4 (and docs/rules-notes.md for MCR): with ``during``, the three others are
placed among themselves and take the first three table points, 4 / 2 / 1, ties shared; with
``start`` (``yes``) they are placed among all four scores, the substitute's included.

Every expected value below is worked out by hand from the games, reader to standings.
"""

import pytest

from mahjong_club.model import Season
from mahjong_club.pipeline import read_workbook
from process import main
from rules.model import Substitution
from tests.builders import sheet_rows, write_workbook
from tests.test_cli_errors import D, league


def mcr_season(first_sub="during", second_sub="during"):
    """M1 (A, B, C, D) plays three games; A is replaced in game 3, B in game 4."""
    sheets = league()
    sheets["Games"] += [
        # The substitute for A scores the most: 50 + 10 - 20 - 40 = 0.
        [3, D, "M1", "A", 50, first_sub],
        [3, D, "M1", "B", 10, None],
        [3, D, "M1", "C", -20, None],
        [3, D, "M1", "D", -40, None],
        # The substitute for B scores the least; C and D tie: 30 - 50 + 10 + 10 = 0.
        [4, D, "M1", "A", 30, None],
        [4, D, "M1", "B", -50, second_sub],
        [4, D, "M1", "C", 10, None],
        [4, D, "M1", "D", 10, None],
    ]
    return sheets


def standings(tmp_path, sheets):
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    assert main([str(path), "--out", str(out)]) == 0
    found = sheet_rows(out / "season.xlsx", "Standings")
    columns = ("Rank", "Player", "Games", "Points", "Minipoints", "Firsts", "Seconds", "Thirds")
    return [tuple(r[c] for c in (*columns, "Fourths")) for r in found if r["Division"] == "M1"]


def test_the_reader_keeps_during_for_an_mcr_league_game(tmp_path):
    path = write_workbook(tmp_path / "season.xlsx", mcr_season())
    season, problems = read_workbook(path)
    assert not problems.errors
    assert isinstance(season, Season)
    subs = {
        (g.id, s.player): s.substitution
        for g in season.games
        for s in g.seats
        if s.substitution is not Substitution.NONE
    }
    assert subs == {("3", "A"): Substitution.DURING, ("4", "B"): Substitution.DURING}


def test_during_substitutes_in_mcr_standings(tmp_path, capsys):
    # Game 2 (no substitute): A 40, B 10, C -20, D -30 -> 4, 2, 1, 0 table points.
    # Game 3, A replaced during play: B 10, C -20, D -40 among themselves -> 4, 2, 1;
    #   A 0 table points, 0 minipoints, 4th place (the substitute's 50 counts nowhere).
    # Game 4, B replaced during play: A 30 -> 4; C and D tie at 10 for 2nd -> (2 + 1) / 2 = 3/2
    #   each (both count a 2nd place); B 0, 0, 4th.
    # A: 4 + 0 + 4 = 8, minipoints 40 + 0 + 30 = 70, places 1, 4, 1
    # B: 2 + 4 + 0 = 6, minipoints 10 + 10 + 0 = 20, places 2, 1, 4
    # C: 1 + 2 + 3/2 = 4.5, minipoints -20 - 20 + 10 = -30, places 3, 2, 2
    # D: 0 + 1 + 3/2 = 2.5, minipoints -30 - 40 + 10 = -60, places 4, 3, 2
    assert standings(tmp_path, mcr_season()) == [
        (1, "A", 3, 8, 70, 2, 0, 0, 1),
        (2, "B", 3, 6, 20, 1, 1, 0, 1),
        (3, "C", 3, 4.5, -30, 0, 2, 1, 0),
        (4, "D", 3, 2.5, -60, 0, 1, 1, 1),
    ]
    assert "error" not in capsys.readouterr().err.lower()


def test_a_start_substitute_places_the_others_among_all_four(tmp_path):
    # Game 3 with A replaced from the start: the substitute's 50 is 1st, so B 10 -> 2nd (2),
    # C -20 -> 3rd (1), D -40 -> 4th (0). Game 4 as before (during).
    # A: 4 + 0 + 4 = 8; B: 2 + 2 + 0 = 4; C: 1 + 1 + 3/2 = 3.5; D: 0 + 0 + 3/2 = 1.5.
    assert standings(tmp_path, mcr_season(first_sub="yes")) == [
        (1, "A", 3, 8, 70, 2, 0, 0, 1),
        (2, "B", 3, 4, 20, 0, 2, 0, 1),
        (3, "C", 3, 3.5, -30, 0, 1, 2, 0),
        (4, "D", 3, 1.5, -60, 0, 1, 0, 2),
    ]


@pytest.mark.parametrize(("written", "kind"), [("During", "during"), (" DURING ", "during")])
def test_during_is_a_keyword_in_any_case(tmp_path, written, kind):
    path = write_workbook(tmp_path / "season.xlsx", mcr_season(first_sub=written))
    season, problems = read_workbook(path)
    assert not problems.errors
    game = next(g for g in season.games if g.id == "3")
    assert game.seats[0].substitution.value == kind
