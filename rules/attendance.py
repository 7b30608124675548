"""Attendance and substitution status (rules.md 1.4, the Copenhagen divisions' rule).

Members are expected at 2/5 of the regular club nights when they play in one division, and at
2/3 when they play in two or more. A night counts only when the member arrived in time for the
18:30 start.

Checks: the first check is 15 weeks after the season start, then every 3 weeks. A check on
date C counts the regular nights on or after the season start and before C; the ratio is
compared exactly (attended x 5 >= 2 x regular for 2/5).

- A member in good standing who fails a check gets a **warning**.
- A warned member who fails the next check becomes **substitutable**.
- A warned member who passes a check is back in good standing (``ok``).
- A substitutable member stops being substitutable as soon as they reach the requirement,
  evaluated after every regular night (counting the nights up to and including that night).

Events are played in date order. A check on a club night is applied before that night counts,
and the status after the check is the one that holds for substitutions that night.

Example (rules.md 1.4): season start Thursday 2025-08-28 with one non-regular Thursday among
the first 15: the check on 2025-12-11 counts 14 regular nights, and a one-division member needs
14 x 2/5 = 5.6, so 6 nights::

    >>> import datetime as dt
    >>> nights_needed(14, ONE_DIVISION)
    6
    >>> check_dates(dt.date(2025, 8, 28), dt.date(2026, 1, 8))
    [datetime.date(2025, 12, 11), datetime.date(2026, 1, 1)]
"""

from __future__ import annotations

import datetime as dt
import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

CLUB_START = dt.time(18, 30)
FIRST_CHECK = dt.timedelta(weeks=15)
CHECK_EVERY = dt.timedelta(weeks=3)
ONE_DIVISION = Fraction(2, 5)
TWO_DIVISIONS = Fraction(2, 3)
THURSDAY = 3  # dt.date.weekday()


class Mark(StrEnum):
    """What an attendance cell says about one night."""

    ON_TIME = "on time"
    LATE = "late"
    ABSENT = "absent"

    @property
    def present(self) -> bool:
        """True when the member was there (on time or late)."""
        return self is not Mark.ABSENT


def arrival_mark(arrival: dt.time) -> Mark:
    """A recorded arrival time counts as on time at 18:30 or earlier, late after it.

    >>> arrival_mark(dt.time(18, 25)), arrival_mark(dt.time(18, 31))
    (<Mark.ON_TIME: 'on time'>, <Mark.LATE: 'late'>)
    """
    return Mark.ON_TIME if arrival <= CLUB_START else Mark.LATE


class Status(StrEnum):
    """A member's attendance status."""

    OK = "ok"
    WARNING = "warning"
    SUBSTITUTABLE = "substitutable"


def requirement(divisions: int) -> Fraction:
    """The share of regular nights a member must attend: 2/5 in one division, else 2/3."""
    return ONE_DIVISION if divisions <= 1 else TWO_DIVISIONS


def meets(attended: int, regular: int, required: Fraction) -> bool:
    """True when ``attended / regular >= required``, compared exactly (no rounding)."""
    return attended * required.denominator >= required.numerator * regular


def nights_needed(regular: int, required: Fraction) -> int:
    """The fewest nights out of ``regular`` that meet the requirement."""
    return math.ceil(required * regular)


def check_dates(season_start: dt.date, until: dt.date) -> list[dt.date]:
    """The check dates up to and including ``until``: 15 weeks after the start, then every 3."""
    dates: list[dt.date] = []
    check = _later(season_start, FIRST_CHECK)
    while check is not None and check <= until:
        dates.append(check)
        check = _later(check, CHECK_EVERY)
    return dates


def next_check(season_start: dt.date, after: dt.date) -> dt.date:
    """The first check date strictly after ``after`` (the last day a date can be when no
    check falls before it: a report date typed in the year 9999)."""
    check = _later(season_start, FIRST_CHECK)
    while check is not None and check <= after:
        check = _later(check, CHECK_EVERY)
    return dt.date.max if check is None else check


def _later(day: dt.date, by: dt.timedelta) -> dt.date | None:
    """``day + by``, or None past the last day a date can be."""
    return day + by if dt.date.max - day >= by else None


class Event(NamedTuple):
    """One step of a member's attendance history.

    ``kind`` is ``check`` or ``night``; ``attended``/``regular`` are the counts the step looked
    at (for a check: the nights before it; for a night: up to and including it). A named
    tuple: a federation's 10,000 members have some 70 steps each.
    """

    date: dt.date
    kind: str
    attended: int
    regular: int
    status: Status
    since: dt.date | None


