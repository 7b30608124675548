"""The ``Players`` sheet (optional): one row per player, ``Player`` unique.

Names are compared as every sheet compares them (reading/names.py): ``Åse Mølgaard`` and
``åse  mølgaard`` are one name, so two such rows are an error naming both. The spelling here
is the registered one: the results use it, whatever another sheet writes.

``Email`` (where their standings go), ``Rating``, ``EMA`` (EMA number), ``Country``, ``Team``
(a tournament's teams), ``Club`` (the player's own club, kept apart in a draw) and
``Substitute`` (yes: a tournament's substitute entrant, marked in the EMA submission) are
optional; a cell that does not look like an email address, or that could not be put into an
email header and an SMTP envelope (a control character such as ESC, also when written as Excel's
``_x001B_``; a stray sign after the domain), is a warning on its cell, and no email goes to that
player.
"""

from __future__ import annotations

import re

from mahjong_club.common.addresses import address_problem
from mahjong_club.common.problems import Problems
from mahjong_club.messages import ema as ema_texts
from mahjong_club.messages import league as texts
from mahjong_club.model import PlayerInfo
from mahjong_club.reading.cells import parse_number, parse_text, parse_yes_no
from mahjong_club.reading.names import Registered, composed, how_it_differs
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Workbook, read_sheet
from rules.ema import country_problem, ema_number_problem

EMAIL_ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.]+$")

PLAYER = Column("Player", parse_text, texts.WHAT_PLAYER_NAME, danish="Spiller")
EMAIL = Column("Email", parse_text, required=False)
RATING = Column("Rating", parse_number, required=False)
EMA = Column("EMA", parse_text, required=False)
COUNTRY = Column("Country", parse_text, required=False)
TEAM = Column("Team", parse_text, required=False, danish="Hold")
CLUB = Column("Club", parse_text, required=False, danish="Klub")
SUBSTITUTE = Column("Substitute", parse_yes_no, required=False, danish="Reserve")
PLAYERS = Schema("Players", (PLAYER, EMAIL, RATING, EMA, COUNTRY, TEAM, CLUB, SUBSTITUTE))


def read_players(book: Workbook, problems: Problems) -> dict[str, PlayerInfo]:
    """The registered players by name; empty when the workbook has no ``Players`` sheet."""
    if book.find(PLAYERS.sheet) is None:
        return {}
    table = read_sheet(book, PLAYERS, problems)
    players: dict[str, PlayerInfo] = {}
    if table is None:
        return players
    names = book.names
    numbers: dict[str, tuple[str, int]] = {}  # EMA number -> (player, row)
    for row in table:
        written = row.value(PLAYER)
        email = row.value(EMAIL) or ""
        rating = row.value(RATING)
        ema = row.value(EMA) or ""
        country = row.value(COUNTRY) or ""
        team = row.value(TEAM) or ""
        club = row.value(CLUB) or ""
        if written is None or not names.plain(row, PLAYER, written):
            continue
        known = names.find(written)
        if known is not None:
            _report_twice(row, written, known)
            continue
        name = names.resolve(row, PLAYER, written) or written
        unusable = email if email and not looks_like_email(email) else ""
        if unusable:
            row.warning(EMAIL, texts.EMAIL_INVALID, email=email, name=name)
            email = ""
        _check_ema(row, name, ema, country, numbers)
        substitute = row.value(SUBSTITUTE) or False
        players[name] = PlayerInfo(
            name, email, rating, ema, country, team, club, row.number, substitute, unusable
        )
    return players


def _check_ema(
    row: Row, name: str, ema: str, country: str, numbers: dict[str, tuple[str, int]]
) -> None:
    """The EMA number's form and uniqueness, the country's form (warnings: they concern only
    the EMA submission, never the standings)."""
    if ema_number_problem(ema):
        row.warning(EMA, ema_texts.EMA_FORMAT, number=ema, name=name)
    elif ema and ema in numbers:
        other, at = numbers[ema]
        row.warning(EMA, ema_texts.EMA_TWICE, number=ema, name=name, other=other, row=at)
    elif ema:
        numbers[ema] = (name, row.number)
    if country and country_problem(country):
        row.warning(COUNTRY, ema_texts.COUNTRY_FORMAT, country=country, name=name)


def _report_twice(row: Row, written: str, known: Registered) -> None:
    """A second row for one name: an error naming both rows (and how the spellings differ)."""
    if known.name == composed(written):  # the same name (typed as A + accent or not)
        row.error(PLAYER, texts.PLAYER_TWICE, name=written, row=known.row)
        return
    how = how_it_differs(written, known.name)
    row.error(
        PLAYER, texts.PLAYER_TWICE_SPELLED, name=written, other=known.name, row=known.row, how=how
    )


def looks_like_email(text: str) -> bool:
    """True for text shaped like an email address (plain ASCII, one ``@``, a dotted domain)
    that the mail composer can use (:func:`~mahjong_club.common.addresses.address_problem`).

    >>> looks_like_email("aase@example.dk"), looks_like_email("åse@example.dk")
    (True, False)
    >>> looks_like_email("aase@example"), looks_like_email("aase example.dk")
    (False, False)
    >>> looks_like_email("mette@example.org\x1b[31m"), looks_like_email("d@example.org;")
    (False, False)
    """
    shaped = bool(EMAIL_ADDRESS.match(text)) and text.isascii()
    return shaped and address_problem(text) is None
