"""The division tie-breakers, as an ordered list of named criteria (rules.md 1.2).

Riichi, best first: total points; most 1st, then 2nd, then 3rd places; head-to-head points;
highest result in a single game; dice. MCR: total table points; total minipoints; most 1st,
2nd, 3rd places; head-to-head (table points, then minipoints); highest game points in a
single game; dice. A disqualified player goes to the bottom before any other criterion.

How a chain is applied: players equal on a criterion form a group that goes on to the *next*
criterion; a criterion never restarts on a smaller group. Head-to-head is computed over the
group that reaches it: only games in which at least two of the group played themselves count,
and each member sums their own points from those games that they played (a substituted game
never counts for them).

Dice: round 1 rolls are compared first, equal rolls go on to round 2, and so on. A round
splits a group only when every member of the group has a roll for that round; otherwise the
group stays tied and the processor says which rolls to make.

Example (three players tied on points and places, rules.md 1.2): A beat B and C in the games
they played together, so head-to-head puts A first; B and C then go on to the highest single
game, and a tie there goes on to dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from rules.model import GameType, SeatResult


@dataclass(frozen=True)
class PlayerRecord:
    """One member's season in one division, everything the tie-breakers look at.

    ``points`` is the season total after penalties (riichi points, or MCR table points);
    ``minipoints`` the MCR minipoint total after penalties (``None`` for riichi); ``places``
    the number of 1st, 2nd, 3rd and 4th places; ``results`` every game the member is listed in,
    as (game id, result), substituted games included.
    """

    player: str
    points: int | Fraction
    minipoints: int | None
    places: tuple[int, int, int, int]
    results: Sequence[tuple[str, SeatResult]] = ()
    penalty_points: int = 0
    disqualified: bool = False

    @property
    def games(self) -> int:
        """Every game the member is listed in, substituted ones included."""
        return len(self.results)


@dataclass(frozen=True)
class TieContext:
    """What the criteria may look at besides the records.

    ``played_by`` maps a game id to the players who played it themselves (not substituted);
    ``dice`` maps (player, round) to the recorded roll.
    """

    played_by: Mapping[str, frozenset[str]] = field(default_factory=dict)
    dice: Mapping[tuple[str, int], int] = field(default_factory=dict)


class TieBreak(StrEnum):
    """What separated a row from the next: a criterion, dice, or nothing yet (``TIED``).

    The value is the word the result workbook's ``Decided by`` column shows; ``NONE`` (blank)
    is the last row of a division, which is ahead of no one.
    """

    NONE = ""
    DISQUALIFICATION = "disqualification"
    POINTS = "points"
    TABLE_POINTS = "table points"
    MINIPOINTS = "minipoints"
    FIRSTS = "1st places"
    SECONDS = "2nd places"
    THIRDS = "3rd places"
    HEAD_TO_HEAD_POINTS = "head-to-head points"
    HEAD_TO_HEAD = "head-to-head"
    HIGHEST_SINGLE_GAME = "highest single game"
    DICE = "dice"
    TIED = "tied"


Key = Any
KeyFunction = Callable[[Sequence[PlayerRecord], TieContext], list[Key]]


@dataclass(frozen=True)
class Criterion:
    """A named tie-breaker: larger keys rank higher; ``name`` is shown in ``Decided by``."""

    name: TieBreak
    keys: KeyFunction


def not_disqualified(group: Sequence[PlayerRecord], ctx: TieContext) -> list[Key]:
    """A disqualified player ranks below every player who was not disqualified."""
    return [0 if r.disqualified else 1 for r in group]


def total_points(group: Sequence[PlayerRecord], ctx: TieContext) -> list[Key]:
    """The season total (riichi points with uma, or MCR table points), penalties deducted."""
    return [r.points for r in group]


def total_minipoints(group: Sequence[PlayerRecord], ctx: TieContext) -> list[Key]:
    """MCR: the season's minipoints (game points), penalties deducted."""
    return [r.minipoints or 0 for r in group]


