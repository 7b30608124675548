"""The ``Dice`` sheet (optional): tie-break rolls, ``Division``, ``Player``, ``Round``, ``Roll``.

A roll is the sum of two dice (2-12); each player rolls once per round (1, 2, …) in a
division they are a member of.
"""

from __future__ import annotations

from mahjong_club.common.problems import Problems
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import league as texts
from mahjong_club.model import Season
from mahjong_club.reading.cells import parse_int, parse_text
from mahjong_club.reading.names import near_miss
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Workbook, read_sheet
from rules.model import DiceRoll, Division

DIVISION = Column("Division", parse_text, cell_texts.WHAT_DIVISION)
PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
ROUND = Column("Round", parse_int, texts.WHAT_DICE_ROUND, danish="Runde")
ROLL = Column("Roll", parse_int, texts.WHAT_ROLL, danish="Slag")
DICE = Schema("Dice", (DIVISION, PLAYER, ROUND, ROLL))


def read_dice(
    book: Workbook, season: Season, problems: Problems, check_members: bool = True
) -> list[DiceRoll]:
    """The rolls; division and membership are checked only when ``check_members``."""
    table = read_sheet(book, DICE, problems)
    if table is None:
        return []
    divisions = {d.name: d for d in season.divisions}
    seen: dict[tuple[str, str, int], int] = {}
    rolls: list[DiceRoll] = []
    for row in table:
        division = row.value(DIVISION)
        player = book.names.resolve(row, PLAYER, row.value(PLAYER))
        round_ = row.value(ROUND)
        roll = row.value(ROLL)
        if not row.ok or division is None or player is None or round_ is None or roll is None:
            continue
        if check_members and not _check_member(row, divisions, division, player):
            continue
        if not _check_roll(row, round_, roll):
            continue
        key = (division, player, round_)
        if key in seen:
            row.error(
                ROUND,
                texts.ROLL_TWICE,
                player=player,
                round=round_,
                division=division,
                row=seen[key],
            )
            continue
        seen[key] = row.number
        rolls.append(DiceRoll(division, player, round_, roll))
    return rolls


def _check_roll(row: Row, round_: int, roll: int) -> bool:
    """Rounds count from 1, and two dice roll 2 to 12; False (reported) otherwise."""
    if round_ < 1:
        row.error(ROUND, texts.ROUND_TOO_LOW, round=round_)
        return False
    if not 2 <= roll <= 12:
        row.error(ROLL, texts.ROLL_OUT_OF_RANGE, roll=roll)
        return False
    return True


def _check_member(row: Row, divisions: dict[str, Division], division: str, player: str) -> bool:
    """The division exists and the player is in it; False (reported) otherwise."""
    if division not in divisions:
        close = near_miss(division, list(divisions))
        row.error(DIVISION, texts.UNKNOWN_DIVISION, division=division, hint=close)
        return False
    members = divisions[division].members
    if player not in members:
        close = near_miss(player, list(members))
        row.error(PLAYER, texts.NOT_A_MEMBER, player=player, division=division, hint=close)
        return False
    return True
