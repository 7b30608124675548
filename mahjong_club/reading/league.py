"""The league sheets together: ``Divisions`` and ``Games`` (both needed for division
standings), and the optional ``Penalties`` and ``Dice``.
"""

from __future__ import annotations

from mahjong_club.common.problems import Problems
from mahjong_club.messages import league as texts
from mahjong_club.messages.core import say
from mahjong_club.model import Season
from mahjong_club.reading.dice import read_dice
from mahjong_club.reading.divisions import read_divisions
from mahjong_club.reading.games import read_games
from mahjong_club.reading.penalties import read_penalties
from mahjong_club.reading.tables import Workbook


def read_league(book: Workbook, season: Season, problems: Problems) -> None:
    """Read Divisions, Games, Penalties and Dice into ``season``.

    ``season.has_league`` says whether the workbook has a league (a ``Divisions`` or a
    ``Games`` sheet); one without the other is an error. ``season.divisions_ok`` says
    whether the names in other sheets can be checked against the divisions.
    """
    has_divisions = book.find("Divisions") is not None
    has_games = book.find("Games") is not None
    season.has_league = has_divisions or has_games
    if not season.has_league:
        return
    if not has_divisions or not has_games:
        missing = "Divisions" if not has_divisions else "Games"
        sheets = ", ".join(repr(s) for s in book.sheet_names)
        problems.error(missing, None, "", say(texts.NO_LEAGUE_SHEET, sheet=missing, sheets=sheets))
    season.divisions_ok = True
    if has_divisions:
        season.divisions, season.divisions_ok = read_divisions(book, season.players, problems)
    if has_games:
        season.games = read_games(book, season, problems)
    if book.find("Penalties") is not None:
        season.penalties = read_penalties(book, season, problems, season.divisions_ok)
    if book.find("Dice") is not None:
        season.dice = read_dice(book, season, problems, season.divisions_ok)
