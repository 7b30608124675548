"""The registry: every capability of the tool, in the order its results are shown.

The pipeline walks :data:`REGISTRY` for every step (reading, computing, the workbook's result
sheets, the terminal, the site's pages and the emails), so the order here is the order of the
result sheets, of the terminal's sections and of the site's navigation. A capability that
uses another's result comes after it (``tonight`` after ``attendance`` and ``schedule``).

To add a capability, write its module here (a :class:`~mahjong_club.capabilities.base.Capability`
subclass and its instance), its computing module under ``mahjong_club/compute/`` and its
templates, and add the instance to :data:`REGISTRY`. See docs/architecture.md.
"""

from __future__ import annotations

from typing import Any

from mahjong_club.capabilities.attendance import ATTENDANCE
from mahjong_club.capabilities.base import Capability, Fragment, Options, Page, Run
from mahjong_club.capabilities.duplicate import DUPLICATE
from mahjong_club.capabilities.hands import HANDS
from mahjong_club.capabilities.next_season import NEXT_SEASON
from mahjong_club.capabilities.schedule import SCHEDULE
from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.capabilities.teams import TEAMS
from mahjong_club.capabilities.tonight import TONIGHT
from mahjong_club.capabilities.tournament import TOURNAMENT

REGISTRY: tuple[Capability[Any], ...] = (
    STANDINGS,
    TOURNAMENT,
    TEAMS,
    ATTENDANCE,
    SCHEDULE,
    NEXT_SEASON,
    TONIGHT,
    HANDS,
    DUPLICATE,
)

__all__ = ["REGISTRY", "Capability", "Fragment", "Options", "Page", "Run"]
