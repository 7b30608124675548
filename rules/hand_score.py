"""What a classical hand scored, as data (rules.md section 2): the limit hands and the items.

A breakdown is a list of :class:`Item` values, each saying *what* it is (a kind, and where it
matters the set, the tile, exposed or concealed, how many flowers) and what it is worth. The
words are not chosen here: the message catalogue says "exposed pung of 5 bamboo 2" in
English and "åben pung af 5 bambus 2" in Danish.

South's concealed pung of red dragons (rules.md 2's worked example) is worth 8 points and
1 double: two items of the same set::

    >>> from rules.tiles import SetKind, honour
    >>> red = honour("R")
    >>> points = Item(ItemKind.SET, 8, red, SetKind.PUNG)
    >>> double = Item(ItemKind.DRAGON_SET, 1, red, SetKind.PUNG)
    >>> points.doubles, double.doubles
    (False, True)
    >>> HandScore(32, 1, 64, (points,), (double,)).limit_hand is None
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.tiles import SetKind, Tile


class LimitHand(StrEnum):
    """A limit hand; the value is the name the result workbook's ``Limit hand`` column shows."""

    HEAVENLY = "heavenly hand"
    EARTHLY = "earthly hand"
    FOUR_CONCEALED_PUNGS = "four concealed pungs"
    FOUR_WINDS = "four winds"
    ALL_HONOURS = "all honours"
    HEADS_AND_TAILS = "heads and tails"
    THIRTEEN_ORPHANS = "thirteen orphans"


#: Names accepted in the ``Limit`` column (case-insensitive), English and Norwegian.
LIMIT_NAMES: dict[str, LimitHand] = {
    "heavenly": LimitHand.HEAVENLY,
    "heavenly hand": LimitHand.HEAVENLY,
    "himmelsk": LimitHand.HEAVENLY,
    "himmelsk velsignelse": LimitHand.HEAVENLY,
    "earthly": LimitHand.EARTHLY,
    "earthly hand": LimitHand.EARTHLY,
    "jordisk": LimitHand.EARTHLY,
    "jordisk velsignelse": LimitHand.EARTHLY,
    "four concealed pungs": LimitHand.FOUR_CONCEALED_PUNGS,
    "de tre store mesterne": LimitHand.FOUR_CONCEALED_PUNGS,
    "four winds": LimitHand.FOUR_WINDS,
    "de fire velsignelsene": LimitHand.FOUR_WINDS,
    "all honours": LimitHand.ALL_HONOURS,
    "all honors": LimitHand.ALL_HONOURS,
    "stor honørhånd": LimitHand.ALL_HONOURS,
    "heads and tails": LimitHand.HEADS_AND_TAILS,
    "hode og hale": LimitHand.HEADS_AND_TAILS,
    "thirteen orphans": LimitHand.THIRTEEN_ORPHANS,
    "de tretten undre": LimitHand.THIRTEEN_ORPHANS,
}


class ItemKind(StrEnum):
    """What a line of a breakdown is. The first group is worth points, the rest doubles."""

    # Points, every hand.
    SET = "set"  # a pung or kong: ``set_kind``, ``tile``, ``exposed``
    FLOWERS = "flowers"  # ``count`` flowers
    SEASONS = "seasons"  # ``count`` seasons
    # Points, the winner only.
    MAHJONG = "mahjong"
    LOOSE_TILE = "loose tile"
    SELF_DRAWN = "self-drawn"
    DRAGON_PAIR = "dragon pair"  # ``tile``
    OWN_WIND_PAIR = "own wind pair"  # ``tile``
    ROUND_WIND_PAIR = "round wind pair"  # ``tile``
    OWN_AND_ROUND_WIND_PAIR = "own and round wind pair"  # ``tile``
    WORTHLESS_HAND = "worthless hand"
    # Doubles, every hand.
    DRAGON_SET = "dragon set"  # a pung or kong of dragons: ``set_kind``, ``tile``
    OWN_WIND_SET = "own wind set"  # ``set_kind``
    ROUND_WIND_SET = "round wind set"  # ``set_kind``
    ALL_FLOWERS = "all four flowers"
    ALL_SEASONS = "all four seasons"
    # Doubles, the winner only.
    LAST_TILE = "last tile"
    NO_CHOWS = "no chows"
    TERMINALS_AND_HONOURS = "only terminals and honours"
    ONE_SUIT_WITH_HONOURS = "one suit with honours"
    ONE_SUIT = "one suit only"
    ALL_WINDS = "all four winds"
    ALL_DRAGONS = "all three dragons"


#: The kinds of item that are worth doubles (every other kind is worth points).
DOUBLE_KINDS = frozenset(
    {
        ItemKind.DRAGON_SET,
        ItemKind.OWN_WIND_SET,
        ItemKind.ROUND_WIND_SET,
        ItemKind.ALL_FLOWERS,
        ItemKind.ALL_SEASONS,
        ItemKind.LAST_TILE,
        ItemKind.NO_CHOWS,
        ItemKind.TERMINALS_AND_HONOURS,
        ItemKind.ONE_SUIT_WITH_HONOURS,
        ItemKind.ONE_SUIT,
        ItemKind.ALL_WINDS,
        ItemKind.ALL_DRAGONS,
    }
)


@dataclass(frozen=True)
class Item:
    """One line of a breakdown: what it is and what it is worth (points, or doubles).

    ``tile`` and ``set_kind`` say which set or pair an item is about, ``exposed`` whether that
    set is exposed, ``count`` how many flowers or seasons.
    """

    kind: ItemKind
    value: int
    tile: Tile | None = None
    set_kind: SetKind | None = None
    exposed: bool = False
    count: int = 0

    @property
    def doubles(self) -> bool:
        """True when ``value`` is doubles, False when it is points."""
        return self.kind in DOUBLE_KINDS


@dataclass(frozen=True)
class HandScore:
    """A hand's score; ``points`` and ``doubles`` are None for a limit hand.

    ``capped`` is True when points x 2^doubles went over the limit and ``score`` is the limit.
    """

    points: int | None
    doubles: int | None
    score: int
    point_items: tuple[Item, ...] = ()
    double_items: tuple[Item, ...] = ()
    limit_hand: LimitHand | None = None
    capped: bool = False

    @property
    def uncapped(self) -> int:
        """Points x 2^doubles before the limit (the limit itself for a limit hand)."""
        if self.points is None:
            return self.score
        return self.points * (1 << (self.doubles or 0))
