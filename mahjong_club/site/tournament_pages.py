"""The pages of a tournament (``mode: tournament``): its ranking, seating and players.

A tournament has one ranking, so it gets no league division page: ``tournament.html`` holds
the ranking with a column per session, a chart of the top players' running totals, who was
disqualified or substituted and why, and the penalty list; ``tournament-seating.html`` every
session's tables (who sat where, with the results); each player's page their sessions, rank,
penalties and their own line of the chart. Tables are in numeric order (2 before 10).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from mahjong_club.common.text import natural_key
from mahjong_club.compute.tournament import TournamentResult
from mahjong_club.messages.site import SITE
from mahjong_club.model import Season
from mahjong_club.site.charts import colours
from mahjong_club.site.display_page import display_page
from mahjong_club.site.locale import Locale
from mahjong_club.site.session_chart import Line, session_chart
from mahjong_club.site.views import DivisionView, Page, PenaltyView, PlayerView, RowView, SiteView
from rules.model import Game, PenaltyKind, Substitution

#: The ranking's page (the division's slug in tournament mode, so every link to it works).
TOURNAMENT_PAGE = "tournament"
SEATING_PAGE = "tournament-seating"
#: How many players the ranking's chart draws (40 lines and a 40-name legend help no one).
CHART_TOP = 8
#: The highlighted player's colour on their own page.
OWN_COLOUR = "#0072B2"

Points = int | Fraction


@dataclass(frozen=True)
class Mark:
    """Why a player is marked: a disqualification (``kind`` ``disqualified``) or a session
    played by a substitute (``start`` or ``during``), with the organiser's note if any."""

    player: str
    slug: str
    kind: str
    session: str | None
    table: str | None
    note: str = ""
    penalty_kind: PenaltyKind | None = None
    minutes: int | None = None
    points: Points | None = None  # a substituted session's result


@dataclass(frozen=True)
class SessionSeat:
    """One seat at one table of one session."""

    player: str
    slug: str
    score: int
    points: Points
    placement: int
    substitution: str  # "", "start" or "during"


@dataclass(frozen=True)
class TableView:
    """One table of one session, its seats as the ``Games`` sheet lists them."""

    session: str
    table: str
    seats: tuple[SessionSeat, ...]


@dataclass
class TournamentRow:
    """A ranking row with each session's result (None: not seated) and the running total."""

    row: RowView
    sessions: list[Points | None]
    running: list[Points]
    marks: list[Mark] = field(default_factory=list)
    #: A substitute entrant (``Players.Substitute``), marked on the ranking.
    substitute: bool = False

    @property
    def substituted_sessions(self) -> str:
        """The sessions a substitute played, as ``4, 5`` (blank when none)."""
        return ", ".join(m.session or "" for m in self.marks if m.kind != "disqualified")


@dataclass
class TournamentView:
    """Everything the tournament's pages show."""

    name: str
    dates: list[dt.date]
    sessions: list[str]
    rows: list[TournamentRow]
    tables: list[TableView]
    marks: list[Mark]
    penalties: list[PenaltyView]
    chart: str = ""
    legend: list[tuple[str, str, str, str]] = field(default_factory=list)
    #: An MCR tournament: table points, minipoints, penalties off the minipoints.
    mcr: bool = False

    def by_session(self) -> list[tuple[str, list[TableView]]]:
        """Each session with its tables."""
        return [(s, [t for t in self.tables if t.session == s]) for s in self.sessions]

    def marks_by_player(self) -> list[tuple[str, str, list[Mark]]]:
        """(player, slug, their marks) in the order of each player's first mark."""
        grouped: dict[str, list[Mark]] = {}
        for mark in self.marks:
            grouped.setdefault(mark.player, []).append(mark)
        return [(name, marks[0].slug, marks) for name, marks in grouped.items()]

    def row_of(self, player: str) -> TournamentRow:
        """The player's ranking row."""
        return next(r for r in self.rows if r.row.player == player)

    def seats_of(self, player: str) -> list[tuple[TableView, SessionSeat]]:
        """The player's seat in every session, in session order."""
        return [(t, s) for t in self.tables for s in t.seats if s.player == player]


def tournament_view(
    season: Season, result: TournamentResult, division: DivisionView, locale: Locale
) -> TournamentView:
    """The view of the tournament from its single division and the tournament's results."""
    games = {g.id: g for g in season.games}
    slugs = {r.player: r.slug for r in division.rows}
    tables = _tables(division, games, result.sessions)
    marks = _marks(tables, division.penalties, slugs, games)
    # An MCR penalty comes off the minipoints, never the table points the totals add up.
    off = [] if division.mcr else division.penalties
    rows = [_row(r, result, off, games, marks) for r in division.rows]
    for r in rows:
        info = season.players.get(r.row.player)
        r.substitute = info is not None and info.substitute
    dates = sorted({g.date for g in season.games if g.date is not None})
    view = TournamentView(
        result.name, dates, list(result.sessions), rows, tables, marks, division.penalties
    )
    view.mcr = division.mcr
    top = rows[:CHART_TOP]
    palette = colours(len(top))
    lines = [
        Line(_title(r, locale), tuple(r.running), colour, r.row.rank_label)
        for r, colour in zip(top, palette, strict=True)
    ]
    desc = locale.t("tournament_chart_desc", count=len(top))
    view.chart = _chart(lines, view, locale, desc)
    view.legend = [
        (r.row.rank_label, r.row.player, r.row.slug, c) for r, c in zip(top, palette, strict=True)
    ]
    return view


