"""Classical hand scoring and settlement (rules.md section 2, the Norwegian blog's rules).

Every hand is scored for all four players; only the winner (who went Mah-Jong) gets the
winner-only items. Score = points x 2^doubles, capped at the limit (500); limit hands score
the limit outright for the winner.

Base points for sets (all players), from ``SET_POINTS``:

=================  ============  ========================
set                simples 2-8   terminals (1, 9), honours
=================  ============  ========================
chow               0             -
exposed pung       2             4
concealed pung     4             8
exposed kong       8             16
concealed kong     16            32
=================  ============  ========================

Each flower or season 4. Winner only: Mah-Jong 20; self-drawn 2 (a loose tile after a kong 10
instead); pair of dragons, own wind or round wind 2 (own and round wind at once: 4);
"worthless hand" (four chows and a pair that scores nothing) 10.

Doubles, every hand: each pung/kong of dragons 1; of the own wind 1; of the round wind 1;
all four flowers 3; all four seasons 3. Winner only: Mah-Jong on the last tile 1; no chows 1;
only terminals and honours 1; one suit with honours 1, one suit only 3 (instead);
all four winds covered by pungs/kongs or the pair 3; all three dragons likewise 3.

Worked example (rules.md 2; round wind East): South wins self-drawn with a concealed pung of
red dragons, an exposed pung of 5 bamboo, two chows and a pair of 9 circles:
8 + 2 + 20 + 2 = 32 points, 1 double (dragon pung): 64. The score comes with its items as data
(:mod:`rules.hand_score`); the message catalogue puts them into words::

    >>> from rules.tiles import parse_sets
    >>> south = HandInput("Sol", Wind.S, parse_sets("RRR [555s] 123m 678p 99p"), winner=True,
    ...                   self_drawn=True)
    >>> score = score_hand(south, Wind.E)
    >>> score.score, [(i.kind.value, i.value) for i in score.point_items]
    (64, [('set', 8), ('set', 2), ('mahjong', 20), ('self-drawn', 2)])
    >>> [(i.kind.value, i.tile, i.set_kind.value) for i in score.double_items if i.tile]
    [('dragon set', Tile(suit='z', rank=7), 'pung')]
    >>> settle({Wind.E: 16, Wind.S: 64, Wind.W: 20, Wind.N: 0}, Wind.S)
    {<Wind.E: 'E'>: -104, <Wind.S: 'S'>: 256, <Wind.W: 'W'>: -36, <Wind.N: 'N'>: -116}
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from rules.hand_errors import HandError, HandProblem
from rules.hand_score import LIMIT_NAMES, HandScore, Item, ItemKind, LimitHand
from rules.tiles import SetKind, TileSet, tile_counts

__all__ = [
    "LIMIT_NAMES",
    "SET_POINTS",
    "ClassicalRules",
    "HandError",
    "HandInput",
    "HandProblem",
    "HandScore",
    "Item",
    "ItemKind",
    "LimitHand",
    "Wind",
    "check_hand",
    "hand_table_problems",
    "limit_name",
    "recognised_limit",
    "score_hand",
    "settle",
]


class Wind(StrEnum):
    """Seats and round winds; East is the dealer."""

    E = "E"
    S = "S"
    W = "W"
    N = "N"


#: Points of a pung or kong by (kind, exposed, terminal or honour).
SET_POINTS: dict[tuple[SetKind, bool, bool], int] = {
    (SetKind.PUNG, True, False): 2,
    (SetKind.PUNG, True, True): 4,
    (SetKind.PUNG, False, False): 4,
    (SetKind.PUNG, False, True): 8,
    (SetKind.KONG, True, False): 8,
    (SetKind.KONG, True, True): 16,
    (SetKind.KONG, False, False): 16,
    (SetKind.KONG, False, True): 32,
}

HEAVENLY = LimitHand.HEAVENLY
EARTHLY = LimitHand.EARTHLY
FOUR_CONCEALED_PUNGS = LimitHand.FOUR_CONCEALED_PUNGS
FOUR_WINDS = LimitHand.FOUR_WINDS
ALL_HONOURS = LimitHand.ALL_HONOURS
HEADS_AND_TAILS = LimitHand.HEADS_AND_TAILS
THIRTEEN_ORPHANS = LimitHand.THIRTEEN_ORPHANS


@dataclass(frozen=True)
class ClassicalRules:
    """The classical scoring variants, with rules.md's defaults.

    ``double_wind_pair`` is what a pair that is both the own and the round wind scores (some
    tables say 2). ``limit`` is the highest score of a hand (setting ``limit``).
    """

    limit: int = 500
    mahjong: int = 20
    self_drawn: int = 2
    loose_tile: int = 10
    worthless_hand: int = 10
    scoring_pair: int = 2
    double_wind_pair: int = 4
    flower: int = 4


@dataclass(frozen=True)
class HandInput:
    """One player's row of one hand."""

    player: str
    seat: Wind
    sets: tuple[TileSet, ...]
    winner: bool = False
    flowers: frozenset[int] = field(default_factory=frozenset)
    seasons: frozenset[int] = field(default_factory=frozenset)
    self_drawn: bool = False
    loose_tile: bool = False
    last_tile: bool = False
    limit: str | None = None


