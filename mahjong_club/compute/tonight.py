"""Proposing tonight's games from who is present (rules.md 1.4, ``--tonight [DATE]``).

Part of the compute step: read (reading/) -> compute (this module, using rules/) -> write.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from mahjong_club.common.order import display_order
from mahjong_club.common.problems import Problems
from mahjong_club.compute.attendance import AttendanceResult
from mahjong_club.compute.schedule import ScheduleResult
from mahjong_club.messages import compute as texts
from mahjong_club.model import AttendanceSheet, Season
from rules.attendance import Mark, Status
from rules.standings import division_order
from rules.tonight import TonightGame, propose_tonight


@dataclass
class TonightResult:
    """Tonight's proposal, who is present, and who is free (present, not seated).

    The substitutes come from ``free``: there are at least ``substitute_seats`` of them.
    """

    date: dt.date
    games: list[TonightGame]
    present: set[str]
    substitutable: set[str]
    free: list[str]

    @property
    def substitute_seats(self) -> int:
        """The seats of substituted members, to be filled from the free people present."""
        return sum(len(g.substituted) for g in self.games)


def compute_tonight(
    season: Season,
    attendance: AttendanceResult | None,
    schedule: ScheduleResult | None,
    when: dt.date | None,
    problems: Problems,
) -> TonightResult | None:
    """Propose tonight's games from who is present (``--tonight [DATE]``)."""
    sheet = season.attendance
    if sheet is None or attendance is None:
        problems.error("Attendance", None, "", texts.TONIGHT_NEEDS_ATTENDANCE)
        return None
    if schedule is None:
        problems.error("Schedule", None, "", texts.TONIGHT_NEEDS_SCHEDULE)
        return None
    when = _night(sheet, when, problems)
    if when is None:
        return None
    present = {p for p, marks in sheet.marks.items() if marks.get(when, Mark.ABSENT).present}
    substitutable = {
        m.player
        for m in attendance.members
        if m.history.for_substitution(when) is Status.SUBSTITUTABLE
    }
    played: Counter[tuple[str, str]] = Counter()
    for game in season.games:
        for seat in game.seats:
            if not seat.substituted:
                played[(game.division, seat.player)] += 1
    remaining = [s.planned for s in schedule.statuses if not s.played]
    ladder = [d.name for d in sorted(season.divisions, key=division_order)]
    games = propose_tonight(remaining, ladder, present, substitutable, played)
    seated = {p for g in games for p in g.seated}
    language = season.settings.language
    free = sorted((p for p in present if p not in seated), key=lambda p: display_order(p, language))
    return TonightResult(when, games, present, substitutable, free)


def _night(sheet: AttendanceSheet, when: dt.date | None, problems: Problems) -> dt.date | None:
    """The night asked for (the latest by default), if the Attendance sheet has its column."""
    if when is None:
        if not sheet.dates:
            problems.error(sheet.sheet, None, "", texts.TONIGHT_NO_NIGHTS)
            return None
        when = max(sheet.dates)
    if when not in sheet.dates:
        problems.error(sheet.sheet, None, "", texts.TONIGHT_NO_COLUMN, date=when)
        return None
    return when
