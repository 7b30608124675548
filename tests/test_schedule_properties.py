"""Properties of the season's plan (rules.md 1.4, ``rules.schedule.make_schedule``).

For random divisions and random games already played (even or not), the plan and the played
games together:

- seat four different members at every planned game;
- reach at least the season's games (``season_games``) and give every member the same number
  of games or one more (a division of four: the played differences stay);
- do so with the fewest further games (checked against an independent count);
- leave the meetings *settled*: no exchange of two members between two planned games makes
  them more even (a smaller sum of squares, or the same and smaller fourth powers of the
  distances from the mean);
- come out the same every time.

With nothing played, the meetings are exactly ``meetings`` for every pair whenever the
numbers allow it (divisions of 4 to 20 meeting 1 to 4 times), and never more than 2 apart.
"""

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.schedule import games_each, make_schedule, pair_meetings, season_games


def names(n):
    return [f"P{i:02d}" for i in range(1, n + 1)]


@st.composite
def divisions(draw, most=9):
    """A division, how often pairs meet, and games played: at random, or mostly by a few."""
    n = draw(st.integers(4, most))
    members = names(n)
    meetings = draw(st.integers(1, 4))
    players = members
    if draw(st.booleans()):  # some members played much more than others
        players = members[: draw(st.integers(4, n))]
    foursome = st.lists(st.sampled_from(players), min_size=4, max_size=4, unique=True)
    played = draw(st.lists(foursome.map(tuple), max_size=season_games(n, meetings) + 4))
    return members, meetings, played


def can_even_out(played, games):
    """Whether ``games`` further games can leave every member within one game of the others.

    Independent of the rule's own count: try every level L (everyone ends at L or L + 1).
    """
    n, seats = len(played), 4 * games
    for level in range(min(played), max(played) + games + 1):
        if max(played) > level + 1:
            continue
        higher = sum(played) + seats - n * level  # members ending at L + 1
        if not sum(p == level + 1 for p in played) <= higher <= n:
            continue
        order = sorted(played, reverse=True)  # the L + 1 seats to those who played most
        further = [level + 1 - p for p in order[:higher]] + [level - p for p in order[higher:]]
        if max(further) <= games:
            return True
    return False


def evenness(games, members):
    counts = list(pair_meetings(games, members).values())
    pairs, total = len(counts), sum(counts)
    return sum(c * c for c in counts), sum((pairs * c - total) ** 4 for c in counts)


def more_even_exchange(played, plan, members):
    """An exchange of two members between two planned games that makes meetings more even."""
    now = evenness([*played, *plan], members)
    for i, j in itertools.combinations(range(len(plan)), 2):
        for a, b in itertools.product(plan[i], plan[j]):
            if a in plan[j] or b in plan[i]:
                continue
            changed = list(plan)
            changed[i] = tuple(b if p == a else p for p in plan[i])
            changed[j] = tuple(a if p == b else p for p in plan[j])
            if evenness([*played, *changed], members) < now:
                return i, a, j, b
    return None


def check_plan(members, meetings, played, plan):
    n = len(members)
    assert all(len(set(t)) == 4 and set(t) <= set(members) for t in plan)
    before = games_each(played, members)
    after = games_each([*played, *plan], members)
    target = season_games(n, meetings)
    assert sum(after) >= 4 * target
    if n > 4:
        assert max(after) - min(after) <= 1, after
    else:
        assert len({a - b for a, b in zip(after, before, strict=True)}) == 1
    start = max(0, math.ceil((4 * target - sum(before)) / 4))
    assert len(plan) >= start
    for fewer in range(start, len(plan)):
        assert not can_even_out(before, fewer), f"{fewer} games would do"


@given(divisions())
@settings(max_examples=25)
def test_the_plan_evens_out_games_with_the_fewest_further_games(division):
    members, meetings, played = division
    plan = make_schedule(members, played, meetings)
    check_plan(members, meetings, played, plan)
    assert more_even_exchange(played, plan, members) is None
    assert make_schedule(members, played, meetings) == plan


@pytest.mark.slow
@given(divisions(most=14))
@settings(max_examples=150)
def test_the_plan_evens_out_games_long_run(division):
    members, meetings, played = division
    plan = make_schedule(members, played, meetings)
    check_plan(members, meetings, played, plan)
    if len(plan) <= 30:
        assert more_even_exchange(played, plan, members) is None


def design_exists(n, meetings):
    """Every pair can meet exactly ``meetings`` times (Hanani: for tables of four, the
    divisibility conditions suffice)."""
    return meetings * (n - 1) % 3 == 0 and meetings * n * (n - 1) % 12 == 0


def check_fresh(n, meetings):
    members = names(n)
    plan = make_schedule(members, meetings=meetings)
    counts = games_each(plan, members)
    assert len(plan) == season_games(n, meetings)
    assert max(counts) - min(counts) <= 1
    met = list(pair_meetings(plan, members).values())
    if design_exists(n, meetings):
        assert set(met) == {meetings}
    else:
        assert max(met) - min(met) <= 2
        assert min(met) <= meetings <= max(met)


@pytest.mark.parametrize("n", range(4, 13))
def test_a_fresh_season_meets_exactly_when_the_numbers_allow(n):
    check_fresh(n, 3)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "meetings"), [(n, m) for m in range(1, 5) for n in range(4, 21)], ids=str
)
def test_every_division_up_to_twenty(n, meetings):
    check_fresh(n, meetings)
