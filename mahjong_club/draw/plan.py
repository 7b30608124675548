"""What the draw reads from the workbook, and the draw made from it.

The players are the ``Players`` sheet's rows (with their ``Team`` and ``Club``), in the
sheet's order. Sessions already played (their scores in ``Games``) are kept exactly as they
were played, substitutes' seats included (a substituted row stays under the replaced player's
name, so their seat is kept); the draw seats the sessions after them. With ``swiss`` only the
next session is seated, by the ranking after the sessions played (table 1: ranks 1–4 …),
then its winds balanced.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.common.problems import Problems
from mahjong_club.common.text import natural_key
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.draw import DRAW
from mahjong_club.model import Season
from mahjong_club.pipeline import compute
from mahjong_club.reading import open_workbook, read_players, read_settings
from mahjong_club.reading.tournament import read_tournament
from rules.draw import (
    Draw,
    DrawError,
    Entrant,
    Session,
    Table,
    balance_winds,
    clashes,
    make_draw,
    repeat_count,
    seed_hash,
    seed_number,
)
from rules.swiss import swiss_session


@dataclass
class DrawPlan:
    """A draw made for a workbook: its sessions, the seed, and what to tell the organiser."""

    season: Season
    draw: Draw
    seed: str
    played: int
    swiss: bool = False
    notes: list[Message] = field(default_factory=list)

    @property
    def hash(self) -> str:
        """The seed's SHA-256, published before session 1."""
        return seed_hash(self.seed)

    @property
    def results_kept(self) -> bool:
        """Whether the workbook's ``Games`` has results (then it is not replaced)."""
        return self.played > 0


def read_for_draw(path: Path) -> tuple[Season, Problems]:
    """The settings, the players and the sessions played (if ``Games`` has any)."""
    problems = Problems()
    book = open_workbook(path)
    season = Season()
    season.settings, season.ruleset = read_settings(book, problems)
    if book.find("Players") is None:
        problems.error("Players", None, "", DRAW["no_players"])
        return season, problems
    season.players = read_players(book, problems)
    games = book.find("Games")
    if games is not None and _has_rows(book.rows(games)):  # a template's header alone: none
        read_tournament(book, season, problems)
    for game in season.games:
        for seat in game.seats:
            if seat.player not in season.players:
                problems.error(
                    "Games",
                    seat.row,
                    "Player",
                    DRAW["stranger"],
                    player=seat.player,
                    session=game.session,
                )
    return season, problems


def _has_rows(rows: Iterable[Sequence[object]]) -> bool:
    """Whether a sheet has a row with anything in it below its first such row (its header):
    an empty ``Games`` (the template's, with a league's columns) is no seating to read."""
    filled = (row for row in rows if any(cell is not None and cell != "" for cell in row))
    return next(filled, None) is not None and next(filled, None) is not None


def played_sessions(season: Season) -> list[Session]:
    """The sessions with results, each table's players in the order of their rows."""
    tables: dict[str, list[tuple[str, Table]]] = {}
    for game in season.games:
        players = tuple(seat.player for seat in game.seats)
        table: Table = (players[0], players[1], players[2], players[3])
        tables.setdefault(game.session or "", []).append((game.table or "", table))
    return [
        tuple(t for _, t in sorted(tables[s], key=lambda item: natural_key(item[0])))
        for s in sorted(tables, key=natural_key)
    ]


def entrants_of(season: Season) -> list[Entrant]:
    """The ``Players`` sheet's players, in its order."""
    return [Entrant(p.name, p.team, p.club) for p in season.players.values()]


def plan_draw(
    season: Season, problems: Problems, sessions: int, seed: str, swiss: bool = False
) -> DrawPlan | Message:
    """The draw for ``season`` up to ``sessions`` sessions, or why there is none."""
    played = played_sessions(season)
    entrants = entrants_of(season)
    if swiss:
        return _swiss(season, problems, entrants, played, sessions, seed)
    try:
        draw = make_draw(entrants, sessions, seed, played)
    except DrawError as exc:
        return say(DRAW[exc.code], **exc.params)
    return DrawPlan(season, draw, seed, len(played))


def _swiss(
    season: Season,
    problems: Problems,
    entrants: list[Entrant],
    played: list[Session],
    sessions: int,
    seed: str,
) -> DrawPlan | Message:
    """The next session seated by the ranking after the sessions played (table 1: the top
    four …; players at neighbouring tables swapped where that avoids a repeat meeting,
    :func:`rules.swiss.swiss_session`), its winds balanced with the sessions
    played."""
    if len(entrants) < 4 or len(entrants) % 4:
        code = "too_few" if len(entrants) < 4 else "not_four"
        return say(DRAW[code], count=len(entrants), missing=4 - len(entrants) % 4)
    if sessions <= len(played):
        return say(DRAW["no_session"], sessions=sessions, played=len(played))
    if not played:
        return say(DRAW["swiss_first"])
    standings = compute(season, problems).result(STANDINGS)
    ranked = [row.record.player for row in standings.standings[0].rows] if standings else []
    order = ranked + [e.name for e in entrants if e.name not in ranked]
    session = swiss_session(order, played)
    (seated,) = balance_winds([session], random.Random(seed_number(seed)), played)
    everything = (*played, seated)
    team, club = clashes([seated], entrants)
    draw = Draw(tuple(everything), repeat_count(everything), team, club)
    note = say(DRAW["swiss"], session=len(played) + 1, after=len(played))
    return DrawPlan(season, draw, seed, len(played), swiss=True, notes=[note])
