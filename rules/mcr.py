"""Points for one MCR division game (rules.md 1.1).

The score sheet records each player's game points, which add up to 0. Table points by
placement 4 / 2 / 1 / 0, shared equally on ties (three tied for first get (4 + 2 + 1) / 3 = 7/3
each). Minipoints are the game points themselves.

Example: +40 / +10 / -20 / -30 give table points 4 / 2 / 1 / 0 and minipoints
+40 / +10 / -20 / -30.

A substituted member gets 0 table points and 0 minipoints and counts a 4th place; the other
three are placed from all four game points, the substitute's included, so when a substitute
wins the table the members get 2, 1 and 0.
"""

from __future__ import annotations

from rules.model import Game, SeatResult, Substitution
from rules.placement import placed_shares, placements, share_by_place
from rules.ruleset import Ruleset


def score_mcr_game(game: Game, ruleset: Ruleset) -> list[SeatResult]:
    """The table points and minipoints of each seat of ``game``, in seat order.

    >>> from rules.model import Seat
    >>> g = Game("1", "MCR 1", tuple(Seat(p, s) for p, s in
    ...     [("A", 40), ("B", 10), ("C", -20), ("D", -30)]))
    >>> [(int(r.points), r.minipoints) for r in score_mcr_game(g, Ruleset())]
    [(4, 40), (2, 10), (1, -20), (0, -30)]
    """
    a, b, c, d = game.seats
    none = Substitution.NONE
    if a.substitution is b.substitution is c.substitution is d.substitution is none:
        # The usual table, nobody substituted: the same as below, sooner.
        scores = [a.score, b.score, c.score, d.score]
        place_list, point_list = placed_shares(scores, ruleset.mcr_table_points)
        return [
            SeatResult(seat.player, points, place, True, seat.score, seat.score)
            for seat, place, points in zip(game.seats, place_list, point_list, strict=True)
        ]
    scores = [seat.score for seat in game.seats]
    during = [i for i, seat in enumerate(game.seats) if seat.substitution is Substitution.DURING]
    if during:
        others = [i for i in range(4) if i not in during]
        other_scores = [scores[i] for i in others]
        n = len(others)
        places = dict(zip(others, placements(other_scores), strict=True))
        points = dict(
            zip(others, share_by_place(other_scores, ruleset.mcr_table_points[:n]), strict=True)
        )
    else:
        places = dict(enumerate(placements(scores)))
        points = dict(enumerate(share_by_place(scores, ruleset.mcr_table_points)))
    results: list[SeatResult] = []
    for i, seat in enumerate(game.seats):
        if seat.substituted:
            results.append(SeatResult(seat.player, 0, 4, False, 0, seat.score))
        else:
            results.append(
                SeatResult(seat.player, points[i], places[i], True, seat.score, seat.score)
            )
    return results
