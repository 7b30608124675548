"""The pages of a Duplicate evening: the ranking with what decided each place, every board,
and a page per player with every board they played.

The event is named by the ``tournament`` setting (the club's name is in the header) and dated
by ``as_of`` when the workbook gives it. The IMP scale is named as what it is: "provisional
default" only while the built-in provisional scale is in use, the club's own sheet otherwise.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from itertools import groupby

from mahjong_club.common.text import MAX_NAME_BYTES, slugify
from mahjong_club.compute.duplicate import DecidedBy, DuplicateResult
from mahjong_club.messages.site import SITE
from mahjong_club.model import Season
from mahjong_club.site.views import Page, SiteView
from rules.duplicate import SeatBoard
from rules.imp_scale import ImpScale

DUPLICATE_PAGE = "duplicate.html"
#: A player page's slug leaves room for ``player-`` and ``.html``.
SLUG_BYTES = MAX_NAME_BYTES - len("player-.html")
#: The site word for each ``Decided by``.
DECIDED_WORDS = {
    DecidedBy.NONE: "",
    DecidedBy.IMPS: "duplicate_decided_imps",
    DecidedBy.POSITIVE_BOARDS: "duplicate_decided_positive",
    DecidedBy.TIED: "duplicate_decided_tied",
}


@dataclass(frozen=True)
class DuplicateRow:
    """A ranking row as shown: ``decided`` and ``behind`` are site words (keys), blank when
    there is nothing to say (the last row is ahead of no one; the first behind no one)."""

    rank: int
    rank_label: str
    player: str
    slug: str
    imps: int
    boards: int
    positive_boards: int
    penalties: int
    decided: str
    behind: str
    tied: bool


@dataclass
class DuplicatePlayer:
    """A player's page: their ranking row and every board they played."""

    row: DuplicateRow
    boards: list[SeatBoard] = field(default_factory=list)

    @property
    def board_imps(self) -> int:
        """The IMPs of the boards, without false Mahjong penalties."""
        return sum(b.imps for b in self.boards)


@dataclass
class DuplicateView:
    """Everything the Duplicate pages show."""

    name: str
    date: dt.date | None
    provisional_scale: bool
    rows: list[DuplicateRow]
    players: list[DuplicatePlayer]
    board_groups: list[tuple[tuple[str, str], list[SeatBoard]]]
    slugs: dict[str, str]


def duplicate_view(season: Season, result: DuplicateResult, site: SiteView) -> DuplicateView:
    """The view of the evening; player slugs stay clear of the site's other player pages."""
    taken = {p.slug.removeprefix("player-") for p in site.players}
    slugs: dict[str, str] = {}
    for r in result.ranking:
        slugs[r.player] = "player-" + slugify(r.player, taken, limit=SLUG_BYTES)
    rows: list[DuplicateRow] = []
    for r in result.ranking:
        decided = DECIDED_WORDS[result.decided.get(r.player, DecidedBy.NONE)]
        rank = f"{r.rank}{'=' if r.tied else ''}"
        behind = rows[-1].decided if rows else ""
        rows.append(
            DuplicateRow(
                r.rank,
                rank,
                r.player,
                slugs[r.player],
                r.imps,
                r.boards,
                r.positive_boards,
                r.penalties,
                decided,
                behind,
                r.tied,
            )
        )
    players = [
        DuplicatePlayer(row, [b for b in result.rows if b.player == row.player]) for row in rows
    ]
    boards = [
        (key, list(group))
        for key, group in groupby(result.rows, key=lambda b: (b.session, b.board))
    ]
    name = season.settings.tournament
    provisional = result.scale_name is ImpScale.DEFAULT
    return DuplicateView(name, site.as_of, provisional, rows, players, boards, slugs)


def duplicate_pages(season: Season, result: DuplicateResult, site: SiteView) -> list[Page]:
    """The evening's page and a page per player."""
    view = duplicate_view(season, result, site)
    pages = [Page(DUPLICATE_PAGE, SITE["duplicate"], "duplicate.html", {"duplicate": view})]
    for player in view.players:
        context = {"duplicate": view, "player": player}
        page = Page(f"{player.row.slug}.html", player.row.player, "duplicate_player.html", context)
        pages.append(
            Page(page.file, page.label, page.template, page.context, False, searchable=True)
        )
    return pages
