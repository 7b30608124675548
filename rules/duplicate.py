"""MCR Duplicate: game points per board and table, IMPs against the other tables, ranking
(rules.md section 3).

All tables play the same boards, so each player is compared with the players who sat at the
same wind at the other tables on the same board. HV is the winner's hand value in fan:

- win on a discard: winner +(HV + 24); discarder -(HV + 8); the two others -8 each;
- self-drawn (duplicate rule 1): winner +(HV + 24); each other player -(ceil(HV/3) + 8):
  HV 9 -> +33 / -11 each; HV 10 -> +34 / -12 each;
- several winners on one discard (rule 2): each winner +(HVi + 24); the discarder
  -(sum of HVi) - 8; a player who neither won nor discarded -8 (no longer zero-sum);
- no winner: 0 for everyone;
- last tile of the wall: 8 fan (Last Tile Draw / Last Tile Claim) added to each winner's HV;
- false Mahjong: no payments; the offender gets -4 or -8 IMPs on top of the board's IMPs.

IMPs: for each board and wind the reference is the average game points of everyone who sat at
that wind on that board (all tables, the player's own included); the difference is converted by
the IMP scale. Example (the seed's table 12): East wins 18 fan on North's discard: East +42,
North -26, South -8, West -8::

    >>> board_points(BoardResult(("E",), (18,), "N"))
    {'E': 42, 'S': -8, 'W': -8, 'N': -26}
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules.imp_scale import DEFAULT_SCALE, imps
from rules.mcr_fans import MINIMUM_FAN
from rules.tiebreakers import name_order

SEATS = ("E", "S", "W", "N")
LAST_TILE_FAN = 8
WIN_BONUS = 24
BASE = 8
#: A hand value above this (88 fan twice) is accepted but worth a second look.
UNUSUAL_HAND_VALUE = 88 * 2
#: The IMPs a false Mahjong may cost.
FALSE_PENALTIES = (4, 8)


@dataclass(frozen=True)
class BoardResult:
    """What happened on one board at one table.

    ``winners`` are seats, ``hand_values`` their fan (one per winner, before the last-tile
    bonus); ``discarder`` is a seat, or None when the win was self-drawn.
    """

    winners: tuple[str, ...] = ()
    hand_values: tuple[int, ...] = ()
    discarder: str | None = None
    last_tile: bool = False


class BoardIssue(StrEnum):
    """What can be wrong with one board as entered for one table."""

    VALUE_COUNT = "value count"  # not one hand value per winner
    VALUE_TOO_LOW = "value too low"  # a win under MINIMUM_FAN (last-tile bonus included)
    VALUE_UNUSUAL = "value unusual"  # over UNUSUAL_HAND_VALUE: a warning only
    DISCARDER_WINS = "discarder wins"  # the discarder is also a winner
    DISCARDER_NEEDED = "discarder needed"  # several winners, but no discarder
    DISCARDER_IGNORED = "discarder ignored"  # a discarder and no winner: a warning only
    LAST_TILE_IGNORED = "last tile ignored"  # Last tile and no winner: a warning only
    PENALTY_SIZE = "penalty size"  # a false Mahjong's penalty is not 4 or 8
    PENALTY_WITHOUT_SEAT = "penalty without seat"  # a penalty, but no false Mahjong seat

    @property
    def fatal(self) -> bool:
        """True when the board cannot be scored (False for a warning)."""
        return self not in (
            BoardIssue.VALUE_UNUSUAL,
            BoardIssue.DISCARDER_IGNORED,
            BoardIssue.LAST_TILE_IGNORED,
        )


@dataclass(frozen=True)
class BoardFinding:
    """One issue of a board's entry; ``value`` is the hand value or penalty concerned."""

    issue: BoardIssue
    value: int | None = None


def check_board(
    result: BoardResult, false_seats: Sequence[str] = (), penalty: int | None = None
) -> list[BoardFinding]:
    """The issues of one board's entry, in the order the columns are read.

    >>> [f.issue.value for f in check_board(BoardResult(("E", "S"), (18,), "E"))]
    ['value count', 'discarder wins']
    >>> check_board(BoardResult(("E",), (7,), "S", last_tile=True))
    []
    >>> [f.issue.value for f in check_board(BoardResult((), (), None, last_tile=True))]
    ['last tile ignored']
    """
    found: list[BoardFinding] = []
    if len(result.hand_values) != len(result.winners):
        found.append(BoardFinding(BoardIssue.VALUE_COUNT))
    bonus = LAST_TILE_FAN if result.last_tile else 0
    for value in result.hand_values:
        if value + bonus < MINIMUM_FAN:
            found.append(BoardFinding(BoardIssue.VALUE_TOO_LOW, value))
        elif value > UNUSUAL_HAND_VALUE:
            found.append(BoardFinding(BoardIssue.VALUE_UNUSUAL, value))
    discarder = result.discarder
    if discarder is not None and discarder in result.winners:
        found.append(BoardFinding(BoardIssue.DISCARDER_WINS))
    if len(result.winners) > 1 and discarder is None:
        found.append(BoardFinding(BoardIssue.DISCARDER_NEEDED))
    if not result.winners and discarder is not None:
        found.append(BoardFinding(BoardIssue.DISCARDER_IGNORED))
    if not result.winners and result.last_tile:  # a row typed in the wrong place?
        found.append(BoardFinding(BoardIssue.LAST_TILE_IGNORED))
    if false_seats and penalty not in FALSE_PENALTIES:
        found.append(BoardFinding(BoardIssue.PENALTY_SIZE, penalty))
    elif not false_seats and penalty is not None:
        found.append(BoardFinding(BoardIssue.PENALTY_WITHOUT_SEAT, penalty))
    return found


