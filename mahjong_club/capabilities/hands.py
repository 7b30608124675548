"""Classical hands (a ``Hands`` sheet): scores, settlements, running totals and breakdowns."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from mahjong_club.capabilities.base import Capability, Page, Run
from mahjong_club.common.problems import Problems
from mahjong_club.compute.hands import HandResult, score_hands
from mahjong_club.messages.site import SITE
from mahjong_club.model import Season
from mahjong_club.reading.hands import check_registered, read_hands
from mahjong_club.reading.tables import Workbook
from mahjong_club.site.views import SiteView
from mahjong_club.terminal import hands_text
from mahjong_club.workbook.event_sheets import hand_scores_sheet
from mahjong_club.workbook.xlsx import ResultSheet


class Hands(Capability[list[HandResult]]):
    """Every hand of the ``Hands`` sheet scored by the club's classical rules."""

    name = "hands"
    sheets = ("Hands",)
    read_early = ("Hands",)

    def read(self, book: Workbook, season: Season, problems: Problems) -> None:
        if book.find("Hands") is not None:
            season.hands = read_hands(book, problems)
            check_registered(season.hands, season.players, problems)

    def found(self, season: Season) -> bool:
        return season.hands is not None

    def compute(self, run: Run) -> list[HandResult] | None:
        hands = run.season.hands
        if hands is None:
            return None
        return score_hands(hands, run.season.ruleset.classical)

    def result_sheets(self, run: Run, result: list[HandResult]) -> Sequence[ResultSheet]:
        return [hand_scores_sheet(result)]

    def console(self, run: Run, result: list[HandResult]) -> str | None:
        return hands_text(result) if result else None

    def pages(self, run: Run, result: list[HandResult], site: SiteView) -> Sequence[Page]:
        if not result:
            return []
        groups = [
            (key, list(rows)) for key, rows in groupby(result, key=lambda r: (r.session, r.hand))
        ]
        return [Page("hands.html", SITE["hands"], "hands.html", {"hand_groups": groups})]


HANDS = Hands()
