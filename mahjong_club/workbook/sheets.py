"""Building the result sheets (rows of cells) from computed results.

Columns follow the workbook contract (docs/workbook-format.md): required columns first, in
the contract's order, then extra columns that help the organiser.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Sequence
from fractions import Fraction

from mahjong_club.common.problems import Problem
from mahjong_club.compute.attendance import AttendanceResult
from mahjong_club.compute.duplicate import DuplicateResult
from mahjong_club.compute.hands import HandResult
from mahjong_club.compute.next_season import NextSeasonResult
from mahjong_club.compute.schedule import ScheduleResult
from mahjong_club.compute.standings import StandingsResult
from mahjong_club.compute.tonight import TonightResult
from mahjong_club.compute.tournament import TournamentResult
from mahjong_club.messages.rules import hand_breakdown, next_reason
from mahjong_club.workbook.xlsx import Cell, ResultSheet
from rules.model import DiceRoll, GameType

STANDINGS_COLUMNS = [
    "Division",
    "Rank",
    "Player",
    "Games",
    "Points",
    "Minipoints",
    "Firsts",
    "Seconds",
    "Thirds",
    "Fourths",
    "Decided by",
    "Status",
    "Game",
    "Level",
    "Penalties",
]


def label(text: str | None) -> str | int | None:
    """A label read as text (a session, table, board, game or division) written back as a
    number when it was one: "3" -> 3, but "03" and "A3" stay text."""
    if text is not None and text.isdigit() and str(int(text)) == text:
        return int(text)
    return text


def number(value: Fraction | int) -> int | Fraction:
    """A whole Fraction as an int; other fractions stay exact (the writer keeps precision)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def standings_rows(
    result: StandingsResult, tournament: TournamentResult | None = None
) -> list[list[Cell]]:
    """One row per division member, divisions in ladder order, best first.

    A tournament adds one column per session: the player's result with uma in it.
    """
    sessions = tournament.sessions if tournament else []
    rows: list[list[Cell]] = [[*STANDINGS_COLUMNS, *(f"Session {s}" for s in sessions)]]
    for standing in result.standings:
        division = standing.division
        mcr = division.game is GameType.MCR
        for row in standing.rows:
            record = row.record
            rows.append(
                [
                    label(division.name),
                    row.rank,
                    record.player,
                    record.games,
                    number(record.points),
                    record.minipoints if mcr else None,
                    *record.places,
                    row.decided_by,
                    result.statuses.get((division.name, record.player), ""),
                    division.game.value,
                    division.level,
                    record.penalty_points or None,
                    *(
                        number(tournament.session_points.get((record.player, s), 0))
                        for s in sessions
                        if tournament
                    ),
                ]
            )
    return rows


def standings_sheet(
    result: StandingsResult, tournament: TournamentResult | None = None
) -> ResultSheet:
    """The ``Standings`` result sheet (a tournament's with a column per session)."""
    return ResultSheet("Standings", standings_rows(result, tournament))


def problems_sheet(problems: Sequence[Problem]) -> ResultSheet:
    """The ``Problems`` result sheet: the warnings of this run (header only when none)."""
    rows: list[list[Cell]] = [["Severity", "Sheet", "Row", "Column", "Message"]]
    for p in problems:
        rows.append([p.severity, p.sheet, p.row, p.column, p.text()])
    return ResultSheet("Problems", rows)


def dice_sheet(rolls: Sequence[DiceRoll]) -> ResultSheet:
    """The ``Dice`` sheet: every recorded roll, the organiser's and the ones just made."""
    rows: list[list[Cell]] = [["Division", "Player", "Round", "Roll"]]
    rows.extend([label(r.division), r.player, r.round, r.roll] for r in rolls)
    return ResultSheet("Dice", rows)


