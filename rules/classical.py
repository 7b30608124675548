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
8 + 2 + 20 + 2 = 32 points, 1 double (dragon pung): 64::

    >>> from rules.tiles import parse_sets
    >>> south = HandInput("Sol", Wind.S, parse_sets("RRR [555s] 123m 678p 99p"), winner=True,
    ...                   self_drawn=True)
    >>> score_hand(south, Wind.E).score
    64
    >>> settle({Wind.E: 16, Wind.S: 64, Wind.W: 20, Wind.N: 0}, Wind.S)
    {<Wind.E: 'E'>: -104, <Wind.S: 'S'>: 256, <Wind.W: 'W'>: -36, <Wind.N: 'N'>: -116}
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from rules.tiles import SetKind, TileSet, tile_counts


class Wind(StrEnum):
    """Seats and round winds; East is the dealer."""

    E = "E"
    S = "S"
    W = "W"
    N = "N"


WIND_NAMES = {"E": "east", "S": "south", "W": "west", "N": "north"}

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

HEAVENLY = "heavenly hand"
EARTHLY = "earthly hand"
FOUR_CONCEALED_PUNGS = "four concealed pungs"
FOUR_WINDS = "four winds"
ALL_HONOURS = "all honours"
HEADS_AND_TAILS = "heads and tails"
THIRTEEN_ORPHANS = "thirteen orphans"

#: Names accepted in the ``Limit`` column (case-insensitive), English and Norwegian.
LIMIT_NAMES: dict[str, str] = {
    "heavenly": HEAVENLY,
    "heavenly hand": HEAVENLY,
    "himmelsk": HEAVENLY,
    "himmelsk velsignelse": HEAVENLY,
    "earthly": EARTHLY,
    "earthly hand": EARTHLY,
    "jordisk": EARTHLY,
    "jordisk velsignelse": EARTHLY,
    "four concealed pungs": FOUR_CONCEALED_PUNGS,
    "de tre store mesterne": FOUR_CONCEALED_PUNGS,
    "four winds": FOUR_WINDS,
    "de fire velsignelsene": FOUR_WINDS,
    "all honours": ALL_HONOURS,
    "all honors": ALL_HONOURS,
    "stor honørhånd": ALL_HONOURS,
    "heads and tails": HEADS_AND_TAILS,
    "hode og hale": HEADS_AND_TAILS,
    "thirteen orphans": THIRTEEN_ORPHANS,
    "de tretten undre": THIRTEEN_ORPHANS,
}


class HandError(ValueError):
    """A hand that cannot be scored; ``column`` names the workbook column at fault."""

    def __init__(self, message: str, column: str = "Sets") -> None:
        super().__init__(message)
        self.column = column


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


@dataclass(frozen=True)
class Item:
    """One line of a breakdown: what it is and what it is worth (points or doubles)."""

    label: str
    value: int


@dataclass(frozen=True)
class HandScore:
    """A hand's score; ``points`` and ``doubles`` are None for a limit hand."""

    points: int | None
    doubles: int | None
    score: int
    point_items: tuple[Item, ...] = ()
    double_items: tuple[Item, ...] = ()
    limit_hand: str | None = None
    capped: bool = False

    @property
    def breakdown(self) -> str:
        """The score as a referee reads it out."""
        if self.limit_hand is not None:
            return f"limit hand: {self.limit_hand} = {self.score}"
        points = "; ".join(f"{i.label} {i.value}" for i in self.point_items) or "no points"
        doubles = self.doubles or 0
        if doubles:
            listed = ", ".join(
                i.label if i.value == 1 else f"{i.label} ({i.value})" for i in self.double_items
            )
            word = "double" if doubles == 1 else "doubles"
            text = f"{points}; {doubles} {word}: {listed}; {self.points} × {2**doubles}"
            uncapped = (self.points or 0) * 2**doubles
            if self.capped:
                return f"{text} = {uncapped}, capped at the limit: {self.score}"
            return f"{text} = {self.score}"
        return f"{points} = {self.score} (no doubles)"


