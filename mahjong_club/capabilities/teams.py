"""Teams (a ``Team`` column in ``Players``): the team ranking of a tournament.

Only when some player has a team. The ranking (:mod:`rules.teams`) is a result sheet
(``Teams``), a page of the site linked from the index, and each member's team is in the EMA
results; teams of different sizes are a warning (every member counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from mahjong_club.capabilities.base import Capability, Fragment, Mode, Page, Run
from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.messages.site import SITE
from mahjong_club.messages.teams import TEAMS_DIFFER
from mahjong_club.model import Season
from mahjong_club.site.views import SiteView
from mahjong_club.workbook.cells import Cell
from mahjong_club.workbook.xlsx import ResultSheet
from rules.teams import Member, TeamRow, rank_teams, sizes_differ

#: The team ranking's page.
TEAMS_PAGE = "teams.html"


class Teams(Capability[list[TeamRow]]):
    """The team ranking."""

    name = "teams"
    modes: ClassVar[frozenset[Mode]] = frozenset({"tournament"})

    def found(self, season: Season) -> bool:
        return any(p.team for p in season.players.values())

    def compute(self, run: Run) -> list[TeamRow] | None:
        standings = run.result(STANDINGS)
        if standings is None or not standings.standings or not self.found(run.season):
            return None
        players = run.season.players
        members = [
            Member(
                row.record.player,
                players[row.record.player].team if row.record.player in players else "",
                row.record.points,
                row.record.minipoints,
                row.rank,
            )
            for row in standings.standings[0].rows
        ]
        ranking = rank_teams(members)
        differ = sizes_differ(ranking)
        if differ is not None:
            run.problems.warning(
                "Players", None, "Team", TEAMS_DIFFER, least=differ[0], most=differ[1]
            )
        return ranking

    def result_sheets(self, run: Run, result: list[TeamRow]) -> Sequence[ResultSheet]:
        mcr = any(r.minipoints is not None for r in result)
        header: list[Cell] = ["Rank", "Team", "Points"]
        header += ["Minipoints"] if mcr else []
        header += ["Members", "Decided by"]
        rows: list[list[Cell]] = [header]
        for r in result:
            members = ", ".join(f"{m.player} ({m.rank})" for m in r.members)
            line: list[Cell] = [r.rank, r.team, r.points]
            line += [r.minipoints] if mcr else []
            line += [members, r.decided_by]
            rows.append(line)
        return [ResultSheet("Teams", rows, amounts=frozenset({"Points"}))]

    def pages(self, run: Run, result: list[TeamRow], site: SiteView) -> Sequence[Page]:
        mcr = any(r.minipoints is not None for r in result)
        return [Page(TEAMS_PAGE, SITE["teams"], "teams.html", {"teams": result, "mcr": mcr})]

    def index_sections(self, run: Run, result: list[TeamRow], site: SiteView) -> Sequence[Fragment]:
        return [Fragment("teams_link", {"count": len(result)})]


TEAMS = Teams()
