"""The model of a workbook as read: shared by reading (which fills it), computing and writing.

It sits below the readers and the writers, so that neither needs the other: the writers see
the workbook only through this model and the computed results.
"""

from mahjong_club.model.season import PlannedSeat, PlayerInfo, Season, season_dates
from mahjong_club.model.settings import Settings
from mahjong_club.model.sheets import AttendanceSheet, DuplicateInput, Hand, Night, Signup

__all__ = [
    "AttendanceSheet",
    "DuplicateInput",
    "Hand",
    "Night",
    "PlannedSeat",
    "PlayerInfo",
    "Season",
    "Settings",
    "Signup",
    "season_dates",
]
