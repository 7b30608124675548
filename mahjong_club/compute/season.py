"""Computing attendance, schedule, next season and tonight's proposal (rules.md 1.3, 1.4).

Part of the compute step: read (readers/) -> compute (compute.py, this module) -> write.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import did_you_mean
from mahjong_club.reading.season import Season
from rules.attendance import (
    THURSDAY,
    Advice,
    History,
    Mark,
    Status,
    advice,
    attendance_history,
    requirement,
)
from rules.model import Division, GameType
from rules.next_season import NextPlace, TooFewPlayers, next_season, priority_order
from rules.schedule import PlannedGame, PlanStatus, make_schedule, match_schedule
from rules.standings import DivisionStandings, division_order
from rules.tiebreakers import TIED
from rules.tonight import TonightGame, propose_tonight


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
    """Attendance status of every division member, at ``as_of``."""

    season_start: dt.date
    as_of: dt.date
    regular_nights: list[dt.date]
    members: list[MemberAttendance] = field(default_factory=list)

    def history(self, player: str) -> History | None:
        """A member's attendance history."""
        return next((m.history for m in self.members if m.player == player), None)


def season_dates(season: Season) -> tuple[dt.date | None, dt.date | None]:
    """Season start and report date: the settings, else the earliest/latest date recorded."""
    known: list[dt.date] = [g.date for g in season.games if g.date is not None]
    known += [n.date for n in season.nights]
    if season.attendance is not None:
        known += season.attendance.dates
    start = season.settings.season_start or (min(known) if known else None)
    as_of = season.settings.as_of or (max(known) if known else None)
    return start, as_of


def regular_nights(season: Season, problems: Problems) -> tuple[list[dt.date], set[dt.date]]:
    """The regular club nights, and the dates marked not regular (rules.md 1.4).

    The dates heading the Attendance columns and the rows of Nights, except those Nights marks
    as not regular; a date that is not a Thursday is not a regular night (a warning).
    """
    not_regular = {n.date for n in season.nights if not n.regular}
    dates: dict[dt.date, tuple[str, int | None, str]] = {}
    for night in season.nights:
        dates.setdefault(night.date, ("Nights", night.row, "Date"))
    if season.attendance is not None:
        for date in season.attendance.dates:
            dates.setdefault(date, (season.attendance.sheet, None, date.isoformat()))
    regular: list[dt.date] = []
    for date, (sheet, row, column) in sorted(dates.items()):
        if date.weekday() != THURSDAY:
            problems.warning(
                sheet,
                row,
                column,
                f"{date.isoformat()} is a {date.strftime('%A')}, not a Thursday: it never"
                " counts as a regular club night",
            )
            continue
        if date not in not_regular:
            regular.append(date)
    return regular, not_regular