def _set_label(tile_set: TileSet) -> str:
    how = "exposed" if tile_set.exposed else "concealed"
    return f"{how} {tile_set.kind.value} of {tile_set.first.describe()}"


def limit_name(text: str) -> str:
    """The limit hand a ``Limit`` cell names; raises :class:`HandError` for an unknown name."""
    name = LIMIT_NAMES.get(" ".join(text.strip().casefold().split()))
    if name is None:
        known = "heavenly, earthly, four concealed pungs, four winds, all honours,"
        raise HandError(
            f"{text!r} is not a limit hand; known: {known} heads and tails, thirteen orphans",
            "Limit",
        )
    return name


def check_hand(hand: HandInput) -> None:
    """Raise :class:`HandError` when the row cannot be a real hand."""
    counts = tile_counts(hand.sets)
    five = [str(t) for t, n in counts.items() if n > 4]
    if five:
        raise HandError(f"more than four {', '.join(five)} in one hand")
    bad = sorted(n for n in hand.flowers | hand.seasons if not 1 <= n <= 4)
    if bad:
        column = "Flowers" if any(n in hand.flowers for n in bad) else "Seasons"
        raise HandError(f"flowers and seasons are numbered 1 to 4, not {bad[0]}", column)
    orphans = [s for s in hand.sets if s.kind is SetKind.ORPHANS]
    pairs = [s for s in hand.sets if s.kind is SetKind.PAIR]
    melds = [s for s in hand.sets if s.kind not in (SetKind.PAIR, SetKind.ORPHANS)]
    if len(melds) > 4:
        raise HandError(f"{len(melds)} sets: a hand has at most four sets and a pair")
    if hand.limit is not None:
        if not hand.winner:
            raise HandError("only the winner's hand can be a limit hand", "Limit")
        name = limit_name(hand.limit)
        if name == HEAVENLY and hand.seat is not Wind.E:
            raise HandError("a heavenly hand is East's: East wins on the dealt 14", "Limit")
        if name == EARTHLY and hand.seat is Wind.E:
            raise HandError("an earthly hand wins on East's first discard: not East", "Limit")
        if name in (HEAVENLY, EARTHLY) and not hand.sets:
            return  # recorded by name; the tiles need not be written
    if orphans and not hand.winner:
        raise HandError("thirteen orphans is a winning hand: only the winner can have it")
    if not hand.winner:
        return
    complete = (len(orphans) == 1 and len(hand.sets) == 1) or (
        len(melds) == 4 and len(pairs) == 1 and not orphans
    )
    if not complete:
        raise HandError(
            "the winner's sets do not make a complete hand: four sets and a pair, or thirteen"
            f" orphans (found {len(melds)} set(s) and {len(pairs)} pair(s))"
        )


def recognised_limit(hand: HandInput) -> str | None:
    """The limit hand the winner's sets show, if any (heavenly/earthly come by name)."""
    sets = hand.sets
    if any(s.kind is SetKind.ORPHANS for s in sets):
        return THIRTEEN_ORPHANS
    melds = [s for s in sets if s.kind in (SetKind.PUNG, SetKind.KONG)]
    tiles = [t for s in sets for t in s.tiles]
    if {s.first.wind for s in melds} >= {"E", "S", "W", "N"}:
        return FOUR_WINDS
    if tiles and all(t.honour for t in tiles):
        return ALL_HONOURS
    if tiles and len(melds) == 4 and all(t.terminal for t in tiles):
        return HEADS_AND_TAILS
    pungs = [s for s in sets if s.kind is SetKind.PUNG]
    if (
        len(pungs) == 4
        and all(not s.exposed for s in pungs)
        and not any(s.kind is SetKind.KONG for s in sets)
        and hand.self_drawn
    ):
        return FOUR_CONCEALED_PUNGS
    return None


