"""Next season: promotion, relegation and next season's divisions from the ``Signups`` sheet."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from mahjong_club.capabilities.base import Capability, Fragment, Page, Run
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
from rules.model import GameType
from rules.next_season import NextPlace


class NextSeason(Capability[NextSeasonResult]):
    """Every signed-up player's division next season, with the reason."""

    name = "next_season"
    needs_league = True
    sheets = ("Signups",)
    read_early = ("Signups",)

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
        return next_season_text(result, final=run.season.settings.season_complete)

    def pages(self, run: Run, result: NextSeasonResult, site: SiteView) -> Sequence[Page]:
        context = {"next_season": result}
        return [Page("next-season.html", SITE["next_season"], "next_season.html", context)]

    def player_sections(
        self, run: Run, result: NextSeasonResult, site: SiteView
    ) -> Mapping[str, Fragment]:
        # A signed-up player who is not in a division now: their place next season (their
        # email is this). A division member: theirs once the season is complete.
        members = {p.name for p in site.players}
        places: dict[str, list[tuple[GameType, NextPlace]]] = defaultdict(list)
        for game, game_places in result.places.items():
            for place in game_places:
                if place.player not in members or not site.provisional:
                    places[place.player].append((game, place))
        context = {"provisional": site.provisional}
        return {
            name: Fragment("next_place", {**context, "places": p}) for name, p in places.items()
        }


NEXT_SEASON = NextSeason()