def similar_name(name: str, candidates: list[str], why: str = "") -> str:
    """'; did you mean 'Søren Østergaard'?' when a candidate is spelt almost the same."""
    close = did_you_mean(name, candidates)
    return f"; did you mean {close!r}{why}?" if close else ""


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
    without_row = [m for m in divisions_of if m not in sheet.marks]
    strangers = [n for n in sheet.marks if n not in divisions_of]
    for name, number in sheet.rows.items():
        if name not in divisions_of:
            problems.warning(
                sheet.sheet,
                number,
                "Player",
                f"{name!r} has attendance recorded but is in no division"
                f"{similar_name(name, without_row, ' (who has no attendance row)')}",
            )
    recorded = set(sheet.dates)
    for night in season.nights:
        if night.regular and night.date not in recorded and night.date <= as_of:
            problems.warning(
                "Nights",
                night.row,
                "Date",
                f"no Attendance column for the club night {night.date.isoformat()};"
                " everyone counts as absent that night",
            )
    result = AttendanceResult(start, as_of, [n for n in nights if start <= n <= as_of])
    early = [g for g in season.games if g.date is not None and g.date < start]
    if early:
        problems.warning(
            "Games",
            early[0].row,
            "Date",
            f"{len(early)} game(s) dated before the season start {start.isoformat()}"
            f" (the first: game {early[0].id!r} on {early[0].date.isoformat()}); is a year wrong?",  # type: ignore[union-attr]
        )
    for player in sorted(divisions_of, key=lambda p: (p.casefold(), p)):
        count = len(divisions_of[player])
        if count >= 3:
            problems.warning(
                "Divisions",
                None,
                "Player",
                f"{player!r} plays in {count} divisions"
                f" ({', '.join(d.name for d in divisions_of[player])})",
            )
        if player not in sheet.marks:
            problems.warning(
                sheet.sheet,
                None,
                "Player",
                f"{player!r} has no row in the Attendance sheet; counted as absent every night"
                f"{similar_name(player, strangers, ' (a row for someone in no division)')}",
            )
        marks = sheet.marks.get(player, {})
        on_time = [d for d, m in marks.items() if m is Mark.ON_TIME]
        required = requirement(count)
        history = attendance_history(start, nights, on_time, required, as_of)
        status, since = history.at(as_of)
        regular = len(result.regular_nights)
        attended = sum(1 for d in result.regular_nights if marks.get(d) is Mark.ON_TIME)
        tip = advice(start, as_of, attended, regular, required, nights, not_regular)
        result.members.append(
            MemberAttendance(
                player, count, required, regular, attended, status, since, tip, history
            )
        )
    _check_substitutions(season, result, problems)
    return result


def _check_substitutions(season: Season, result: AttendanceResult, problems: Problems) -> None:
    """A game marking a member substituted while not substitutable is a warning."""
    for game in season.games:
        if game.date is None:
            continue
        for seat in game.seats:
            if not seat.substituted:
                continue
            history = result.history(seat.player)
            status = history.for_substitution(game.date) if history else Status.OK
            if status is not Status.SUBSTITUTABLE:
                problems.warning(
                    "Games",
                    seat.row or game.row,
                    "Substituted",
                    f"{seat.player!r} is marked substituted in game {game.id!r} on"
                    f" {game.date.isoformat()} but was not substitutable that night"
                    f" (status: {status})",
                )


# --- Schedule ---------------------------------------------------------------------------------


@dataclass
class ScheduleResult:
    """The plan, which planned games were played, and whether the plan was made now."""

    plan: list[PlannedGame]
    statuses: list[PlanStatus]
    made: bool = False


def compute_schedule(
    season: Season, problems: Problems, make: bool = False
) -> ScheduleResult | None:
    """Match played games to the ``Schedule`` sheet, or make a balanced plan when asked."""
    if make:
        if season.schedule is not None:
            problems.error(
                "Schedule",
                None,
                "",
                "the workbook already has a Schedule sheet; --make-schedule only proposes a"
                " plan for a workbook without one",
            )
            return None
        plan: list[PlannedGame] = []
        for division in sorted(season.divisions, key=division_order):
            if len(division.members) < 4:
                problems.warning(
                    "Divisions",
                    None,
                    "Division",
                    f"no schedule for {division.name!r}: it has fewer than four members",
                )
                continue
            for number, table in enumerate(make_schedule(division.members), start=1):
                plan.append(PlannedGame(division.name, str(number), table))
    elif season.schedule is not None:
        plan = season.schedule
    else:
        return None
    statuses, unmatched = match_schedule(plan, season.games)
    if not make:
        for game in unmatched:
            players = ", ".join(s.player for s in game.seats)
            problems.warning(
                "Games",
                game.row,
                "Game",
                f"game {game.id!r} ({game.division}: {players}) matches no planned game"
                " still open in the Schedule sheet",
            )
    return ScheduleResult(plan, statuses, make)


# --- Next season ------------------------------------------------------------------------------


@dataclass
class NextSeasonResult:
    """Next season's divisions of each game type."""

    places: dict[GameType, list[NextPlace]] = field(default_factory=dict)
    previous: dict[tuple[GameType, str], tuple[str, int]] = field(default_factory=dict)


