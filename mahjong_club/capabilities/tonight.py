"""Tonight (``--tonight``): the games that can be played from who is present, with substitutes.

Uses the attendance and schedule results; shows the ``Tonight`` sheet and page, each seated
player's games in their page and email, and the whole night in the organiser's email.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from mahjong_club.capabilities.attendance import ATTENDANCE
from mahjong_club.capabilities.base import Capability, Fragment, Page, Run
from mahjong_club.capabilities.schedule import SCHEDULE
from mahjong_club.compute.tonight import TonightResult, compute_tonight
from mahjong_club.messages.site import SITE
from mahjong_club.site.views import SiteView
from mahjong_club.terminal import tonight_text
from mahjong_club.workbook.season_sheets import tonight_sheet
from mahjong_club.workbook.xlsx import ResultSheet
from rules.tonight import TonightGame


class Tonight(Capability[TonightResult]):
    """Tonight's games, proposed from the latest (or a given) night's attendance."""

    name = "tonight"
    needs_league = True

    def compute(self, run: Run) -> TonightResult | None:
        if not run.options.tonight or not run.season.has_league:
            return None
        return compute_tonight(
            run.season,
            run.result(ATTENDANCE),
            run.result(SCHEDULE),
            run.options.tonight_date,
            run.problems,
        )

    def result_sheets(self, run: Run, result: TonightResult) -> Sequence[ResultSheet]:
        return [tonight_sheet(result)]

    def console(self, run: Run, result: TonightResult) -> str:
        return tonight_text(result)

    def pages(self, run: Run, result: TonightResult, site: SiteView) -> Sequence[Page]:
        return [Page("tonight.html", SITE["tonight"], "tonight.html", {"tonight": result})]

    def player_sections(
        self, run: Run, result: TonightResult, site: SiteView
    ) -> Mapping[str, Fragment]:
        games: dict[str, list[TonightGame]] = defaultdict(list)
        for proposal in result.games:
            for name in proposal.planned.players:
                games[name].append(proposal)
        return {name: Fragment("tonight", {"games": g}) for name, g in games.items()}

    def organiser_sections(
        self, run: Run, result: TonightResult, site: SiteView
    ) -> Sequence[Fragment]:
        return [Fragment("organiser_tonight", {"tonight": result})]


TONIGHT = Tonight()
