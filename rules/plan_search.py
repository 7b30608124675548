"""Finding foursomes whose pair meetings come out even: the search behind a season's plan.

:func:`rules.schedule.make_schedule` decides how many games each member still plays; this
module chooses who sits together. Members are numbers ``0 … n-1`` here; ``meetings[a][b]``
counts how often ``a`` and ``b`` have met, in the played games and the planned ones.

**More even** means: a smaller sum of the squared meeting counts (with the total fixed, the
sum is smallest when the counts are closest together), or the same sum and a smaller sum of
the fourth powers of each count's distance from the mean (fewer pairs far out).

1. :func:`first_tables` seats the games one by one, always taking the members with the most
   games still to play (so the counts can always be met), and among equals those who have met
   the table least.
2. :func:`even_out` exchanges members between two planned games, which keeps every member's
   number of games: simulated annealing on the sum of squares for a number of steps that
   grows with the games, stopping at once when the sum reaches :func:`fewest_squares` (then
   no plan is more even); then random exchanges that make the meetings more even or keep
   them; then every exchange in turn until none makes them more even.

So the tables returned are *settled*: no exchange of two members between two planned games
makes the meetings more even. The search is deterministic (a fixed seed, no iteration over
sets) and exact (integers only).

    >>> meetings = [[0] * 5 for _ in range(5)]
    >>> tables = even_out(first_tables([4] * 5, meetings, 5), meetings)
    >>> sorted(sorted(t) for t in tables)
    [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 3, 4], [0, 2, 3, 4], [1, 2, 3, 4]]
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
from collections.abc import Iterator, Sequence

#: The annealing takes STEPS_PER_GAME steps per planned game, at most MAX_STEPS (a division
#: of 20 meeting three times: 385,000 steps; it finds a perfect plan after about 150,000).
MAX_STEPS = 400_000
STEPS_PER_GAME = 4_000
START_TEMPERATURE = 0.6
END_TEMPERATURE = 0.1
POLISH_PATIENCE = 20_000


def first_tables(
    games_each: Sequence[int], meetings: list[list[int]], games: int
) -> list[list[int]]:
    """``games`` foursomes in which member ``i`` sits ``games_each[i]`` times.

    Needs ``sum(games_each) == 4 * games`` and no member above ``games``. Adds the new
    tables' meetings to ``meetings``.
    """
    left = list(games_each)
    tables: list[list[int]] = []
    for number in range(games):
        still = games - number
        table = [i for i, count in enumerate(left) if count == still]
        while len(table) < 4:
            pool = [i for i, count in enumerate(left) if count > 0 and i not in table]
            table.append(min(pool, key=lambda i: (-left[i], sum(meetings[i][j] for j in table), i)))
        for i in table:
            left[i] -= 1
        for a, b in itertools.combinations(table, 2):
            meetings[a][b] += 1
            meetings[b][a] += 1
        tables.append(table)
    return tables


def fewest_squares(played: Sequence[int], added: int) -> int:
    """The smallest sum of squared meeting counts if ``added`` meetings went to any pairs.

    Water-filling: each added meeting goes to a pair that has met least. No plan can do
    better, so the search stops when it reaches this.

    >>> fewest_squares([0, 0, 2], 2)  # the two meetings go to the pairs that never met
    6
    """
    heap = list(played)
    heapq.heapify(heap)
    for _ in range(added):
        heapq.heapreplace(heap, heap[0] + 1)
    return sum(v * v for v in heap)


def even_out(tables: list[list[int]], meetings: list[list[int]], seed: int = 0) -> list[list[int]]:
    """The tables rearranged so that the meetings come out as even as the search finds.

    ``meetings`` counts the played games and ``tables`` together; it is left counting the
    played games and the tables returned, which are settled (see the module docstring).
    """
    if len(tables) < 2:
        return tables
    search = _Search(tables, meetings, random.Random(seed))
    search.anneal()
    search.polish()
    search.settle()
    return search.tables


class _Search:
    """The tables, who sits where, and the meeting counts, changed one exchange at a time."""

    def __init__(self, tables: list[list[int]], meetings: list[list[int]], rng: random.Random):
        self.tables = [list(t) for t in tables]
        self.meetings = meetings
        self.rng = rng
        self.n = len(meetings)
        self.where: list[list[int]] = [[] for _ in range(self.n)]
        for index, table in enumerate(self.tables):
            for member in table:
                self.where[member].append(index)
        played = [meetings[a][b] for a, b in itertools.combinations(range(self.n), 2)]
        for table in self.tables:  # take the tables' own meetings off again
            for a, b in itertools.combinations(sorted(table), 2):
                played[_pair_index(a, b, self.n)] -= 1
        self.floor = fewest_squares(played, 6 * len(self.tables))
        self.squares = self.total_squares()
        self.pairs = len(played)
        self.meetings_total = sum(played) + 6 * len(self.tables)

    def total_squares(self) -> int:
        """The sum of every pair's meeting count squared."""
        m = self.meetings
        return sum(m[a][b] ** 2 for a, b in itertools.combinations(range(self.n), 2))

    def anneal(self) -> None:
        """Simulated annealing on the sum of squares; keeps the best tables seen."""
        steps = min(MAX_STEPS, STEPS_PER_GAME * len(self.tables) + 5_000)
        best, best_tables = self.squares, [list(t) for t in self.tables]
        ratio = END_TEMPERATURE / START_TEMPERATURE
        for step in range(steps):
            if self.squares <= self.floor:
                break
            move = self.propose()
            if move is None:
                continue
            change = self.change(move)
            if change > 0:
                temperature = START_TEMPERATURE * ratio ** (step / steps)
                if self.rng.random() >= math.exp(-change / temperature):
                    continue
            self.apply(move)
            self.squares += change
            if self.squares < best:
                best, best_tables = self.squares, [list(t) for t in self.tables]
        self.restore(best_tables)

    def polish(self) -> None:
        """Random exchanges that make the meetings more even or keep them, while any helps."""
        if self.squares <= self.floor:
            return
        idle = 0
        for _ in range(MAX_STEPS):
            if idle >= POLISH_PATIENCE:
                break
            move = self.propose()
            idle += 1
            if move is None:
                continue
            change = (self.change(move), self.spread_change(move))
            if change <= (0, 0):
                self.apply(move)
                self.squares += change[0]
                idle = 0 if change < (0, 0) else idle

    def settle(self) -> None:
        """Every exchange in turn, until none makes the meetings more even."""
        changed = self.squares > self.floor
        while changed:
            changed = False
            for move in self.exchanges():
                change = self.change(move)
                if change < 0 or (change == 0 and self.spread_change(move) < 0):
                    self.apply(move)
                    self.squares += change
                    changed = True

    def exchanges(self) -> Iterator[tuple[int, int, int, int]]:
        """Every exchange of two members between two tables (as the tables are when asked)."""
        tables = self.tables
        for i, j in itertools.combinations(range(len(tables)), 2):
            for x, y in itertools.product(range(4), range(4)):
                a, b = tables[i][x], tables[j][y]
                if a not in tables[j] and b not in tables[i]:
                    yield i, a, j, b

    def propose(self) -> tuple[int, int, int, int] | None:
        """An exchange (table i, member leaving it, table j, member leaving j), or None.

        Half the time aimed: a member and one of those they have met least are brought
        together; otherwise at random.
        """
        draw, n, tables, where = self.rng.random, self.n, self.tables, self.where
        if draw() < 0.5:
            a = int(draw() * n)
            row = self.meetings[a]
            low = min(row[y] for y in range(n) if y != a)
            ys = [y for y in range(n) if y != a and row[y] == low]
            b = ys[int(draw() * len(ys))]
            if not where[a] or not where[b]:
                return None
            i = where[a][int(draw() * len(where[a]))]
            j = where[b][int(draw() * len(where[b]))]
            if b in tables[i] or a in tables[j]:
                return None
            leaving = [x for x in tables[i] if x != a and x not in tables[j]]
            return (i, leaving[int(draw() * len(leaving))], j, b) if leaving else None
        i = int(draw() * len(tables))
        x = tables[i][int(draw() * 4)]
        b = int(draw() * n)
        if b in tables[i] or not where[b]:
            return None
        j = where[b][int(draw() * len(where[b]))]
        return None if x in tables[j] else (i, x, j, b)

    def change(self, move: tuple[int, int, int, int]) -> int:
        """How the sum of squared meeting counts changes if ``move`` is made.

        ``x`` leaves table ``i`` for ``j`` and ``y`` leaves ``j`` for ``i``; members sitting
        at both tables keep their meetings, every other pair changes by exactly one:
        ``(v + 1)^2 - v^2 = 2v + 1`` and ``(v - 1)^2 - v^2 = 1 - 2v``.
        """
        i, x, j, y = move
        mx, my = self.meetings[x], self.meetings[y]
        ti, tj = self.tables[i], self.tables[j]
        total = 0
        for z in ti:
            if z != x and z not in tj:
                total += my[z] - mx[z] + 1
        for z in tj:
            if z != y and z not in ti:
                total += mx[z] - my[z] + 1
        return 2 * total

    def spread_change(self, move: tuple[int, int, int, int]) -> int:
        """How the fourth powers of the meetings' distances from their mean change.

        The distances are taken times the number of pairs, to stay whole numbers.
        """
        i, x, j, y = move
        mx, my = self.meetings[x], self.meetings[y]
        ti, tj = self.tables[i], self.tables[j]
        total, scale, mean = 0, self.pairs, self.meetings_total
        for z in ti:
            if z != x and z not in tj:
                total += _step(mx[z], -1, scale, mean) + _step(my[z], 1, scale, mean)
        for z in tj:
            if z != y and z not in ti:
                total += _step(my[z], -1, scale, mean) + _step(mx[z], 1, scale, mean)
        return total

    def apply(self, move: tuple[int, int, int, int]) -> None:
        """Make the exchange: ``x`` and ``y`` swap tables ``i`` and ``j``."""
        i, x, j, y = move
        m = self.meetings
        for z in self.tables[i]:
            if z != x and z not in self.tables[j]:
                _add(m, x, z, -1)
                _add(m, y, z, 1)
        for z in self.tables[j]:
            if z != y and z not in self.tables[i]:
                _add(m, y, z, -1)
                _add(m, x, z, 1)
        self.tables[i][self.tables[i].index(x)] = y
        self.tables[j][self.tables[j].index(y)] = x
        self.where[x].remove(i)
        self.where[x].append(j)
        self.where[y].remove(j)
        self.where[y].append(i)

    def restore(self, tables: list[list[int]]) -> None:
        """Go back to ``tables`` (the best seen), recounting the meetings."""
        for table in self.tables:
            for a, b in itertools.combinations(table, 2):
                _add(self.meetings, a, b, -1)
        self.tables = tables
        self.where = [[] for _ in range(self.n)]
        for index, table in enumerate(tables):
            for member in table:
                self.where[member].append(index)
            for a, b in itertools.combinations(table, 2):
                _add(self.meetings, a, b, 1)
        self.squares = self.total_squares()


def _step(value: int, by: int, scale: int, mean: int) -> int:
    """The change of ``(scale x value - mean)^4`` when ``value`` changes by ``by``."""
    return (scale * (value + by) - mean) ** 4 - (scale * value - mean) ** 4


def _add(meetings: list[list[int]], a: int, b: int, by: int) -> None:
    meetings[a][b] += by
    meetings[b][a] += by


def _pair_index(a: int, b: int, n: int) -> int:
    """The position of pair ``a < b`` in ``itertools.combinations(range(n), 2)``."""
    return a * n - a * (a + 1) // 2 + (b - a - 1)
