"""Points for one riichi division game (rules.md 1.1 and 4).

Every player starts with 30,000; the four final scores add up to 120,000. A player's game
result is final score - 30,000 + uma, uma +15,000 / +5,000 / -5,000 / -15,000 by placement,
shared equally between equal final scores.

Example: 42,300 / 31,500 / 25,200 / 21,000 give +27,300 / +6,500 / -9,800 / -24,000.

A substituted member gets the ruleset's substitute result and counts a 4th place (under
ema2016 -15,000 points and the worst uma: -30,000). The other three are placed from all four
final scores, the substitute's included (``start``); when the substitute came in during play
(``during``, tournaments) the three others share the first three umas among themselves.

Under ``ema-revised`` a lateness/obstruction/other penalty is deducted from the final score
at once (``immediate`` below), so it can change the placements at the table.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.model import Game, SeatResult, Substitution
from rules.placement import placed_shares, placements, share_by_place
from rules.ruleset import Ruleset


def score_riichi_game(
    game: Game, ruleset: Ruleset, immediate: Mapping[str, int] | None = None
) -> list[SeatResult]:
    """The result of each seat of ``game``, in seat order.

    ``immediate`` maps a player to penalty points deducted from their final score before
    placements are decided (ema-revised point penalties).

    >>> from rules.model import Seat
    >>> g = Game("1", "Riichi 1", tuple(Seat(p, s) for p, s in
    ...     [("A", 42300), ("B", 31500), ("C", 25200), ("D", 21000)]))
    >>> [int(r.points) for r in score_riichi_game(g, Ruleset())]
    [27300, 6500, -9800, -24000]
    """
    a, b, c, d = game.seats
    none = Substitution.NONE
    if (
        not immediate
        and a.substitution is b.substitution is c.substitution is d.substitution is none
    ):
        # The usual table, nobody substituted: the same as below, sooner.
        finals = [a.score, b.score, c.score, d.score]
        start = ruleset.start_points
        place_list, uma_list = placed_shares(finals, ruleset.uma)
        return [
            SeatResult(seat.player, final - start + uma, place, True, None, final)
            for seat, final, place, uma in zip(
                game.seats, finals, place_list, uma_list, strict=True
            )
        ]
    immediate = immediate or {}
    finals = [seat.score - immediate.get(seat.player, 0) for seat in game.seats]
    during = [i for i, seat in enumerate(game.seats) if seat.substitution is Substitution.DURING]
    if during:
        # The substitute's seats take the last places; the others share the first umas.
        others = [i for i in range(4) if i not in during]
        other_scores = [finals[i] for i in others]
        n = len(others)
        places = dict(zip(others, placements(other_scores), strict=True))
        umas = dict(zip(others, share_by_place(other_scores, ruleset.uma[:n]), strict=True))
    else:
        places = dict(enumerate(placements(finals)))
        umas = dict(enumerate(share_by_place(finals, ruleset.uma)))
    results: list[SeatResult] = []
    for i, seat in enumerate(game.seats):
        if seat.substituted:
            points = ruleset.substitute_result
            results.append(SeatResult(seat.player, points, 4, False, None, finals[i]))
        else:
            points = finals[i] - ruleset.start_points + umas[i]
            results.append(SeatResult(seat.player, points, places[i], True, None, finals[i]))
    return results
