"""The ``Players`` sheet (optional): one row per player, ``Player`` unique.

``Email`` (where their standings go), ``Rating``, ``EMA`` (EMA number) and ``Country`` are
optional; a cell that does not look like an email address is a warning, and no email goes to
that player.
"""

from __future__ import annotations

import re

from mahjong_club.common.problems import Problems
from mahjong_club.messages import league as texts
from mahjong_club.model import PlayerInfo
from mahjong_club.reading.cells import parse_number, parse_text
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Workbook, read_sheet

EMAIL_ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.]+$")

PLAYER = Column("Player", parse_text, texts.WHAT_PLAYER_NAME, danish="Spiller")
EMAIL = Column("Email", parse_text, required=False)
RATING = Column("Rating", parse_number, required=False)
EMA = Column("EMA", parse_text, required=False)
COUNTRY = Column("Country", parse_text, required=False)
PLAYERS = Schema("Players", (PLAYER, EMAIL, RATING, EMA, COUNTRY))


def read_players(book: Workbook, problems: Problems) -> dict[str, PlayerInfo]:
    """The registered players by name; empty when the workbook has no ``Players`` sheet."""
    if book.find(PLAYERS.sheet) is None:
        return {}
    table = read_sheet(book, PLAYERS, problems)
    players: dict[str, PlayerInfo] = {}
    if table is None:
        return players
    first_row: dict[str, int] = {}
    for row in table:
        name = row.value(PLAYER)
        email = row.value(EMAIL) or ""
        rating = row.value(RATING)
        ema = row.value(EMA) or ""
        country = row.value(COUNTRY) or ""
        if name is None:
            continue
        if name in first_row:
            row.error(PLAYER, texts.PLAYER_TWICE, name=name, row=first_row[name])
            continue
        if email and not looks_like_email(email):
            row.warning(EMAIL, texts.EMAIL_INVALID, email=email, name=name)
            email = ""
        first_row[name] = row.number
        players[name] = PlayerInfo(name, email, rating, ema, country)
    return players


def looks_like_email(text: str) -> bool:
    """True for text shaped like an email address (plain ASCII, one ``@``, a dotted domain).

    >>> looks_like_email("aase@example.dk"), looks_like_email("åse@example.dk")
    (True, False)
    >>> looks_like_email("aase@example"), looks_like_email("aase example.dk")
    (False, False)
    """
    return bool(EMAIL_ADDRESS.match(text)) and text.isascii()
