"""Division standings: the club's tie-breakers, dice, statuses, the division and player pages.

Reads ``Divisions``, ``Games``, ``Penalties`` and ``Dice`` (or, for ``mode: tournament``, the
tournament's ``Games``); every other capability that shows divisions or players builds on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from mahjong_club.capabilities.base import Capability, Fragment, Mode, Page, Run
from mahjong_club.common.problems import Problems
from mahjong_club.compute.standings import StandingsResult, compute_standings
from mahjong_club.model import Season
from mahjong_club.reading import read_league, read_tournament
from mahjong_club.reading.tables import Workbook
from mahjong_club.site.views import SiteView
from mahjong_club.terminal import standings_section
from mahjong_club.workbook.sheets import dice_sheet, standings_sheet
from mahjong_club.workbook.xlsx import ResultSheet


class Standings(Capability[StandingsResult]):
    """The standings of every division (one ranking for a tournament)."""

    name = "standings"
    needs_league = True
    sheets = ("Divisions", "Games", "Penalties", "Dice")
    read_early = ("Penalties", "Dice")
    modes: ClassVar[frozenset[Mode]] = frozenset({"league", "tournament"})

    def read(self, book: Workbook, season: Season, problems: Problems) -> None:
        if season.tournament:
            read_tournament(book, season, problems)
        else:
            read_league(book, season, problems)

    def found(self, season: Season) -> bool:
        return season.has_league

    def compute(self, run: Run) -> StandingsResult | None:
        if not run.season.has_league:
            return None
        return compute_standings(run.season, run.problems, run.options.dice_seed)

    def result_sheets(self, run: Run, result: StandingsResult) -> Sequence[ResultSheet]:
        # A tournament's ranking has a column per session: the tournament capability adds it.
        sheets = [] if run.season.tournament else [standings_sheet(result)]
        if result.new_dice:
            sheets.append(dice_sheet([*run.season.dice, *result.new_dice]))
        return sheets

    def console(self, run: Run, result: StandingsResult) -> str:
        return standings_section(run.season, result)

    def pages(self, run: Run, result: StandingsResult, site: SiteView) -> Sequence[Page]:
        if run.season.tournament:  # its ranking's and players' pages are the tournament's
            return []
        listed = not site.many_divisions  # else the index lists them, not the navigation
        pages = [
            Page(f"{d.slug}.html", d.name, "division.html", {"division": d}, listed)
            for d in site.divisions
        ]
        pages += [
            Page(
                f"{p.slug}.html",
                p.name,
                "player.html",
                {"player": p},
                in_navigation=False,
            )
            for p in site.players
        ]
        return pages

    def organiser_sections(
        self, run: Run, result: StandingsResult, site: SiteView
    ) -> Sequence[Fragment]:
        # The ties only dice can settle, once the season is complete: an action.
        if not result.dice_actions:
            return []
        return [Fragment("action_dice", {"actions": result.dice_actions})]


STANDINGS = Standings()
