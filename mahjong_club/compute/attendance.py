"""Computing every division member's attendance status (rules.md 1.4).

Part of the compute step: read (reading/) -> compute (this module, using rules/) -> write.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from mahjong_club.common.order import display_order
from mahjong_club.common.problems import Problems
from mahjong_club.common.text import did_you_mean
from mahjong_club.messages import compute as texts
from mahjong_club.messages import rules as rule_words
from mahjong_club.messages.core import Entry, Message, say
from mahjong_club.model import AttendanceSheet, Season, season_dates
from rules.attendance import (
    THURSDAY,
    Advice,
    History,
    Mark,
    Status,
    advice_before,
    attendance_history,
    next_check,
    requirement,
    upcoming_nights,
)
from rules.model import Division, Substitution

#: From this many members on, the attendance histories are played for all at once on
#: arrays (compute/attendance_arrays.py); below, member by member without loading numpy.
ARRAY_MEMBERS = 1000


@dataclass(frozen=True)
class MemberAttendance:
    """One member's row of the ``Attendance status`` sheet."""

    player: str
    divisions: int
    required: Fraction
    regular: int
    attended: int
    status: Status
    since: dt.date | None
    advice: Advice
    history: History


@dataclass
class AttendanceResult:
    """Attendance status of every division member, at ``as_of``.

    ``final`` once the season is complete (``season_complete``): no check is to come, so no
    output gives advice for one, and nobody's substitution needs the organiser any more.
    """

    season_start: dt.date
    as_of: dt.date
    regular_nights: list[dt.date]
    members: list[MemberAttendance] = field(default_factory=list)
    final: bool = False

    def to_act_on(self) -> list[MemberAttendance]:
        """The substitutable members, for the organiser's attention; none once the season is
        complete (``final``: no game is left in which to replace them)."""
        if self.final:
            return []
        return [m for m in self.members if m.status is Status.SUBSTITUTABLE]

    def histories(self) -> dict[str, History]:
        """Every member's attendance history by name (a federation's substituted seats each
        look one up, among 10,000 members)."""
        found: dict[str, History] = {}
        for member in self.members:
            found.setdefault(member.player, member.history)
        return found


def regular_nights(season: Season, problems: Problems) -> tuple[list[dt.date], set[dt.date]]:
    """The regular club nights, and the dates marked not regular (rules.md 1.4).

    The dates heading the Attendance columns and the rows of Nights, except those Nights marks
    as not regular; a date that is not a Thursday is not a regular night (a warning).
    """
    not_regular = {n.date for n in season.nights if not n.regular}
    dates: dict[dt.date, tuple[str, int | None, str]] = {}
    for night in season.nights:
        dates.setdefault(night.date, ("Nights", night.row, "Date"))
    attendance = season.attendance
    if attendance is not None:
        for date in attendance.dates:
            where = attendance.columns.get(date, date.isoformat())
            dates.setdefault(date, (attendance.sheet, attendance.header_row, where))
    regular: list[dt.date] = []
    for date, (name, row, column) in sorted(dates.items()):
        if date.weekday() != THURSDAY:
            weekday = say(texts.WEEKDAYS[date.weekday()])
            problems.warning(name, row, column, texts.NOT_THURSDAY, date=date, weekday=weekday)
            continue
        if date not in not_regular:
            regular.append(date)
    return regular, not_regular


def similar_name(name: str, candidates: list[str], hint: Entry) -> Message | str:
    """The ``hint`` (a did-you-mean) when a candidate is spelt almost the same, else ''."""
    close = did_you_mean(name, candidates)
    return say(hint, close=close) if close else ""


def compute_attendance(season: Season, problems: Problems) -> AttendanceResult | None:
    """Attendance status of every division member (when an Attendance sheet exists)."""
    sheet = season.attendance
    if sheet is None:
        return None
    start, as_of = season_dates(season)
    if start is None or as_of is None:
        return None
    nights, not_regular = regular_nights(season, problems)
    divisions_of: dict[str, list[Division]] = defaultdict(list)
    for division in season.divisions:
        for member in division.members:
            divisions_of[member].append(division)
    _check_sheet(season, sheet, divisions_of, (start, as_of), problems)
    played = [n for n in nights if start <= n <= as_of]
    result = AttendanceResult(start, as_of, played, final=season.settings.season_complete)
    strangers = [n for n in sheet.marks if n not in divisions_of]
    players = sorted(divisions_of, key=lambda name: display_order(name, season.settings.language))
    for player in players:
        count = len(divisions_of[player])
        if count >= 3:
            names = ", ".join(d.name for d in divisions_of[player])
            problems.warning(
                "Divisions",
                None,
                "Player",
                texts.MANY_DIVISIONS,
                player=player,
                count=count,
                divisions=names,
            )
        if player not in sheet.marks:
            hint = similar_name(player, strangers, texts.HINT_IN_NO_DIVISION)
            problems.warning(
                sheet.sheet, None, "Player", texts.NO_ATTENDANCE_ROW, player=player, hint=hint
            )
    counts = {player: len(divisions_of[player]) for player in players}
    _add_members(result, counts, sheet.marks, nights, not_regular)
    _check_substitutions(season, result, problems)
    return result