def _places(index: int) -> KeyFunction:
    def most_places(group: Sequence[PlayerRecord], ctx: TieContext) -> list[Key]:
        return [r.places[index] for r in group]

    most_places.__doc__ = f"Most {('1st', '2nd', '3rd')[index]} places."
    return most_places


most_firsts = _places(0)
most_seconds = _places(1)
most_thirds = _places(2)


def _head_to_head_results(group: Sequence[PlayerRecord], ctx: TieContext) -> list[list[SeatResult]]:
    """For each member, their own results from the games at least two of the group played."""
    names = frozenset(r.player for r in group)
    out: list[list[SeatResult]] = []
    for record in group:
        mine = [
            result
            for game_id, result in record.results
            if result.played and len(ctx.played_by.get(game_id, frozenset()) & names) >= 2
        ]
        out.append(mine)
    return out


def head_to_head_points(group: Sequence[PlayerRecord], ctx: TieContext) -> list[Key]:
    """Riichi: points (with uma) from the games that at least two of the group played."""
    return [sum(r.points for r in rs) for rs in _head_to_head_results(group, ctx)]


def head_to_head_table_and_minipoints(group: Sequence[PlayerRecord], ctx: TieContext) -> list[Key]:
    """MCR: head-to-head table points, then head-to-head minipoints (one criterion)."""
    return [
        (sum(r.points for r in rs), sum(r.minipoints or 0 for r in rs))
        for rs in _head_to_head_results(group, ctx)
    ]


def highest_single_result(group: Sequence[PlayerRecord], ctx: TieContext) -> list[Key]:
    """Riichi: the best result (points + uma) in one game the player played themselves.

    A player with no such game comes after every player who has one.
    """
    keys: list[Key] = []
    for record in group:
        played = [result.points for _, result in record.results if result.played]
        keys.append((1, max(played)) if played else (0, 0))
    return keys


def highest_single_minipoints(group: Sequence[PlayerRecord], ctx: TieContext) -> list[Key]:
    """MCR: the most game points (minipoints) in one game the player played themselves."""
    keys: list[Key] = []
    for record in group:
        played = [result.minipoints or 0 for _, result in record.results if result.played]
        keys.append((1, max(played)) if played else (0, 0))
    return keys


RIICHI_CHAIN: tuple[Criterion, ...] = (
    Criterion(TieBreak.DISQUALIFICATION, not_disqualified),
    Criterion(TieBreak.POINTS, total_points),
    Criterion(TieBreak.FIRSTS, most_firsts),
    Criterion(TieBreak.SECONDS, most_seconds),
    Criterion(TieBreak.THIRDS, most_thirds),
    Criterion(TieBreak.HEAD_TO_HEAD_POINTS, head_to_head_points),
    Criterion(TieBreak.HIGHEST_SINGLE_GAME, highest_single_result),
)

MCR_CHAIN: tuple[Criterion, ...] = (
    Criterion(TieBreak.DISQUALIFICATION, not_disqualified),
    Criterion(TieBreak.TABLE_POINTS, total_points),
    Criterion(TieBreak.MINIPOINTS, total_minipoints),
    Criterion(TieBreak.FIRSTS, most_firsts),
    Criterion(TieBreak.SECONDS, most_seconds),
    Criterion(TieBreak.THIRDS, most_thirds),
    Criterion(TieBreak.HEAD_TO_HEAD, head_to_head_table_and_minipoints),
    Criterion(TieBreak.HIGHEST_SINGLE_GAME, highest_single_minipoints),
)

DICE = TieBreak.DICE
TIED = TieBreak.TIED


def chain_for(game: GameType) -> tuple[Criterion, ...]:
    """The tie-breaker chain of a game type (dice come after it)."""
    return MCR_CHAIN if game is GameType.MCR else RIICHI_CHAIN


@dataclass(frozen=True)
class RankedRow:
    """One standings row: competition rank, the record, and what separated it from the next."""

    rank: int
    record: PlayerRecord
    decided_by: TieBreak


