"""The plan of games: which planned games are played and which remain (or a new plan).

Reads ``Schedule``; shows ``Schedule status`` (and, with ``--make-schedule``, ``Schedule``), and
each player's games still to play on their page and in their email.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from mahjong_club.capabilities.base import Capability, Fragment, Run
from mahjong_club.common.problems import Problems
from mahjong_club.compute.schedule import ScheduleResult, compute_schedule
from mahjong_club.model import Season
from mahjong_club.reading.plans import read_schedule
from mahjong_club.reading.tables import Workbook
from mahjong_club.site.views import SiteView
from mahjong_club.terminal import schedule_text
from mahjong_club.workbook.season_sheets import schedule_sheet, schedule_status_sheet
from mahjong_club.workbook.xlsx import ResultSheet
from rules.schedule import PlannedGame


class Schedule(Capability[ScheduleResult]):
    """The season's plan of games and how far it has come."""

    name = "schedule"
    needs_league = True
    sheets = ("Schedule",)

    def read(self, book: Workbook, season: Season, problems: Problems) -> None:
        if season.has_league and book.find("Schedule") is not None and season.divisions_ok:
            season.schedule = read_schedule(book, season.divisions, problems) or None

    def compute(self, run: Run) -> ScheduleResult | None:
        if not run.season.has_league:
            return None
        return compute_schedule(run.season, run.problems, make=run.options.make_schedule)

    def result_sheets(self, run: Run, result: ScheduleResult) -> Sequence[ResultSheet]:
        made = [schedule_sheet(result)] if result.made else []
        return [*made, schedule_status_sheet(result)]

    def console(self, run: Run, result: ScheduleResult) -> str:
        return schedule_text(result)

    def player_sections(
        self, run: Run, result: ScheduleResult, site: SiteView
    ) -> Mapping[str, Fragment]:
        # Each player's planned games still to play, in the plan's order: their next games;
        # none once the season is complete (the planned games left will not be played).
        if run.season.settings.season_complete:
            return {}
        games: dict[str, list[PlannedGame]] = defaultdict(list)
        for status in result.statuses:
            if not status.played:
                for name in status.planned.players:
                    games[name].append(status.planned)
        return {name: Fragment("schedule", {"games": g}) for name, g in games.items()}


SCHEDULE = Schedule()