def limit_name(text: str) -> LimitHand:
    """The limit hand a ``Limit`` cell names; raises :class:`HandError` for an unknown name."""
    name = LIMIT_NAMES.get(" ".join(text.strip().casefold().split()))
    if name is None:
        raise HandError(HandProblem.NOT_A_LIMIT_HAND, "Limit", text=text)
    return name


def check_hand(hand: HandInput) -> None:
    """Raise :class:`HandError` when the row cannot be a real hand."""
    counts = tile_counts(hand.sets)
    five = [str(t) for t, n in counts.items() if n > 4]
    if five:
        raise HandError(HandProblem.FIVE_TILES, tiles=", ".join(five))
    bad = sorted(n for n in hand.flowers | hand.seasons if not 1 <= n <= 4)
    if bad:
        column = "Flowers" if any(n in hand.flowers for n in bad) else "Seasons"
        raise HandError(HandProblem.BONUS_NUMBER, column, number=bad[0])
    orphans = [s for s in hand.sets if s.kind is SetKind.ORPHANS]
    pairs = [s for s in hand.sets if s.kind is SetKind.PAIR]
    melds = [s for s in hand.sets if s.kind not in (SetKind.PAIR, SetKind.ORPHANS)]
    if len(melds) > 4:
        raise HandError(HandProblem.TOO_MANY_SETS, count=len(melds))
    if hand.limit is not None:
        if not hand.winner:
            raise HandError(HandProblem.LIMIT_NOT_WINNER, "Limit")
        name = limit_name(hand.limit)
        if name == HEAVENLY and hand.seat is not Wind.E:
            raise HandError(HandProblem.HEAVENLY_NOT_EAST, "Limit")
        if name == EARTHLY and hand.seat is Wind.E:
            raise HandError(HandProblem.EARTHLY_EAST, "Limit")
        if name in (HEAVENLY, EARTHLY) and not hand.sets:
            return  # recorded by name; the tiles need not be written
        shown = shown_limits(hand)
        if name not in (HEAVENLY, EARTHLY, *shown):
            concealed = name is FOUR_CONCEALED_PUNGS  # the tiles and Self-drawn, no kong
            problem = HandProblem.LIMIT_NOT_SELF_DRAWN if concealed else HandProblem.LIMIT_NOT_SHOWN
            raise HandError(problem, "Limit", text=hand.limit)
    if orphans and not hand.winner:
        raise HandError(HandProblem.ORPHANS_NOT_WINNER)
    if not hand.winner:
        return
    if not is_complete(hand):
        raise HandError(HandProblem.INCOMPLETE, sets=len(melds), pairs=len(pairs))


def is_complete(hand: HandInput) -> bool:
    """Whether the sets make a complete hand: four sets and a pair, or thirteen orphans.

    >>> from rules.tiles import parse_sets
    >>> is_complete(HandInput("Sol", Wind.S, parse_sets("RRR [555s] 345m 678p 99p")))
    True
    """
    orphans = [s for s in hand.sets if s.kind is SetKind.ORPHANS]
    pairs = [s for s in hand.sets if s.kind is SetKind.PAIR]
    melds = [s for s in hand.sets if s.kind not in (SetKind.PAIR, SetKind.ORPHANS)]
    return (len(orphans) == 1 and len(hand.sets) == 1) or (
        len(melds) == 4 and len(pairs) == 1 and not orphans
    )


def recognised_limit(hand: HandInput) -> LimitHand | None:
    """The limit hand the winner's sets show, if any (heavenly/earthly come by name)."""
    shown = shown_limits(hand)
    return shown[0] if shown else None