def player_chart(view: TournamentView, player: str, locale: Locale) -> str:
    """The chart on a player's page: their line, strong, over the whole field in grey."""
    lines = [
        Line(_title(r, locale), tuple(r.running), OWN_COLOUR, faint=True)
        for r in view.rows
        if r.row.player != player
    ]
    own = view.row_of(player)
    lines.append(
        Line(_title(own, locale), tuple(own.running), OWN_COLOUR, own.row.rank_label, strong=True)
    )
    desc = locale.t("tournament_player_chart_desc", player=player)
    return _chart(lines, view, locale, desc)


def tournament_pages(season: Season, result: TournamentResult, site: SiteView) -> list[Page]:
    """The ranking's page, the seating page, every player's page and the hall's display."""
    if not site.divisions:
        return []
    division = site.divisions[0]
    view = tournament_view(season, result, division, site.locale)
    context = {"tournament": view, "result": result, "division": division}
    pages = [
        Page(f"{TOURNAMENT_PAGE}.html", SITE["tournament"], "tournament.html", context),
        Page(f"{SEATING_PAGE}.html", SITE["seating"], "tournament_seating.html", context),
    ]
    for player in site.players:
        pages.append(_player_page(view, result, player, site.locale))
    pages.append(display_page(season, view))
    return pages


def _player_page(
    view: TournamentView, result: TournamentResult, player: PlayerView, locale: Locale
) -> Page:
    row = view.row_of(player.name)
    order = {s: i for i, s in enumerate(view.sessions)}
    context = {
        "tournament": view,
        "player": player,
        "trow": row,
        "seats": [(t, s, row.running[order[t.session]]) for t, s in view.seats_of(player.name)],
        "penalties": [line for line in result.penalties if line.penalty.player == player.name],
        "chart": player_chart(view, player.name, locale),
    }
    return Page(
        f"{player.slug}.html", player.name, "tournament_player.html", context, in_navigation=False
    )


def _chart(lines: list[Line], view: TournamentView, locale: Locale, desc: str) -> str:
    title = f"{locale.t('tournament_chart')}: {view.name}"
    return session_chart(lines, view.sessions, title, desc, locale.t("session"))


def _title(row: TournamentRow, locale: Locale) -> str:
    """The line's tooltip: rank, name and where the line ends (the ranking's total)."""
    end = row.running[-1] if row.running else 0
    return f"{row.row.rank_label}. {row.row.player}: {locale.number(end)}"


def _tables(division: DivisionView, games: dict[str, Game], sessions: list[str]) -> list[TableView]:
    """Every table of every session, sessions in order and tables in numeric order."""
    order = {s: i for i, s in enumerate(sessions)}
    tables = []
    for g in division.games:
        game = games[g.id]
        kinds = {s.player: s.substitution.value for s in game.seats}
        seats = tuple(
            SessionSeat(s.player, s.slug, s.score, s.points, s.placement, kinds.get(s.player, ""))
            for s in g.seats
        )
        tables.append(TableView(g.session or "", g.table or "", seats))
    tables.sort(key=lambda t: (order.get(t.session, len(order)), natural_key(t.table)))
    return tables


def _marks(
    tables: list[TableView],
    penalties: list[PenaltyView],
    slugs: dict[str, str],
    games: dict[str, Game],
) -> list[Mark]:
    """Every disqualification and substituted session, in session and table order."""
    marks: list[Mark] = []
    for p in penalties:
        if p.kind == PenaltyKind.DISQUALIFICATION.value:
            game = games.get(p.game_id or "")
            where = (game.session, game.table) if game is not None else (None, None)
            marks.append(Mark(p.player, p.slug, "disqualified", *where, p.note))
    for table in tables:
        for seat in table.seats:
            if seat.substitution == Substitution.NONE.value:
                continue
            why = [p for p in penalties if p.player == seat.player and _at(p, table, games)]
            first = why[0] if why else None
            marks.append(
                Mark(
                    seat.player,
                    slugs.get(seat.player, seat.slug),
                    seat.substitution,
                    table.session,
                    table.table,
                    "; ".join(p.note for p in why if p.note),
                    PenaltyKind(first.kind) if first is not None else None,
                    first.minutes if first is not None else None,
                    seat.points,
                )
            )
    return marks


def _at(penalty: PenaltyView, table: TableView, games: dict[str, Game]) -> bool:
    game = games.get(penalty.game_id or "")
    return game is not None and (game.session, game.table) == (table.session, table.table)


def _row(
    row: RowView,
    result: TournamentResult,
    penalties: list[PenaltyView],
    games: dict[str, Game],
    marks: list[Mark],
) -> TournamentRow:
    """The row's session results and its running total: the sessions' results less the
    ``penalties`` that come off the total (none in MCR), each in its own session (one without
    a game in the last), so the last running total is the ranking's total."""
    sessions: list[Points | None] = [
        result.session_points.get((row.player, s)) for s in result.sessions
    ]
    off: dict[str, int] = {}
    last = result.sessions[-1] if result.sessions else ""
    for p in penalties:
        if p.player == row.player and not p.immediate:
            game = games.get(p.game_id or "")
            session = game.session if game is not None and game.session else last
            off[session] = off.get(session, 0) + p.points
    running: list[Points] = []
    total: Points = 0
    for session, points in zip(result.sessions, sessions, strict=True):
        total = total + (points or 0) - off.get(session, 0)
        running.append(total)
    mine = [m for m in marks if m.player == row.player]
    return TournamentRow(row, sessions, running, mine)
