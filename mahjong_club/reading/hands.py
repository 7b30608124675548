"""Reading the ``Hands`` sheet (classical scoring): four rows per hand, one per seat.

Columns: ``Session``, ``Hand``, ``Round``, ``Player``, ``Seat``, ``Mahjong``, ``Sets``,
``Flowers``, ``Seasons``, ``Self-drawn``, ``Loose tile``, ``Last tile``, ``Limit``.
``Round``/``Seat`` are winds E, S, W, N; ``Mahjong`` marks the winner; ``Flowers`` and
``Seasons`` list the numbers held, 1-4, separated by spaces or commas. A player's name is
resolved to its registered spelling as in every sheet (reading/names.py): ``åse`` in one hand
and ``Åse`` in another are one player.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import small_number
from mahjong_club.messages import cells as cell_texts
from mahjong_club.messages import league as player_texts
from mahjong_club.messages import sheets as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.rule_errors import rule_error
from mahjong_club.model import Hand
from mahjong_club.reading.cells import (
    CellError,
    describe,
    parse_int,
    parse_keyword,
    parse_text,
    parse_yes_no,
)
from mahjong_club.reading.names import NameBook, near_miss
from mahjong_club.reading.schema import Column, Schema
from mahjong_club.reading.tables import Row, Table, Workbook, read_sheet
from rules.classical import (
    HandError,
    HandInput,
    Wind,
    check_hand,
    hand_table_problems,
    is_complete,
)
from rules.hand_entry import as_scored, idle_sets, loose_without_kong, winner_only_claims
from rules.hand_errors import HandProblem
from rules.tiles import NotationError, TileSet, parse_sets

WINDS: dict[str, Wind] = {
    "e": Wind.E,
    "s": Wind.S,
    "w": Wind.W,
    "n": Wind.N,
    "east": Wind.E,
    "south": Wind.S,
    "west": Wind.W,
    "north": Wind.N,
    "øst": Wind.E,
    "syd": Wind.S,
    "sør": Wind.S,
    "vest": Wind.W,
    "nord": Wind.N,
}


def parse_wind(value: Any) -> Wind:
    """A wind: E, S, W, N (or east, south, west, north)."""
    return parse_keyword(value, WINDS, texts.KEYWORD_WIND)


def parse_numbers(value: Any) -> frozenset[int]:
    """Flower or season numbers, ``1 3`` or ``1,3``; a single number cell is fine.

    >>> sorted(parse_numbers("3, 1")), sorted(parse_numbers(2.0))
    ([1, 3], [2])
    >>> parse_numbers(1.3)  # "1,3" typed in Danish Excel
    Traceback (most recent call last):
    ...
    mahjong_club.reading.cells.CellError: found the number 1.3: ...
    >>> parse_numbers("²")
    Traceback (most recent call last):
    ...
    mahjong_club.reading.cells.CellError: ...
    """
    if isinstance(value, float) and not value.is_integer():  # Danish Excel's "1,3"
        raise CellError.saying(texts.NUMBERS_AS_DECIMAL, found=describe(value))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = parse_int(value)
        if not 1 <= number <= 4:
            raise CellError.saying(texts.NUMBERS_EXPECTED, found=describe(value))
        return frozenset({number})
    parts = [p for p in re.split(r"[\s,;]+", parse_text(value)) if p]
    numbers: list[int] = []
    for part in parts:
        one = small_number(part)
        if one is None or not 1 <= one <= 4:
            raise CellError.saying(texts.NUMBERS_EXPECTED, found=describe(value))
        numbers.append(one)
    if len(set(numbers)) != len(numbers):
        raise CellError.saying(texts.NUMBER_TWICE, found=describe(value))
    return frozenset(numbers)


SESSION = Column("Session", parse_text, cell_texts.WHAT_SESSION)
HAND = Column("Hand", parse_int, texts.WHAT_HAND_NUMBER)
ROUND = Column("Round", parse_wind, texts.WHAT_ROUND_WIND, danish="Runde")
PLAYER = Column("Player", parse_text, cell_texts.WHAT_PLAYER, danish="Spiller")
SEAT = Column("Seat", parse_wind, texts.WHAT_SEAT)
MAHJONG = Column("Mahjong", parse_yes_no, blank_ok=True)  # blank: did not win
SETS = Column("Sets", parse_text, blank_ok=True)  # blank: no sets
FLOWERS = Column("Flowers", parse_numbers, required=False)
SEASONS = Column("Seasons", parse_numbers, required=False)
SELF_DRAWN = Column("Self-drawn", parse_yes_no, required=False)
LOOSE_TILE = Column("Loose tile", parse_yes_no, required=False)
LAST_TILE = Column("Last tile", parse_yes_no, required=False)
LIMIT = Column("Limit", parse_text, required=False)
_WINNER_ONLY = (SELF_DRAWN, LOOSE_TILE, LAST_TILE)
HANDS = Schema(
    "Hands",
    (SESSION, HAND, ROUND, PLAYER, SEAT, MAHJONG, SETS, FLOWERS, SEASONS, *_WINNER_ONLY, LIMIT),
)
#: The column of each winner-only item of a row (a field of :class:`HandInput`).
WINNER_ONLY_COLUMNS = {"self_drawn": SELF_DRAWN, "loose_tile": LOOSE_TILE, "last_tile": LAST_TILE}


@dataclass(frozen=True)
class _HandRow:
    """One row of the sheet as read; ``hand`` is None when the row cannot be scored."""

    number: int
    round_wind: Wind | None
    hand: HandInput | None
    winner: bool = False  # marked in Mahjong, whether or not the row could be scored


def read_hands(book: Workbook, problems: Problems) -> list[Hand]:
    """Every complete, valid hand of the ``Hands`` sheet, sessions and hands in order."""
    table = read_sheet(book, HANDS, problems)
    if table is None:
        return []
    grouped: dict[tuple[str, int], list[_HandRow]] = {}
    for row in table:
        key, hand_row = _read_row(row, book.names)
        if key is not None:
            grouped.setdefault(key, []).append(hand_row)
    session_order: dict[str, int] = {}
    for session, _ in grouped:
        session_order.setdefault(session, len(session_order))
    hands: list[Hand] = []
    for (session, number), rows in sorted(
        grouped.items(), key=lambda kv: (session_order[kv[0][0]], kv[0][1])
    ):
        hand = _whole_hand(table, session, number, rows)
        if hand is not None:
            hands.append(hand)
    return hands


def _read_row(row: Row, names: NameBook) -> tuple[tuple[str, int] | None, _HandRow]:
    """One row: its (session, hand number), and the player's hand when it can be scored."""
    session = row.value(SESSION)
    number = row.value(HAND)
    round_wind = row.value(ROUND)
    player = names.resolve(row, PLAYER, row.value(PLAYER))
    seat = row.value(SEAT)
    winner = row.value(MAHJONG) or False
    sets_text = row.value(SETS)
    flowers = row.value(FLOWERS) or frozenset()
    seasons = row.value(SEASONS) or frozenset()
    self_drawn = row.value(SELF_DRAWN) or False
    loose = row.value(LOOSE_TILE) or False
    last = row.value(LAST_TILE) or False
    limit = row.value(LIMIT)
    hand_row = _HandRow(row.number, round_wind, None, winner)
    if session is None or number is None:
        return None, hand_row
    sets = _read_sets(row, sets_text)
    if row.ok and sets is not None and player is not None and seat is not None:
        hand = HandInput(
            player, seat, sets, winner, flowers, seasons, self_drawn, loose, last, limit
        )
        hand_row = _HandRow(row.number, round_wind, _checked(row, hand), winner)
    return (session, number), hand_row


