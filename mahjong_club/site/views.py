"""View models for the site and the emails: plain data built once from the computed results.

Every page and every email is made from these, so they always agree with the workbook. The
standings give the divisions and the players; the other capabilities add their pages and
their sections of the players' pages and emails (see mahjong_club/capabilities/).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Protocol, TypeVar

from mahjong_club.common.text import MAX_NAME_BYTES, natural_key, slugify
from mahjong_club.messages.core import Entry
from mahjong_club.site.locale import Locale

#: Gives a player's page slug (made unique on first use).
SlugOf = Callable[[str], str]


class _HasDate(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def date(self) -> dt.date | None: ...


_Dated = TypeVar("_Dated", bound=_HasDate)


@dataclass(frozen=True)
class Page:
    """One page of the site: its file, its name in the navigation, its template and values.

    ``label`` is a catalogue entry, shown in the club's language, or a name shown as it is
    (a division's name).
    """

    file: str
    label: Entry | str
    template: str
    context: Mapping[str, object] = field(default_factory=dict)
    in_navigation: bool = True
    #: A player's page that the index's search finds (players who are in no division: the
    #: division members' pages are found already).
    searchable: bool = False


@dataclass(frozen=True)
class Fragment:
    """A capability's section of a player's page and emails, or of the organiser's summary.

    ``template`` is a name without folder or ending: a player section ``attendance`` is drawn
    from ``player/attendance.html`` on the player's page and from
    ``email/sections/attendance.txt`` and ``.html`` in their email; an organiser section
    ``organiser_tonight`` from ``email/sections/organiser_tonight.txt`` and ``.html``. The
    templates see the fragment as ``section`` (``section.context.member``).
    """

    template: str
    context: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class PenaltyView:
    """A penalty as the site and the emails show it (rules.md 4).

    ``immediate`` penalties were taken off that game's score (they are already inside the
    game's result); the others come off the season total, and the standings' ``Penalties``
    column is their sum, so every total adds up on the page that shows it.
    """

    player: str
    slug: str
    division: str
    kind: str  # a PenaltyKind value: chombo, lateness, obstruction, other, disqualification
    points: int
    game_id: str | None
    date: dt.date | None
    minutes: int | None
    note: str
    immediate: bool
    #: A tournament's penalty: the session and table of its game (else None).
    session: str | None = None
    table: str | None = None


@dataclass(slots=True)
class RowView:
    """One standings row as shown."""

    rank: int
    rank_label: str
    player: str
    slug: str
    games: int
    points: int | Fraction
    minipoints: int | None
    places: tuple[int, int, int, int]
    decided_by: str
    status: str
    movement: int | None
    penalty: int
    disqualified: bool = False
    behind: str = ""  # what put the player above this one (the row above's Decided by)
    #: Before ``season_complete`` (league only): the status the row would have if the season
    #: ended today. The site shows it labelled so; ``status`` stays blank, as in the workbook.
    outlook: str = ""


@dataclass(slots=True)
class SeatView:
    """A seat of a game in the games list."""

    player: str
    slug: str
    score: int
    points: int | Fraction
    placement: int
    substituted: bool
    minipoints: int | None = None  # MCR: the game's minipoints (game points)


@dataclass(slots=True)
class GameView:
    """A played game (tournaments: with its session and table)."""

    id: str
    date: dt.date | None
    seats: list[SeatView]
    session: str | None = None
    table: str | None = None


#: Draws a division's chart: the SVG and the legend's (label, colour) pairs.
ChartOf = Callable[["DivisionView"], tuple[str, list[tuple[str, str]]]]


@dataclass
class DivisionView:
    """A division page.

    Its head-to-head table (:attr:`cross`) and chart (:attr:`chart`, :attr:`legend`) are
    worked out from the rows and games when the page first shows them, by whichever process
    renders the page (a federation's 1,000 divisions' take about 2 s on one core, and only
    the division pages show them: not the players' pages, not the emails)."""

    name: str
    slug: str
    game: str
    level: int
    mcr: bool
    rows: list[RowView]
    #: Oldest first (undated first), a date's games in natural order (G2 before G10).
    games: list[GameView]
    cross_players: list[tuple[str, str]]
    dice_needed: list[str]
    #: The division's penalties, in game order (penalties without a game last).
    penalties: list[PenaltyView] = field(default_factory=list)
    #: How its chart is drawn (``site.build.add_chart``); None: the page has no chart.
    chart_of: ChartOf | None = field(default=None, repr=False, compare=False)

    @cached_property
    def cross(self) -> dict[tuple[str, str], int | Fraction | None]:
        """The row player's points in the games both played themselves, by (row player,
        other player); None for two who never met (:func:`cross_table`)."""
        return cross_table(self.rows, self.games)

    @property
    def chart(self) -> str:
        """The chart of points over the season as SVG ("" for none)."""
        return self._drawn[0]

    @property
    def legend(self) -> list[tuple[str, str]]:
        """The chart's lines: each (label, colour)."""
        return self._drawn[1]

    @cached_property
    def _drawn(self) -> tuple[str, list[tuple[str, str]]]:
        return ("", []) if self.chart_of is None else self.chart_of(self)

    @property
    def has_movement(self) -> bool:
        """True when last week's standings exist to compare with."""
        return any(r.movement is not None for r in self.rows)

    @property
    def has_penalties(self) -> bool:
        """True when some row has points off its total (the ``Penalties`` column)."""
        return any(r.penalty for r in self.rows)

    @property
    def games_newest_first(self) -> list[GameView]:
        """The games by date, newest first; a date's games in natural order (G2 before G10)."""
        return newest_first(self.games, in_order=True)


@dataclass(slots=True)
class PlayerGameView:
    """One of a player's games, from their side."""

    division: str
    id: str
    date: dt.date | None
    score: int
    points: int | Fraction
    placement: int
    substituted: bool
    opponents: list[str]
    minipoints: int | None = None  # MCR: the game's minipoints (game points)


@dataclass
class PlayerView:
    """A player page (and the player's email)."""

    name: str
    slug: str
    email: str
    rows: list[tuple[DivisionView, RowView]] = field(default_factory=list)
    #: Division by division, each division's in its games' order (:attr:`DivisionView.games`).
    games: list[PlayerGameView] = field(default_factory=list)
    #: The player's penalties in every division, in game order.
    penalties: list[PenaltyView] = field(default_factory=list)
    #: What the other capabilities add to this player's page and email, in registry order.
    sections: list[Fragment] = field(default_factory=list)

    @property
    def games_newest_first(self) -> list[PlayerGameView]:
        """The games by date, newest first; a date's games in natural order (G2 before G10)."""
        one_division = len({g.division for g in self.games}) <= 1
        return newest_first(self.games, in_order=one_division)

    @property
    def score_label(self) -> str:
        """The heading of the games table's score column: MCR shows the minipoints that count
        (a substituted seat's are 0) in place of the score, in one column: ``minipoints`` when
        every game is MCR, ``score_or_minipoints`` when some are, else ``score``."""
        mcr = sum(1 for g in self.games if g.minipoints is not None)
        if not mcr:
            return "score"
        return "minipoints" if mcr == len(self.games) else "score_or_minipoints"

    def games_total(self, division: str) -> int | Fraction:
        """The sum of the player's game results in ``division`` (before the penalties that
        come off the total)."""
        return sum((g.points for g in self.games if g.division == division), start=0)

    def games_minipoints(self, division: str) -> int:
        """MCR: the sum of the player's game minipoints in ``division``."""
        return sum(g.minipoints or 0 for g in self.games if g.division == division)


def cross_table(
    rows: Sequence[RowView], games: Sequence[GameView]
) -> dict[tuple[str, str], int | Fraction | None]:
    """The row player's points in the games both played themselves (None: never met).

    >>> seat = lambda name, points: SeatView(name, name.lower(), 0, points, 1, False)
    >>> row = lambda name: RowView(1, "1", name, "", 1, 0, None, (0, 0, 0, 0), "", "", None, 0)
    >>> game = GameView("1", None, [seat("Ann", 30), seat("Bo", -10), seat("Cy", -20)])
    >>> cross = cross_table([row("Ann"), row("Bo"), row("Cy"), row("Di")], [game, game])
    >>> cross["Ann", "Bo"], cross["Bo", "Ann"], cross["Ann", "Di"]
    (60, -20, None)
    """
    sums: dict[str, dict[str, int | Fraction]] = {}  # player -> other -> points
    for g in games:
        played = [(s.player, s.points) for s in g.seats if not s.substituted]
        for a, points in played:
            mine = sums.get(a)
            if mine is None:
                mine = sums[a] = {}
            for b, _ in played:
                if a != b:
                    mine[b] = (mine.get(b) or 0) + points
    cross: dict[tuple[str, str], int | Fraction | None] = {
        (a, b): total for a, mine in sums.items() for b, total in mine.items()
    }
    members = [r.player for r in rows]
    for one in members:
        for other in members:
            if one != other:
                cross.setdefault((one, other), None)
    return cross


def newest_first(games: Sequence[_Dated], in_order: bool = False) -> list[_Dated]:
    """Games by date, newest first (undated last); a date's games in natural order.

    ``in_order``: the games are already oldest first (undated first), a date's games in
    natural order, as the site's view makes a division's: one stable sort by date is then
    enough, without a natural key worked out for each game (a federation's pages sort a
    million games' rows).

    >>> game = lambda gid, day: GameView(gid, dt.date(2026, 1, day) if day else None, [])
    >>> games = [game("G10", 1), game("G1", 8), game("G3", None), game("G2", 1)]
    >>> [g.id for g in newest_first(games)]
    ['G1', 'G2', 'G10', 'G3']
    >>> oldest_first = [game("G3", None), game("G2", 1), game("G10", 1), game("G1", 8)]
    >>> newest_first(oldest_first, in_order=True) == newest_first(games)
    True
    """
    if not in_order:
        games = sorted(games, key=lambda g: natural_key(g.id))
    return sorted(games, key=lambda g: g.date or dt.date.min, reverse=True)


#: More divisions than this and each page's navigation links the index (which then lists the
#: divisions) instead of every division: a federation's 1,000 divisions on every one of its
#: 11,000 pages would be a gigabyte of links.
NAVIGATION_DIVISIONS = 24


@dataclass
class SiteView:
    """Everything the site and the emails show."""

    locale: Locale
    club: str
    season: str
    as_of: dt.date | None
    divisions: list[DivisionView]
    players: list[PlayerView]
    warnings: list[str]
    site_url: str = ""
    #: True before ``season_complete``: statuses and next season read "if the season ended today".
    provisional: bool = True
    #: When the site was made (``SOURCE_DATE_EPOCH`` when set, for reproducible output).
    generated: dt.datetime | None = None
    #: The pages besides the index, in navigation order.
    pages: list[Page] = field(default_factory=list)
    #: What the capabilities show on the index (a duplicate evening's ranking), in registry
    #: order: ``index/<template>.html``.
    index_sections: list[Fragment] = field(default_factory=list)
    #: What the capabilities add to the organiser's summary email.
    organiser_sections: list[Fragment] = field(default_factory=list)
    #: Tournament mode (``mode: tournament``): a player's email is their tournament result,
    #: not the league report.
    tournament: bool = False
    #: Every address of the ``Players`` sheet, by player name (for the emails).
    addresses: Mapping[str, str] = field(default_factory=dict)
    #: The addresses that cannot be used, by name (the email is made, never sent: listed).
    unusable: Mapping[str, str] = field(default_factory=dict)
    #: People a capability has something for who are not division members (a signed-up
    #: player's place next season, a Duplicate player's result): they get an email with only
    #: their sections, and no page.
    others: list[PlayerView] = field(default_factory=list)
    #: The club behind a tournament whose name heads the site (the ``club`` setting), named
    #: beside it in the header and the printed line; blank when ``club`` is the name itself.
    host: str = ""

    @property
    def many_divisions(self) -> bool:
        """More divisions than the navigation lists (:data:`NAVIGATION_DIVISIONS`): the
        index lists them instead of showing every division's standings."""
        return len(self.divisions) > NAVIGATION_DIVISIONS

    def add_sections(self, sections: Mapping[str, Fragment]) -> None:
        """Add a capability's section to the pages of the players it names; a name of no
        division member goes to :attr:`others`, for their email."""
        by_name = {p.name: p for p in self.players}
        for name, fragment in sections.items():
            if name in by_name:
                by_name[name].sections.append(fragment)
            else:
                self._other(name).sections.append(fragment)

    def _other(self, name: str) -> PlayerView:
        """The view of a person who is not a division member (made on first use)."""
        for other in self.others:
            if other.name == name:
                return other
        taken = {p.slug.removeprefix("player-") for p in [*self.players, *self.others]}
        slug = "player-" + slugify(name, taken, limit=MAX_NAME_BYTES - len("player-.eml"))
        other = PlayerView(name, slug, self.addresses.get(name, ""))
        self.others.append(other)
        return other

    def add_pages(self, pages: Sequence[Page]) -> None:
        """Add a capability's pages."""
        self.pages.extend(pages)
