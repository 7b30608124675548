"""Proposing tonight's games from who is present (rules.md 1.4 "Substitution").

First, every division gets the remaining planned games whose four members are all present
and not yet seated: divisions take turns in ladder order, each taking its earliest playable
planned game, until no division can add one. A player is never seated twice.

A division that gets no game this way may use substitutes, exactly as the club's rule says:
a substitutable member may be replaced only when no game of their division can be played
otherwise; prefer games with exactly one substitute; if several members are substitutable,
substitute the one who has played the fewest division games; games with two or more
substitutes only when nothing else remains.

Example: in a division where only D is missing from planned game {A, B, C, D} and D is
substitutable, the proposal is that game with a substitute for D.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.schedule import PlannedGame
from rules.tiebreakers import name_order


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


def propose_tonight(
    remaining: Sequence[PlannedGame],
    divisions: Sequence[str],
    present: set[str],
    substitutable: set[str],
    games_played: Mapping[tuple[str, str], int],
) -> list[TonightGame]:
    """The proposal for tonight (see the module docstring).

    ``remaining`` are the unplayed planned games in plan order; ``divisions`` the division
    names in ladder order; ``games_played`` maps (division, member) to the division games the
    member played themselves.
    """
    by_division: dict[str, list[PlannedGame]] = {d: [] for d in divisions}
    for plan in remaining:
        by_division.setdefault(plan.division, []).append(plan)
    seated: set[str] = set()
    proposal: list[TonightGame] = []
    used: set[int] = set()

    progress = True
    while progress:
        progress = False
        for division in divisions:
            for plan in by_division.get(division, []):
                if id(plan) in used:
                    continue
                if all(p in present and p not in seated for p in plan.players):
                    proposal.append(TonightGame(plan))
                    used.add(id(plan))
                    seated.update(plan.players)
                    progress = True
                    break

    with_games = {g.division for g in proposal}
    for division in divisions:
        if division in with_games:
            continue
        while True:
            choice = _best_substitution(
                [p for p in by_division.get(division, []) if id(p) not in used],
                present,
                seated,
                substitutable,
                games_played,
            )
            if choice is None:
                break
            proposal.append(choice)
            used.add(id(choice.planned))
            seated.update(choice.seated)
    return proposal


def _best_substitution(
    candidates: Sequence[PlannedGame],
    present: set[str],
    seated: set[str],
    substitutable: set[str],
    games_played: Mapping[tuple[str, str], int],
) -> TonightGame | None:
    options: list[tuple[tuple[int, int, int, tuple[str, ...], int], TonightGame]] = []
    for order, plan in enumerate(candidates):
        available = [p for p in plan.players if p in present and p not in seated]
        missing = tuple(p for p in plan.players if p not in available)
        if not missing or len(missing) == 4:
            continue
        if any(p not in substitutable for p in missing):
            continue
        played = sorted(games_played.get((plan.division, p), 0) for p in missing)
        key = (
            len(missing) != 1,  # exactly one substitute first
            len(missing),
            sum(played),  # the member(s) with the fewest division games
            tuple(sorted(name_order(p) for p in missing)),
            order,
        )
        options.append((key, TonightGame(plan, missing)))  # type: ignore[arg-type]
    if not options:
        return None
    return min(options, key=lambda o: o[0])[1]
