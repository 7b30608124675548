"""What the draw writes: the workbook with ``Seating`` and the ``Games`` template, the
programmes (a page per player and per session) and the seed, all at once.

- ``Seating``: ``Session``, ``Table``, ``Seat`` (E, S, W, N), ``Player``, every session.
- ``Games``: a row per seat of every session (``Session``, ``Table``, ``Player``, ``Score``
  blank, ``Substituted`` blank, ``Seat``), which the main command reads as sessions still to
  play until their scores are typed in. A ``Games`` sheet with results is never replaced:
  the new sessions' rows go to a ``Next games`` sheet to copy under them.
- ``report/``: ``draw.html`` (every session's tables, the seed's hash), ``draw-session-N.html``
  (one session's tables, to post in the hall) and ``draw-<player>.html`` (a player's table and
  wind in every session), printable on A4, in the workbook's language.
- ``draw-seed.txt``: the seed, for the organiser to publish once the tournament is over.

The main command's outputs in the same folder (the standings site, the hall display, the
emails, the EMA export) stay as they are, and the main command keeps the draw's
(:mod:`~mahjong_club.common.carry`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mahjong_club.common.carry import SEED_FILE, main_output
from mahjong_club.common.files import write_tree
from mahjong_club.common.publish import publish
from mahjong_club.common.text import safe_file_name, slugify
from mahjong_club.draw.plan import DrawPlan
from mahjong_club.messages.core import say
from mahjong_club.messages.draw import DRAW
from mahjong_club.reading.book import open_workbook
from mahjong_club.reading.opening import WorkbookError
from mahjong_club.site.locale import Locale
from mahjong_club.site.render import environment
from mahjong_club.workbook.cells import Cell
from mahjong_club.workbook.marks import foreign_sheets
from mahjong_club.workbook.xlsx import ResultSheet, write_result_workbook
from rules.draw import WINDS

REPORT = "report"
GAMES_HEADER: list[Cell] = ["Session", "Table", "Player", "Score", "Substituted", "Seat"]


@dataclass(frozen=True)
class Header:
    """What the site's ``base.html`` shows in its header, for the draw's pages."""

    club: str
    host: str = ""
    season: str = ""
    as_of: None = None
    generated: None = None


def seats(plan: DrawPlan, first: int = 0) -> list[tuple[int, int, str, str]]:
    """(session, table, wind, player) of every seat, from session ``first`` + 1 on."""
    return [
        (s, t, wind, player)
        for s, session in enumerate(plan.draw.sessions[first:], start=first + 1)
        for t, table in enumerate(session, start=1)
        for wind, player in zip(WINDS, table, strict=True)
    ]


def result_sheets(plan: DrawPlan) -> list[ResultSheet]:
    """``Seating``, and ``Games`` (or ``Next games`` when ``Games`` has results)."""
    seating: list[list[Cell]] = [["Session", "Table", "Seat", "Player"]]
    seating += [[s, t, w, p] for s, t, w, p in seats(plan)]
    games: list[list[Cell]] = [list(GAMES_HEADER)]
    games += [[s, t, p, None, None, w] for s, t, w, p in seats(plan, plan.played)]
    name = "Next games" if plan.results_kept else "Games"
    return [ResultSheet("Seating", seating), ResultSheet(name, games)]


def pages(plan: DrawPlan, language: str) -> dict[str, str]:
    """The programmes: file name -> HTML."""
    locale = Locale(language)
    env = environment(locale)
    env.globals["w"] = lambda key, **values: say(DRAW[key], **values).render(language)
    settings = plan.season.settings
    header = Header(settings.tournament or settings.club or "")
    taken = {"session-" + str(n) for n in range(1, len(plan.draw.sessions) + 1)}
    slugs = {p: "draw-" + slugify(p, taken, fallback="player") for p in plan.season.players}
    tables = [list(enumerate(session, start=1)) for session in plan.draw.sessions]
    home = [("draw.html", say(DRAW["title"]).render(language))]
    common: dict[str, Any] = {"site": header, "pages": home, "hash": plan.hash, "slugs": slugs}
    files = {
        "draw.html": env.get_template("draw.html").render(
            **common, sessions=tables, players=sorted(slugs, key=str.casefold)
        )
    }
    for number, session in enumerate(tables, start=1):
        files[f"draw-session-{number}.html"] = env.get_template("draw_session.html").render(
            **common, number=number, tables=session
        )
    for player, slug in slugs.items():
        where = [(s, t, w) for s, t, w, p in seats(plan) if p == player]
        files[f"{slug}.html"] = env.get_template("draw_player.html").render(
            **common, player=player, where=where
        )
    return files


def replaced_own(source: Path, plan: DrawPlan) -> list[str]:
    """The organiser's own sheets (not written by the tool) with rows below their header
    that the draw's sheets replace in the copy (a hand-made seating in ``Games``, say): to
    warn of. A ``Games`` with only its header, as a new workbook has, is no loss."""
    own = foreign_sheets(source, result_sheets(plan))
    if not own:
        return []
    try:
        book = open_workbook(source)
    except WorkbookError:  # read a moment ago: a file changed meanwhile is the write's to say
        return []
    return [
        name
        for name in own
        if sum(1 for row in book.rows(name) if any(cell is not None for cell in row)) > 1
    ]


@dataclass(frozen=True)
class Written:
    """Where the draw went."""

    workbook: Path
    report: Path
    seed: Path
    sheets: list[str]
    #: Real files and folders found under the outputs' names, kept in ``.runs/kept-…``.
    kept: list[Path] = field(default_factory=list)


def write_draw(source: Path, out_dir: Path, plan: DrawPlan) -> Written:
    """Write the workbook copy, the programmes and the seed into ``out_dir``, all at once;
    the organiser's workbook is only read."""
    workbook = safe_file_name(source.stem, suffix=".xlsx", fallback="workbook")
    sheets = result_sheets(plan)
    language = plan.season.settings.language
    files = pages(plan, language)

    def build(folder: Path) -> None:
        write_result_workbook(source, folder / workbook, sheets, language)
        write_tree(folder / REPORT, files)
        write_tree(folder, {SEED_FILE: plan.seed + "\n"})

    # the main command's outputs shown now (the standings site, outbox/ …) stay beside the draw
    kept = publish(out_dir, [workbook, REPORT, SEED_FILE], build, carry=main_output)
    made = [s.name for s in sheets]
    return Written(out_dir / workbook, out_dir / REPORT, out_dir / SEED_FILE, made, kept)