def board_points(result: BoardResult) -> dict[str, int]:
    """Game points of each seat on one board at one table (see the module docstring).

    >>> board_points(BoardResult(("S",), (9,)))
    {'E': -11, 'S': 33, 'W': -11, 'N': -11}
    >>> board_points(BoardResult(("E", "S"), (10, 12), "W"))
    {'E': 34, 'S': 36, 'W': -30, 'N': -8}
    """
    points = dict.fromkeys(SEATS, 0)
    if not result.winners:
        return points
    values = [hv + (LAST_TILE_FAN if result.last_tile else 0) for hv in result.hand_values]
    if result.discarder is None:
        (winner,), (hv,) = result.winners, values
        points[winner] = hv + WIN_BONUS
        for seat in SEATS:
            if seat != winner:
                points[seat] = -(math.ceil(hv / 3) + BASE)
        return points
    for seat in SEATS:
        points[seat] = -BASE
    for winner, hv in zip(result.winners, values, strict=True):
        points[winner] = hv + WIN_BONUS
    points[result.discarder] = -sum(values) - BASE
    return points


@dataclass(frozen=True)
class SeatBoard:
    """One player's result on one board: game points, the wind's average, the IMPs."""

    session: str
    board: str
    table: str
    seat: str
    player: str
    game_points: int
    average: Fraction
    difference: Fraction
    imps: int
    penalty: int = 0  # false-Mahjong IMPs (negative), on top of ``imps``


@dataclass(frozen=True)
class TablePlay:
    """One board played at one table: who sat where and what happened."""

    session: str
    board: str
    table: str
    players: dict[str, str]  # seat -> player
    result: BoardResult
    false_mahjong: dict[str, int] | None = None  # seat -> penalty IMPs (4 or 8)


def score_boards(
    plays: Sequence[TablePlay], scale: Sequence[tuple[int, Fraction]] = DEFAULT_SCALE
) -> list[SeatBoard]:
    """Every seat of every played board, with its average, difference and IMPs."""
    points = {id(p): board_points(p.result) for p in plays}
    by_wind: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for play in plays:
        for seat in SEATS:
            by_wind[(play.session, play.board, seat)].append(points[id(play)][seat])
    rows: list[SeatBoard] = []
    for play in plays:
        for seat in SEATS:
            scores = by_wind[(play.session, play.board, seat)]
            average = Fraction(sum(scores), len(scores))
            gp = points[id(play)][seat]
            difference = gp - average
            penalty = -(play.false_mahjong or {}).get(seat, 0)
            rows.append(
                SeatBoard(
                    play.session,
                    play.board,
                    play.table,
                    seat,
                    play.players[seat],
                    gp,
                    average,
                    difference,
                    imps(difference, scale),
                    penalty,
                )
            )
    return rows


@dataclass(frozen=True)
class RankingRow:
    """A player's duplicate result: total IMPs (penalties included), boards, rank."""

    rank: int
    player: str
    imps: int
    boards: int
    positive_boards: int
    penalties: int
    tied: bool = False


def rank_players(rows: Iterable[SeatBoard]) -> list[RankingRow]:
    """Ranking by total IMPs (false-Mahjong penalties included), then by the number of boards
    with positive board IMPs; still equal: a shared rank, listed by name."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for row in rows:
        entry = totals[row.player]
        entry[0] += row.imps + row.penalty
        entry[1] += 1
        entry[2] += row.imps > 0
        entry[3] += row.penalty
    ordered = sorted(totals.items(), key=lambda kv: (-kv[1][0], -kv[1][2], *name_order(kv[0])))
    ranking: list[RankingRow] = []
    for index, (player, (total, boards, positive, penalties)) in enumerate(ordered):
        key = (total, positive)
        rank = index + 1
        if ranking and (ranking[-1].imps, ranking[-1].positive_boards) == key:
            rank = ranking[-1].rank
        tied = any((t[0], t[2]) == key for p, t in totals.items() if p != player)
        ranking.append(RankingRow(rank, player, total, boards, positive, penalties, tied))
    return ranking
