"""Computing MCR Duplicate game points, IMPs and the ranking (rules.md 3).

Part of the compute step: read (readers/duplicate.py) -> compute (this module) -> write.
"""

from __future__ import annotations

from dataclasses import dataclass

from readers.duplicate import DuplicateInput
from readers.problems import Problems
from rules.duplicate import SEATS, RankingRow, SeatBoard, rank_players, score_boards


@dataclass
class DuplicateResult:
    """Every seat of every board, the ranking, and which IMP scale was used."""

    rows: list[SeatBoard]
    ranking: list[RankingRow]
    scale_name: str


def _natural(text: str) -> tuple[int, int, str]:
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def compute_duplicate(data: DuplicateInput, problems: Problems) -> DuplicateResult:
    """Score the boards; rows in session, board, table and seat order."""
    sessions: dict[str, int] = {}
    for play in data.plays:
        sessions.setdefault(play.session, len(sessions))
    rows = score_boards(data.plays, data.scale)
    rows.sort(
        key=lambda r: (
            sessions[r.session],
            _natural(r.board),
            _natural(r.table),
            SEATS.index(r.seat),
        )
    )
    return DuplicateResult(rows, rank_players(rows), data.scale_name)
