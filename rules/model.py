"""The season's facts as the rules see them: divisions, games, penalties, dice rolls.

These are plain, validated values; reading them from a workbook is the readers' job.

A seat, a game and a seat's result are named tuples rather than frozen dataclasses: a
federation's history has a million of each, and a named tuple is made about three times
as fast (a frozen dataclass sets each field through ``object.__setattr__``) in less memory
(no ``__dict__``). They are as immutable, and equal when every field is, the Excel row
too::

    >>> Seat("Anna", 25000) == Seat("Anna", 25000, row=7)
    False
    >>> Seat("Anna", 25000)._replace(row=7).row
    7
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple


class GameType(StrEnum):
    """The two game types a club runs divisions for."""

    MCR = "MCR"
    RIICHI = "Riichi"


class Substitution(StrEnum):
    """How a seat was substituted (rules.md 1.1 and 4).

    ``START``: the substitute played from the start (league ``yes``/``x``); their score counts
    for the opponents' placements. ``DURING``: the substitute came in after play began; the
    three others are placed among themselves and the substitute's seat is 4th.
    """

    NONE = ""
    START = "start"
    DURING = "during"


class PenaltyKind(StrEnum):
    """Kinds of penalty in the ``Penalties`` sheet."""

    CHOMBO = "chombo"
    LATENESS = "lateness"
    OBSTRUCTION = "obstruction"
    DISQUALIFICATION = "disqualification"
    OTHER = "other"


@dataclass(frozen=True)
class Division:
    """One division: a ladder rung of one game type (level 1 is the top)."""

    name: str
    game: GameType
    level: int
    members: tuple[str, ...]


class Seat(NamedTuple):
    """One seat of one game: the member's name, the score entered and whether substituted.

    ``score`` is the final score (riichi) or the game points (MCR) as entered; for a
    substituted seat it is the substitute's score.
    """

    player: str
    score: int
    substitution: Substitution = Substitution.NONE
    row: int | None = None  # Excel row, for messages

    @property
    def substituted(self) -> bool:
        """True when a substitute played this seat."""
        return self.substitution is not Substitution.NONE


class Game(NamedTuple):
    """One table of four seats in one division."""

    id: str
    division: str
    seats: tuple[Seat, Seat, Seat, Seat]
    date: dt.date | None = None
    row: int | None = None  # first Excel row, for messages
    session: str | None = None  # tournaments: the session and table of the game
    table: str | None = None


@dataclass(frozen=True)
class Penalty:
    """A penalty given to a player in a game.

    ``points`` is the number of points deducted (positive), already resolved from the
    ``Minutes`` of a lateness or the chombo default; 0 for a disqualification without points.
    """

    player: str
    kind: PenaltyKind
    points: int
    game_id: str | None = None
    division: str | None = None
    minutes: int | None = None
    note: str = ""


@dataclass(frozen=True)
class DiceRoll:
    """A recorded roll of two six-sided dice (2-12) for a tie-break round."""

    division: str
    player: str
    round: int
    roll: int


class SeatResult(NamedTuple):
    """What one seat of one game counts for in the standings.

    ``points`` is the riichi result with uma (final score - start + uma) or the MCR table
    points; ``minipoints`` is the MCR game points (``None`` for riichi). ``placement`` is the
    place counted for the 1st/2nd/3rd/4th columns. ``played`` is False for a substituted seat.
    """

    player: str
    points: int | Fraction
    placement: int
    played: bool
    minipoints: int | None = None
    final_score: int | None = None
