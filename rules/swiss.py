"""Swiss seating: the next session seated by the ranking, without repeat meetings where a
small move avoids them.

In club language: after each session the field is seated by the ranking so far, the top
four at table 1, the next four at table 2, and so on: the leaders play each other. Players
near each other in the ranking often met already, though; the club would rather not seat
two players together a second time if moving someone one table up or down avoids it. So,
after seating by the ranking, two players at neighbouring tables swap seats when the swap
lowers the number of repeat meetings. Team-mates and players of one club are not moved apart
here, unlike in the drawn sessions: in a Swiss session the ranking decides who plays whom,
and only a second meeting is worth moving a player for. The swaps start at the boundary between
the tables (the last of the upper table with the first of the lower one), so the players who
move are the ones nearest in the ranking. Only when neighbouring tables cannot remove every
repeat do players move two tables, and nobody moves further.

A worked example: eight players ranked A to H who sat A B C D and E F G H in session 1.
By the ranking alone, session 2 would seat the same two tables again: 12 repeat meetings.
Swapping D with E and then C with F (the players at the boundary) leaves 4, the fewest two
tables of four can have, and the ranking's top two (A, B) still sit at table 1:

    >>> played = (("A", "B", "C", "D"), ("E", "F", "G", "H"))
    >>> session = swiss_session("ABCDEFGH", [played])
    >>> [sorted(t) for t in session]
    [['A', 'B', 'E', 'F'], ['C', 'D', 'G', 'H']]
    >>> from rules.draw import repeat_count
    >>> repeat_count([played, session])
    4
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.draw import Entrant, PairCosts, Session, meetings

#: How far a player may move from the table the ranking gives them: first one table, then
#: two when one did not remove every repeat.
WINDOWS = (1, 2)
#: Passes of swaps for each window (a pass that swaps nothing ends it).
PASSES = 20


def swiss_session(ranking: Sequence[str], played: Sequence[Session]) -> Session:
    """The next session: ``ranking`` (best first; a multiple of four) in tables of four,
    then swaps between tables at most :data:`WINDOWS` apart that lower the number of repeat
    meetings. The winds are in ranking order; :func:`rules.draw.balance_winds` sets them."""
    # a pair that met before costs one repeat however often it met (a third meeting is one
    # more repeat meeting, as a second is): each swap then lowers the count of repeats itself
    met = Counter(dict.fromkeys(meetings(played), 1))
    costs = PairCosts([Entrant(n) for n in ranking], met)
    tables = [list(range(i, i + 4)) for i in range(0, len(ranking), 4)]
    for window in WINDOWS:
        for _ in range(PASSES):
            if not any(_swap_once(tables, costs, x, window) for x in range(len(tables))):
                break
        if all(costs.table(t) == 0 for t in tables):
            break
    return tuple((ranking[a], ranking[b], ranking[c], ranking[d]) for a, b, c, d in tables)


def _swap_once(tables: list[list[int]], costs: PairCosts, x: int, window: int) -> bool:
    """Make the first swap that lowers the cost between table ``x`` and a table below it at
    most ``window`` away, trying the upper table's lowest-ranked players first and the lower
    table's highest first; whether one was made. Nobody ends more than ``window`` tables
    from the table their ranking gives them (player ``p`` of the ranking: table ``p // 4``),
    so swaps cannot carry a player further and further down."""
    for y in range(x + 1, min(x + window, len(tables) - 1) + 1):
        one, two = tables[x], tables[y]
        for i in sorted(range(4), key=lambda k: -one[k]):
            for j in sorted(range(4), key=lambda k: two[k]):
                p, q = one[i], two[j]
                if abs(p // 4 - y) > window or abs(q // 4 - x) > window:
                    continue
                if costs.swap_gain(one, i, two, j) > 0:
                    one[i], two[j] = q, p
                    return True
    return False
