"""Rolling the tie-break dice when the organiser asks for it (``--roll-dice SEED``).

The club's last tie-breaker is "highest sum of two six-sided dice". The processor never
invents a roll silently: only with an explicit seed does it roll, for exactly the players of
an unresolved group who have no roll yet in the round that group needs, and the rolls are
recorded so the result can be audited and repeated. Equal rolls go on to the next round.

Example: Bo and Ane are tied after every criterion and have no rolls: with a seed the
processor rolls round 1 for both; if both roll 7 it rolls round 2 for both, and so on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.model import DiceRoll
from rules.standings import DivisionStandings

MAX_ROUNDS = 100


def roll_two_dice(rng: random.Random) -> int:
    """The sum of two six-sided dice, 2 to 12."""
    return rng.randint(1, 6) + rng.randint(1, 6)


def settle_with_dice(
    rank: Callable[[Sequence[DiceRoll]], list[DivisionStandings]],
    recorded: Sequence[DiceRoll],
    rng: random.Random,
) -> tuple[list[DivisionStandings], list[DiceRoll]]:
    """Rank, roll for every group still tied, and rank again until no tie is left.

    ``rank`` computes the standings from a list of dice rolls. Returns the final standings
    and the new rolls made (in the order rolled: division order, then the tied group's name
    order).
    """
    rolls = list(recorded)
    made: list[DiceRoll] = []
    standings = rank(rolls)
    for _ in range(MAX_ROUNDS):
        needed = [(s.division.name, d) for s in standings for d in s.dice_needed]
        if not needed:
            break
        for division, group in needed:
            for player in group.missing:
                roll = DiceRoll(division, player, group.round, roll_two_dice(rng))
                rolls.append(roll)
                made.append(roll)
        standings = rank(rolls)
    return standings, made