def _read_sets(row: Row, text: str | None) -> tuple[TileSet, ...] | None:
    """The ``Sets`` cell as tile sets; None (reported) when it is not valid notation."""
    try:
        return parse_sets(text)
    except NotationError as exc:
        row.error(SETS, rule_error(exc))
        return None


def _checked(row: Row, hand: HandInput) -> HandInput | None:
    """The row as scored, after warning about what a non-winner claims in vain."""
    for name in winner_only_claims(hand):
        column = WINNER_ONLY_COLUMNS[name]
        row.warning(column, texts.FLAG_NOT_WINNER, column=column.name, player=hand.player)
    for tile_set in idle_sets(hand):
        row.warning(SETS, texts.SET_NOT_WINNER, tile_set=tile_set.notation())
    if loose_without_kong(hand):
        row.warning(LOOSE_TILE, texts.LOOSE_WITHOUT_KONG, player=hand.player)
    hand = as_scored(hand)
    try:
        check_hand(hand)
    except HandError as exc:
        row.error(exc.column, rule_error(exc))
        return None
    return hand


def _whole_hand(table: Table, session: str, number: int, rows: list[_HandRow]) -> Hand | None:
    """The four rows of one hand as a :class:`Hand`; None when they do not make one."""
    first = rows[0].number
    where = say(texts.HAND_WHERE, number=number, session=session)
    if len(rows) != 4:
        shown = ", ".join(str(r.number) for r in rows)
        table.error(first, HAND, texts.HAND_ROW_COUNT, where=where, count=len(rows), rows=shown)
        return None
    winds = {r.round_wind for r in rows if r.round_wind is not None}
    if len(winds) > 1:  # said on the first row whose wind is not the hand's most usual
        shown = ", ".join(sorted(winds))
        usual = Counter(r.round_wind for r in rows if r.round_wind is not None).most_common(1)
        odd = next(r.number for r in rows if r.round_wind not in (None, usual[0][0]))
        table.error(odd, ROUND, texts.HAND_ROUND_WINDS, where=where, winds=shown)
        return None
    complete = [r.hand for r in rows if r.hand is not None]
    winners = [r.number for r in rows if r.winner]
    if len(complete) != 4 and len(winners) > 1:  # said even when a winner's row is wrong too
        problem = rule_error(HandError(HandProblem.TWO_WINNERS, "Mahjong"))
        table.error(winners[1], MAHJONG, texts.HAND_TABLE_PROBLEM, where=where, problem=problem)
    if len(complete) != 4 or not winds or not _table_ok(table, where, rows, complete):
        return None
    if not winners:
        for r, hand in zip(rows, complete, strict=True):
            if is_complete(hand):
                table.warning(
                    r.number, MAHJONG, texts.COMPLETE_NO_WINNER, player=hand.player, where=where
                )
    order = sorted(range(4), key=lambda i: list(Wind).index(complete[i].seat))
    return Hand(
        session,
        number,
        next(iter(winds)),
        tuple(complete[i] for i in order),
        tuple(rows[i].number for i in order),
    )


