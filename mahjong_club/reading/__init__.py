"""Reading: the organiser's workbook into typed, validated data, every problem located.

Each sheet has its own reader and its own schema (``reading/schema.py``: a column's English
header, Danish alias, parser and whether it is required). The pipeline runs the common steps
and then each capability's reader (mahjong_club/capabilities/), in this order::

    book = open_workbook(path)                       # WorkbookError: not an .xlsx at all
    check_formulas(path, book, problems, sheets)     # formulas saved without their value
    season.settings, season.ruleset = read_settings(book, problems)
    season.players = read_players(book, problems)
    read_league(book, season, problems)              # Divisions, Games, Penalties, Dice
    # (read_tournament instead, for mode: tournament), then Nights, Attendance, Signups, …

Every sheet that names players asks one resolver, ``book.names`` (``reading/names.py``), for
the registered spelling of each name: spellings that differ only in letter case, spaces or
Unicode form are one player (with a warning), and a near miss says what differs.

Rules that a sheet's rows must keep (four seats per game, the scores' sum) live in
``rules/``; a reader reports what they return with the sheet, row and column.
"""

from mahjong_club.reading.book import check_formulas, open_workbook
from mahjong_club.reading.league import read_league
from mahjong_club.reading.players import read_players
from mahjong_club.reading.settings import read_settings
from mahjong_club.reading.sheet_names import warn_renamed
from mahjong_club.reading.tables import Workbook, WorkbookError
from mahjong_club.reading.tournament import read_tournament

__all__ = [
    "Workbook",
    "WorkbookError",
    "check_formulas",
    "open_workbook",
    "read_league",
    "read_players",
    "read_settings",
    "read_tournament",
    "warn_renamed",
]
