"""The tie-breaker chains of rules.md 1.2, one table row per criterion deciding a case."""

import pytest

from mahjong_club.messages.rules import criterion
from rules.model import Division, GameType
from rules.ruleset import Ruleset
from rules.standings import division_standings
from rules.tiebreakers import MCR_CHAIN, RIICHI_CHAIN, TieBreak, TieContext, rank_players
from tests.builders import game, record

BOTH = {"g1": frozenset({"A", "B"})}


def order(rows):
    return [(r.rank, r.record.player, r.decided_by) for r in rows]


RIICHI_CASES = [
    pytest.param(
        [record("B", 5000), record("A", 10000)],
        {},
        [(1, "A", "points"), (2, "B", "")],
        id="points",
    ),
    pytest.param(
        [record("A", 0, (1, 1, 0, 0)), record("B", 0, (2, 0, 0, 0))],
        {},
        [(1, "B", "1st places"), (2, "A", "")],
        id="1st places",
    ),
    pytest.param(
        [record("A", 0, (1, 1, 1, 0)), record("B", 0, (1, 2, 0, 0))],
        {},
        [(1, "B", "2nd places"), (2, "A", "")],
        id="2nd places",
    ),
    pytest.param(
        [record("A", 0, (1, 1, 1, 1)), record("B", 0, (1, 1, 2, 0))],
        {},
        [(1, "B", "3rd places"), (2, "A", "")],
        id="3rd places",
    ),
    pytest.param(
        [
            record("A", 0, (1, 0, 0, 1), [("g1", -9000), ("g2", 9000)]),
            record("B", 0, (1, 0, 0, 1), [("g1", 9000), ("g3", -9000)]),
        ],
        {},
        [(1, "B", "head-to-head points"), (2, "A", "")],
        id="head-to-head",
    ),
    pytest.param(
        [
            record("A", 0, (1, 0, 0, 1), [("g2", 9000), ("g3", -9000)]),
            record("B", 0, (1, 0, 0, 1), [("g4", 12000), ("g5", -12000)]),
        ],
        {},
        [(1, "B", "highest single game"), (2, "A", "")],
        id="highest single game",
    ),
    pytest.param(
        [record("A"), record("B", 0, (0, 0, 0, 1), [("g4", -20000)])],
        {},
        [(1, "B", "highest single game"), (2, "A", "")],
        id="a player with no game comes after one with a game",
    ),
    pytest.param(
        [record("A"), record("B")],
        {("A", 1): 5, ("B", 1): 9},
        [(1, "B", "dice"), (2, "A", "")],
        id="dice round 1",
    ),
    pytest.param(
        [record("A"), record("B")],
        {("A", 1): 7, ("B", 1): 7, ("A", 2): 4, ("B", 2): 8},
        [(1, "B", "dice"), (2, "A", "")],
        id="dice round 2 after equal round 1",
    ),
    pytest.param(
        [record("b"), record("A")],
        {},
        [(1, "A", "tied"), (1, "b", "tied")],
        id="tied without dice, listed by name case-folded",
    ),
    pytest.param(
        [record("A"), record("B")],
        {("A", 1): 7},
        [(1, "A", "tied"), (1, "B", "tied")],
        id="a round splits only when everyone rolled",
    ),
    pytest.param(
        [record("A", 50000, disqualified=True), record("B", -3000)],
        {},
        [(1, "B", "disqualification"), (2, "A", "")],
        id="disqualification first",
    ),
    pytest.param(
        [record("C", 1000), record("A"), record("B"), record("D", -1000)],
        {},
        [(1, "C", "points"), (2, "A", "tied"), (2, "B", "tied"), (4, "D", "")],
        id="competition ranks skip after a tie",
    ),
]


@pytest.mark.parametrize(("records", "dice", "expected"), RIICHI_CASES)
def test_riichi_chain(records, dice, expected):
    rows, _ = rank_players(records, RIICHI_CHAIN, TieContext(BOTH, dice))
    assert order(rows) == expected


MCR_CASES = [
    pytest.param(
        [record("A", 8, minipoints=100), record("B", 9, minipoints=-50)],
        [(1, "B", "table points"), (2, "A", "")],
        id="table points",
    ),
    pytest.param(
        [record("A", 8, minipoints=10), record("B", 8, minipoints=11)],
        [(1, "B", "minipoints"), (2, "A", "")],
        id="minipoints",
    ),
    pytest.param(
        [record("A", 8, (1, 2, 0, 0), minipoints=5), record("B", 8, (2, 0, 0, 1), minipoints=5)],
        [(1, "B", "1st places"), (2, "A", "")],
        id="1st places",
    ),
    pytest.param(
        [
            record("A", 4, (1, 0, 0, 1), [("g1", 0, -20), ("g2", 4, 20)], minipoints=0),
            record("B", 4, (1, 0, 0, 1), [("g1", 4, 20), ("g3", 0, -20)], minipoints=0),
        ],
        [(1, "B", "head-to-head"), (2, "A", "")],
        id="head-to-head table points",
    ),
    pytest.param(
        [
            record("A", 4, (1, 0, 0, 1), [("g1", 2, 5), ("g2", 2, -5)], minipoints=0),
            record("B", 4, (1, 0, 0, 1), [("g1", 2, 9), ("g3", 2, -9)], minipoints=0),
        ],
        [(1, "B", "head-to-head"), (2, "A", "")],
        id="head-to-head minipoints after equal table points",
    ),
    pytest.param(
        [
            record("A", 4, (1, 0, 0, 1), [("g4", 4, 30), ("g5", 0, -30)], minipoints=0),
            record("B", 4, (1, 0, 0, 1), [("g6", 4, 25), ("g7", 0, -25)], minipoints=0),
        ],
        [(1, "A", "highest single game"), (2, "B", "")],
        id="highest single game minipoints",
    ),
]