def _table_ok(table: Table, where: Message, rows: list[_HandRow], hands: list[HandInput]) -> bool:
    """True when the four rows fit together (seats, winner, tiles); else reported."""
    players = [h.player for h in hands]
    duplicates = sorted({p for p in players if players.count(p) > 1})
    for player in duplicates:  # said on the player's second row
        second = [r.number for r, p in zip(rows, players, strict=True) if p == player][1]
        table.error(second, PLAYER, texts.HAND_PLAYER_TWICE, player=player, where=where)
    found = hand_table_problems(hands)
    for index, problem in found:
        table.error(
            rows[index].number,
            problem.column,
            texts.HAND_TABLE_PROBLEM,
            where=where,
            problem=rule_error(problem),
        )
    return not duplicates and not found


def check_registered(hands: list[Hand], players: Collection[str], problems: Problems) -> None:
    """With a ``Players`` sheet, each hands player not in it is warned of once, on their first
    row (``Sool`` for ``Sol``: a fifth player at a four-player table, silently)."""
    if not players:
        return
    seen: set[str] = set()
    for hand in hands:
        for row, number in zip(hand.rows, hand.excel_rows, strict=True):
            if row.player in players or row.player in seen:
                continue
            seen.add(row.player)
            hint = near_miss(row.player, players)
            problems.warning(
                HANDS.sheet,
                number,
                PLAYER.name,
                player_texts.NOT_IN_PLAYERS,
                player=row.player,
                hint=hint,
            )
