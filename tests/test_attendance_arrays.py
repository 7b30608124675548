"""Every member's attendance history played at once on arrays
(mahjong_club/compute/attendance_arrays.py) against the rules' own, member by member
(rules/attendance.attendance_history): the same events (dates, kinds, counts, statuses and
since-dates) on random seasons: nights on and off the Thursdays, nights marked not regular,
on-time marks on nights and on other days, one and two divisions, report dates before the
first check and through several; and a whole season run both ways."""

from __future__ import annotations

import datetime as dt
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_club.compute import attendance as attendance_module
from mahjong_club.compute.attendance_arrays import histories
from rules.attendance import ONE_DIVISION, TWO_DIVISIONS, attendance_history

START = dt.date(2025, 8, 28)  # a Thursday
DAYS = [START + dt.timedelta(days=k) for k in range(0, 7 * 40, 7)] + [
    START + dt.timedelta(days=k)
    for k in (1, 30, 101, 150)  # not Thursdays
]


@st.composite
def seasons(draw):
    nights = sorted(set(draw(st.lists(st.sampled_from(DAYS), max_size=35))))
    members = draw(st.integers(0, 12))
    on_time = [
        draw(st.lists(st.sampled_from(DAYS), max_size=30, unique=True)) for _ in range(members)
    ]
    required = [draw(st.sampled_from([ONE_DIVISION, TWO_DIVISIONS])) for _ in range(members)]
    until = draw(st.sampled_from([START, START + dt.timedelta(weeks=14), *DAYS[15:]]))
    return nights, on_time, required, until


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(seasons())
def test_histories_at_once_are_each_members_own(season):
    nights, on_time, required, until = season
    got = histories(START, nights, on_time, required, until)
    expected = [
        attendance_history(START, nights, days, needed, until)
        for days, needed in zip(on_time, required, strict=True)
    ]
    # the last step alone (made without the others, as compute/attendance.py reads it)
    lasts = [h.events[-1] if h.events else None for h in got]
    assert lasts == [h.events[-1] if h.events else None for h in expected]
    for last in filter(None, lasts):
        assert type(last.attended) is int and type(last.regular) is int
        assert type(last.status) is type(expected[0].events[-1].status)
    assert [len(h.events) for h in got] == [len(h.events) for h in expected]
    assert got == expected
    assert [pickle.loads(pickle.dumps(h)) for h in got] == expected  # a copy is plain
    assert all(type(pickle.loads(pickle.dumps(h.events))) is tuple for h in got)
    for history in got:  # the same kinds of values, not just equal ones
        for event in history.events:
            assert type(event.attended) is int and type(event.regular) is int
    # what compute/attendance.py reads off a history's last step: the status at the report
    # date, and the regular nights up to it attended on time
    counted = {n for n in nights if START <= n <= until}
    for history, days in zip(got, on_time, strict=True):
        last = history.events[-1] if history.events else None
        assert history.at(until) == ((last.status, last.since) if last else ("ok", None))
        assert (last.attended if last else 0) == len(counted & set(days))


def test_a_warned_member_becomes_substitutable_then_comes_back():
    """Never there: warned at the first check (15 weeks in), substitutable at the next;
    then on time every night until the requirement is met again, back at once."""
    nights = [START + dt.timedelta(weeks=k) for k in range(30)]
    late_comer = nights[18:]
    (history,) = histories(START, nights, [late_comer], [ONE_DIVISION], nights[-1])
    (reference,) = [attendance_history(START, nights, late_comer, ONE_DIVISION, nights[-1])]
    assert history == reference
    changes = sorted({(e.since, e.status.value) for e in history.events if e.since})
    assert changes[:2] == [
        (dt.date(2025, 12, 11), "warning"),
        (dt.date(2026, 1, 1), "substitutable"),
    ]
    assert changes[-1][1] == "ok" and changes[-1][0] > dt.date(2026, 1, 1)


def test_requirements_of_big_terms_are_left_to_the_rules():
    """The arrays compare in 64 bits: a share of bigger terms (no rule has one) is refused
    there, and the season's members are played one by one by the rules instead."""
    from fractions import Fraction

    from mahjong_club.compute.attendance import _histories

    nights = [START + dt.timedelta(weeks=k) for k in range(20)]
    big = Fraction(1, 2**62)
    with pytest.raises(ValueError, match="64-bit"):
        histories(START, nights, [[]], [big], nights[-1])
    got = _histories(START, nights, [[]] * 1000, [big] * 1000, nights[-1])
    assert got[0] == attendance_history(START, nights, [], big, nights[-1])


@pytest.mark.parametrize("threshold", [0, 10**9])
def test_the_sample_season_is_the_same_both_ways(threshold, monkeypatch):
    """The sample season's whole attendance result with the arrays (every season) and
    without them."""
    from pathlib import Path

    from mahjong_club.common.problems import Problems
    from mahjong_club.compute.attendance import compute_attendance
    from mahjong_club.pipeline import read_workbook

    season, _ = read_workbook(Path(__file__).resolve().parent.parent / "sample_sheets/season.xlsx")
    monkeypatch.setattr(attendance_module, "ARRAY_MEMBERS", 10**9)
    reference, warned = compute_attendance(season, Problems()), Problems()
    monkeypatch.setattr(attendance_module, "ARRAY_MEMBERS", threshold)
    got = compute_attendance(season, warned)
    assert got == reference and got is not None and len(got.members) > 10
    assert [p.render("en") for p in warned.items] == [
        p.render("en") for p in _problems_of(season, compute_attendance)
    ]


def _problems_of(season, compute):
    from mahjong_club.common.problems import Problems

    problems = Problems()
    compute(season, problems)
    return problems.items
