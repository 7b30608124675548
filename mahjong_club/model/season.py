"""The season model: everything read from a workbook, as the computing step and the writers see it.

The readers of each sheet fill in a :class:`Season`; the computing step reads it, and the
writers (workbook, site, mail) read it too, never the readers themselves.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from mahjong_club.common.stamp import FileStamp
from mahjong_club.model.settings import Settings
from mahjong_club.model.sheets import AttendanceSheet, DuplicateInput, Hand, Night, Signup
from rules.model import DiceRoll, Division, Game, Penalty
from rules.ruleset import Ruleset
from rules.schedule import PlannedGame


@dataclass(frozen=True)
class PlayerInfo:
    """A row of the ``Players`` sheet."""

    name: str
    email: str = ""
    rating: Fraction | None = None
    ema: str = ""
    country: str = ""
    team: str = ""
    club: str = ""
    #: The row of the Players sheet (as Excel shows it); 0 when not read from one.
    row: int = 0
    #: A substitute entrant of a tournament (``Substitute`` yes): fills a seat so the field
    #: makes whole tables; ranked like everyone, marked in the EMA submission (the EMA does
    #: not rank their result).
    substitute: bool = False
    #: The ``Email`` as written when it cannot be used (a warning said so): no email goes
    #: there, and a ``--send`` lists the player as not sent to, with the reason.
    unusable_email: str = ""


@dataclass(frozen=True)
class PlannedSeat:
    """A seat of a tournament session not yet played (its table's scores are all blank): who
    sits at which table, in which wind when the ``Seat`` column says it (E, S, W, N)."""

    session: str
    table: str
    player: str
    wind: str = ""
    #: The seat is marked substituted already (the player has withdrawn): a substitute sits.
    substitute: bool = False


@dataclass
class Season:
    """Everything read from a league workbook, validated."""

    settings: Settings = field(default_factory=Settings)
    #: The workbook file as it was when it was read (:class:`~mahjong_club.common.stamp.FileStamp`).
    source_stamp: FileStamp | None = None
    ruleset: Ruleset = field(default_factory=Ruleset)
    players: dict[str, PlayerInfo] = field(default_factory=dict)
    divisions: list[Division] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    dice: list[DiceRoll] = field(default_factory=list)
    has_league: bool = False
    nights: list[Night] = field(default_factory=list)
    attendance: AttendanceSheet | None = None
    signups: list[Signup] | None = None
    schedule: list[PlannedGame] | None = None
    hands: list[Hand] | None = None
    duplicate: DuplicateInput | None = None
    tournament: bool = False
    #: A tournament's sessions not yet played (from the draw), in sheet order.
    planned: list[PlannedSeat] = field(default_factory=list)
    #: Game ids written in the Games sheet, also those of rows with errors (already reported),
    #: and whether that sheet could be read at all.
    game_ids_written: set[str] = field(default_factory=set)
    games_readable: bool = False
    #: Whether the Divisions sheet was read without errors: only then are the other sheets'
    #: names checked against its members (else every row would repeat its errors).
    divisions_ok: bool = False


def season_dates(season: Season) -> tuple[dt.date | None, dt.date | None]:
    """Season start and report date: the settings, else the earliest/latest date recorded."""
    known: list[dt.date] = [g.date for g in season.games if g.date is not None]
    known += [n.date for n in season.nights]
    if season.attendance is not None:
        known += season.attendance.dates
    start = season.settings.season_start or (min(known) if known else None)
    as_of = season.settings.as_of or (max(known) if known else None)
    return start, as_of
