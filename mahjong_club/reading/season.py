"""Reading and validating a whole season workbook into the rules' model.

Sheets: ``Settings`` (optional), ``Players`` (optional), ``Divisions``, ``Games``,
``Penalties`` (optional), ``Dice`` (optional), and the sheets of the other parts: ``Nights``,
``Attendance``, ``Signups``, ``Schedule``, ``Hands``, ``Seating`` and ``Boards``. Every
problem is collected with its sheet, Excel row and column, so the organiser sees all of them
in one run.

Each sheet has its own reader; :func:`read_season` runs them in order. The steps, for a
caller that runs them itself::

    book = open_workbook(path)                       # WorkbookError: not an .xlsx at all
    check_formulas(path, book, problems)
    season.settings, season.ruleset = read_settings(book, problems)
    season.players = read_players(book, problems)
    read_tournament(book, season, problems)          # mode tournament: instead of the rest
    read_league(book, season, problems)              # Divisions, Games, Penalties, Dice
"""

from __future__ import annotations

from pathlib import Path

from mahjong_club.common.problems import Problems
from mahjong_club.reading.attendance import read_attendance, read_nights
from mahjong_club.reading.book import check_formulas, open_workbook
from mahjong_club.reading.duplicate import read_duplicate
from mahjong_club.reading.hands import read_hands
from mahjong_club.reading.league import check_something_to_do, read_league
from mahjong_club.reading.model import PlayerInfo, Season
from mahjong_club.reading.plans import read_schedule, read_signups
from mahjong_club.reading.players import read_players
from mahjong_club.reading.settings import read_settings
from mahjong_club.reading.tables import Workbook, WorkbookError
from mahjong_club.reading.tournament import read_tournament, tournament_name


def read_season(path: Path) -> tuple[Season, Problems]:
    """Read every sheet of the workbook at ``path``; problems are returned, not raised.

    Raises :class:`WorkbookError` when the file is not a readable .xlsx workbook.
    """
    problems = Problems()
    book = open_workbook(path)
    season = Season()
    check_formulas(path, book, problems)
    season.settings, season.ruleset = read_settings(book, problems)
    season.players = read_players(book, problems)
    if season.settings.mode == "tournament":
        return read_tournament(book, season, problems), problems
    if book.find("Hands") is not None:
        season.hands = read_hands(book, problems)
    season.duplicate = read_duplicate(book, problems)
    read_league(book, season, problems)
    if not season.has_league:
        check_something_to_do(book, season, problems)
        return season, problems
    read_club_nights(book, season, problems)
    read_next_season(book, season, problems)
    return season, problems


def read_club_nights(book: Workbook, season: Season, problems: Problems) -> None:
    """The ``Nights`` and ``Attendance`` sheets of a league, when present."""
    if book.find("Nights") is not None:
        season.nights = read_nights(book, problems)
    if book.find("Attendance") is not None:
        # A sheet with only its header row (as in the template) counts as absent.
        season.attendance = read_attendance(book, problems) or None
        if season.attendance is not None and not season.attendance.rows:
            season.attendance = None


def read_next_season(book: Workbook, season: Season, problems: Problems) -> None:
    """The ``Signups`` and ``Schedule`` sheets of a league, when present.

    The schedule is checked against the divisions, so it is read only when they are clean.
    """
    if book.find("Signups") is not None:
        season.signups = read_signups(book, problems) or None
    if book.find("Schedule") is not None and season.divisions_ok:
        season.schedule = read_schedule(book, season.divisions, problems) or None


__all__ = [
    "PlayerInfo",
    "Season",
    "Workbook",
    "WorkbookError",
    "check_formulas",
    "check_something_to_do",
    "open_workbook",
    "read_club_nights",
    "read_league",
    "read_next_season",
    "read_players",
    "read_season",
    "read_settings",
    "read_tournament",
    "tournament_name",
]
