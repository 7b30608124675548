"""The ``Divisions`` sheet: one row per member (``Division``, ``Game``, ``Level``, ``Player``).

A division is one rung of a ladder: a game type (MCR or Riichi) and a level (1 = top). Every
row of a division gives the same game type and level; each level of a ladder has one division;
a member is listed once per division. A member's name is resolved to its registered spelling
(the ``Players`` sheet's; without one, the first row here that names the member) as in every
sheet (reading/names.py).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from mahjong_club.common.problems import Problems
from mahjong_club.messages import league as texts
from mahjong_club.messages import sheets as sheet_texts
from mahjong_club.model import PlayerInfo
from mahjong_club.reading.cells import parse_int, parse_text
from mahjong_club.reading.names import near_miss
from mahjong_club.reading.plans import parse_game_type
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Table, Workbook, read_sheet
from rules.model import Division, GameType

DIVISION = Column("Division", parse_text, texts.WHAT_DIVISION_NAME)
GAME_TYPE = Column("Game", parse_game_type, sheet_texts.WHAT_GAME_TYPE, danish="Spil")
LEVEL = Column("Level", parse_int, texts.WHAT_LEVEL, danish="Niveau")
MEMBER = Column("Player", parse_text, texts.WHAT_MEMBER_NAME, danish="Spiller")
DIVISIONS = Schema("Divisions", (DIVISION, GAME_TYPE, LEVEL, MEMBER))


@dataclass
class _Ladder:
    """The divisions as read so far."""

    info: dict[str, tuple[GameType, int, int]] = field(default_factory=dict)  # game, level, row
    members: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    member_row: dict[tuple[str, str], int] = field(default_factory=dict)
    player_division: dict[tuple[GameType, str], str] = field(default_factory=dict)


def read_divisions(
    book: Workbook, players: dict[str, PlayerInfo], problems: Problems
) -> tuple[list[Division], bool]:
    """The divisions, and whether the sheet was read without errors.

    A member missing from a non-empty ``Players`` sheet is an error when spelt almost like a
    registered player (a typo), else a warning.
    """
    table = read_sheet(book, DIVISIONS, problems)
    if table is None:
        return [], False
    errors_before = len(problems.errors)
    ladder = _Ladder()
    for row in table:
        name = row.value(DIVISION)
        game = row.value(GAME_TYPE)
        level = row.value(LEVEL)
        player = book.names.resolve(row, MEMBER, row.value(MEMBER))
        if not row.ok or name is None or game is None or level is None or player is None:
            continue
        if _add_member(row, ladder, name, game, level, player) and players:
            _check_registered(row, player, players)
    _check_rungs(table, ladder)
    divisions = [
        Division(name, game, level, tuple(ladder.members[name]))
        for name, (game, level, _) in ladder.info.items()
    ]
    return divisions, len(problems.errors) == errors_before


def _add_member(
    row: Row, ladder: _Ladder, name: str, game: GameType, level: int, player: str
) -> bool:
    """Add one row's member to its division; False (reported) when the row is wrong."""
    if level < 1:
        row.error(LEVEL, texts.LEVEL_TOO_LOW, level=level)
        return False
    if name in ladder.info:
        known_game, known_level, first = ladder.info[name]
        if (known_game, known_level) != (game, level):
            column = GAME_TYPE if known_game != game else LEVEL
            row.error(
                column,
                texts.DIVISION_CHANGES,
                division=name,
                game=known_game.value,
                level=known_level,
                row=first,
                other_game=game.value,
                other_level=level,
            )
            return False
    else:
        ladder.info[name] = (game, level, row.number)
    if (name, player) in ladder.member_row:
        first = ladder.member_row[(name, player)]
        row.error(MEMBER, texts.MEMBER_TWICE, player=player, division=name, row=first)
        return False
    other = ladder.player_division.get((game, player))
    if other is not None and other != name:
        first = ladder.member_row[(other, player)]
        kind = game.value
        row.warning(
            MEMBER, texts.PLAYER_IN_TWO_DIVISIONS, player=player, game=kind, other=other, row=first
        )
    ladder.member_row[(name, player)] = row.number
    ladder.player_division.setdefault((game, player), name)
    ladder.members[name].append(player)
    return True


def _check_registered(row: Row, player: str, players: dict[str, PlayerInfo]) -> None:
    if player in players:
        return
    close = near_miss(player, list(players))
    # Spelt almost like a registered player: a typo, which would otherwise make every game
    # row of the real player look wrong. Unlike anyone: just not registered.
    report = row.error if close else row.warning
    report(MEMBER, texts.NOT_IN_PLAYERS, player=player, hint=close)


def _check_rungs(table: Table, ladder: _Ladder) -> None:
    """One division per level of a ladder, and at least four members in each."""
    by_rung: dict[tuple[GameType, int], str] = {}
    for name, (game, level, first) in ladder.info.items():
        if (game, level) in by_rung:
            table.error(
                first,
                LEVEL,
                texts.SAME_LEVEL,
                first=by_rung[(game, level)],
                second=name,
                game=game.value,
                level=level,
            )
        by_rung[(game, level)] = name
        count = len(ladder.members[name])
        if count < 4:
            table.warning(first, MEMBER, texts.DIVISION_TOO_SMALL, division=name, count=count)
