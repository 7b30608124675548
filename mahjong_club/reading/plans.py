"""Reading the ``Signups`` and ``Schedule`` sheets (next season, planned games).

Players' names are resolved to their registered spelling as in every sheet (reading/names.py).
"""

from __future__ import annotations

from mahjong_club.common.problems import Problems
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import sheets as texts
from mahjong_club.model import Signup
from mahjong_club.reading.cells import parse_keyword, parse_text
from mahjong_club.reading.names import near_miss
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Workbook, read_sheet
from rules.model import Division, GameType
from rules.schedule import PlannedGame

GAME_TYPES = {"mcr": GameType.MCR, "riichi": GameType.RIICHI}


def parse_game_type(value: object) -> GameType:
    """``MCR`` or ``Riichi``, in any case."""
    return parse_keyword(value, GAME_TYPES, texts.KEYWORD_GAME_TYPE)


PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
GAME_TYPE = Column("Game", parse_game_type, texts.WHAT_GAME_TYPE, danish="Spil")
SIGNUPS = Schema("Signups", (PLAYER, GAME_TYPE))

DIVISION = Column("Division", parse_text, cell_texts.WHAT_DIVISION)
PLANNED_GAME = Column("Game", parse_text, texts.WHAT_PLANNED_GAME, danish="Spil")
SEATS = tuple(
    Column(f"Player {i}", parse_text, texts.WHAT_A_PLAYER, danish=f"Spiller {i}")
    for i in range(1, 5)
)
SCHEDULE = Schema("Schedule", (DIVISION, PLANNED_GAME, *SEATS))


def read_signups(book: Workbook, problems: Problems) -> list[Signup]:
    """The ``Signups`` sheet; an unknown game type is an error, a repeated row a warning, and
    so is a new player spelt almost like a known one (a typo would leave the player out)."""
    table = read_sheet(book, SIGNUPS, problems)
    if table is None:
        return []
    signups: list[Signup] = []
    seen: dict[tuple[str, GameType], int] = {}
    known = book.names.spellings()
    for row in table:
        written = row.value(PLAYER)
        new = written is not None and book.names.find(written) is None
        player = book.names.resolve(row, PLAYER, written)
        game = row.value(GAME_TYPE)
        if player is None or game is None or not row.ok:
            continue
        close = near_miss(player, known) if new else ""
        if close:
            row.warning(PLAYER, texts.SIGNUP_NEW_CLOSE, player=player, hint=close)
        if (player, game) in seen:
            other = seen[(player, game)]
            row.warning(PLAYER, texts.SIGNUP_TWICE, player=player, game=game, other=other)
            continue
        seen[(player, game)] = row.number
        signups.append(Signup(player, game, row.number))
    return signups


def read_schedule(
    book: Workbook, divisions: list[Division], problems: Problems
) -> list[PlannedGame]:
    """The ``Schedule`` sheet: planned foursomes of division members."""
    table = read_sheet(book, SCHEDULE, problems)
    if table is None:
        return []
    by_name = {d.name: d for d in divisions}
    planned: list[PlannedGame] = []
    for row in table:
        division = row.value(DIVISION)
        label = row.value(PLANNED_GAME)
        seated = _foursome([book.names.resolve(row, c, row.value(c)) for c in SEATS])
        if not row.ok or division is None or label is None or seated is None:
            continue
        if division not in by_name:
            known = ", ".join(repr(d) for d in by_name)
            row.error(DIVISION, texts.SCHEDULE_UNKNOWN_DIVISION, division=division, known=known)
            continue
        if _check_foursome(row, by_name[division], seated):
            planned.append(PlannedGame(division, label, seated, row.number))
    return planned


def _foursome(players: list[str | None]) -> tuple[str, str, str, str] | None:
    """The four seats' players, or None when a seat is blank or bad (reported)."""
    match players:
        case [str() as first, str() as second, str() as third, str() as fourth]:
            return (first, second, third, fourth)
    return None


def _check_foursome(row: Row, division: Division, players: tuple[str, ...]) -> bool:
    """True when the four players are different members of ``division`` (else reported)."""
    ok = True
    for column, player in zip(SEATS, players, strict=True):
        if player not in division.members:
            close = near_miss(player, division.members)
            row.error(
                column,
                texts.SCHEDULE_NOT_A_MEMBER,
                player=player,
                division=division.name,
                hint=close,
            )
            ok = False
    if len(set(players)) != len(SEATS):
        row.error(SEATS[0], texts.SCHEDULE_FOUR_PLAYERS)
        ok = False
    return ok
