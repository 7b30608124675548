"""The workbook's settings that are not rule variants (those are :class:`rules.ruleset.Ruleset`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Settings:
    """The settings that are not rule variants (those live in :class:`Ruleset`)."""

    club: str = ""
    tournament: str = ""
    season: str = ""
    season_start: dt.date | None = None
    as_of: dt.date | None = None
    mode: str = "league"
    #: A tournament's game: ``Riichi`` (the default) or ``MCR``.
    game: str = "Riichi"
    language: str = "en"
    season_complete: bool = False
    email_from: str = ""
    smtp_host: str = ""
    smtp_port: int | None = None
    site_url: str = ""
    #: A tournament's city, its number of days and whether players had to qualify (the EMA
    #: submission and its MERS weight).
    city: str = ""
    days: int = 1
    qualification: bool = False
    #: When the next session starts (the hall's display counts down to it): ``14:30`` (on
    #: the day the display shows it) or ``2026-03-14T14:30``; "" when not given.
    next_session_start: str = ""
    raw: dict[str, str] = field(default_factory=dict)
