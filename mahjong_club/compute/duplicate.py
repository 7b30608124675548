"""Computing MCR Duplicate game points, IMPs and the ranking (rules.md 3).

Computed for the duplicate capability (mahjong_club/capabilities/duplicate.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from mahjong_club.common.problems import Problems
from mahjong_club.common.text import natural_key
from mahjong_club.messages import compute as texts
from mahjong_club.messages.rule_errors import rule_error
from mahjong_club.model import DuplicateInput
from rules.duplicate import (
    LAST_TILE_FAN,
    SEATS,
    BoardResult,
    RankingRow,
    SeatBoard,
    rank_players,
    score_boards,
)
from rules.imp_scale import ImpScale
from rules.mcr_fans import MINIMUM_FAN, FanError, hand_fans


class DecidedBy(StrEnum):
    """What put a ranking row ahead of the next one (rules.md 3's ranking)."""

    NONE = ""  # the last row: ahead of no one
    IMPS = "IMPs"
    POSITIVE_BOARDS = "positive boards"
    TIED = "tied"  # equal on both with the next row: a shared place


def decided_by(ranking: list[RankingRow]) -> dict[str, DecidedBy]:
    """Each player's ``Decided by``: what separates their row from the next one (``tied``
    when the next shares their place), so a shared place ahead of another shows what put it
    there.

    >>> rows = [RankingRow(1, "A", 5, 12, 6, 0), RankingRow(2, "B", 3, 12, 7, 0, True),
    ...         RankingRow(2, "C", 3, 12, 7, 0, True), RankingRow(4, "D", 3, 12, 5, 0)]
    >>> [d.value for d in decided_by(rows).values()]
    ['IMPs', 'tied', 'positive boards', '']
    """
    decided: dict[str, DecidedBy] = {}
    for row, below in zip(ranking, [*ranking[1:], None], strict=True):
        if below is None:
            decided[row.player] = DecidedBy.NONE
        elif below.rank == row.rank:
            decided[row.player] = DecidedBy.TIED
        elif row.imps != below.imps:
            decided[row.player] = DecidedBy.IMPS
        else:
            decided[row.player] = DecidedBy.POSITIVE_BOARDS
    return decided


@dataclass
class DuplicateResult:
    """Every seat of every board, the ranking, and which IMP scale was used.

    ``decided`` (for the site and the emails) is what separates each player's ranking row
    from the next one; it changes nothing in the ranking.
    """

    rows: list[SeatBoard]
    ranking: list[RankingRow]
    scale_name: ImpScale
    decided: dict[str, DecidedBy] = field(default_factory=dict)


def check_tiles(data: DuplicateInput, problems: Problems) -> None:
    """Compare each recorded ``Hand value`` with the fans the ``Tiles`` make (warnings).

    On the last tile of the wall the tiles are counted with Last Tile Draw or Last Tile Claim
    (MCR's exclusions applied) and compared with the recorded value + 8 (rules.md 3).
    """
    plays = {(p.session, p.board, p.table): p for p in data.plays}
    for key, (row, text) in data.tiles.items():
        play = plays.get(key)
        if play is None:
            continue
        hands = [h.strip() for h in text.split(";")]
        if len(hands) > 1 and not hands[-1]:  # "…789s ;": a trailing separator, no hand
            hands.pop()
        winners = play.result.winners
        if len(hands) != len(winners):
            problems.warning(
                "Boards",
                row,
                "Tiles",
                texts.HANDS_NOT_WINNERS,
                hands=len(hands),
                winners=len(winners),
            )
            continue
        for seat, value, hand in zip(winners, play.result.hand_values, hands, strict=True):
            _check_hand(play.result, seat, value, hand, row, problems)


def _check_hand(
    result: BoardResult, seat: str, value: int, hand: str, row: int, problems: Problems
) -> None:
    """Warn when one winner's ``Tiles`` hand is not worth the recorded hand value."""
    last_tile = result.last_tile
    try:
        fans = hand_fans(
            hand,
            seat=seat,
            round_wind="E",
            self_drawn=result.discarder is None,
            last_tile=last_tile,
        )
    except FanError as exc:
        problems.warning(
            "Boards", row, "Tiles", texts.HAND_NOT_READ, seat=seat, hand=hand, error=rule_error(exc)
        )
        return
    recorded = value + (LAST_TILE_FAN if last_tile else 0)
    details = {"seat": seat, "total": fans.total, "fans": fans.describe()}
    if fans.total < MINIMUM_FAN:
        problems.warning("Boards", row, "Tiles", texts.FALSE_MAHJONG, **details)
    elif fans.total != recorded and last_tile:
        what = texts.HAND_VALUE_DIFFERS_LAST_TILE
        problems.warning(
            "Boards", row, "Hand value", what, value=value, recorded=recorded, **details
        )
    elif fans.total != recorded:
        problems.warning(
            "Boards", row, "Hand value", texts.HAND_VALUE_DIFFERS, value=value, **details
        )


def compute_duplicate(data: DuplicateInput, problems: Problems) -> DuplicateResult:
    """Score the boards; rows in session, board, table and seat order."""
    check_tiles(data, problems)
    sessions: dict[str, int] = {}
    for play in data.plays:
        sessions.setdefault(play.session, len(sessions))
    rows = score_boards(data.plays, data.scale)
    rows.sort(
        key=lambda r: (
            sessions[r.session],
            natural_key(r.board),
            natural_key(r.table),
            SEATS.index(r.seat),
        )
    )
    ranking = rank_players(rows)
    return DuplicateResult(rows, ranking, ImpScale(data.scale_name), decided_by(ranking))
