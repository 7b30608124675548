"""Attendance status (rules.md 1.4): worked example and the status machine, arrow by arrow."""

import datetime as dt
import itertools
from pathlib import Path

import pytest

from mahjong_club.messages.rules import advice as advice_words
from rules.attendance import (
    ONE_DIVISION,
    TWO_DIVISIONS,
    Advice,
    Event,
    History,
    Status,
    advice,
    attendance_history,
    check_dates,
    meets,
    next_check,
    nights_needed,
    requirement,
    upcoming_nights,
)

START = dt.date(2025, 8, 28)  # a Thursday
NIGHTS = [START + dt.timedelta(weeks=k) for k in range(30)]


def night(k: int) -> dt.date:
    return NIGHTS[k]


CHECK1, CHECK2, CHECK3 = dt.date(2025, 12, 11), dt.date(2026, 1, 1), dt.date(2026, 1, 22)


def test_check_calendar():
    assert check_dates(START, dt.date(2026, 2, 12)) == [
        CHECK1,
        CHECK2,
        CHECK3,
        dt.date(2026, 2, 12),
    ]
    assert night(15) == CHECK1 and night(18) == CHECK2 and night(21) == CHECK3


@pytest.mark.parametrize(
    ("attended", "regular", "required", "ok"),
    [
        (6, 14, ONE_DIVISION, True),  # 30 >= 28
        (5, 14, ONE_DIVISION, False),  # 25 < 28: 5.6 rounds up to 6
        (6, 15, ONE_DIVISION, True),  # exactly 2/5
        (10, 15, TWO_DIVISIONS, True),  # exactly 2/3
        (9, 14, TWO_DIVISIONS, False),  # 27 < 28
        (0, 0, ONE_DIVISION, True),
    ],
)
def test_exact_ratio(attended, regular, required, ok):
    assert meets(attended, regular, required) is ok


def test_requirement_by_number_of_divisions():
    assert [requirement(n) for n in (1, 2, 3)] == [ONE_DIVISION, TWO_DIVISIONS, TWO_DIVISIONS]


def test_worked_example_one_non_regular_thursday():
    # rules.md 1.4: one non-regular Thursday among the first 15 -> the 2025-12-11 check counts
    # 14 regular nights; a one-division member needs 5.6, i.e. 6.
    regular = [n for n in NIGHTS if n != dt.date(2025, 10, 30)]
    assert nights_needed(14, ONE_DIVISION) == 6
    six = [n for n in regular if n < CHECK1][:6]
    history = attendance_history(START, regular, six, ONE_DIVISION, CHECK1)
    check = next(e for e in history.events if e.kind == "check")
    assert (check.regular, check.attended, check.status) == (14, 6, Status.OK)
    history = attendance_history(START, regular, six[:5], ONE_DIVISION, CHECK1)
    assert history.at(CHECK1) == (Status.WARNING, CHECK1)


def ks(*ranges):
    return [night(k) for r in ranges for k in r]


# Each row: attended nights, the date looked at, expected (status, since) at that date.
TRANSITIONS = [
    pytest.param(ks(range(30)), CHECK3, (Status.OK, None), id="ok -> ok: never warned"),
    pytest.param(ks(range(5)), CHECK1, (Status.WARNING, CHECK1), id="ok -> warning"),
    pytest.param(
        ks(range(5), range(15, 18)), CHECK2, (Status.OK, CHECK2), id="warning -> ok at a check"
    ),
    pytest.param(
        ks(range(5)), CHECK2, (Status.SUBSTITUTABLE, CHECK2), id="warning -> substitutable"
    ),
    pytest.param(
        ks(range(5)), CHECK3, (Status.SUBSTITUTABLE, CHECK2), id="substitutable stays at a check"
    ),
    pytest.param(
        ks(range(5), range(15, 17), [19]),
        night(19),
        (Status.OK, night(19)),
        id="substitutable -> ok after a night between checks",
    ),
    pytest.param(
        ks(range(5), range(15, 17)),
        night(19),
        (Status.SUBSTITUTABLE, CHECK2),
        id="substitutable until the requirement is reached",
    ),
    pytest.param(
        ks(range(5), range(15, 17), [18]),
        CHECK2,
        (Status.OK, CHECK2),
        id="check on a club night first, then that night releases",
    ),
    pytest.param(
        ks(range(6), range(15, 18)),
        CHECK2,
        (Status.OK, None),
        id="passing every check never sets since",
    ),
]


@pytest.mark.parametrize(("attended", "when", "expected"), TRANSITIONS)
def test_status_machine(attended, when, expected):
    history = attendance_history(START, NIGHTS, attended, ONE_DIVISION, when)
    assert history.at(when) == expected


def test_status_for_substitution_on_a_check_night_is_after_the_check():
    # Substitutable at the 2026-01-01 check, released by attending that same night: the
    # status that holds for that night's substitutions is the one right after the check.
    attended = ks(range(5), range(15, 17), [18])
    history = attendance_history(START, NIGHTS, attended, ONE_DIVISION, CHECK3)
    assert history.for_substitution(CHECK2) is Status.SUBSTITUTABLE
    assert history.at(CHECK2) == (Status.OK, CHECK2)
    assert history.for_substitution(night(19)) is Status.OK


