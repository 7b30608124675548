"""The draw's quality and speed (rules/draw.py), for the sizes tournaments have.

Usage: ``python bench/bench_draw.py [--runs N]`` (default 5 runs a case; the seed changes
with the run, so the figures are over different draws).

For each case (players, sessions, teams) it prints the median time of a whole draw and, over
the runs, the fewest and most repeat meetings (a pair's meetings after their first), team
clashes (team-mates at one table, teams of four) and the widest wind spread (0 or 1 is
balanced). What to compare with: 40 players sit at 10 tables, so each session a player meets
3 new opponents and at most 13 sessions ((40 − 1) / 3) can be free of repeats — the bound of
the "social golfer" problem; a session-by-session search like this one reaches fewer, and the
table says how many.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from rules.draw import Entrant, make_draw, wind_spread

CASES = [(40, sessions, 10) for sessions in (5, 6, 7, 8, 9, 10, 11, 12, 13)]
CASES += [(36, 7, 9), (64, 7, 16), (100, 7, 25), (200, 7, 50), (200, 10, 50)]


def entrants(count: int, teams: int) -> list[Entrant]:
    """``count`` players in ``teams`` teams (of four for the cases here), two clubs each."""
    return [Entrant(f"P{i:03d}", f"T{i % teams}", f"C{i % (2 * teams)}") for i in range(count)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="draws per case (default 5)")
    runs = parser.parse_args(argv).runs
    print(f"{'players':>7} {'sessions':>8} {'median s':>9} {'repeats':>9} {'team':>7} {'winds':>5}")
    for players, sessions, teams in CASES:
        times, repeats, team, spread = [], [], [], []
        for run in range(runs):
            start = time.perf_counter()
            draw = make_draw(entrants(players, teams), sessions, f"bench-{run}")
            times.append(time.perf_counter() - start)
            repeats.append(draw.repeats)
            team.append(draw.team_clashes)
            spread.append(wind_spread(draw.sessions))
        print(
            f"{players:>7} {sessions:>8} {statistics.median(times):>9.3f}"
            f" {min(repeats):>4}–{max(repeats):<4} {min(team):>3}–{max(team):<3}"
            f" {max(spread):>5}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
