"""What a non-winner's row of a classical hand claims in vain (rules.md section 2).

Self-drawn, a loose tile and the last tile count only for the winner; a player who did not
go Mah-Jong scores only pungs, kongs (and flowers and seasons), so a pair or a concealed chow
in such a row is worth nothing. The reader warns about both and scores the row without them.

    >>> from rules.classical import Wind
    >>> from rules.tiles import parse_sets
    >>> row = HandInput("Erik", Wind.S, parse_sets("55p 123m [456s]"), self_drawn=True)
    >>> winner_only_claims(row), [s.notation() for s in idle_sets(row)]
    (['self_drawn'], ['55p', '123m'])
    >>> as_scored(row).self_drawn
    False
"""

from __future__ import annotations

import dataclasses

from rules.classical import HandInput
from rules.tiles import SetKind, TileSet

#: The items (fields of :class:`HandInput`) that only the winner can claim.
WINNER_ONLY = ("self_drawn", "loose_tile", "last_tile")


def winner_only_claims(hand: HandInput) -> list[str]:
    """The winner-only items a non-winner's row marks (none for the winner)."""
    if hand.winner:
        return []
    return [name for name in WINNER_ONLY if getattr(hand, name)]


def loose_without_kong(hand: HandInput) -> bool:
    """Whether the winner claims a loose tile (the replacement drawn after a kong) with no
    kong among the sets.

    >>> from rules.classical import Wind
    >>> from rules.tiles import parse_sets
    >>> sets = parse_sets("123m 456m 789m 234p 55s")
    >>> loose_without_kong(HandInput("Sol", Wind.S, sets, winner=True, loose_tile=True))
    True
    """
    return hand.winner and hand.loose_tile and not any(s.kind is SetKind.KONG for s in hand.sets)


def idle_sets(hand: HandInput) -> list[TileSet]:
    """The sets of a non-winner's row that score nothing: pairs and concealed chows."""
    if hand.winner:
        return []
    return [
        s for s in hand.sets if s.kind is SetKind.PAIR or (s.kind is SetKind.CHOW and not s.exposed)
    ]


def as_scored(hand: HandInput) -> HandInput:
    """The row as it is scored: a non-winner's winner-only items dropped."""
    if hand.winner:
        return hand
    return dataclasses.replace(hand, self_drawn=False, loose_tile=False, last_tile=False)