def test_check_applied_before_the_night_counts():
    # 5 of the 15 nights before 2025-12-11: warning, even though attending that night makes 6.
    history = attendance_history(START, NIGHTS, ks(range(5), [15]), ONE_DIVISION, CHECK1)
    assert history.at(CHECK1) == (Status.WARNING, CHECK1)


def test_late_or_absent_nights_do_not_count_and_non_regular_nights_are_skipped():
    regular = [n for n in NIGHTS if n != night(3)]
    history = attendance_history(START, regular, ks(range(6)), ONE_DIVISION, CHECK1)
    # night 3 is not regular: 5 of 14 count -> warning
    assert history.at(CHECK1) == (Status.WARNING, CHECK1)


def words(tip: Advice) -> str:
    return advice_words(tip).render("en")


def test_advice_counts_the_coming_thursdays():
    tip = advice(START, night(12), 4, 13, ONE_DIVISION)
    assert (tip.check, tip.coming, tip.must_attend) == (CHECK1, 2, 2)
    assert words(tip) == "attend each of the next 2 Thursdays to pass the 2025-12-11 check"
    tip = advice(START, night(12), 2, 13, ONE_DIVISION)
    assert tip.must_attend == 4 and words(tip).startswith("cannot pass the 2025-12-11 check")
    tip = advice(START, night(12), 9, 13, ONE_DIVISION)
    assert tip.must_attend == 0 and "even without coming" in words(tip)
    # a night marked not regular is not a coming night
    tip = advice(START, night(12), 4, 13, ONE_DIVISION, not_regular=[night(13)])
    assert (tip.coming, tip.must_attend) == (1, 2)


def test_the_members_histories_by_name_are_those_of_the_rows_now():
    """The table of histories by name (each substituted seat looks one up) is made from
    the members as they are when asked, the first of a name kept; and a member replaced in
    place is found as replaced (a review found a kept table answering with the old one)."""
    from fractions import Fraction

    from mahjong_club.compute.attendance import AttendanceResult, MemberAttendance

    def member(name: str, history: History) -> MemberAttendance:
        tip = Advice(START, 0, 0)
        return MemberAttendance(name, 1, Fraction(2, 5), 0, 0, Status.OK, None, tip, history)

    first = History(())
    second = History((Event(START, "night", 1, 1, Status.OK, None),))
    third = History((Event(START, "check", 0, 0, Status.WARNING, START),))
    result = AttendanceResult(START, START, [], [member("A", first), member("B", second)])
    assert result.histories() == {"A": first, "B": second}
    assert result.histories()["B"] is second
    result.members[1] = member("B", third)
    result.members.append(member("A", third))
    assert result.histories() == {"A": first, "B": third}
    assert result.histories()["B"] is third


def test_no_members_and_a_report_date_at_the_end_of_the_calendar():
    """With no division members nothing about the coming checks is worked out (the next
    check after 9999-12-30 is no date a computer holds): an empty result, as before."""
    from mahjong_club.common.problems import Problems
    from mahjong_club.compute.attendance import compute_attendance
    from mahjong_club.model import AttendanceSheet, Season
    from mahjong_club.model.settings import Settings

    settings = Settings(season_start=START, as_of=dt.date(9999, 12, 30))
    sheet = AttendanceSheet("Attendance", [], {}, {})
    result = compute_attendance(
        Season(settings=settings, divisions=[], attendance=sheet), Problems()
    )
    assert result is not None and result.members == []


@pytest.mark.parametrize(
    ("start", "until"),
    [
        (dt.date(9999, 8, 1), dt.date(9999, 12, 31)),  # checks up to the calendar's end
        (dt.date(9999, 12, 1), dt.date(9999, 12, 31)),  # no check fits before it
        (dt.date.max, dt.date.max),
    ],
)
def test_a_season_at_the_calendars_end_has_the_checks_that_fit(start, until):
    """A report date typed in the year 9999 (the run stopped with an internal error): the
    checks that fit before the last day a date can be, and a next check on that day when
    none does."""
    checks = check_dates(start, until)
    assert all(start < c <= until for c in checks)
    gaps = {b - a for a, b in itertools.pairwise(checks)}
    assert gaps <= {dt.timedelta(weeks=3)}
    after = next_check(start, until)
    assert after == dt.date.max or after > until
    tip = advice(start, until, 0, 0, ONE_DIVISION)
    assert tip.check == after and tip.coming == 0 and tip.must_attend == 0
    assert upcoming_nights(until, dt.date.max, [], []) == []


def test_the_sample_season_reported_in_the_year_9999_runs(tmp_path):
    import openpyxl

    from process import main

    book = openpyxl.load_workbook(
        Path(__file__).resolve().parent.parent / "sample_sheets/season.xlsx"
    )
    for row in book["Settings"].iter_rows():
        if row[0].value == "as_of":
            row[1].value = dt.date(9999, 12, 31)
        if row[0].value == "season_start":
            row[1].value = dt.date(9999, 12, 1)
    book.save(tmp_path / "season.xlsx")
    assert main([str(tmp_path / "season.xlsx"), "--out", str(tmp_path / "out"), "-q"]) == 0