def shown_limits(hand: HandInput) -> list[LimitHand]:
    """Every limit hand the sets show, the one scored first (four winds with a pair of
    dragons is all honours too).

    >>> from rules.tiles import parse_sets
    >>> shown_limits(HandInput("Sol", Wind.S, parse_sets("EEE SSS WWW NNN RR")))
    [<LimitHand.FOUR_WINDS: 'four winds'>, <LimitHand.ALL_HONOURS: 'all honours'>]
    """
    sets = hand.sets
    if any(s.kind is SetKind.ORPHANS for s in sets):
        return [THIRTEEN_ORPHANS]
    melds = [s for s in sets if s.kind in (SetKind.PUNG, SetKind.KONG)]
    tiles = [t for s in sets for t in s.tiles]
    pungs = [s for s in sets if s.kind is SetKind.PUNG]
    shows = {
        FOUR_WINDS: {s.first.wind for s in melds} >= {"E", "S", "W", "N"},
        ALL_HONOURS: bool(tiles) and all(t.honour for t in tiles),
        HEADS_AND_TAILS: bool(tiles) and len(melds) == 4 and all(t.terminal for t in tiles),
        FOUR_CONCEALED_PUNGS: len(pungs) == 4
        and all(not s.exposed for s in pungs)
        and not any(s.kind is SetKind.KONG for s in sets)
        and hand.self_drawn,
    }
    return [limit for limit, shown in shows.items() if shown]


def _pair_points(pair: TileSet, seat: Wind, round_wind: Wind, rules: ClassicalRules) -> Item | None:
    tile = pair.first
    if tile.dragon:
        return Item(ItemKind.DRAGON_PAIR, rules.scoring_pair, tile, SetKind.PAIR)
    own, prevailing = tile.wind == seat.value, tile.wind == round_wind.value
    if own and prevailing:
        return Item(ItemKind.OWN_AND_ROUND_WIND_PAIR, rules.double_wind_pair, tile, SetKind.PAIR)
    if own:
        return Item(ItemKind.OWN_WIND_PAIR, rules.scoring_pair, tile, SetKind.PAIR)
    if prevailing:
        return Item(ItemKind.ROUND_WIND_PAIR, rules.scoring_pair, tile, SetKind.PAIR)
    return None


def _set_items(tile_set: TileSet, seat: Wind, round_wind: Wind) -> tuple[Item, list[Item]]:
    """A pung or kong's points, and its doubles (dragons, own wind, round wind)."""
    tile, kind = tile_set.first, tile_set.kind
    key = (kind, tile_set.exposed, tile.terminal_or_honour)
    points = Item(ItemKind.SET, SET_POINTS[key], tile, kind, tile_set.exposed)
    doubles: list[Item] = []
    if tile.dragon:
        doubles.append(Item(ItemKind.DRAGON_SET, 1, tile, kind, tile_set.exposed))
    if tile.wind == seat.value:
        doubles.append(Item(ItemKind.OWN_WIND_SET, 1, tile, kind, tile_set.exposed))
    if tile.wind == round_wind.value:
        doubles.append(Item(ItemKind.ROUND_WIND_SET, 1, tile, kind, tile_set.exposed))
    return points, doubles


def _winner_points(hand: HandInput, round_wind: Wind, rules: ClassicalRules) -> list[Item]:
    """Mah-Jong, self-drawn or the loose tile, a scoring pair, a worthless hand."""
    items = [Item(ItemKind.MAHJONG, rules.mahjong)]
    if hand.loose_tile:
        items.append(Item(ItemKind.LOOSE_TILE, rules.loose_tile))
    elif hand.self_drawn:
        items.append(Item(ItemKind.SELF_DRAWN, rules.self_drawn))
    pair_item = None
    for pair in (s for s in hand.sets if s.kind is SetKind.PAIR):
        pair_item = _pair_points(pair, hand.seat, round_wind, rules)
        if pair_item is not None:
            items.append(pair_item)
    chows = [s for s in hand.sets if s.kind is SetKind.CHOW]
    if len(chows) == 4 and pair_item is None:
        items.append(Item(ItemKind.WORTHLESS_HAND, rules.worthless_hand))
    return items