def _pair_points(pair: TileSet, seat: Wind, round_wind: Wind, rules: ClassicalRules) -> Item | None:
    tile = pair.first
    if tile.dragon:
        return Item(f"pair of {tile.describe()}", rules.scoring_pair)
    own, prevailing = tile.wind == seat.value, tile.wind == round_wind.value
    if own and prevailing:
        return Item(f"pair of {tile.describe()} (own and round wind)", rules.double_wind_pair)
    if own:
        return Item(f"pair of {tile.describe()} (own wind)", rules.scoring_pair)
    if prevailing:
        return Item(f"pair of {tile.describe()} (round wind)", rules.scoring_pair)
    return None


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
            key = (tile_set.kind, tile_set.exposed, tile_set.first.terminal_or_honour)
            points.append(Item(_set_label(tile_set), SET_POINTS[key]))
            tile = tile_set.first
            what = tile_set.kind.value
            if tile.dragon:
                doubles.append(Item(f"{what} of {tile.describe()}", 1))
            if tile.wind == hand.seat.value:
                doubles.append(Item(f"{what} of own wind", 1))
            if tile.wind == round_wind.value:
                doubles.append(Item(f"{what} of round wind", 1))
    for name, numbers in (("flower", hand.flowers), ("season", hand.seasons)):
        if numbers:
            count = len(numbers)
            label = f"{count} {name}{'s' if count > 1 else ''}"
            points.append(Item(label, rules.flower * count))
        if len(numbers) == 4:
            doubles.append(Item(f"all four {name}s", 3))

    if hand.winner:
        points.append(Item("Mah-Jong", rules.mahjong))
        if hand.loose_tile:
            points.append(Item("loose tile", rules.loose_tile))
        elif hand.self_drawn:
            points.append(Item("self-drawn", rules.self_drawn))
        pair_item = None
        for pair in (s for s in hand.sets if s.kind is SetKind.PAIR):
            pair_item = _pair_points(pair, hand.seat, round_wind, rules)
            if pair_item is not None:
                points.append(pair_item)
        chows = [s for s in hand.sets if s.kind is SetKind.CHOW]
        if len(chows) == 4 and pair_item is None:
            points.append(Item("worthless hand", rules.worthless_hand))
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
        items.append(Item("Mah-Jong on the last tile", 1))
    if not any(s.kind is SetKind.CHOW for s in sets):
        items.append(Item("no chows", 1))
    if all(t.terminal_or_honour for t in tiles):
        items.append(Item("only terminals and honours", 1))
    suits = {t.suit for t in tiles if not t.honour}
    if len(suits) == 1:
        if any(t.honour for t in tiles):
            items.append(Item("one suit with honours", 1))
        else:
            items.append(Item("one suit only", 3))
    covered = {s.first.wind for s in sets if s.kind is not SetKind.CHOW}
    if covered >= {"E", "S", "W", "N"}:
        items.append(Item("all four winds", 3))
    dragons = {s.first.letter for s in sets if s.kind is not SetKind.CHOW and s.first.dragon}
    if dragons == {"R", "G", "H"}:
        items.append(Item("all three dragons", 3))
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


def hand_table_problems(hands: Sequence[HandInput]) -> list[tuple[int, str, str]]:
    """Problems of a whole table's hand: (index of the row, column, message).

    Seats E, S, W, N once each; at most one winner; no tile five times on the table; each
    flower and season number held by one player at most.
    """
    problems: list[tuple[int, str, str]] = []
    seats = [h.seat for h in hands]
    for i, h in enumerate(hands):
        if seats.index(h.seat) != i:
            problems.append(
                (i, "Seat", f"seat {h.seat.value} is taken twice; seats are E, S, W, N once each")
            )
    winners = [i for i, h in enumerate(hands) if h.winner]
    for i in winners[1:]:
        problems.append((i, "Mahjong", "two winners in one hand; mark only who went Mah-Jong"))
    table = tile_counts(s for h in hands for s in h.sets)
    five = sorted(str(t) for t, n in table.items() if n > 4)
    if five:
        problems.append((0, "Sets", f"more than four {', '.join(five)} on the table"))
    for column, attr in (("Flowers", "flowers"), ("Seasons", "seasons")):
        holders: dict[int, int] = {}
        for i, h in enumerate(hands):
            for n in getattr(h, attr):
                if n in holders:
                    problems.append(
                        (i, column, f"{column.lower()[:-1]} {n} is also held by another player")
                    )
                holders[n] = i
    return problems