@pytest.mark.parametrize(("records", "expected"), MCR_CASES)
def test_mcr_chain(records, expected):
    rows, _ = rank_players(records, MCR_CHAIN, TieContext(BOTH, {}))
    assert order(rows) == expected


def test_three_way_head_to_head_is_not_restarted_on_the_remaining_pair():
    # A, B and C are level on points and places. Over the three of them, head-to-head gives
    # A +30,000, B -4,000, C -4,000. B beat C in the one game those two played together, but
    # the pair goes on to the *next* criterion: C's +40,000 single game beats B's +25,000.
    played = {
        "g1": frozenset({"A", "B"}),
        "g2": frozenset({"A", "C"}),
        "g3": frozenset({"B", "C"}),
    }
    places = (1, 1, 1, 1)
    records = [
        record("A", 33000, places, [("g1", 20000), ("g2", 10000), ("g6", 3000), ("g9", 0)]),
        record("B", 33000, places, [("g1", -12000), ("g3", 8000), ("g5", 25000), ("g7", 12000)]),
        record("C", 33000, places, [("g2", -7000), ("g3", 3000), ("g4", 40000), ("g10", -3000)]),
    ]
    rows, needed = rank_players(records, RIICHI_CHAIN, TieContext(played, {}))
    assert order(rows) == [
        (1, "A", "head-to-head points"),
        (2, "C", "highest single game"),
        (3, "B", ""),
    ]
    assert needed == []


def test_decided_by_is_a_code_with_words_in_each_language():
    records = [record("B", 5000), record("A", 10000), record("C", 5000, (1, 0, 0, 0))]
    rows, _ = rank_players(records, RIICHI_CHAIN, TieContext(BOTH, {}))
    assert [r.decided_by for r in rows] == [TieBreak.POINTS, TieBreak.FIRSTS, TieBreak.NONE]
    assert [criterion(r.decided_by).render("da") for r in rows[:2]] == ["point", "1. pladser"]
    assert [c.name for c in MCR_CHAIN][:3] == [
        TieBreak.DISQUALIFICATION,
        TieBreak.TABLE_POINTS,
        TieBreak.MINIPOINTS,
    ]


def test_unresolved_group_reports_the_rolls_to_make():
    records = [record("Cleo"), record("bo"), record("Ane"), record("Dan", -1)]
    rows, needed = rank_players(records, RIICHI_CHAIN, TieContext({}, {("Ane", 1): 6}))
    assert order(rows) == [
        (1, "Ane", "tied"),
        (1, "bo", "tied"),
        (1, "Cleo", "tied"),
        (4, "Dan", ""),
    ]
    assert len(needed) == 1
    assert needed[0].players == ("Ane", "bo", "Cleo")
    assert needed[0].round == 1
    assert set(needed[0].missing) == {"bo", "Cleo"}


def test_dice_split_three_then_round_two_for_the_pair():
    dice = {("A", 1): 8, ("B", 1): 8, ("C", 1): 3, ("A", 2): 2, ("B", 2): 12}
    rows, needed = rank_players(
        [record("A"), record("B"), record("C")], RIICHI_CHAIN, TieContext({}, dice)
    )
    assert order(rows) == [(1, "B", "dice"), (2, "A", "dice"), (3, "C", "")]
    assert needed == []


# --- Through real games --------------------------------------------------------------------


def test_substituted_game_counts_as_fourth_with_minus_30000():
    division = Division("R1", GameType.RIICHI, 1, ("A", "B", "X", "Y", "Z"))
    games = [
        # A and B both play: A +10,000 more than B here.
        game("1", "R1", [("A", 40000), ("B", 30000), ("X", 30000), ("Y", 20000)]),
        # B was substituted: this game is not head-to-head for anyone.
        game("2", "R1", [("A", 20000), ("B", 50000), ("X", 25000), ("Z", 25000)], ["B"]),
    ]
    standings = division_standings(division, games, [], [], Ruleset())
    rows = {r.record.player: r for r in standings.rows}
    # A: +25,000 (1st) then 20,000 - 30,000 - 15,000 = -25,000 (4th): 0 in all.
    # B: 0 (2nd, tied with X: (5,000 - 5,000) / 2 = 0 uma), then -30,000 substituted.
    assert rows["A"].record.points == 0
    assert rows["B"].record.points == -30000
    assert rows["B"].record.places == (0, 1, 0, 1)
    assert rows["B"].record.games == 2


def test_mcr_head_to_head_over_real_games():
    division = Division("M1", GameType.MCR, 1, ("A", "B", "C", "D", "E", "F"))
    games = [
        game("1", "M1", [("A", 30), ("B", 10), ("C", -20), ("D", -20)]),
        game("2", "M1", [("B", 30), ("A", 10), ("E", -20), ("F", -20)]),
        game("3", "M1", [("A", 40), ("C", 0), ("E", -10), ("F", -30)]),
        game("4", "M1", [("B", 40), ("D", 0), ("E", -10), ("F", -30)]),
    ]
    standings = division_standings(division, games, [], [], Ruleset())
    top = [(r.record.player, r.decided_by) for r in standings.rows[:2]]
    # A and B: 4 + 2 + 4 = 10 table points, 80 minipoints, two 1sts, one 2nd each.
    # Head-to-head: games 1 and 2: A 4 + 2 = 6 and 40; B 2 + 4 = 6 and 40: equal.
    # Highest single game: both 40 -> dice, none recorded -> tied.
    assert top == [("A", "tied"), ("B", "tied")]
    assert standings.rows[0].record.points == 10
    assert standings.rows[0].record.minipoints == 80
    assert standings.dice_needed[0].players == ("A", "B")
