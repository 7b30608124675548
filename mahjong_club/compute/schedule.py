"""Matching played games to the planned schedule, or making the season's plan (rules.md 1.4).

Part of the compute step: read (reading/) -> compute (this module, using rules/) -> write.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_club.common.problems import Problems
from mahjong_club.messages import compute as texts
from mahjong_club.model import Season
from rules.model import Game
from rules.schedule import (
    Foursome,
    PlannedGame,
    PlanStatus,
    make_schedule,
    match_schedule,
    played_in_order,
)
from rules.standings import division_order


@dataclass
class ScheduleResult:
    """The plan, which planned games were played, and whether the plan was made now."""

    plan: list[PlannedGame]
    statuses: list[PlanStatus]
    made: bool = False


def compute_schedule(
    season: Season, problems: Problems, make: bool = False
) -> ScheduleResult | None:
    """Match played games to the ``Schedule`` sheet, or make the season's plan when asked."""
    if make:
        if season.schedule is not None:
            problems.error("Schedule", None, "", texts.SCHEDULE_EXISTS)
            return None
        plan = _make_plan(season, problems)
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
                texts.GAME_NOT_PLANNED,
                game=game.id,
                division=game.division,
                players=players,
            )
    return ScheduleResult(plan, statuses, make)


def _make_plan(season: Season, problems: Problems) -> list[PlannedGame]:
    """The whole season's plan for every division of at least four (``--make-schedule``).

    Each division's played games come first, numbered in the order they were played (so the
    next run matches them), then the games the season still needs (rules.md 1.4).
    """
    plan: list[PlannedGame] = []
    meetings = season.ruleset.schedule_meetings
    for division in sorted(season.divisions, key=division_order):
        if len(division.members) < 4:
            problems.warning(
                "Divisions", None, "Division", texts.TOO_FEW_FOR_SCHEDULE, division=division.name
            )
            continue
        members = set(division.members)
        played = [
            _foursome(game)
            for game in played_in_order(season.games)
            if game.division == division.name and {s.player for s in game.seats} <= members
        ]
        tables = [*played, *make_schedule(division.members, played, meetings)]
        for number, table in enumerate(tables, start=1):
            plan.append(PlannedGame(division.name, str(number), table))
    return plan


def _foursome(game: Game) -> Foursome:
    first, second, third, fourth = (seat.player for seat in game.seats)
    return (first, second, third, fourth)
