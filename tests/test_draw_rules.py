"""The draw's rules (rules/draw.py): its constraints as properties (hypothesis) over many
player counts, sessions, teams and seeds, and worked examples."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.draw import (
    WINDS,
    DrawError,
    Entrant,
    balance_winds,
    clashes,
    make_draw,
    repeat_count,
    seed_hash,
    wind_counts,
    wind_spread,
)


def players(count: int, teams: int = 0, clubs: int = 0) -> list[Entrant]:
    return [
        Entrant(
            f"P{i:03d}",
            f"T{i % teams}" if teams else "",
            f"C{i % clubs}" if clubs else "",
        )
        for i in range(count)
    ]


def independent_repeats(sessions) -> int:
    """Pairs counted by brute force over every two players (not the code under test's way)."""
    names = sorted({p for s in sessions for t in s for p in t})
    total = 0
    for a, b in combinations(names, 2):
        together = sum(1 for s in sessions for t in s if a in t and b in t)
        total += max(0, together - 1)
    return total


draws = st.builds(
    lambda tables, sessions, teams, seed: (players(4 * tables, teams), sessions, seed),
    st.integers(1, 10),
    st.integers(1, 8),
    st.integers(0, 6),
    st.text(min_size=1, max_size=12),
)


def check_draw(entrants, sessions, seed) -> None:
    """Every invariant of one draw."""
    draw = make_draw(entrants, sessions, seed)
    assert len(draw.sessions) == sessions
    names = sorted(e.name for e in entrants)
    for session in draw.sessions:  # every player once per session, four to a table
        assert all(len(table) == 4 for table in session)
        assert sorted(p for table in session for p in table) == names
    assert wind_spread(draw.sessions) <= 1  # winds balanced within one
    for count in wind_counts(draw.sessions).values():
        assert sum(count.values()) == sessions
        assert max(count[w] for w in WINDS) - min(count[w] for w in WINDS) <= 1
    # repeats counted right (an independent count), clashes too, and the seed repeats it
    assert draw.repeats == independent_repeats(draw.sessions) == repeat_count(draw.sessions)
    assert clashes(draw.sessions, entrants) == (draw.team_clashes, draw.club_clashes)
    assert make_draw(entrants, sessions, seed) == draw


@settings(max_examples=60, deadline=None)
@given(draws)
def test_the_draw_s_invariants(case):
    check_draw(*case)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.builds(
        lambda tables, sessions, teams, clubs, seed: (
            players(4 * tables, teams, clubs),
            sessions,
            seed,
        ),
        st.integers(1, 25),
        st.integers(1, 12),
        st.integers(0, 12),
        st.integers(0, 5),
        st.text(min_size=1, max_size=20),
    )
)
def test_the_draw_s_invariants_at_length(case):
    check_draw(*case)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10), st.integers(1, 6), st.text(min_size=1, max_size=8))
def test_team_mates_sit_apart_when_each_team_fits(tables, sessions, seed):
    """Four teams of ``tables`` members each can always sit apart in the first session (a
    member of each team at every table)."""
    entrants = players(4 * tables, teams=4)
    draw = make_draw(entrants, sessions, seed)
    assert make_draw(entrants, 1, seed).team_clashes == 0
    for table in draw.sessions[0]:
        teams = [e.team for e in entrants if e.name in table]
        assert len(set(teams)) == 4


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=12), st.integers(0, 10**6))
def test_balancing_keeps_the_tables_and_balances_any_tables(shape, seed):
    """Any tables at all (not only drawn ones) get balanced winds: de Werra's theorem."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(16)]
    sessions = []
    for _ in shape:
        order = list(names)
        rng.shuffle(order)
        sessions.append(tuple(tuple(order[i : i + 4]) for i in range(0, 16, 4)))
    balanced = balance_winds(sessions, rng)
    assert wind_spread(balanced) <= 1
    for before, after in zip(sessions, balanced, strict=True):
        assert [sorted(t) for t in before] == [sorted(t) for t in after]


def test_forty_players_seven_sessions_meet_nobody_twice():
    draw = make_draw(players(40, teams=10, clubs=8), 7, "Copenhagen Open 2026")
    assert draw.repeats == 0
    assert draw.team_clashes == 0
    assert wind_spread(draw.sessions) <= 1


def test_played_sessions_are_kept_and_counted():
    entrants = players(16)
    first = make_draw(entrants, 2, "x")
    more = make_draw(entrants, 4, "y", played=first.sessions)
    assert more.sessions[:2] == first.sessions
    assert len(more.sessions) == 4
    assert more.repeats == independent_repeats(more.sessions)


@pytest.mark.parametrize(
    ("count", "sessions", "played", "code", "params"),
    [
        (3, 1, 0, "too_few", {"count": 3}),
        (0, 1, 0, "too_few", {"count": 0}),
        (38, 1, 0, "not_four", {"count": 38, "missing": 2}),
        (41, 1, 0, "not_four", {"count": 41, "missing": 3}),
        (8, 0, 0, "no_session", {"sessions": 0, "played": 0}),
    ],
)
def test_refusals(count, sessions, played, code, params):
    with pytest.raises(DrawError, match=code) as raised:
        make_draw(players(count), sessions, "s")
    assert raised.value.code == code and raised.value.params == params


def test_a_session_already_played_cannot_be_drawn_again():
    entrants = players(8)
    first = make_draw(entrants, 2, "s")
    with pytest.raises(DrawError, match="no_session") as raised:
        make_draw(entrants, 2, "s", played=first.sessions)
    assert raised.value.params == {"sessions": 2, "played": 2}


def test_the_published_hash_is_sha256_of_the_seed():
    assert seed_hash("abc") == ("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")


def test_different_seeds_give_different_draws():
    entrants = players(40)
    seatings = {make_draw(entrants, 3, str(seed)).sessions for seed in range(5)}
    assert len(seatings) == 5


def test_winds_over_eight_sessions_are_exactly_two_each():
    draw = make_draw(players(40), 8, "eight")
    assert {tuple(sorted(Counter(c).values())) for c in wind_counts(draw.sessions).values()} == {
        (2, 2, 2, 2)
    }
