"""Invariants that hold for every input (hypothesis)."""

import itertools
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rules.mcr import score_mcr_game
from rules.model import Division, GameType
from rules.placement import placed_shares, placements, share_by_place
from rules.riichi import score_riichi_game
from rules.ruleset import Ruleset
from rules.standings import division_standings
from rules.tiebreakers import RIICHI_CHAIN, TieContext, rank_players
from tests.builders import game, record

scores4 = st.lists(st.integers(-50, 50), min_size=4, max_size=4)


@st.composite
def riichi_scores(draw):
    """Four final scores in hundreds that add up to 120,000."""
    first3 = draw(st.lists(st.integers(-100, 700), min_size=3, max_size=3))
    return [s * 100 for s in first3] + [120000 - 100 * sum(first3)]


@given(scores4, st.sampled_from([(15000, 5000, -5000, -15000), (30000, 10000, -10000, -30000)]))
def test_uma_shares_sum_to_zero(scores, uma):
    assert sum(share_by_place(scores, uma)) == 0


@given(scores4)
def test_mcr_table_points_sum_to_seven(scores):
    g = game("1", "M", list(zip("ABCD", scores, strict=True)))
    assert sum(r.points for r in score_mcr_game(g, Ruleset())) == 7


@given(riichi_scores())
def test_riichi_results_sum_to_zero_without_substitutes(scores):
    g = game("1", "R", list(zip("ABCD", scores, strict=True)))
    assert sum(r.points for r in score_riichi_game(g, Ruleset())) == 0


@given(scores4)
def test_placements_are_consistent_with_scores(scores):
    places = placements(scores)
    for i in range(4):
        for j in range(4):
            if scores[i] > scores[j]:
                assert places[i] < places[j]
            if scores[i] == scores[j]:
                assert places[i] == places[j]


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=6), st.data())
def test_placements_and_shares_follow_their_definition(scores, data):
    """1 + how many scores are strictly higher; a tied group splits the values of the
    places it occupies (the definitions in rules/placement.py, counted plainly)."""
    table = data.draw(st.lists(st.integers(-9, 9), min_size=len(scores), max_size=len(scores)))
    for score, place, share in zip(
        scores, placements(scores), share_by_place(scores, table), strict=True
    ):
        higher = sum(1 for other in scores if other > score)
        tied = sum(1 for other in scores if other == score)
        assert place == 1 + higher
        assert share == Fraction(sum(table[higher : higher + tied]), tied)


@given(
    st.lists(
        st.tuples(
            st.integers(-3, 3),
            st.tuples(*[st.integers(0, 2)] * 4),
            st.lists(st.integers(-2, 2), max_size=3),
        ),
        min_size=1,
        max_size=8,
    ),
    st.dictionaries(st.tuples(st.integers(0, 7), st.integers(1, 2)), st.integers(2, 12)),
)
def test_ranks_are_competition_ranks_over_a_permutation(data, dice_raw):
    names = [f"P{i}" for i in range(len(data))]
    records = [
        record(n, Fraction(p), places, [(f"g{k}", v) for k, v in enumerate(res)])
        for n, (p, places, res) in zip(names, data, strict=True)
    ]
    dice = {(f"P{i}", r): roll for (i, r), roll in dice_raw.items() if i < len(names)}
    played = {f"g{k}": frozenset(names) for k in range(3)}
    rows, _ = rank_players(records, RIICHI_CHAIN, TieContext(played, dice))
    assert sorted(r.record.player for r in rows) == sorted(names)
    for i, row in enumerate(rows):
        if i > 0 and row.rank == rows[i - 1].rank:
            assert row.decided_by == "tied" and rows[i - 1].decided_by == "tied"
        else:
            assert row.rank == i + 1
    # Points never increase down the table (the first criterion after disqualification).
    assert all(a.record.points >= b.record.points for a, b in itertools.pairwise(rows))


@given(st.lists(st.tuples(riichi_scores(), st.integers(0, 3), st.booleans()), max_size=12))
def test_games_equal_the_sum_of_places(games_data):
    members = ("A", "B", "C", "D", "E")
    division = Division("R", GameType.RIICHI, 1, members)
    games = []
    for k, (scores, rot, sub) in enumerate(games_data):
        seated = [members[(rot + i) % 5] for i in range(4)]
        games.append(
            game(str(k), "R", list(zip(seated, scores, strict=True)), [seated[0]] if sub else [])
        )
    standings = division_standings(division, games, [], [], Ruleset())
    for row in standings.rows:
        assert row.record.games == sum(row.record.places)
    assert sum(r.record.games for r in standings.rows) == 4 * len(games)


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=6), st.data())
def test_placed_shares_are_the_placements_and_the_shares(scores, data):
    """The one-sort shortcut gives what the two definitions give, down to int or Fraction."""
    values = st.one_of(st.integers(-9, 9), st.fractions(-9, 9, max_denominator=4))
    table = data.draw(st.lists(values, min_size=len(scores), max_size=len(scores)))
    places, shares = placed_shares(scores, table)
    assert places == placements(scores)
    expected = share_by_place(scores, table)
    assert shares == expected
    assert [type(s) for s in shares] == [type(s) for s in expected]


@given(riichi_scores())
def test_a_riichi_table_without_substitutes_scores_as_the_general_way(scores):
    """The usual table's shortcut: the same results as the way that handles substitutes and
    penalties (an empty penalty for someone not at the table takes that way)."""
    g = game("1", "R", list(zip("ABCD", scores, strict=True)))
    quick = score_riichi_game(g, Ruleset())
    general = score_riichi_game(g, Ruleset(), {"someone else": 0})
    assert quick == general
    assert [type(r.points) for r in quick] == [type(r.points) for r in general]