@dataclass(frozen=True)
class DiceNeeded:
    """An unresolved group and the dice round its members still have to roll."""

    players: tuple[str, ...]
    round: int
    missing: tuple[str, ...]


def name_order(player: str) -> tuple[str, str]:
    """How tied players are listed: by name case-folded, in code-point order."""
    return (player.casefold(), player)


@dataclass
class _Block:
    members: list[PlayerRecord]
    after: TieBreak = TieBreak.NONE  # what separates this block from the next one


def _blocks(
    group: list[PlayerRecord],
    keys: Sequence[Key],
    after: TieBreak,
    then: Callable[[list[PlayerRecord]], list[_Block]],
) -> list[_Block]:
    """Split ``group`` by ``keys`` (largest first); each part goes on to ``then``."""
    blocks: list[_Block] = []
    for value in sorted(set(keys), reverse=True):
        if blocks:
            blocks[-1].after = after
        blocks.extend(then([r for r, k in zip(group, keys, strict=True) if k == value]))
    return blocks


@dataclass
class _Ranker:
    """One ranking: the chain, the context, and the dice rounds still to be rolled."""

    chain: Sequence[Criterion]
    ctx: TieContext
    needed: list[DiceNeeded] = field(default_factory=list)

    def split(self, group: list[PlayerRecord], index: int = 0) -> list[_Block]:
        """Apply the chain from criterion ``index`` on; equal players go on to the next."""
        if len(group) == 1:
            return [_Block(group)]
        if index == len(self.chain):
            return self.dice(group, 1)
        criterion = self.chain[index]
        keys = criterion.keys(group, self.ctx)
        if len(set(keys)) == 1:
            return self.split(group, index + 1)
        return _blocks(group, keys, criterion.name, lambda sub: self.split(sub, index + 1))

    def dice(self, group: list[PlayerRecord], round_: int) -> list[_Block]:
        """Dice round ``round_`` and on; a round with a roll missing leaves the group tied."""
        if len(group) == 1:
            return [_Block(group)]
        rolls = [self.ctx.dice.get((r.player, round_)) for r in group]
        if any(roll is None for roll in rolls):
            ordered = sorted(group, key=lambda r: name_order(r.player))
            missing = [r.player for r, roll in zip(group, rolls, strict=True) if roll is None]
            self.needed.append(DiceNeeded(tuple(r.player for r in ordered), round_, tuple(missing)))
            return [_Block(ordered)]
        if len(set(rolls)) == 1:
            return self.dice(group, round_ + 1)
        return _blocks(group, rolls, TieBreak.DICE, lambda sub: self.dice(sub, round_ + 1))


def rank_players(
    records: Sequence[PlayerRecord], chain: Sequence[Criterion], ctx: TieContext
) -> tuple[list[RankedRow], list[DiceNeeded]]:
    """Order ``records`` by ``chain`` and dice; give competition ranks and ``Decided by``.

    Returns the rows best first and, for each group still tied, the dice round to roll.
    ``Decided by`` is a :class:`TieBreak`: A is ahead of B on points; B is ahead of no one.

        >>> b = PlayerRecord("B", 5000, None, (0, 1, 0, 0))
        >>> a = PlayerRecord("A", 10000, None, (1, 0, 0, 0))
        >>> rows, _ = rank_players([b, a], RIICHI_CHAIN, TieContext())
        >>> [(r.rank, r.record.player, r.decided_by) for r in rows]
        [(1, 'A', <TieBreak.POINTS: 'points'>), (2, 'B', <TieBreak.NONE: ''>)]
    """
    ranker = _Ranker(chain, ctx)
    start = sorted(records, key=lambda r: name_order(r.player))
    blocks = ranker.split(start) if start else []
    rows: list[RankedRow] = []
    for block in blocks:
        rank = len(rows) + 1
        if len(block.members) > 1:
            rows.extend(RankedRow(rank, r, TIED) for r in block.members)
        else:
            rows.append(RankedRow(rank, block.members[0], block.after))
    return rows, ranker.needed