def score_hand(hand: HandInput, round_wind: Wind, rules: ClassicalRules | None = None) -> HandScore:
    """Score one player's hand (see the module docstring). Raises :class:`HandError`."""
    rules = rules or ClassicalRules()
    check_hand(hand)
    if hand.winner:
        named = limit_name(hand.limit) if hand.limit else None
        limit = named or recognised_limit(hand)
        if limit is not None:
            return HandScore(None, None, rules.limit, limit_hand=limit)

    points: list[Item] = []
    doubles: list[Item] = []
    for tile_set in hand.sets:
        if tile_set.kind in (SetKind.PUNG, SetKind.KONG):
            set_points, set_doubles = _set_items(tile_set, hand.seat, round_wind)
            points.append(set_points)
            doubles.extend(set_doubles)
    for kind, every, numbers in (
        (ItemKind.FLOWERS, ItemKind.ALL_FLOWERS, hand.flowers),
        (ItemKind.SEASONS, ItemKind.ALL_SEASONS, hand.seasons),
    ):
        if numbers:
            points.append(Item(kind, rules.flower * len(numbers), count=len(numbers)))
        if len(numbers) == 4:
            doubles.append(Item(every, 3))

    if hand.winner:
        points.extend(_winner_points(hand, round_wind, rules))
        doubles.extend(_winner_doubles(hand))

    total = sum(i.value for i in points)
    count = sum(i.value for i in doubles)
    raw = total * 2**count
    score = min(raw, rules.limit)
    return HandScore(total, count, score, tuple(points), tuple(doubles), None, raw > rules.limit)


def _winner_doubles(hand: HandInput) -> list[Item]:
    items: list[Item] = []
    sets = hand.sets
    tiles = [t for s in sets for t in s.tiles]
    if hand.last_tile:
        items.append(Item(ItemKind.LAST_TILE, 1))
    if not any(s.kind is SetKind.CHOW for s in sets):
        items.append(Item(ItemKind.NO_CHOWS, 1))
    if all(t.terminal_or_honour for t in tiles):
        items.append(Item(ItemKind.TERMINALS_AND_HONOURS, 1))
    suits = {t.suit for t in tiles if not t.honour}
    if len(suits) == 1:
        if any(t.honour for t in tiles):
            items.append(Item(ItemKind.ONE_SUIT_WITH_HONOURS, 1))
        else:
            items.append(Item(ItemKind.ONE_SUIT, 3))
    covered = {s.first.wind for s in sets if s.kind is not SetKind.CHOW}
    if covered >= {"E", "S", "W", "N"}:
        items.append(Item(ItemKind.ALL_WINDS, 3))
    dragons = {s.first.letter for s in sets if s.kind is not SetKind.CHOW and s.first.dragon}
    if dragons == {"R", "G", "H"}:
        items.append(Item(ItemKind.ALL_DRAGONS, 3))
    return items


def settle(scores: Mapping[Wind, int], winner: Wind | None) -> dict[Wind, int]:
    """Net payments of one hand: everyone pays everyone, the winner pays no one, East pays
    and receives double; no winner settles nothing. The results sum to zero."""
    net = {seat: 0 for seat in scores}
    if winner is None:
        return net
    others = [s for s in scores if s is not winner]
    for seat in others:
        amount = scores[winner] * (2 if Wind.E in (seat, winner) else 1)
        net[seat] -= amount
        net[winner] += amount
    for a, b in itertools.combinations(others, 2):
        difference = (scores[a] - scores[b]) * (2 if Wind.E in (a, b) else 1)
        net[a] += difference
        net[b] -= difference
    return net


def hand_table_problems(hands: Sequence[HandInput]) -> list[tuple[int, HandError]]:
    """Problems of a whole table's hand: (index of the row, what is wrong and in which column).

    Seats E, S, W, N once each; at most one winner; no tile five times on the table; each
    flower and season number held by one player at most.
    """
    problems: list[tuple[int, HandError]] = []
    seats = [h.seat for h in hands]
    for i, h in enumerate(hands):
        if seats.index(h.seat) != i:
            problems.append((i, HandError(HandProblem.SEAT_TWICE, "Seat", seat=h.seat.value)))
    winners = [i for i, h in enumerate(hands) if h.winner]
    for i in winners[1:]:
        problems.append((i, HandError(HandProblem.TWO_WINNERS, "Mahjong")))
    table = tile_counts(s for h in hands for s in h.sets)
    five = sorted(str(t) for t, n in table.items() if n > 4)
    if five:
        problems.append((0, HandError(HandProblem.FIVE_ON_TABLE, tiles=", ".join(five))))
    for column, attr, twice in (
        ("Flowers", "flowers", HandProblem.FLOWER_TWICE),
        ("Seasons", "seasons", HandProblem.SEASON_TWICE),
    ):
        holders: dict[int, int] = {}
        for i, h in enumerate(hands):
            for n in getattr(h, attr):
                if n in holders:
                    problems.append((i, HandError(twice, column, number=n)))
                holders[n] = i
    return problems