def _add_members(
    result: AttendanceResult,
    counts: dict[str, int],
    marks: dict[str, dict[dt.date, Mark]],
    nights: list[dt.date],
    not_regular: set[dt.date],
) -> None:
    """Each member's row (``counts``: their number of divisions, in the order of the rows)
    from their marks."""
    if not counts:
        return
    start, as_of = result.season_start, result.as_of
    check = next_check(start, as_of)  # the next check, and the nights before it: everyone's
    coming = len(upcoming_nights(as_of, check, nights, not_regular))
    on_time = [_on_time(marks.get(player, {})) for player in counts]
    required = [requirement(count) for count in counts.values()]
    made = _histories(start, nights, on_time, required, as_of)
    for (player, count), history in zip(counts.items(), made, strict=True):
        result.members.append(_member(player, count, history, (check, coming), result))


def _check_sheet(
    season: Season,
    sheet: AttendanceSheet,
    divisions_of: dict[str, list[Division]],
    dates: tuple[dt.date, dt.date],
    problems: Problems,
) -> None:
    """Rows of people in no division, columns dated before the season start (a year
    mistyped: they never count), and club nights without a column (warnings)."""
    start, as_of = dates
    without_row = [m for m in divisions_of if m not in sheet.marks]
    for name, number in sheet.rows.items():
        if name not in divisions_of:
            hint = similar_name(name, without_row, texts.HINT_WITHOUT_ROW)
            problems.warning(
                sheet.sheet, number, "Player", texts.IN_NO_DIVISION, name=name, hint=hint
            )
    for date in (d for d in sheet.dates if d < start):
        where = sheet.columns.get(date, date.isoformat())
        problems.warning(
            sheet.sheet, sheet.header_row, where, texts.NIGHT_BEFORE_START, date=date, start=start
        )
    recorded = set(sheet.dates)
    for night in season.nights:
        if night.regular and night.date not in recorded and night.date <= as_of:
            problems.warning(
                "Nights", night.row, "Date", texts.NIGHT_WITHOUT_COLUMN, date=night.date
            )


def _histories(
    start: dt.date,
    nights: list[dt.date],
    on_time: list[list[dt.date]],
    required: list[Fraction],
    as_of: dt.date,
) -> list[History]:
    """Each member's history (from :data:`ARRAY_MEMBERS` members on, all at once)."""
    small = all(r.numerator < 2**31 and r.denominator < 2**31 for r in required)
    if len(on_time) >= ARRAY_MEMBERS and small:
        from mahjong_club.compute.attendance_arrays import histories  # loads numpy

        return histories(start, nights, on_time, required, as_of)
    return [
        attendance_history(start, nights, days, needed, as_of)
        for days, needed in zip(on_time, required, strict=True)
    ]


def _on_time(marks: dict[dt.date, Mark]) -> list[dt.date]:
    """The nights a member arrived in time."""
    return [d for d, m in marks.items() if m is Mark.ON_TIME]


def _member(
    player: str,
    count: int,
    history: History,
    upcoming: tuple[dt.date, int],
    result: AttendanceResult,
) -> MemberAttendance:
    """One member's status and advice from their history; ``upcoming`` is the next check
    and the number of regular nights before it."""
    required = requirement(count)
    # The history runs to the report date: its last step has the status now, and the regular
    # nights up to now attended on time (a check counts those before it: all, when no night
    # follows).
    last = history.events[-1] if history.events else None
    status, since = (last.status, last.since) if last else (Status.OK, None)
    regular = len(result.regular_nights)
    attended = last.attended if last else 0
    tip = advice_before(*upcoming, attended, regular, required)
    return MemberAttendance(player, count, required, regular, attended, status, since, tip, history)


def _check_substitutions(season: Season, result: AttendanceResult, problems: Problems) -> None:
    """A game marking a member substituted while not substitutable is a warning."""
    none = Substitution.NONE
    histories = result.histories()
    for game in season.games:
        a, b, c, d = game.seats
        if (
            game.date is None
            or a.substitution is b.substitution is c.substitution is d.substitution is none
        ):
            continue  # a federation's million seats: most games have no substitute
        for seat in game.seats:
            if not seat.substituted:
                continue
            history = histories.get(seat.player)
            status = history.for_substitution(game.date) if history else Status.OK
            if status is not Status.SUBSTITUTABLE:
                problems.warning(
                    "Games",
                    seat.row or game.row,
                    "Substituted",
                    texts.NOT_SUBSTITUTABLE,
                    player=seat.player,
                    game=game.id,
                    date=game.date,
                    status=rule_words.status(status),
                )
