"""What makes one game, as entered, a game the standings can count (rules.md 1 and 4).

A game is four rows of the ``Games`` sheet sharing a ``Game`` value (in a tournament: a
``Session`` and ``Table``). Each check states one rule and returns *what* broke it, with the
numbers; it returns None (or nothing) when the rule holds. The reader says it to the organiser
with sheet, row and column.

    >>> check_seat_count(4) is None, check_seat_count(3)
    (True, SeatCount(count=3))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from rules.model import GameType
from rules.ruleset import Ruleset

T = TypeVar("T")

#: Seats at a mahjong table: a game has exactly this many rows, one per seat.
SEATS = 4


@dataclass(frozen=True)
class SeatCount:
    """A game entered with ``count`` rows instead of four."""

    count: int


def check_seat_count(count: int) -> SeatCount | None:
    """A game has exactly four seats, so exactly four rows: one per player at the table.

    Three rows usually mean a forgotten player, five a mistyped game number on another row.

    >>> check_seat_count(4) is None
    True
    >>> check_seat_count(5)
    SeatCount(count=5)
    """
    return None if count == SEATS else SeatCount(count)


@dataclass(frozen=True)
class SeatedTwice:
    """``player`` has a seat in row ``first`` and again in row ``row`` of the same game."""

    player: str
    first: int
    row: int


def check_players_differ(seats: Sequence[tuple[int, str]]) -> list[SeatedTwice]:
    """The four seats of a game are four different players: nobody sits twice at a table.

    ``seats`` are (row, player) in sheet order. A repeated player is reported against the
    row where they were last seen, so three seats of Åse give two findings.

    >>> check_players_differ([(2, "Åse"), (3, "Bo"), (4, "Cai"), (5, "Dag")])
    []
    >>> check_players_differ([(2, "Åse"), (3, "Bo"), (4, "Åse"), (5, "Åse")])
    [SeatedTwice(player='Åse', first=2, row=4), SeatedTwice(player='Åse', first=4, row=5)]
    """
    seen: dict[str, int] = {}
    found: list[SeatedTwice] = []
    for row, player in seats:
        if player in seen:
            found.append(SeatedTwice(player, seen[player], row))
        seen[player] = row
    return found


@dataclass(frozen=True)
class WrongTotal:
    """The four scores add up to ``total`` where they must add up to ``expected``."""

    total: int
    expected: int


def expected_total(game: GameType, ruleset: Ruleset) -> int:
    """What the four scores of a game add up to.

    Riichi: every player starts with the start points, and points only move between players,
    so the final scores add up to 4 × the start points. MCR: game points are zero-sum.

    >>> expected_total(GameType.RIICHI, Ruleset()), expected_total(GameType.MCR, Ruleset())
    (120000, 0)
    """
    return ruleset.riichi_table_total if game is GameType.RIICHI else 0


def check_score_total(scores: Sequence[int], game: GameType, ruleset: Ruleset) -> WrongTotal | None:
    """The four scores of a game add up to the start total (see :func:`expected_total`).

    A riichi game started at 30,000 each ends with 120,000 on the table; 119,000 means a
    score was mistyped (or a riichi stick was left out).

    >>> check_score_total([45000, 32000, 25000, 18000], GameType.RIICHI, Ruleset()) is None
    True
    >>> check_score_total([45000, 32000, 24000, 18000], GameType.RIICHI, Ruleset())
    WrongTotal(total=119000, expected=120000)
    >>> check_score_total([24, -8, -8, -6], GameType.MCR, Ruleset())
    WrongTotal(total=2, expected=0)
    """
    total = sum(scores)
    expected = expected_total(game, ruleset)
    return None if total == expected else WrongTotal(total, expected)


@dataclass(frozen=True)
class Disagreement(Generic[T]):
    """Row ``row`` gives ``value`` where the game's rows agree on ``agreed`` (first in
    row ``agreed_row``)."""

    row: int
    value: T
    agreed: T
    agreed_row: int


def check_rows_agree(values: Sequence[tuple[int, T]]) -> list[Disagreement[T]]:
    """The rows of one game agree on what belongs to the game as a whole (division, date).

    ``values`` are (row, value) of the rows that fill it in. The value most rows give is
    taken as right (on a tie, the one of the earliest row); every other row is reported.

    >>> check_rows_agree([(2, "A"), (3, "A"), (4, "B"), (5, "A")])
    [Disagreement(row=4, value='B', agreed='A', agreed_row=2)]
    >>> check_rows_agree([(2, "A"), (3, "B")])
    [Disagreement(row=3, value='B', agreed='A', agreed_row=2)]
    """
    if not values:
        return []
    first = values[0][1]
    if all(value == first for _, value in values):
        return []  # the usual case, without counting
    counts = Counter(value for _, value in values)
    agreed_row, agreed = max(values, key=lambda rv: (counts[rv[1]], -rv[0]))
    return [
        Disagreement(row, value, agreed, agreed_row) for row, value in values if value != agreed
    ]


def missing_from_session(players: Sequence[str], seated: set[str]) -> list[str]:
    """In a tournament every player has one seat in every session (rules.md 4).

    A substitute's row stays under the replaced player's name, so nobody is ever absent;
    the result is the players (in ``players`` order) with no seat in the session.

    >>> missing_from_session(["Åse", "Bo", "Cai"], {"Bo"})
    ['Åse', 'Cai']
    """
    return [p for p in players if p not in seated]


def uma_total(uma: Sequence[int | Fraction]) -> int | Fraction | None:
    """Uma only moves points between the four placements, so its values add up to 0.

    Returns the sum when it is not 0 (None when it is).

    >>> uma_total([15000, 5000, -5000, -15000]) is None, uma_total([15000, 5000, -5000, -10000])
    (True, 5000)
    """
    total = sum(uma)
    return None if total == 0 else total
