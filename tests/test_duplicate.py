"""MCR Duplicate (rules.md 3): game points, the seed's table-12 example, IMP scale, ranking."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duplicate import SEATS, BoardResult, TablePlay, board_points, rank_players, score_boards
from rules.imp_scale import DEFAULT_SCALE, check_scale, imps

# The seed's example: on table 12 East wins 18 fan on North's discard. The seed gives only
# the averages of the ten tables (East 33.8, North -14, South -18.4, West -1.5); these nine
# other tables reproduce them exactly.
OTHER_TABLES = [
    BoardResult(("E",), (38,), "N"),  # 62, -8, -8, -46
    BoardResult(("N",), (19,), "S"),  # -8, -27, -8, 43
    BoardResult(("E",), (32,)),  # 56, -19, -19, -19 (self-drawn)
    BoardResult(("E",), (18,)),  # 42, -14, -14, -14
    BoardResult(("W",), (8,), "S"),  # -8, -16, 32, -8
    BoardResult(("W",), (38,), "N"),  # -8, -8, 62, -46
    BoardResult(("E",), (34,), "S"),  # 58, -42, -8, -8
    BoardResult(("E",), (26,), "S"),  # 50, -34, -8, -8
    BoardResult(("E",), (28,), "W"),  # 52, -8, -36, -8
]


def plays_for(results, board="1", session="1", names=None):
    plays = []
    for number, result in results:
        players = {s: f"{s}{number}" for s in SEATS} if names is None else names(number)
        plays.append(TablePlay(session, board, str(number), players, result))
    return plays


def test_seed_table_12_example():
    results = [(12, BoardResult(("E",), (18,), "N")), *list(enumerate(OTHER_TABLES, start=1))]
    rows = {(r.table, r.seat): r for r in score_boards(plays_for(results))}
    table12 = [rows[("12", s)] for s in SEATS]
    assert [r.game_points for r in table12] == [42, -8, -8, -26]
    assert [r.average for r in table12] == [
        Fraction("33.8"),
        Fraction("-18.4"),
        Fraction("-1.5"),
        Fraction(-14),
    ]
    assert [r.difference for r in table12] == [
        Fraction("8.2"),
        Fraction("10.4"),
        Fraction("-6.5"),
        Fraction(-12),
    ]
    assert [r.imps for r in table12] == [2, 3, -2, -3]


@pytest.mark.parametrize(
    ("result", "points"),
    [
        (BoardResult(("E",), (18,), "N"), (42, -8, -8, -26)),  # discard
        (BoardResult(("S",), (9,)), (-11, 33, -11, -11)),  # rule 1: HV 9 -> +33 / -11
        (BoardResult(("S",), (10,)), (-12, 34, -12, -12)),  # rule 1: HV 10 -> +34 / -12
        (BoardResult(("E",), (8,)), (32, -11, -11, -11)),  # ceil(8/3) = 3
        (BoardResult(("E", "S"), (10, 12), "W"), (34, 36, -30, -8)),  # rule 2, two winners
        (BoardResult(("E", "S", "N"), (8, 9, 10), "W"), (32, 33, -35, 34)),  # three winners
        (BoardResult(("N",), (10,), "E", True), (-26, -8, -8, 42)),  # LTW: Last Tile Claim +8
        (BoardResult(("N",), (9,), None, True), (-14, -14, -14, 41)),  # LTW: Last Tile Draw
        (BoardResult(), (0, 0, 0, 0)),  # no winner
    ],
)
def test_game_points(result, points):
    assert tuple(board_points(result)[s] for s in SEATS) == points


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (Fraction(0), 0),
        (Fraction(3, 2), 0),
        (Fraction(3, 2) + Fraction(1, 1000), 1),
        (Fraction(9, 2), 1),
        (Fraction(9, 2) + Fraction(1, 1000), 2),
        (Fraction(-9, 2), -1),
        (Fraction(-46, 10), -2),
        (Fraction(41, 5), 2),
        (Fraction(52, 5), 3),
        (Fraction(-13, 2), -2),
        (Fraction(-12), -3),
        (Fraction(799, 2), 23),
        (Fraction(400), 24),
        (Fraction(-10000), -24),
    ],
)
def test_imp_scale_boundaries(difference, expected):
    assert imps(difference) == expected


@pytest.mark.parametrize(("imp", "above"), DEFAULT_SCALE)
def test_default_scale_rows(imp, above):
    # every row of the table: exactly at the threshold is one IMP less, just above it is `imp`
    assert imps(above) == imp - 1
    assert imps(above + Fraction(1, 10**9)) == imp
    assert imps(-above - Fraction(1, 10**9)) == -imp


def test_custom_scale_and_its_check():
    scale = ((1, Fraction(2)), (2, Fraction(5)))
    assert check_scale(scale) is None
    assert imps(Fraction(6), scale) == 2
    assert check_scale(((1, Fraction(2)), (3, Fraction(5)))) is not None
    assert check_scale(((1, Fraction(5)), (2, Fraction(2)))) is not None


def test_false_mahjong_penalty_counts_in_the_ranking_only():
    names = lambda n: {s: f"{s}{n}" for s in SEATS}  # noqa: E731
    plays = [
        TablePlay("1", "1", "1", names(1), BoardResult(("E",), (8,), "N"), {"S": 8}),
        TablePlay("1", "1", "2", names(2), BoardResult(("E",), (8,), "N")),
    ]
    rows = score_boards(plays)
    south1 = next(r for r in rows if r.table == "1" and r.seat == "S")
    assert (south1.game_points, south1.imps, south1.penalty) == (-8, 0, -8)
    ranking = {r.player: r for r in rank_players(rows)}
    assert (ranking["S1"].imps, ranking["S1"].penalties) == (-8, -8)
    assert ranking["S1"].rank == 8


def test_ranking_ties_by_positive_boards_then_shared():
    names = lambda n: {"E": f"A{n}", "S": f"B{n}", "W": f"C{n}", "N": f"D{n}"}  # noqa: E731
    plays = plays_for(
        [(1, BoardResult(("E",), (20,), "S")), (2, BoardResult())], names=names
    ) + plays_for(
        [(1, BoardResult()), (2, BoardResult(("E",), (20,), "S"))], board="2", names=names
    )
    ranking = rank_players(score_boards(plays))
    # A1 and A2 each win one board and lose the other: equal IMPs and positive boards
    top = [(r.rank, r.player, r.tied) for r in ranking[:2]]
    assert top == [(1, "A1", True), (1, "A2", True)]
    assert all(r.boards == 2 for r in ranking)


results = st.one_of(
    st.just(BoardResult()),
    st.builds(
        lambda w, hv, d: BoardResult((w,), (hv,), None if d == w else d),
        st.sampled_from(SEATS),
        st.integers(8, 88),
        st.sampled_from(SEATS),
    ),
)


@given(results, st.integers(2, 6))
def test_same_result_at_every_table_gives_zero_imps(result, tables):
    rows = score_boards(plays_for([(n, result) for n in range(1, tables + 1)]))
    assert {r.imps for r in rows} == {0}
    assert {r.difference for r in rows} == {0}


@given(results, results)
def test_two_tables_are_antisymmetric(first, second):
    rows = score_boards(plays_for([(1, first), (2, second)]))
    for seat in SEATS:
        a, b = (next(r for r in rows if r.table == t and r.seat == seat) for t in ("1", "2"))
        assert a.difference == -b.difference
        assert a.imps == -b.imps