@dataclass(frozen=True)
class History:
    """A member's events in date order; the status at any date can be read off it."""

    events: Sequence[Event]

    def at(self, when: dt.date) -> tuple[Status, dt.date | None]:
        """Status and since-date after every event on or before ``when`` (inclusive)."""
        status, since = Status.OK, None
        for event in self.events:
            if event.date > when:
                break
            status, since = event.status, event.since
        return status, since

    def for_substitution(self, night: dt.date) -> Status:
        """The status that holds for substitutions on ``night``: after that night's check,
        before that night itself counts."""
        status = Status.OK
        for event in self.events:
            if event.date > night or (event.date == night and event.kind == "night"):
                break
            status = event.status
        return status


@functools.lru_cache(maxsize=8)
def calendar(
    season_start: dt.date, regular_nights: tuple[dt.date, ...], until: dt.date
) -> tuple[tuple[dt.date, ...], frozenset[dt.date], frozenset[dt.date]]:
    """The dates of the nights and checks in order, the nights', the checks': the same for
    every member of a season, so worked out once (a federation has 10,000 members)."""
    nights = {n for n in regular_nights if season_start <= n <= until}
    checks = set(check_dates(season_start, until))
    return tuple(sorted(nights | checks)), frozenset(nights), frozenset(checks)


def attendance_history(
    season_start: dt.date,
    regular_nights: Iterable[dt.date],
    attended: Iterable[dt.date],
    required: Fraction,
    until: dt.date,
) -> History:
    """Play the checks and nights from ``season_start`` to ``until`` (inclusive) in order.

    ``regular_nights`` are the regular club nights; ``attended`` the nights the member arrived
    on time (other dates are ignored).
    """
    dates, night_set, check_set = calendar(season_start, tuple(regular_nights), until)
    present = set(attended)
    status, since = Status.OK, None
    regular = came = 0
    events: list[Event] = []
    for date in dates:
        if date in check_set:
            passed = meets(came, regular, required)
            if status is Status.OK and not passed:
                status, since = Status.WARNING, date
            elif status is Status.WARNING:
                status, since = (Status.OK, date) if passed else (Status.SUBSTITUTABLE, date)
            elif status is Status.SUBSTITUTABLE and passed:
                status, since = Status.OK, date
            events.append(Event(date, "check", came, regular, status, since))
        if date in night_set:
            regular += 1
            came += date in present
            if status is Status.SUBSTITUTABLE and meets(came, regular, required):
                status, since = Status.OK, date
            events.append(Event(date, "night", came, regular, status, since))
    return History(tuple(events))


@dataclass(frozen=True)
class Advice:
    """What a member must do to pass the next check.

    ``coming`` is the number of regular nights after ``as_of`` and before ``check``;
    ``must_attend`` how many of them the member must attend on time (more than ``coming``
    means the check cannot be passed any more).
    """

    check: dt.date
    coming: int
    must_attend: int


def upcoming_nights(
    after: dt.date, before: dt.date, known: Sequence[dt.date], not_regular: Iterable[dt.date]
) -> list[dt.date]:
    """Regular nights strictly between two dates: every Thursday, plus known regular nights,
    minus nights marked not regular."""
    skip = set(not_regular)
    days = {n for n in known if after < n < before}
    day = _later(after, dt.timedelta(days=1))
    while day is not None and day < before:
        if day.weekday() == THURSDAY:
            days.add(day)
        day = _later(day, dt.timedelta(days=1))
    return sorted(d for d in days if d not in skip)


def advice(
    season_start: dt.date,
    as_of: dt.date,
    attended: int,
    regular: int,
    required: Fraction,
    known_nights: Sequence[dt.date] = (),
    not_regular: Iterable[dt.date] = (),
) -> Advice:
    """How many of the coming nights a member must attend to pass the next check.

    ``attended``/``regular`` are the counts up to and including ``as_of``.

    >>> a = advice(dt.date(2025, 8, 28), dt.date(2025, 11, 20), 4, 12, ONE_DIVISION)
    >>> a.check, a.coming, a.must_attend
    (datetime.date(2025, 12, 11), 2, 2)
    """
    check = next_check(season_start, as_of)
    coming = len(upcoming_nights(as_of, check, known_nights, not_regular))
    return advice_before(check, coming, attended, regular, required)


def advice_before(
    check: dt.date, coming: int, attended: int, regular: int, required: Fraction
) -> Advice:
    """:func:`advice` when the next check and the number of regular nights before it are
    known (they are the same for every member of a season).

    >>> advice_before(dt.date(2025, 12, 11), 2, 4, 12, ONE_DIVISION).must_attend
    2
    """
    need = nights_needed(regular + coming, required) - attended
    return Advice(check, coming, max(0, need))
