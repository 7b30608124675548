"""Proposing tonight's games from who is present (rules.md 1.4 "Substitution").

The club's rule: a substitutable member may be replaced only when no game of their division
can be played otherwise; prefer games with exactly one substitute; if several members are
substitutable, substitute the one who has played the fewest division games; games with two
or more substitutes only when nothing else remains. Precisely, for one night:

- everyone present takes at most one seat: a member seated in one game is neither seated in
  another nor substituted anywhere;
- only an absent member is substituted (a present member plays), only one who is
  substitutable that night, and in at most one game;
- a substitute's seat is filled by a person present and not otherwise seated (a member or a
  guest): a game is proposed only if all its substitute seats can be filled so;
- the choice is made among the remaining planned games that are playable tonight. Games are
  proposed in rounds: first those without a substitute, then with one, two and three (a
  game needs at least one member playing). A game with ``k`` substitutes is therefore
  proposed only when no remaining game, of its division or any other, can still be played
  with fewer. In each round the divisions take turns in ladder order, each adding one game
  per turn, until none can add one: the earliest playable game in plan order without
  substitutes; with substitutes, the one whose substituted members have played the fewest
  division games in person (compared fewest first), then by their names, then plan order.

Example: A, B and C are present with a guest, G; D and E are absent and substitutable, D
has played 5 division games in person and E 3. Neither planned game (ABCD, ABCE) can be
played without a substitute, so the game for the member with fewer games is proposed, E
substituted; G takes E's seat:

    >>> plan = [PlannedGame("M", "1", tuple("ABCD")), PlannedGame("M", "2", tuple("ABCE"))]
    >>> played = {("M", "D"): 5, ("M", "E"): 3}
    >>> night = propose_tonight(plan, ["M"], set("ABCG"), {"D", "E"}, played)
    >>> [(g.planned.label, g.substituted) for g in night]
    [('2', ('E',))]

Without G no game is proposed: nobody would be free to take E's seat.

    >>> propose_tonight(plan, ["M"], set("ABC"), {"D", "E"}, played)
    []
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.schedule import PlannedGame
from rules.tiebreakers import name_order

#: The most substitutes a game can have: at least one member plays in person.
MOST_SUBSTITUTES = 3


@dataclass(frozen=True)
class TonightGame:
    """A proposed game: the planned foursome and which members a substitute replaces."""

    planned: PlannedGame
    substituted: tuple[str, ...] = ()

    @property
    def division(self) -> str:
        """The division the game belongs to."""
        return self.planned.division

    @property
    def seated(self) -> tuple[str, ...]:
        """The members who play themselves."""
        return tuple(p for p in self.planned.players if p not in self.substituted)


@dataclass
class _Night:
    """Who is present, who is seated or substituted so far, and how many seats await a
    substitute."""

    present: frozenset[str]
    substitutable: frozenset[str]
    seated: set[str] = field(default_factory=set)
    substituted: set[str] = field(default_factory=set)
    substitute_seats: int = 0
    used: set[int] = field(default_factory=set)

    def missing(self, order: int, plan: PlannedGame) -> tuple[str, ...] | None:
        """The members a substitute must replace for ``plan`` tonight, or None: unplayable."""
        if order in self.used:
            return None
        absent = tuple(p for p in plan.players if p not in self.present)
        if any(p in self.seated for p in plan.players if p in self.present):
            return None
        if len(absent) > MOST_SUBSTITUTES:
            return None
        if any(p not in self.substitutable or p in self.substituted for p in absent):
            return None
        free = len(self.present) - len(self.seated) - self.substitute_seats
        if free < 4:  # the members playing and the substitutes all come from the free
            return None
        return absent

    def take(self, order: int, plan: PlannedGame, absent: tuple[str, ...]) -> TonightGame:
        """Seat ``plan``'s present members and reserve seats for its substitutes."""
        self.used.add(order)
        self.seated.update(p for p in plan.players if p not in absent)
        self.substituted.update(absent)
        self.substitute_seats += len(absent)
        return TonightGame(plan, absent)


def propose_tonight(
    remaining: Sequence[PlannedGame],
    divisions: Sequence[str],
    present: set[str],
    substitutable: set[str],
    games_played: Mapping[tuple[str, str], int],
) -> list[TonightGame]:
    """The proposal for tonight (see the module docstring), in the order it was made.

    ``remaining`` are the unplayed planned games in plan order; ``divisions`` the division
    names in ladder order (a division not listed comes after them); ``present`` everyone
    present tonight, members and guests; ``substitutable`` the members substitutable tonight;
    ``games_played`` maps (division, member) to the division games the member played in
    person.
    """
    ladder = list(dict.fromkeys([*divisions, *(p.division for p in remaining)]))
    by_division: dict[str, list[tuple[int, PlannedGame]]] = {d: [] for d in ladder}
    for order, plan in enumerate(remaining):
        by_division[plan.division].append((order, plan))
    night = _Night(frozenset(present), frozenset(substitutable))
    proposal: list[TonightGame] = []
    for substitutes in range(MOST_SUBSTITUTES + 1):
        added = True
        while added:
            added = False
            for division in ladder:
                choice = _best(night, by_division[division], substitutes, games_played)
                if choice is not None:
                    proposal.append(night.take(*choice))
                    added = True
    return proposal


def _best(
    night: _Night,
    plans: Sequence[tuple[int, PlannedGame]],
    substitutes: int,
    games_played: Mapping[tuple[str, str], int],
) -> tuple[int, PlannedGame, tuple[str, ...]] | None:
    """The division's game to add with exactly ``substitutes`` substitutes, if any."""
    best: tuple[tuple[object, ...], tuple[int, PlannedGame, tuple[str, ...]]] | None = None
    for order, plan in plans:
        absent = night.missing(order, plan)
        if absent is None or len(absent) != substitutes:
            continue
        played = sorted(games_played.get((plan.division, p), 0) for p in absent)
        key = (played, sorted(name_order(p) for p in absent), order)
        if best is None or key < best[0]:
            best = (key, (order, plan, absent))
    return None if best is None else best[1]
