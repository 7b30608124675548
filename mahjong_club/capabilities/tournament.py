"""EMA riichi tournaments (``mode: tournament``): sessions, the penalty list, the EMA export."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import ClassVar

from mahjong_club.capabilities.base import Capability, Export, Fragment, Mode, Page, Run
from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.compute.tournament import TournamentResult, compute_tournament
from mahjong_club.messages import ema as ema_texts
from mahjong_club.messages import output as output_texts
from mahjong_club.messages.core import say
from mahjong_club.model import Season
from mahjong_club.site.display_page import next_seats
from mahjong_club.site.tournament_pages import tournament_pages, tournament_view
from mahjong_club.site.views import SiteView
from mahjong_club.workbook.event_sheets import ema_csv, ema_sheet, penalty_list_sheet
from mahjong_club.workbook.sheets import standings_sheet
from mahjong_club.workbook.xlsx import ResultSheet

#: The EMA results export, written beside the workbook (named after the tournament and its
#: year when it has a submission: ``Copenhagen-Riichi-Open-2026-EMA.csv``).
EMA_CSV = "ema-results.csv"


class Tournament(Capability[TournamentResult]):
    """A tournament's session columns, penalty list and EMA results."""

    name = "tournament"
    modes: ClassVar[frozenset[Mode]] = frozenset({"tournament"})

    def found(self, season: Season) -> bool:
        return season.tournament

    def compute(self, run: Run) -> TournamentResult | None:
        standings = run.result(STANDINGS)
        if standings is None or not standings.standings:
            return None
        return compute_tournament(run.season, standings.standings[0], run.problems)

    def result_sheets(self, run: Run, result: TournamentResult) -> Sequence[ResultSheet]:
        standings = run.result(STANDINGS)
        ranking = [standings_sheet(standings, result)] if standings is not None else []
        return [*ranking, penalty_list_sheet(result), ema_sheet(result)]

    def exports(self, run: Run, result: TournamentResult) -> Sequence[Export]:
        name = result.submission.file_name if result.submission else EMA_CSV
        return [Export(name, ema_csv(result), output_texts.EMA_EXPORT)]

    def console(self, run: Run, result: TournamentResult) -> str | None:
        s = result.submission
        if s is None:
            return None
        weight = Decimal(s.weight.numerator) / Decimal(s.weight.denominator)  # 1.5, exactly
        how = say(ema_texts.QUALIFIED if s.qualification else ema_texts.OPEN)
        line = str(
            say(
                ema_texts.MERS,
                participants=s.players_weighed,
                countries=s.countries,
                days=s.days,
                qualification=how,
                weight=weight,
            )
        )
        if not s.substitutes:
            return line
        subs = say(ema_texts.SUBSTITUTES, substitutes=s.substitutes, weighed=s.players_weighed)
        return f"{line}\n{subs}"

    def pages(self, run: Run, result: TournamentResult, site: SiteView) -> Sequence[Page]:
        # The ranking, the seating and the players' pages (no league division page).
        return tournament_pages(run.season, result, site)

    def organiser_sections(
        self, run: Run, result: TournamentResult, site: SiteView
    ) -> Sequence[Fragment]:
        if not result.penalties:
            return []
        return [Fragment("organiser_penalties", {"tournament": result})]

    def player_sections(
        self, run: Run, result: TournamentResult, site: SiteView
    ) -> Mapping[str, Fragment]:
        # Each player's rank, total, sessions and penalties: their email (the page already
        # shows all of it, so the page's part is empty).
        if not site.divisions:
            return {}
        view = tournament_view(run.season, result, site.divisions[0], site.locale)
        order = {s: i for i, s in enumerate(view.sessions)}
        upcoming = next_seats(run.season.planned)
        sections: dict[str, Fragment] = {}
        for row in view.rows:
            name = row.row.player
            seats = [(t, s, row.running[order[t.session]]) for t, s in view.seats_of(name)]
            context = {
                "tournament": view,
                "trow": row,
                "seats": seats,
                "penalties": [p for p in view.penalties if p.player == name],
                "started": bool(view.sessions),  # before session 1 no rank says anything
                "next": upcoming.get(name),
            }
            sections[name] = Fragment("tournament_result", context)
        return sections


TOURNAMENT = Tournament()
