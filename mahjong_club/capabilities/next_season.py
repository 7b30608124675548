"""Next season: promotion, relegation and next season's divisions from the ``Signups`` sheet."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_club.capabilities.base import Capability, Page, Run
from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.common.problems import Problems
from mahjong_club.compute.next_season import NextSeasonResult, compute_next_season
from mahjong_club.messages.site import SITE
from mahjong_club.model import Season
from mahjong_club.reading.plans import read_signups
from mahjong_club.reading.tables import Workbook
from mahjong_club.site.views import SiteView
from mahjong_club.terminal import next_season_text
from mahjong_club.workbook.season_sheets import next_season_sheet
from mahjong_club.workbook.xlsx import ResultSheet


class NextSeason(Capability[NextSeasonResult]):
    """Every signed-up player's division next season, with the reason."""

    name = "next_season"
    needs_league = True
    sheets = ("Signups",)

    def read(self, book: Workbook, season: Season, problems: Problems) -> None:
        if season.has_league and book.find("Signups") is not None:
            season.signups = read_signups(book, problems) or None

    def compute(self, run: Run) -> NextSeasonResult | None:
        standings = run.result(STANDINGS)
        if standings is None:
            return None
        return compute_next_season(run.season, standings.standings, run.problems)

    def result_sheets(self, run: Run, result: NextSeasonResult) -> Sequence[ResultSheet]:
        return [next_season_sheet(result)]

    def console(self, run: Run, result: NextSeasonResult) -> str:
        return next_season_text(result)

    def pages(self, run: Run, result: NextSeasonResult, site: SiteView) -> Sequence[Page]:
        context = {"next_season": result}
        return [Page("next-season.html", SITE["next_season"], "next_season.html", context)]


NEXT_SEASON = NextSeason()
