"""Next season's divisions (rules.md 1.3): counts, sizes, the priority order, properties."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_club.messages.rules import next_reason
from rules.next_season import (
    Group,
    Outcome,
    TooFewPlayers,
    division_count,
    division_sizes,
    next_season,
    priority_order,
)
from rules.status import row_statuses


@pytest.mark.parametrize(
    ("players", "count"),
    [
        (4, 1),
        (5, 1),
        (9, 1),
        (10, 2),
        (19, 3),
        (20, 3),
        (21, 3),
        (22, 4),
        (26, 4),
        (27, 5),
        (29, 5),
        (30, 5),
        (35, 5),
        (36, 6),
    ],
)
def test_division_count_at_every_boundary(players, count):
    assert division_count(players) == count


@pytest.mark.parametrize("players", [0, 1, 3])
def test_fewer_than_four_players_is_an_error(players):
    with pytest.raises(TooFewPlayers, match="at least 4"):
        division_count(players)


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(19, [7, 6, 6]), (20, [7, 7, 6]), (22, [6, 6, 5, 5]), (36, [6] * 6), (4, [4])],
)
def test_sizes_top_divisions_largest(players, sizes):
    assert division_sizes(players) == sizes


def season(*sizes):
    return [[f"D{k}#{r}" for r in range(1, n + 1)] for k, n in enumerate(sizes, start=1)]


def test_worked_example_priority_order():
    order = [
        p.player
        for p in priority_order(
            season(6, 6, 5), [("new1500", Fraction(1500)), ("new1200", Fraction(1200))]
        )
    ]
    expected = [
        *("D1#1", "D2#1", "D1#2", "D1#3", "D1#4", "D2#2", "D1#5", "D1#6", "D2#3", "D2#4"),
        *("D3#1", "D3#2", "D2#5", "D2#6", "D3#3", "D3#4", "D3#5", "new1500", "new1200"),
    ]
    assert order == expected


def test_worked_example_divisions_and_reasons():
    places = next_season(
        season(6, 6, 5), None, [("new1500", Fraction(1500)), ("new1200", Fraction(1200))]
    )
    levels = {1: [], 2: [], 3: []}
    for place in places:
        levels[place.level].append(place.player)
    assert levels[1] == ["D1#1", "D2#1", "D1#2", "D1#3", "D1#4", "D2#2", "D1#5"]
    assert levels[2] == ["D1#6", "D2#3", "D2#4", "D3#1", "D3#2", "D2#5"]
    assert levels[3] == ["D2#6", "D3#3", "D3#4", "D3#5", "new1500", "new1200"]
    reasons = {p.player: str(next_reason(p.reason)) for p in places}
    assert reasons["D2#1"] == "winner of division 2, promoted"
    assert reasons["D1#5"] == "relegation candidate of division 1, kept: division 1 grew"
    assert reasons["D1#6"] == "relegation candidate of division 1, relegated"
    assert reasons["D2#2"] == "runner-up of division 2, promoted"
    assert reasons["D3#2"] == "runner-up of division 3, promoted"
    assert reasons["D2#5"] == "relegation candidate of division 2, kept: a place was free"
    assert reasons["new1500"] == "new player (rating 1500)"
    winner = {p.player: p.reason for p in places}["D2#1"]
    assert (winner.outcome, winner.group, winner.division, winner.rank, winner.level) == (
        Outcome.PROMOTED,
        Group.WINNER,
        2,
        1,
        1,
    )


def test_reasons_in_danish():
    places = next_season(season(6, 6, 5), None, [("new1500", Fraction(1500)), ("nobody", None)])
    danish = {p.player: next_reason(p.reason).render("da") for p in places}
    assert danish["D1#1"] == "vinder af division 1, bliver i toppen"
    assert danish["D2#1"] == "vinder af division 2, rykker op"
    assert danish["D2#2"] == "nr. 2 i division 2, rykker op"
    assert danish["D1#3"] == "nr. 3 i division 1, bliver"
    assert danish["D1#5"] == "nedrykningskandidat i division 1, bliver: division 1 blev større"
    assert danish["D1#6"] == "nedrykningskandidat i division 1, rykker ned"
    assert danish["D2#5"] == "nedrykningskandidat i division 2, bliver: der var en ledig plads"
    assert danish["new1500"] == "ny spiller (rating 1500)"
    assert danish["nobody"] == "ny spiller (ingen rating)"


def test_moved_down_and_no_room_reasons():
    # 6 + 4 players make two divisions of 5: division 1's winner, rows 2-4 and division 2's
    # winner fill division 1, so division 2's runner-up finds no room higher up.
    places = {p.player: p.reason for p in next_season(season(6, 4), None)}
    assert str(next_reason(places["D2#2"])) == "runner-up of division 2, stays: no room higher up"
    assert (
        next_reason(places["D2#2"]).render("da")
        == "nr. 2 i division 2, bliver: ingen plads højere oppe"
    )
    # 7 + 4 players, one does not sign up: two divisions of 5, and division 1's row 5 (not a
    # relegation candidate) moves down because division 1 is smaller next season.
    rows = season(7, 4)
    places = {
        p.player: p.reason for p in next_season(rows, {p for d in rows for p in d} - {"D2#4"})
    }
    assert places["D1#5"].outcome is Outcome.MOVED_DOWN
    assert str(next_reason(places["D1#5"])) == (
        "rank 5 of division 1, moved down: division 1 is smaller next season"
    )
    assert next_reason(places["D1#5"]).render("da") == (
        "nr. 5 i division 1, rykker ned: division 1 er mindre næste sæson"
    )


def test_single_division_is_the_final_ranking_then_new_players():
    order = priority_order(season(5), [("b", None), ("a", Fraction(1400)), ("c", Fraction(1400))])
    assert [p.player for p in order] == ["D1#1", "D1#2", "D1#3", "D1#4", "D1#5", "a", "c", "b"]


def test_players_who_did_not_sign_up_are_skipped():
    rows = season(6, 6)
    signed = {p for d in rows for p in d} - {"D1#2", "D2#4"}
    places = next_season(rows, signed)
    assert {p.player for p in places} == signed
    assert [len([p for p in places if p.level == k]) for k in (1, 2)] == [5, 5]


def test_small_lower_division_runner_up_is_not_a_relegation_candidate():
    assert row_statuses(2, top=False) == ["promoted", "promotion candidate"]
    order = [p.player for p in priority_order(season(5, 2))]
    assert order == ["D1#1", "D2#1", "D1#2", "D1#3", "D2#2", "D1#4", "D1#5"]


@st.composite
def seasons(draw):
    sizes = draw(st.lists(st.integers(4, 8), min_size=1, max_size=5))
    rows = season(*sizes)
    everyone = [p for d in rows for p in d]
    signed = set(draw(st.lists(st.sampled_from(everyone), unique=True))) if everyone else set()
    news = draw(
        st.lists(
            st.tuples(st.text("xyz", min_size=1, max_size=3), st.none() | st.integers(1000, 2000)),
            max_size=6,
            unique_by=lambda t: t[0],
        )
    )
    news = [(f"new {n}", None if r is None else Fraction(r)) for n, r in news]
    return rows, signed, news


@given(seasons())
def test_next_season_properties(data):
    rows, signed, news = data
    total = len(signed) + len(news)
    if total < 4:
        with pytest.raises(TooFewPlayers, match="at least 4"):
            next_season(rows, signed, news)
        return
    places = next_season(rows, signed, news)
    # a partition of the signed-up players
    assert sorted(p.player for p in places) == sorted(signed | {n for n, _ in news})
    sizes = [
        sum(1 for p in places if p.level == k) for k in range(1, max(p.level for p in places) + 1)
    ]
    assert sizes == sorted(sizes, reverse=True)
    assert max(sizes) - min(sizes) <= 1
    assert all(s > 0 for s in sizes)
    # a division winner never moves down
    level = {p.player: p.level for p in places}
    for k, division in enumerate(rows, start=1):
        if division[0] in level:
            assert level[division[0]] <= k
