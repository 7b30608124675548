"""Swiss seating (rules/swiss.py): the ranking's tables, with swaps between neighbouring
tables where they avoid repeat meetings; worked examples and properties (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.draw import repeat_count
from rules.swiss import swiss_session

NAMES = [f"P{i:02}" for i in range(16)]


def by_ranking(ranking):
    return tuple(tuple(ranking[i : i + 4]) for i in range(0, len(ranking), 4))


def test_without_earlier_meetings_the_ranking_seats_the_tables():
    assert swiss_session(NAMES, []) == by_ranking(NAMES)


def test_sixteen_players_who_met_by_ranking_keep_the_fewest_repeats():
    """Session 1 seated the field in ranking order and the ranking did not change: by the
    ranking alone session 2 would repeat all 24 meetings. Nobody moves more than two
    tables, so table 1 (players from the ranking's tables 1-3) and table 4 (tables 2-4)
    each keep one pair that met: 2 repeats, the fewest possible."""
    played = by_ranking(NAMES)
    session = swiss_session(NAMES, [played])
    assert repeat_count([played, session]) == 2
    assert repeat_count([played, by_ranking(NAMES)]) == 24
    for t, table in enumerate(session):
        for name in table:
            assert abs(NAMES.index(name) // 4 - t) <= 2
    assert sorted(n for table in session for n in table) == NAMES
    assert "P00" in session[0]  # the leader stays at table 1


def test_a_ranking_that_already_avoids_repeats_is_kept():
    played = (("P00", "P04", "P08", "P12"), ("P01", "P05", "P09", "P13"))
    played += (("P02", "P06", "P10", "P14"), ("P03", "P07", "P11", "P15"))
    assert swiss_session(NAMES, [played]) == by_ranking(NAMES)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**32 - 1), st.sampled_from([8, 12, 16, 24]))
@example(sessions=3, seed=68, size=8)  # a pair that met twice once cost a repeat too many
def test_swaps_never_add_repeats_and_keep_everyone_once(sessions, seed, size):
    rng = random.Random(seed)
    names = NAMES[:size] if size <= 16 else [f"Q{i:02}" for i in range(size)]
    played = []
    for _ in range(sessions):
        order = list(names)
        rng.shuffle(order)
        played.append(by_ranking(order))
    ranking = list(names)
    rng.shuffle(ranking)
    session = swiss_session(ranking, played)
    assert sorted(n for table in session for n in table) == sorted(names)
    assert all(len(table) == 4 for table in session)
    assert repeat_count([*played, session]) <= repeat_count([*played, by_ranking(ranking)])
    for t, table in enumerate(session):  # nobody moves more than two tables
        assert all(abs(ranking.index(n) // 4 - t) <= 2 for n in table)
