"""The ``Games`` sheet's shape: its columns, how a cell of each is read, and a row of a game.

Shared by the row-by-row reader (:mod:`.games`) and the fast path for clean rows
(:mod:`.games_clean`).
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import league as texts
from mahjong_club.reading.cells import parse_date, parse_int, parse_keyword, parse_text
from mahjong_club.reading.schema import Column, Schema
from rules.model import Seat, Substitution

SUBSTITUTIONS = {
    "yes": Substitution.START,
    "x": Substitution.START,
    "ja": Substitution.START,
    "start": Substitution.START,
    "during": Substitution.DURING,
    "no": Substitution.NONE,
    "nej": Substitution.NONE,
    "-": Substitution.NONE,
}


def parse_substitution(value: object) -> Substitution:
    """Blank (not substituted), ``yes``/``x``/``start`` or ``during``."""
    return parse_keyword(value, SUBSTITUTIONS, texts.WHAT_SUBSTITUTED)


GAME = Column("Game", parse_text, texts.WHAT_GAME_NUMBER, danish="Spil")
DATE = Column("Date", parse_date, cell_texts.WHAT_DATE, danish="Dato")
DIVISION = Column("Division", parse_text, cell_texts.WHAT_DIVISION)
PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
SCORE = Column("Score", parse_int, cell_texts.WHAT_SCORE, danish="Point")
SUBSTITUTED = Column(
    "Substituted", parse_substitution, required=False, danish="Erstattet|Vikar|Substitueret"
)
GAMES = Schema("Games", (GAME, DATE, DIVISION, PLAYER, SCORE, SUBSTITUTED))


class GameRow(NamedTuple):
    """One row of a game: its Excel row, date, division, and seat (None when the row is bad);
    a bad row's score when it was read all the same (its player unknown, say), so that the
    game's scores are still checked to add up and every problem is said in one run.

    A named tuple: a federation's sheet makes a million of them, and a tuple is made in half
    the time of a frozen dataclass."""

    number: int
    date: dt.date | None
    division: str | None
    seat: Seat | None
    score: int | None = None


def four(seats: list[Seat]) -> tuple[Seat, Seat, Seat, Seat]:
    """The four seats of a checked game as the model's 4-tuple."""
    east, south, west, north = seats
    return (east, south, west, north)
