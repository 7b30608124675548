"""Result sheets of a league season besides the standings: attendance, schedule, next season,
tonight."""

from __future__ import annotations

import datetime as dt

from mahjong_club.compute.attendance import AttendanceResult
from mahjong_club.compute.next_season import NextSeasonResult
from mahjong_club.compute.schedule import ScheduleResult
from mahjong_club.compute.tonight import TonightResult
from mahjong_club.messages import compute as texts
from mahjong_club.messages.core import say
from mahjong_club.messages.rules import OUTCOMES, advice, next_reason
from mahjong_club.workbook import styles as looks
from mahjong_club.workbook.highlights import Highlight
from mahjong_club.workbook.sheets import label
from mahjong_club.workbook.xlsx import Cell, ResultSheet
from rules.attendance import Status
from rules.next_season import Outcome


def _date(value: dt.date | None) -> dt.date | None:
    """A date cell (the writer makes it a real date with a date format)."""
    return value or None


#: The attendance statuses coloured by conditional formatting (``ok`` stays plain).
ATTENDANCE_HIGHLIGHTS = (
    Highlight("Status", Status.WARNING.value, looks.WARNING),
    Highlight("Status", Status.SUBSTITUTABLE.value, looks.SUBSTITUTABLE),
)


def _outcome(outcome: Outcome) -> str:
    """How a ``Reason`` ends for ``outcome``, as the sheet writes it: ", promoted"."""
    return say(OUTCOMES[outcome], what="", division="", level="").render("en")


#: Next season's moves coloured by conditional formatting: up green, down light red.
NEXT_SEASON_HIGHLIGHTS = (
    Highlight("Reason", _outcome(Outcome.PROMOTED), looks.GOOD, whole=False),
    Highlight("Reason", _outcome(Outcome.RELEGATED), looks.BAD, whole=False),
    Highlight("Reason", _outcome(Outcome.MOVED_DOWN).split(":")[0], looks.BAD, whole=False),
)


def attendance_sheet(result: AttendanceResult) -> ResultSheet:
    """The ``Attendance status`` sheet: one row per division member, by name."""
    rows: list[list[Cell]] = [
        [
            "Player",
            "Divisions",
            "Required",
            "Regular nights",
            "Attended",
            "Status",
            "Since",
            "Next check",
            "Coming nights",
            "Must attend",
            "Advice",
        ]
    ]
    for m in result.members:
        # After the season (``final``) there is no check to come: its columns stay blank.
        to_come: list[Cell] = (
            [None] * 4
            if result.final
            else [
                _date(m.advice.check),
                m.advice.coming,
                m.advice.must_attend,
                str(advice(m.advice)),
            ]
        )
        rows.append(
            [
                m.player,
                m.divisions,
                f"{m.required.numerator}/{m.required.denominator}",
                m.regular,
                m.attended,
                m.status.value,
                _date(m.since),
                *to_come,
            ]
        )
    return ResultSheet("Attendance status", rows, optional=True, highlights=ATTENDANCE_HIGHLIGHTS)


def next_season_sheet(result: NextSeasonResult) -> ResultSheet:
    """The ``Next season`` sheet: MCR then riichi, level 1 first, in priority order."""
    rows: list[list[Cell]] = [
        ["Game", "Level", "Player", "Reason", "Previous division", "Previous rank"]
    ]
    for game, places in result.places.items():
        for place in places:
            previous = result.previous.get((game, place.player))
            rows.append(
                [
                    game.value,
                    place.level,
                    place.player,
                    str(next_reason(place.reason)),
                    previous[0] if previous else None,
                    previous[1] if previous else None,
                ]
            )
    return ResultSheet("Next season", rows, optional=True, highlights=NEXT_SEASON_HIGHLIGHTS)


SCHEDULE_COLUMNS = ["Division", "Game", "Player 1", "Player 2", "Player 3", "Player 4"]


def schedule_sheet(result: ScheduleResult) -> ResultSheet:
    """The ``Schedule`` sheet of a plan made with ``--make-schedule``."""
    rows: list[list[Cell]] = [list(SCHEDULE_COLUMNS)]
    rows.extend([label(p.division), label(p.label), *p.players] for p in result.plan)
    return ResultSheet("Schedule", rows, optional=True)


def schedule_status_sheet(result: ScheduleResult) -> ResultSheet:
    """The ``Schedule status`` sheet: every planned game, played or still to play."""
    rows: list[list[Cell]] = [[*SCHEDULE_COLUMNS, "Status", "Played as game", "Date"]]
    for s in result.statuses:
        p = s.planned
        rows.append(
            [
                label(p.division),
                label(p.label),
                *p.players,
                "played" if s.played else "remaining",
                label(s.game_id),
                _date(s.date),
            ]
        )
    return ResultSheet("Schedule status", rows, optional=True)


def tonight_sheet(result: TonightResult) -> ResultSheet:
    """The ``Tonight`` sheet: the proposed games, substitutes, and who is free.

    The last row lists the people present and not seated; the substitutes' seats (as many as
    the ``Substitute for`` names) are filled from them.
    """
    rows: list[list[Cell]] = [
        ["Date", *SCHEDULE_COLUMNS, "Substitute for", "Note"],
    ]
    for g in result.games:
        p = g.planned
        count = len(g.substituted)
        note = say(texts.TONIGHT_SUBSTITUTES, count=count) if count > 1 else None
        note = say(texts.TONIGHT_ONE_SUBSTITUTE) if count == 1 else note
        rows.append(
            [
                result.date,
                label(p.division),
                label(p.label),
                *p.players,
                ", ".join(g.substituted),
                str(note) if note else "",
            ]
        )
    if result.free:
        names = ", ".join(result.free)
        seats = result.substitute_seats
        free = (
            say(texts.TONIGHT_FREE_SUBSTITUTES, seats=seats, names=names)
            if seats
            else say(texts.TONIGHT_FREE, names=names)
        )
        rows.append([result.date, *[None] * 7, str(free)])
    return ResultSheet("Tonight", rows, optional=True)
