"""What the optional input sheets hold once read: nights, attendance, sign-ups, hands, boards."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from rules.attendance import Mark
from rules.classical import HandInput, Wind
from rules.duplicate import TablePlay
from rules.imp_scale import DEFAULT_SCALE, ImpScale
from rules.model import GameType


@dataclass(frozen=True)
class Night:
    """A row of the ``Nights`` sheet."""

    date: dt.date
    regular: bool
    note: str
    row: int


@dataclass
class AttendanceSheet:
    """The wide ``Attendance`` sheet: each player's mark per night."""

    sheet: str
    dates: list[dt.date] = field(default_factory=list)
    marks: dict[str, dict[dt.date, Mark]] = field(default_factory=dict)
    rows: dict[str, int] = field(default_factory=dict)  # player -> Excel row
    header_row: int = 1  # the Excel row of the header: the nights' dates
    #: Each night's column as problems name it: its date and letter, ``2025-09-18 (E)``.
    columns: dict[dt.date, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Signup:
    """A row of ``Signups``: a player for next season's divisions of one game type."""

    player: str
    game: GameType
    row: int


@dataclass(frozen=True)
class Hand:
    """One hand of one session: the round wind and the four players' rows, E S W N."""

    session: str
    number: int
    round_wind: Wind
    rows: tuple[HandInput, ...]
    excel_rows: tuple[int, ...]


@dataclass
class DuplicateInput:
    """The duplicate evening: every board played at every table, and the IMP scale used."""

    plays: list[TablePlay] = field(default_factory=list)
    tiles: dict[tuple[str, str, str], tuple[int, str]] = field(default_factory=dict)
    scale: tuple[tuple[int, Fraction], ...] = DEFAULT_SCALE
    scale_name: ImpScale = ImpScale.DEFAULT
