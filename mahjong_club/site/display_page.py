"""The hall's display (``display.html``): what a tournament shows on the screen between
sessions, readable from the back of the room.

The current ranking (every player, in as many columns as the screen is wide), the next
session's seating (from the sessions not played yet, :attr:`Season.planned
<mahjong_club.model.Season.planned>`: table by table with the winds, and "player → table"
alphabetically, which is what players look for), and a countdown to the session's start (the
``next_session_start`` setting; without JavaScript the start time is shown as text). When
every session is played it shows the final ranking. The page has no link to fetch and
reloads itself every :data:`RELOAD` seconds, so a newly written site shows on the screen
without anyone touching it (it works for a site opened as files as well as for a served one).

A screen shows what fits on it: on a screen wider than a phone the page never scrolls (nobody
stands at the hall's screen with a mouse). Each list longer than its part of the screen
shows a screenful at a time, "page 1 of 3" beside its heading, and turns to the next page
every :data:`PAGE_SECONDS` seconds (the arrow keys turn the pages by hand); the reload waits
until every list has shown all its pages, so a long ranking is never cut short. Without
JavaScript (or on a phone) the lists are shown whole and the page scrolls; a
``<meta http-equiv="refresh">`` in ``<noscript>`` still reloads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mahjong_club.common.text import natural_key
from mahjong_club.messages.site import SITE
from mahjong_club.model import PlannedSeat, Season
from mahjong_club.site.views import Page

if TYPE_CHECKING:  # the tournament's pages make the display: no import back at run time
    from mahjong_club.site.tournament_pages import TournamentView

#: The display reloads itself this often (seconds), once every list has shown all its pages.
RELOAD = 60
#: A list longer than the screen turns to its next page this often (seconds).
PAGE_SECONDS = 10
WIND_ORDER = {"E": 0, "S": 1, "W": 2, "N": 3}


@dataclass(frozen=True)
class DisplayTable:
    """One table of the next session: its number and its seats (wind, player, whether a
    substitute sits in the player's place)."""

    table: str
    seats: tuple[tuple[str, str, bool], ...]


@dataclass(frozen=True)
class DisplayView:
    """Everything the display shows."""

    tournament: TournamentView
    session: str  # the next session ("" when every session is played)
    tables: tuple[DisplayTable, ...]
    #: (player, table, wind, substitute), alphabetically
    where: tuple[tuple[str, str, str, bool], ...]
    start: str  # ``14:30`` or ``2026-03-14T14:30``; "" when not given
    reload: int = RELOAD
    page_seconds: int = PAGE_SECONDS

    @property
    def start_time(self) -> str:
        """The start as shown without JavaScript: ``14:30``."""
        return self.start.rsplit("T", 1)[-1]


def next_session(planned: list[PlannedSeat]) -> str:
    """The first session still to play ("" when none)."""
    sessions = sorted({seat.session for seat in planned}, key=natural_key)
    return sessions[0] if sessions else ""


def next_seats(planned: list[PlannedSeat]) -> dict[str, PlannedSeat]:
    """Each player's seat in the next session still to play (by player), as the draw
    planned it: what a player's email says of their next game (none for a player whose
    seat a substitute takes)."""
    session = next_session(planned)
    return {s.player: s for s in planned if s.session == session and not s.substitute}


def display_view(season: Season, tournament: TournamentView) -> DisplayView:
    """The display's view of the tournament and its next session."""
    session = next_session(season.planned)
    seats = [s for s in season.planned if s.session == session]
    by_table: dict[str, list[PlannedSeat]] = {}
    for seat in seats:
        by_table.setdefault(seat.table, []).append(seat)
    tables = tuple(
        DisplayTable(
            table,
            tuple(
                (s.wind, s.player, s.substitute)
                for s in sorted(group, key=lambda s: WIND_ORDER.get(s.wind, len(WIND_ORDER)))
            ),
        )
        for table, group in sorted(by_table.items(), key=lambda item: natural_key(item[0]))
    )
    where = tuple(
        sorted(
            ((s.player, s.table, s.wind, s.substitute) for s in seats),
            key=lambda w: w[0].casefold(),
        )
    )
    start = season.settings.next_session_start if session else ""
    return DisplayView(tournament, session, tables, where, start)


def display_page(season: Season, tournament: TournamentView) -> Page:
    """The display as a page of the site."""
    view = display_view(season, tournament)
    return Page("display.html", SITE["display"], "display.html", {"display": view})
