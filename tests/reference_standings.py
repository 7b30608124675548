"""An independent, deliberately plain reference for the division standings (rules.md 1.1, 1.2, 4).

Written from the contract alone, without looking at ``rules/``: the differential test
(``test_differential_standings.py``) compares the project's standings with this one.
Everything here is plain Python data and exact arithmetic (int / Fraction); speed does not matter.

Input:
- ``members``: the division's players;
- ``games``: a list of ``RefGame`` (``seats`` = four ``(player, score, substituted)``; ``score``
  is the riichi final score or the MCR game points, of the substitute on a substituted seat;
  ``substituted`` is False, True (league ``yes``/``x``, tournament ``start``) or ``"during"``
  (riichi tournaments, rules.md 4: the three others take the first three places and umas));
- ``penalties``: a list of ``RefPenalty``;
- ``dice``: ``{(player, round): roll}``.
Output: one ``RefRow`` per member, best first (``reference_division`` also returns, for every
group still tied, the dice round it needs and who has no roll for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

RIICHI = "riichi"
MCR = "MCR"

EMA2016 = "ema2016"
EMA_REVISED = "ema-revised"

# rules.md 4: the ruleset's uma and the substitute's entered result (points, uma)
RULESET_UMA = {
    EMA2016: (15000, 5000, -5000, -15000),
    EMA_REVISED: (30000, 10000, -10000, -30000),
}

IMMEDIATE_KINDS = {"lateness", "obstruction", "other"}

RIICHI_CHAIN = (
    "disqualification",
    "points",
    "1st places",
    "2nd places",
    "3rd places",
    "head-to-head points",
    "highest single game",
    "dice",
)
MCR_CHAIN = (
    "disqualification",
    "table points",
    "minipoints",
    "1st places",
    "2nd places",
    "3rd places",
    "head-to-head",
    "highest single game",
    "dice",
)


@dataclass(frozen=True)
class RefGame:
    game_id: str
    seats: tuple[tuple[str, int, bool | str], ...]


@dataclass(frozen=True)
class RefPenalty:
    player: str
    kind: str  # chombo, lateness, obstruction, disqualification, other
    points: int | None = None
    minutes: int | None = None
    game_id: str | None = None


@dataclass(frozen=True)
class RefRow:
    division: str
    rank: int
    player: str
    games: int
    points: object  # int | Fraction
    minipoints: object  # int | Fraction | None (riichi)
    firsts: int
    seconds: int
    thirds: int
    fourths: int
    decided_by: str


def _num(x):
    """Fraction with denominator 1 -> int (equality does not care, but reprs read better)."""
    x = Fraction(x)
    return int(x) if x.denominator == 1 else x


def penalty_points(p: RefPenalty, game_type: str) -> int:
    """The points a penalty deducts (a disqualification: only the points given, if any)."""
    if p.points is not None:
        return p.points
    if p.kind == "disqualification":
        return 0
    if game_type == RIICHI and p.kind == "chombo":
        return 20000
    if game_type == RIICHI and p.kind == "lateness" and p.minutes is not None:
        return 1000 * min(p.minutes, 10)
    raise ValueError(f"penalty without points: {p}")


def is_immediate(p: RefPenalty, game_type: str, ruleset: str) -> bool:
    return (
        game_type == RIICHI
        and ruleset == EMA_REVISED
        and p.kind in IMMEDIATE_KINDS
        and p.game_id is not None
    )


def _shares(values: list, pot: tuple) -> list[Fraction]:
    """Share out ``pot`` (best place first) by ``values``: equal values share their places."""
    out = []
    for v in values:
        higher = sum(1 for w in values if w > v)
        equal = sum(1 for w in values if w == v)
        out.append(Fraction(sum(pot[higher : higher + equal]), equal))
    return out


def game_results(
    game: RefGame, game_type: str, ruleset: str, uma, start: int, table_points, immediate
) -> list[dict]:
    """Per seat: player, played (not substituted), place, result (riichi points with uma /
    MCR table points) and minipoints (MCR)."""
    scores = []
    for player, score, _sub in game.seats:
        scores.append(score - immediate.get((game.game_id, player), 0))
    pot = uma if game_type == RIICHI else table_points
    during = [i for i, (_p, _s, sub) in enumerate(game.seats) if sub == "during"]
    if during:
        # the others are placed among themselves and share the first places' values
        others = [i for i in range(4) if i not in during]
        other_scores = [scores[i] for i in others]
        shares = [None] * 4
        places = [4] * 4
        for i, share in zip(others, _shares(other_scores, pot[: len(others)]), strict=True):
            shares[i] = share
            places[i] = 1 + sum(1 for s in other_scores if s > scores[i])
    else:
        shares = _shares(scores, pot)
        places = [1 + sum(1 for s in scores if s > score) for score in scores]
    seats = []
    for i, (player, _score, sub) in enumerate(game.seats):
        score, share = scores[i], shares[i]
        if sub:
            if game_type == RIICHI:
                result = (-15000 + uma[3]) if ruleset == EMA2016 else (0 - 30000)
                mini = None
            else:
                result, mini = 0, 0
            place = 4
        else:
            place = places[i]
            if game_type == RIICHI:
                result, mini = score - start + share, None
            else:
                result, mini = share, score
        seats.append(
            {"player": player, "played": not sub, "place": place, "result": result, "mini": mini}
        )
    return seats


def reference_standings(*args, **kwargs) -> list[RefRow]:
    """The standings rows of one division (see ``reference_division``)."""
    return reference_division(*args, **kwargs)[0]


def reference_division(
    division: str,
    members: list[str],
    game_type: str,
    games: list[RefGame],
    penalties: list[RefPenalty],
    dice: dict[tuple[str, int], int],
    ruleset: str = EMA2016,
    uma=None,
    start: int = 30000,
    table_points=(4, 2, 1, 0),
    trace: list | None = None,
) -> tuple[list[RefRow], list[tuple[tuple[str, ...], int, tuple[str, ...]]]]:
    """(rows best first, dice needed: (tied players by name, round, players without a roll)).

    ``trace``, when given, collects (criterion, group) for every criterion applied to a group
    of two or more players, so tests can see how deep the tie-breakers went."""
    if uma is None:
        uma = RULESET_UMA[ruleset]
    riichi = game_type == RIICHI

    immediate: dict[tuple[str, str], int] = {}
    after: dict[str, int] = {m: 0 for m in members}
    disqualified = set()
    for p in penalties:
        if p.kind == "disqualification":
            disqualified.add(p.player)
        pts = penalty_points(p, game_type)
        if is_immediate(p, game_type, ruleset):
            key = (p.game_id, p.player)
            immediate[key] = immediate.get(key, 0) + pts
        else:
            after[p.player] = after.get(p.player, 0) + pts

    # per player: list of (game index, seat dict)
    per_game = [
        game_results(g, game_type, ruleset, uma, start, table_points, immediate) for g in games
    ]

    stats = {}
    for m in members:
        seats = [s for gs in per_game for s in gs if s["player"] == m]
        places = [sum(1 for s in seats if s["place"] == k) for k in (1, 2, 3, 4)]
        total = sum((Fraction(s["result"]) for s in seats), Fraction(0))
        mini = None
        if riichi:
            total -= after[m]
        else:
            mini = sum((Fraction(s["mini"]) for s in seats), Fraction(0)) - after[m]
        played = [s for s in seats if s["played"]]
        best = None
        if played:
            best = max(Fraction(s["result"] if riichi else s["mini"]) for s in played)
        stats[m] = {
            "games": len(seats),
            "total": total,
            "mini": mini,
            "places": places,
            "best": best,
        }

    def head_to_head(group):
        gset = set(group)
        values = {m: (Fraction(0), Fraction(0)) for m in group}
        for gs in per_game:
            present = [s for s in gs if s["played"] and s["player"] in gset]
            if len(present) < 2:
                continue
            for s in present:
                tp, mp = values[s["player"]]
                if riichi:
                    values[s["player"]] = (tp + Fraction(s["result"]), mp)
                else:
                    values[s["player"]] = (tp + Fraction(s["result"]), mp + Fraction(s["mini"]))
        return values

    def keyfunc(name, group):
        """A function player -> comparable key (higher is better) for one criterion."""
        if name == "disqualification":
            return lambda m: 0 if m in disqualified else 1
        if name in ("points", "table points"):
            return lambda m: stats[m]["total"]
        if name == "minipoints":
            return lambda m: stats[m]["mini"]
        if name.endswith(" places"):
            k = int(name[0]) - 1
            return lambda m: stats[m]["places"][k]
        if name.startswith("head-to-head"):
            values = head_to_head(group)
            return lambda m: values[m]
        if name == "highest single game":
            return lambda m: (0,) if stats[m]["best"] is None else (1, stats[m]["best"])
        raise AssertionError(name)

    def split(group, key):
        """Sub-groups by key, best first."""
        keys = sorted({key(m) for m in group}, reverse=True)
        return [[m for m in group if key(m) == k] for k in keys]

    needed = []

    def by_name(group):
        return sorted(group, key=lambda n: (n.casefold(), n))

    def dice_order(group, rnd):
        """(blocks, separators) settling ``group`` with dice round ``rnd`` onwards."""
        if len(group) == 1:
            return [group], []
        if not all((m, rnd) in dice for m in group):
            missing = tuple(m for m in by_name(group) if (m, rnd) not in dice)
            needed.append((tuple(by_name(group)), rnd, missing))
            return [group], []
        subs = split(group, lambda m: dice[(m, rnd)])
        blocks, seps = [], []
        for i, sub in enumerate(subs):
            b, s = dice_order(sub, rnd + 1)
            if i:
                seps.append("dice")
            blocks += b
            seps += s
        return blocks, seps

    chain = RIICHI_CHAIN if riichi else MCR_CHAIN

    def order(group, level):
        if len(group) == 1:
            return [group], []
        if level == len(chain):
            return [group], []
        name = chain[level]
        if trace is not None:
            trace.append((name, tuple(group)))
        if name == "dice":
            return dice_order(group, 1)
        subs = split(group, keyfunc(name, group))
        blocks, seps = [], []
        for i, sub in enumerate(subs):
            b, s = order(sub, level + 1)
            if i:
                seps.append(name)
            blocks += b
            seps += s
        return blocks, seps

    blocks, seps = order(list(members), 0)
    rows = []
    position = 0
    for i, block in enumerate(blocks):
        rank = position + 1
        for m in by_name(block):
            st = stats[m]
            if len(block) > 1:
                decided = "tied"
            elif i < len(seps):
                decided = seps[i]
            else:
                decided = ""
            rows.append(
                RefRow(
                    division=division,
                    rank=rank,
                    player=m,
                    games=st["games"],
                    points=_num(st["total"]),
                    minipoints=None if riichi else _num(st["mini"]),
                    firsts=st["places"][0],
                    seconds=st["places"][1],
                    thirds=st["places"][2],
                    fourths=st["places"][3],
                    decided_by=decided,
                )
            )
        position += len(block)
    return rows, needed