def compute_next_season(
    season: Season, standings: list[DivisionStandings], problems: Problems
) -> NextSeasonResult | None:
    """Next season's divisions when the season is complete or a Signups sheet exists."""
    if not season.settings.season_complete and season.signups is None:
        return None
    result = NextSeasonResult()
    by_game: dict[GameType, list[DivisionStandings]] = defaultdict(list)
    for standing in standings:
        by_game[standing.division.game].append(standing)
    signed: dict[GameType, list[str]] = defaultdict(list)
    for signup in season.signups or []:
        signed[signup.game].append(signup.player)
    for game in (GameType.MCR, GameType.RIICHI):
        ladder = sorted(by_game.get(game, []), key=lambda s: s.division.level)
        rows = [[r.record.player for r in s.rows] for s in ladder]
        members = {p for division in rows for p in division}
        if season.signups is None:
            signed_up: set[str] | None = None
            new_names: list[str] = []
        else:
            signed_up = set(signed[game])
            new_names = [p for p in signed[game] if p not in members]
        for name in new_names:
            if name not in season.players:
                problems.warning(
                    "Signups",
                    None,
                    "Player",
                    f"new {game} player {name!r} is not in the Players sheet (placed last, no"
                    " rating)",
                )
        new_players = [
            (n, season.players[n].rating if n in season.players else None) for n in new_names
        ]
        total = len(new_players) + (len(members) if signed_up is None else len(members & signed_up))
        if total == 0:
            continue
        try:
            places = next_season(rows, signed_up, new_players)
        except TooFewPlayers as exc:
            problems.error("Signups", None, "Game", f"{game}: {exc}")
            continue
        result.places[game] = places
        for standing in ladder:
            for row in standing.rows:
                result.previous[(game, row.record.player)] = (standing.division.name, row.rank)
        _warn_ties_across_groups(ladder, rows, problems)
    return result


def _warn_ties_across_groups(
    ladder: list[DivisionStandings], rows: list[list[str]], problems: Problems
) -> None:
    """An unresolved tie that straddles two priority groups must be settled with dice."""
    group_of = {(p.division, p.player): p.group for p in priority_order(rows)}
    for k, standing in enumerate(ladder, start=1):
        tied: dict[int, list[str]] = defaultdict(list)
        for row in standing.rows:
            if row.decided_by == TIED:
                tied[row.rank].append(row.record.player)
        for rank, players in tied.items():
            groups = {group_of.get((k, p)) for p in players}
            if len(groups) > 1:
                problems.warning(
                    "Dice",
                    None,
                    "",
                    f"{standing.division.name}: {', '.join(players)} are tied at rank {rank}"
                    " but fall in different groups for next season"
                    f" ({', '.join(sorted(g or '' for g in groups))}); roll the dice to decide",
                )


# --- Tonight ----------------------------------------------------------------------------------


@dataclass
class TonightResult:
    """Tonight's proposal, who is present, and who could stand in as a substitute."""

    date: dt.date
    games: list[TonightGame]
    present: set[str]
    substitutable: set[str]
    free: list[str]


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
        problems.error("Attendance", None, "", "--tonight needs an Attendance sheet")
        return None
    if schedule is None:
        problems.error(
            "Schedule",
            None,
            "",
            "--tonight needs a Schedule sheet with the planned games (or --make-schedule)",
        )
        return None
    if when is None:
        if not sheet.dates:
            problems.error(sheet.sheet, None, "", "the Attendance sheet has no nights")
            return None
        when = max(sheet.dates)
    if when not in sheet.dates:
        problems.error(
            sheet.sheet,
            None,
            "",
            f"no Attendance column for {when.isoformat()}; add that night's column first",
        )
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
    free = sorted((p for p in present if p not in seated), key=lambda p: (p.casefold(), p))
    return TonightResult(when, games, present, substitutable, free)
