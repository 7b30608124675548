"""Planned games: matching, balanced plans, and tonight's proposal with substitutes."""

import datetime as dt
import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.schedule import (
    PlannedGame,
    default_games_per_player,
    make_schedule,
    match_schedule,
    pair_spread,
)
from rules.tonight import propose_tonight
from tests.builders import game


def plan(division, *tables):
    return [PlannedGame(division, str(i), tuple(t)) for i, t in enumerate(tables, start=1)]


def test_played_games_match_planned_foursomes_as_a_multiset():
    planned = plan("M", "ABCD", "ABCE", "ABCD")
    played = [
        game("7", "M", [("D", 10), ("C", -10), ("B", 0), ("A", 0)]),
        game("9", "M", [("A", 10), ("B", -10), ("C", 0), ("D", 0)]),
        game("8", "M", [("A", 10), ("B", -10), ("C", 0), ("F", 0)]),
    ]
    statuses, unmatched = match_schedule(planned, played)
    assert [s.game_id for s in statuses] == ["7", None, "9"]
    assert [g.id for g in unmatched] == ["8"]


@pytest.mark.parametrize(("n", "games", "each", "pairs"), [(5, 5, 4, (3, 3)), (6, 15, 10, (6, 6))])
def test_small_divisions_play_every_foursome_once(n, games, each, pairs):
    members = [f"P{i}" for i in range(n)]
    tables = make_schedule(members)
    assert len(tables) == games
    assert {frozenset(t) for t in tables} == {
        frozenset(c) for c in itertools.combinations(members, 4)
    }
    assert set(Counter(p for t in tables for p in t).values()) == {each}
    assert pair_spread(tables, members) == pairs


@pytest.mark.parametrize("n", [7, 8, 9, 10, 12])
def test_larger_divisions_are_balanced(n):
    members = [f"P{i}" for i in range(n)]
    tables = make_schedule(members)
    per = default_games_per_player(n)
    assert len(tables) == n * per // 4
    assert set(Counter(p for t in tables for p in t).values()) == {per}
    assert all(len(set(t)) == 4 for t in tables)
    low, high = pair_spread(tables, members)
    assert high - low <= 1


def test_schedule_refuses_impossible_sizes():
    with pytest.raises(ValueError, match="a division of 3 cannot play"):
        make_schedule(["A", "B", "C"])
    with pytest.raises(ValueError, match="7 members cannot each play 3 games at tables of four"):
        make_schedule(list("ABCDEFG"), games_per_player=3)


def test_tonight_plays_full_foursomes_first_without_substitutes():
    remaining = plan("M", "ABCD", "EFGH")
    games = propose_tonight(remaining, ["M"], set("ABCDEFG"), {"H"}, {})
    assert [(g.planned.label, g.substituted) for g in games] == [("1", ())]


def test_tonight_substitutes_only_when_no_game_can_be_played_otherwise():
    remaining = plan("M", "ABCD", "ABCE", "ABFG")
    # D and E absent and substitutable; F and G absent and substitutable: prefer one substitute,
    # and of D and E the one with fewer division games played (E).
    played = {("M", "D"): 5, ("M", "E"): 3}
    games = propose_tonight(remaining, ["M"], set("ABC"), set("DEFG"), played)
    assert [(g.planned.label, g.substituted) for g in games] == [("2", ("E",))]


def test_tonight_never_substitutes_a_member_who_is_not_substitutable():
    remaining = plan("M", "ABCD")
    assert propose_tonight(remaining, ["M"], set("ABC"), set(), {}) == []


def test_two_substitutes_only_when_nothing_else_remains():
    remaining = plan("M", "ABCD", "ABEF")
    games = propose_tonight(remaining, ["M"], set("AB"), set("CDEF"), {("M", "C"): 1})
    assert len(games) == 1 and len(games[0].substituted) == 2
    # With a one-substitute game available, that one is chosen.
    remaining = plan("M", "ABCD", "ABEF", "ABCE")
    games = propose_tonight(remaining, ["M"], set("ABC"), set("DEF"), {})
    assert [g.planned.label for g in games] == ["1"] and games[0].substituted == ("D",)


@st.composite
def nights(draw):
    divisions = ["D1", "D2"]
    members = {"D1": list("ABCDEF"), "D2": list("DEFGHI")}  # D, E, F play in both
    remaining = []
    for d in divisions:
        tables = draw(st.lists(st.permutations(members[d]).map(lambda p: tuple(p[:4])), max_size=6))
        remaining += plan(d, *tables)
    everyone = sorted(set(members["D1"]) | set(members["D2"]))
    present = set(draw(st.lists(st.sampled_from(everyone), unique=True)))
    substitutable = set(draw(st.lists(st.sampled_from(everyone), unique=True)))
    played = {(d, p): draw(st.integers(0, 5)) for d in divisions for p in members[d]}
    return remaining, divisions, present, substitutable, played


@given(nights())
def test_tonight_properties(data):
    remaining, divisions, present, substitutable, played = data
    games = propose_tonight(remaining, divisions, present, substitutable, played)
    seated = [p for g in games for p in g.seated]
    assert len(seated) == len(set(seated)), "a player is seated twice"
    assert set(seated) <= present, "an absent member is seated"
    for g in games:
        assert set(g.substituted) <= substitutable, "a non-substitutable member is replaced"
        assert len(g.seated) >= 1
    # Substitutes are used in a division only when it has no game without them.
    for d in divisions:
        ds = [g for g in games if g.division == d]
        if any(g.substituted for g in ds):
            assert not any(not g.substituted for g in ds)
    assert len({id(g.planned) for g in games}) == len(games)


def test_match_uses_dates_in_order():
    planned = plan("M", "ABCD")
    later = game("1", "M", [("A", 0), ("B", 0), ("C", 0), ("D", 0)])
    earlier = game("2", "M", [("A", 0), ("B", 0), ("C", 0), ("D", 0)])
    later = type(later)(later.id, later.division, later.seats, dt.date(2025, 9, 11))
    earlier = type(earlier)(earlier.id, earlier.division, earlier.seats, dt.date(2025, 9, 4))
    statuses, unmatched = match_schedule(planned, [later, earlier])
    assert statuses[0].game_id == "2" and [g.id for g in unmatched] == ["1"]
