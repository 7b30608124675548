"""Matching played games to the planned schedule, or making a balanced plan (rules.md 1.3).

Part of the compute step: read (reading/) -> compute (this module, using rules/) -> write.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_club.common.problems import Problems
from mahjong_club.messages import compute as texts
from mahjong_club.model import Season
from rules.schedule import PlannedGame, PlanStatus, make_schedule, match_schedule
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
    """Match played games to the ``Schedule`` sheet, or make a balanced plan when asked."""
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
    """A balanced plan for every division of at least four members (``--make-schedule``)."""
    plan: list[PlannedGame] = []
    for division in sorted(season.divisions, key=division_order):
        if len(division.members) < 4:
            problems.warning(
                "Divisions", None, "Division", texts.TOO_FEW_FOR_SCHEDULE, division=division.name
            )
            continue
        for number, table in enumerate(make_schedule(division.members), start=1):
            plan.append(PlannedGame(division.name, str(number), table))
    return plan
