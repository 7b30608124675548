"""Computing classical hand scores, settlements and running totals (rules.md 2).

Computed for the hands capability (mahjong_club/capabilities/hands.py).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from mahjong_club.model import Hand
from rules.classical import ClassicalRules, HandInput, HandScore, Wind, score_hand, settle


@dataclass(frozen=True)
class HandResult:
    """One player's row of one scored hand."""

    session: str
    hand: int
    round_wind: Wind
    player: HandInput
    score: HandScore
    settlement: int
    running_total: int


def score_hands(hands: list[Hand], rules: ClassicalRules) -> list[HandResult]:
    """Score and settle every hand; running totals per player within a session, hands in
    numeric order (the reader delivers them in that order)."""
    totals: dict[tuple[str, str], int] = defaultdict(int)
    results: list[HandResult] = []
    for hand in hands:
        scores = {row.seat: score_hand(row, hand.round_wind, rules) for row in hand.rows}
        winner = next((row.seat for row in hand.rows if row.winner), None)
        net = settle({seat: s.score for seat, s in scores.items()}, winner)
        for row in hand.rows:
            key = (hand.session, row.player)
            totals[key] += net[row.seat]
            results.append(
                HandResult(
                    hand.session,
                    hand.number,
                    hand.round_wind,
                    row,
                    scores[row.seat],
                    net[row.seat],
                    totals[key],
                )
            )
    return results
