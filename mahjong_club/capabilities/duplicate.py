"""MCR Duplicate (``Seating`` and ``Boards`` sheets): game points, IMPs and the ranking."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mahjong_club.capabilities.base import Capability, Fragment, Page, Run
from mahjong_club.common.problems import Problems
from mahjong_club.compute.duplicate import DuplicateResult, compute_duplicate
from mahjong_club.model import Season
from mahjong_club.reading.duplicate import read_duplicate
from mahjong_club.reading.tables import Workbook
from mahjong_club.site.duplicate_pages import duplicate_pages, duplicate_view
from mahjong_club.site.views import SiteView
from mahjong_club.terminal import duplicate_text
from mahjong_club.workbook.event_sheets import duplicate_ranking_sheet, duplicate_sheet
from mahjong_club.workbook.xlsx import ResultSheet


class Duplicate(Capability[DuplicateResult]):
    """A Duplicate evening: every board scored against the same seat at the other tables."""

    name = "duplicate"
    sheets = ("Seating", "Boards", "IMP scale")

    def read(self, book: Workbook, season: Season, problems: Problems) -> None:
        season.duplicate = read_duplicate(book, problems, list(season.players))

    def found(self, season: Season) -> bool:
        return season.duplicate is not None

    def compute(self, run: Run) -> DuplicateResult | None:
        data = run.season.duplicate
        if data is None:
            return None
        return compute_duplicate(data, run.problems)

    def result_sheets(self, run: Run, result: DuplicateResult) -> Sequence[ResultSheet]:
        return [duplicate_sheet(result), duplicate_ranking_sheet(result)]

    def console(self, run: Run, result: DuplicateResult) -> str:
        return duplicate_text(result)

    def pages(self, run: Run, result: DuplicateResult, site: SiteView) -> Sequence[Page]:
        # The ranking with what decided each place, every board, and a page per player.
        return duplicate_pages(run.season, result, site)

    def player_sections(
        self, run: Run, result: DuplicateResult, site: SiteView
    ) -> Mapping[str, Fragment]:
        # Each player's rank, IMPs, what decided their place and their boards: their email.
        view = duplicate_view(run.season, result, site)
        return {
            p.row.player: Fragment("duplicate_result", {"duplicate": view, "mine": p})
            for p in view.players
        }

    def index_sections(
        self, run: Run, result: DuplicateResult, site: SiteView
    ) -> Sequence[Fragment]:
        # The evening's name, date and ranking on the index: the page players open first.
        return [
            Fragment("duplicate_ranking", {"duplicate": duplicate_view(run.season, result, site)})
        ]

    def organiser_sections(
        self, run: Run, result: DuplicateResult, site: SiteView
    ) -> Sequence[Fragment]:
        view = duplicate_view(run.season, result, site)
        return [Fragment("organiser_duplicate", {"duplicate": view})]


DUPLICATE = Duplicate()
