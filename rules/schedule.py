"""The division's planned games: matching played games to the plan, and making a plan.

A played game matches a planned foursome when it has the same four members (a substituted
member still counts: the row stays under their name). Each played game uses up one planned
game, so a foursome planned twice can be played twice.

A balanced plan (``make_schedule``): every member plays the same number of games and every
pair of members meets as evenly as possible. Divisions of 5 or 6 play every foursome once
(5 games of which each member plays 4; or 15 games, 10 each, every pair meeting 6 times).
Larger divisions play ``games_per_player`` games each (default: the smallest number at least
``members - 1`` that fills whole tables).

Example::

    >>> plan = make_schedule(["A", "B", "C", "D", "E"])
    >>> len(plan), sorted({sum(p in g for g in plan) for p in "ABCDE"})
    (5, [4])
"""

from __future__ import annotations

import datetime as dt
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.model import Game


@dataclass(frozen=True)
class PlannedGame:
    """A planned foursome of one division; ``label`` is its number in the plan."""

    division: str
    label: str
    players: tuple[str, str, str, str]
    row: int | None = None

    @property
    def members(self) -> frozenset[str]:
        """The four members, in no order."""
        return frozenset(self.players)


@dataclass(frozen=True)
class PlanStatus:
    """A planned game and the played game that matched it (None: still to play)."""

    planned: PlannedGame
    game_id: str | None = None
    date: dt.date | None = None

    @property
    def played(self) -> bool:
        """True when a played game matched this planned game."""
        return self.game_id is not None


def match_schedule(
    planned: Sequence[PlannedGame], games: Iterable[Game]
) -> tuple[list[PlanStatus], list[Game]]:
    """Match played games to planned ones (in date order); returns statuses and unmatched games."""
    statuses = [PlanStatus(p) for p in planned]
    open_by_key: dict[tuple[str, frozenset[str]], list[int]] = {}
    for index, plan in enumerate(planned):
        open_by_key.setdefault((plan.division, plan.members), []).append(index)
    unmatched: list[Game] = []
    ordered = sorted(games, key=lambda g: (g.date or dt.date.min, _id_key(g.id)))
    for game in ordered:
        key = (game.division, frozenset(s.player for s in game.seats))
        slots = open_by_key.get(key)
        if not slots:
            unmatched.append(game)
            continue
        index = slots.pop(0)
        statuses[index] = PlanStatus(planned[index], game.id, game.date)
    return statuses, unmatched


def _id_key(game_id: str) -> tuple[int, int, str]:
    return (0, int(game_id), "") if game_id.isdigit() else (1, 0, game_id)


def default_games_per_player(members: int) -> int:
    """The smallest number of games per member, at least ``members - 1``, filling tables."""
    games = max(1, members - 1)
    while (members * games) % 4:
        games += 1
    return games


def make_schedule(
    members: Sequence[str], games_per_player: int | None = None, seed: int = 0
) -> list[tuple[str, str, str, str]]:
    """A balanced plan of foursomes for one division (see the module docstring).

    Every member plays exactly the same number of games. Raises ValueError when that is
    impossible (members x games_per_player not divisible by 4) or fewer than 4 members.
    """
    players = list(members)
    n = len(players)
    if n < 4:
        raise ValueError(f"a division of {n} cannot play: a game needs four members")
    if games_per_player is None and n <= 6:
        return _order_for_balance([tuple(c) for c in itertools.combinations(players, 4)])
    per_player = games_per_player or default_games_per_player(n)
    if (n * per_player) % 4:
        raise ValueError(
            f"{n} members cannot each play {per_player} games at tables of four"
            f" ({n} x {per_player} is not a multiple of 4)"
        )
    total = n * per_player // 4
    counts = Counter({p: 0 for p in players})
    pairs: Counter[frozenset[str]] = Counter()
    plan: list[tuple[str, str, str, str]] = []
    for _ in range(total):
        low = min(counts.values())
        must = [p for p in players if counts[p] == low]
        if len(must) >= 4:
            fixed: list[str] = []
            pool = must
        else:
            fixed = must
            pool = [p for p in players if counts[p] == low + 1]
        need = 4 - len(fixed)
        best = min(
            itertools.combinations(pool, need),
            key=lambda extra: _pair_cost(fixed + list(extra), pairs),
        )
        table = tuple(fixed + list(best))
        plan.append(table)  # type: ignore[arg-type]
        for p in table:
            counts[p] += 1
        for a, b in itertools.combinations(table, 2):
            pairs[frozenset((a, b))] += 1
    _even_out_pairs(plan, random.Random(seed))
    return [tuple(sorted(t, key=players.index)) for t in plan]  # type: ignore[misc]


def _pair_cost(table: Sequence[str], pairs: Counter[frozenset[str]]) -> int:
    return sum(pairs[frozenset((a, b))] ** 2 for a, b in itertools.combinations(table, 2))


def _pair_counts(plan: Sequence[Sequence[str]]) -> Counter[frozenset[str]]:
    pairs: Counter[frozenset[str]] = Counter()
    for table in plan:
        for a, b in itertools.combinations(table, 2):
            pairs[frozenset((a, b))] += 1
    return pairs


def pair_spread(plan: Sequence[Sequence[str]], members: Sequence[str]) -> tuple[int, int]:
    """The fewest and most times any two members meet in ``plan``."""
    pairs = _pair_counts(plan)
    counts = [pairs[frozenset(p)] for p in itertools.combinations(members, 2)]
    return (min(counts), max(counts)) if counts else (0, 0)


def _even_out_pairs(
    plan: list[tuple[str, str, str, str]], rng: random.Random, rounds: int = 60000
) -> None:
    """Swap players between games while pair meetings get more even (sum of squares).

    Sideways moves (no change) are accepted too, to walk across plateaus; the search stops
    early once every two members meet within one time of each other.
    """
    if len(plan) < 2:
        return
    pairs = _pair_counts(plan)
    members = sorted({p for t in plan for p in t})
    all_pairs = [frozenset(c) for c in itertools.combinations(members, 2)]

    def spread() -> int:
        counts = [pairs[p] for p in all_pairs]
        return max(counts) - min(counts)

    for step in range(rounds):
        if step % 500 == 0 and spread() <= 1:
            return
        i, j = rng.sample(range(len(plan)), 2)
        a = rng.choice(plan[i])
        b = rng.choice(plan[j])
        if a in plan[j] or b in plan[i]:
            continue
        change: Counter[frozenset[str]] = Counter()
        for x in plan[i]:
            if x != a:
                change[frozenset((a, x))] -= 1
                change[frozenset((b, x))] += 1
        for y in plan[j]:
            if y != b:
                change[frozenset((b, y))] -= 1
                change[frozenset((a, y))] += 1
        delta = sum((pairs[k] + d) ** 2 - pairs[k] ** 2 for k, d in change.items() if d)
        if delta <= 0:
            plan[i] = tuple(b if p == a else p for p in plan[i])  # type: ignore[assignment]
            plan[j] = tuple(a if p == b else p for p in plan[j])  # type: ignore[assignment]
            for k, d in change.items():
                pairs[k] += d


def _order_for_balance(tables: list[tuple[str, ...]]) -> list[tuple[str, str, str, str]]:
    """Order games so that at any point the members have played about equally often."""
    counts: Counter[str] = Counter()
    ordered: list[tuple[str, str, str, str]] = []
    left = list(tables)
    while left:
        best = min(left, key=lambda t: (sum(counts[p] for p in t), left.index(t)))
        left.remove(best)
        ordered.append(best)  # type: ignore[arg-type]
        counts.update(best)
    return ordered
