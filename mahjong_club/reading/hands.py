"""Reading the ``Hands`` sheet (classical scoring): four rows per hand, one per seat.

Columns: ``Session``, ``Hand``, ``Round``, ``Player``, ``Seat``, ``Mahjong``, ``Sets``,
``Flowers``, ``Seasons``, ``Self-drawn``, ``Loose tile``, ``Last tile``, ``Limit``.
``Round``/``Seat`` are winds E, S, W, N; ``Mahjong`` marks the winner; ``Flowers`` and
``Seasons`` list the numbers held, 1-4, separated by spaces or commas.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mahjong_club.common.problems import Problems
from mahjong_club.reading.cells import (
    CellError,
    describe,
    parse_int,
    parse_keyword,
    parse_text,
    parse_yes_no,
)
from mahjong_club.reading.tables import Column, Workbook, read_table
from rules.classical import HandError, HandInput, Wind, check_hand, hand_table_problems
from rules.tiles import NotationError, parse_sets

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
COLUMNS = [
    Column("Session"),
    Column("Hand"),
    Column("Round"),
    Column("Player"),
    Column("Seat"),
    Column("Mahjong"),
    Column("Sets"),
    Column("Flowers", required=False),
    Column("Seasons", required=False),
    Column("Self-drawn", required=False),
    Column("Loose tile", required=False),
    Column("Last tile", required=False),
    Column("Limit", required=False),
]


@dataclass(frozen=True)
class Hand:
    """One hand of one session: the round wind and the four players' rows, E S W N."""

    session: str
    number: int
    round_wind: Wind
    rows: tuple[HandInput, ...]
    excel_rows: tuple[int, ...]


def parse_wind(value: Any) -> Wind:
    """A wind: E, S, W, N (or east, south, west, north)."""
    return parse_keyword(value, WINDS, "a wind")


def parse_numbers(value: Any) -> frozenset[int]:
    """Flower or season numbers, ``1 3`` or ``1,3``; a single number cell is fine."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = parse_int(value)
        if not 1 <= number <= 4:
            raise CellError(
                f"expected numbers 1 to 4 separated by spaces or commas (like 1 3), found"
                f" {describe(value)}"
            )
        return frozenset({number})
    parts = [p for p in re.split(r"[\s,;]+", parse_text(value)) if p]
    numbers: list[int] = []
    for part in parts:
        if not part.isdigit() or not 1 <= int(part) <= 4:
            raise CellError(
                f"expected numbers 1 to 4 separated by spaces or commas (like 1 3), found"
                f" {describe(value)}"
            )
        numbers.append(int(part))
    if len(set(numbers)) != len(numbers):
        raise CellError(f"a number is listed twice in {describe(value)}")
    return frozenset(numbers)


def read_hands(book: Workbook, problems: Problems) -> list[Hand]:
    """Every complete, valid hand of the ``Hands`` sheet, sessions and hands in order."""
    table = read_table(book, "Hands", COLUMNS, problems)
    if table is None:
        return []
    label = table.column_label
    grouped: dict[tuple[str, int], list[tuple[int, Wind | None, HandInput | None]]] = {}
    for row in table:
        session = row.get(problems, "Session", parse_text, what="the session")
        number = row.get(problems, "Hand", parse_int, what="the hand's number")
        round_wind = row.get(problems, "Round", parse_wind, what="the round wind")
        player = row.get(problems, "Player", parse_text, what="the player")
        seat = row.get(problems, "Seat", parse_wind, what="the seat (E, S, W or N)")
        winner = row.get(problems, "Mahjong", parse_yes_no, required=False) or False
        sets_text = row.get(problems, "Sets", parse_text, required=False)
        flowers = row.get(problems, "Flowers", parse_numbers, required=False) or frozenset()
        seasons = row.get(problems, "Seasons", parse_numbers, required=False) or frozenset()
        self_drawn = row.get(problems, "Self-drawn", parse_yes_no, required=False) or False
        loose = row.get(problems, "Loose tile", parse_yes_no, required=False) or False
        last = row.get(problems, "Last tile", parse_yes_no, required=False) or False
        limit = row.get(problems, "Limit", parse_text, required=False)
        if session is None or number is None:
            continue
        hand_input: HandInput | None = None
        try:
            sets = parse_sets(sets_text)
        except NotationError as exc:
            problems.error(table.sheet, row.number, label("Sets"), str(exc))
            sets = None
        if row.ok and sets is not None and player is not None and seat is not None:
            if not winner:
                for column, flag in (
                    ("Self-drawn", self_drawn),
                    ("Loose tile", loose),
                    ("Last tile", last),
                ):
                    if flag:
                        problems.warning(
                            table.sheet,
                            row.number,
                            label(column),
                            f"{column} is marked for {player!r}, who did not go Mah-Jong;"
                            " it only counts for the winner and is ignored here",
                        )
                self_drawn = loose = last = False
                for tile_set in sets:
                    if tile_set.kind.value == "pair" or (
                        tile_set.kind.value == "chow" and not tile_set.exposed
                    ):
                        problems.warning(
                            table.sheet,
                            row.number,
                            label("Sets"),
                            f"{tile_set.notation()} scores nothing in a hand that did not go"
                            " Mah-Jong (a non-winner lists pungs, kongs and exposed chows)",
                        )
            hand_input = HandInput(
                player, seat, sets, winner, flowers, seasons, self_drawn, loose, last, limit
            )
            try:
                check_hand(hand_input)
            except HandError as exc:
                problems.error(table.sheet, row.number, label(exc.column), str(exc))
                hand_input = None
        grouped.setdefault((session, number), []).append((row.number, round_wind, hand_input))

    hands: list[Hand] = []
    session_order: dict[str, int] = {}
    for session, _ in grouped:
        session_order.setdefault(session, len(session_order))
    for (session, number), rows in sorted(
        grouped.items(), key=lambda kv: (session_order[kv[0][0]], kv[0][1])
    ):
        first = rows[0][0]
        where = f"hand {number} of session {session!r}"
        if len(rows) != 4:
            numbers = ", ".join(str(r[0]) for r in rows)
            problems.error(
                table.sheet,
                first,
                label("Hand"),
                f"{where} has {len(rows)} row(s) (rows {numbers}); a hand has four, one per seat",
            )
            continue
        winds = {r[1] for r in rows if r[1] is not None}
        if len(winds) > 1:
            problems.error(
                table.sheet,
                first,
                label("Round"),
                f"{where} has different round winds ({', '.join(sorted(winds))}) in its rows",
            )
            continue
        inputs = [r[2] for r in rows]
        if any(i is None for i in inputs) or not winds:
            continue
        complete = [i for i in inputs if i is not None]
        players = [i.player for i in complete]
        duplicates = {p for p in players if players.count(p) > 1}
        ok = not duplicates
        for p in sorted(duplicates):
            problems.error(table.sheet, first, label("Player"), f"{p!r} sits twice in {where}")
        for index, column, message in hand_table_problems(complete):
            problems.error(table.sheet, rows[index][0], label(column), f"{where}: {message}")
            ok = False
        if not ok:
            continue
        order = sorted(range(4), key=lambda i: list(Wind).index(complete[i].seat))
        hands.append(
            Hand(
                session,
                number,
                next(iter(winds)),
                tuple(complete[i] for i in order),
                tuple(rows[i][0] for i in order),
            )
        )
    return hands