def _date(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None


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
        rows.append(
            [
                m.player,
                m.divisions,
                f"{m.required.numerator}/{m.required.denominator}",
                m.regular,
                m.attended,
                m.status.value,
                _date(m.since),
                _date(m.advice.check),
                m.advice.coming,
                m.advice.must_attend,
                m.advice.text,
            ]
        )
    return ResultSheet("Attendance status", rows)


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
    return ResultSheet("Next season", rows)


SCHEDULE_COLUMNS = ["Division", "Game", "Player 1", "Player 2", "Player 3", "Player 4"]


def schedule_sheet(result: ScheduleResult) -> ResultSheet:
    """The ``Schedule`` sheet of a plan made with ``--make-schedule``."""
    rows: list[list[Cell]] = [list(SCHEDULE_COLUMNS)]
    rows.extend([label(p.division), label(p.label), *p.players] for p in result.plan)
    return ResultSheet("Schedule", rows)


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
    return ResultSheet("Schedule status", rows)


def tonight_sheet(result: TonightResult) -> ResultSheet:
    """The ``Tonight`` sheet: the proposed games, substitutes, and who is free."""
    rows: list[list[Cell]] = [
        ["Date", *SCHEDULE_COLUMNS, "Substitute for", "Note"],
    ]
    for g in result.games:
        p = g.planned
        note = (
            f"{len(g.substituted)} substitute{'s' if len(g.substituted) > 1 else ''} needed"
            if g.substituted
            else ""
        )
        rows.append(
            [
                result.date.isoformat(),
                label(p.division),
                label(p.label),
                *p.players,
                ", ".join(g.substituted),
                note,
            ]
        )
    if result.free:
        rows.append(
            [
                result.date.isoformat(),
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                "present, not seated: " + ", ".join(result.free),
            ]
        )
    return ResultSheet("Tonight", rows)


def hand_scores_sheet(results: Sequence[HandResult]) -> ResultSheet:
    """The ``Hand scores`` sheet: every player of every hand, with the referee's breakdown."""
    rows: list[list[Cell]] = [
        [
            "Session",
            "Hand",
            "Player",
            "Seat",
            "Points",
            "Doubles",
            "Score",
            "Settlement",
            "Running total",
            "Round",
            "Mahjong",
            "Limit hand",
            "Breakdown",
        ]
    ]
    for r in results:
        rows.append(
            [
                label(r.session),
                r.hand,
                r.player.player,
                r.player.seat.value,
                r.score.points,
                r.score.doubles,
                r.score.score,
                r.settlement,
                r.running_total,
                r.round_wind.value,
                "yes" if r.player.winner else None,
                r.score.limit_hand,
                str(hand_breakdown(r.score)),
            ]
        )
    return ResultSheet("Hand scores", rows)


def duplicate_sheet(result: DuplicateResult) -> ResultSheet:
    """The ``Duplicate`` sheet: one row per board, table and seat."""
    rows: list[list[Cell]] = [
        [
            "Session",
            "Board",
            "Table",
            "Seat",
            "Player",
            "Game points",
            "Average",
            "Difference",
            "IMPs",
            "False mahjong",
        ]
    ]
    for r in result.rows:
        rows.append(
            [
                label(r.session),
                label(r.board),
                label(r.table),
                r.seat,
                r.player,
                r.game_points,
                number(r.average),
                number(r.difference),
                r.imps,
                r.penalty or None,
            ]
        )
    return ResultSheet("Duplicate", rows)


def duplicate_ranking_sheet(result: DuplicateResult) -> ResultSheet:
    """The ``Duplicate ranking`` sheet: total IMPs (false-Mahjong penalties included)."""
    rows: list[list[Cell]] = [
        ["Rank", "Player", "IMPs", "Boards", "Positive boards", "False mahjong", "IMP scale"]
    ]
    for r in result.ranking:
        rows.append(
            [
                r.rank,
                r.player,
                r.imps,
                r.boards,
                r.positive_boards,
                r.penalties or None,
                result.scale_name,
            ]
        )
    return ResultSheet("Duplicate ranking", rows)


def penalty_list_sheet(t: TournamentResult) -> ResultSheet:
    """The ``Penalty list``: every penalty, when it was deducted, and each player's total, so
    the organiser can check that the results add up."""
    rows: list[list[Cell]] = [
        [
            "Session",
            "Table",
            "Player",
            "Kind",
            "Minutes",
            "Points",
            "Deducted",
            "Note",
            "Player total",
        ]
    ]
    for line in t.penalties:
        p = line.penalty
        rows.append(
            [
                label(line.session),
                label(line.table),
                p.player,
                p.kind.value,
                p.minutes,
                p.points,
                "immediately (changes placements)" if line.immediate else "after uma",
                p.note or None,
                t.penalty_totals.get(p.player, 0),
            ]
        )
    return ResultSheet("Penalty list", rows)


EMA_COLUMNS = ["Place", "EMA number", "Last name", "First name", "Country", "Points"]


def ema_rows(t: TournamentResult) -> list[list[Cell]]:
    """The EMA results export, header first."""
    rows: list[list[Cell]] = [list(EMA_COLUMNS)]
    for r in t.ema:
        rows.append([r.place, r.ema, r.last_name, r.first_name, r.country, number(r.points)])
    return rows


def ema_sheet(t: TournamentResult) -> ResultSheet:
    """The ``EMA results`` sheet."""
    return ResultSheet("EMA results", ema_rows(t))


def ema_csv(t: TournamentResult) -> str:
    """The EMA results export as CSV (comma-separated, UTF-8)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for row in ema_rows(t):
        writer.writerow(
            ["" if v is None else (float(v) if isinstance(v, Fraction) else v) for v in row]
        )
    return buffer.getvalue()
