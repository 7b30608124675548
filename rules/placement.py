"""Placements at one table, and sharing a by-place table (uma, table points) on ties.

Placement: 1 + the number of players at the table with a strictly higher score, so two
players tied for first both count a 1st place.

Sharing: players with equal scores share the values of the places they occupy equally.

Example (riichi uma, rules.md 1.1): scores 35,000 / 35,000 / 30,000 / 20,000 with uma
+15,000 / +5,000 / -5,000 / -15,000 give the tied pair (15,000 + 5,000) / 2 = 10,000 each::

    >>> placements([35000, 35000, 30000, 20000])
    [1, 1, 3, 4]
    >>> [int(x) for x in share_by_place([35000, 35000, 30000, 20000], (15000, 5000, -5000, -15000))]
    [10000, 10000, -5000, -15000]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules.ruleset import Number


def placements(scores: Sequence[int]) -> list[int]:
    """Each score's placement: 1 + how many scores at the table are strictly higher (the
    score's first position among the scores best first)."""
    best_first = sorted(scores, reverse=True)
    return [1 + best_first.index(score) for score in scores]


def placed_shares(scores: Sequence[int], table: Sequence[Number]) -> tuple[list[int], list[Number]]:
    """Each score's placement and its share of ``table``: :func:`placements` and
    :func:`share_by_place` together, with one sort when no two scores are equal (most
    tables): each place's value is then its own.

    >>> placed_shares([21000, 42300, 25200, 31500], (15000, 5000, -5000, -15000))
    ([4, 1, 3, 2], [-15000, 15000, -5000, 5000])
    >>> placed_shares([30, 30, -20, -40], (4, 2, 1, 0))
    ([1, 1, 3, 4], [3, 3, 1, 0])
    """
    if len(table) != len(scores):
        raise ValueError(f"need {len(scores)} values by place, got {len(table)}")
    best_first = sorted(scores, reverse=True)
    if len(set(best_first)) < len(best_first):
        return placements(scores), share_by_place(scores, table)
    places = [1 + best_first.index(score) for score in scores]
    return places, [table[place - 1] for place in places]


def share_by_place(scores: Sequence[int], table: Sequence[Number]) -> list[Number]:
    """Each score's share of ``table`` (best place first); equal scores split equally.

    ``len(table)`` must equal ``len(scores)``. The shares always add up to ``sum(table)``.
    A share is an ``int`` when it is whole and an exact ``Fraction`` otherwise (7/3).
    """
    if len(table) != len(scores):
        raise ValueError(f"need {len(scores)} values by place, got {len(table)}")
    shares: list[Number] = []
    best_first = sorted(scores, reverse=True)
    for score in scores:
        first = best_first.index(score)  # 0-based first place occupied
        tied = best_first.count(score)
        total = sum(table[first : first + tied])
        if tied == 1:
            shares.append(total)
        else:
            share = Fraction(total) / tied
            shares.append(int(share) if share.denominator == 1 else share)
    return shares
