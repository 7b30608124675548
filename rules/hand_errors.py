"""Why a classical hand cannot be scored (:mod:`rules.classical`), as data.

A :class:`HandError` carries a :class:`HandProblem` code, its values and the workbook column
at fault; ``str(error)`` is the English of :data:`HAND_TEXTS`.

    >>> error = HandError(HandProblem.TOO_MANY_SETS, count=5)
    >>> error.column, str(error)
    ('Sets', '5 sets: a hand has at most four sets and a pair')
"""

from __future__ import annotations

from enum import Enum

from rules.errors import RuleError


class HandProblem(Enum):
    """What is wrong with one player's hand, or with a table's four hands together."""

    # One player's hand (check_hand, limit_name).
    NOT_A_LIMIT_HAND = "not_a_limit_hand"
    FIVE_TILES = "five_tiles"
    BONUS_NUMBER = "bonus_number"
    TOO_MANY_SETS = "too_many_sets"
    LIMIT_NOT_WINNER = "limit_not_winner"
    HEAVENLY_NOT_EAST = "heavenly_not_east"
    EARTHLY_EAST = "earthly_east"
    LIMIT_NOT_SHOWN = "limit_not_shown"
    LIMIT_NOT_SELF_DRAWN = "limit_not_self_drawn"
    ORPHANS_NOT_WINNER = "orphans_not_winner"
    INCOMPLETE = "incomplete"
    # The table's four hands together (hand_table_problems).
    SEAT_TWICE = "seat_twice"
    TWO_WINNERS = "two_winners"
    FIVE_ON_TABLE = "five_on_table"
    FLOWER_TWICE = "flower_twice"
    SEASON_TWICE = "season_twice"


#: The English of each :class:`HandProblem`; ``tiles`` is a list of tiles in notation.
HAND_TEXTS: dict[HandProblem, str] = {
    HandProblem.NOT_A_LIMIT_HAND: "{text!r} is not a limit hand; known: heavenly, earthly,"
    " four concealed pungs, four winds, all honours, heads and tails, thirteen orphans",
    HandProblem.FIVE_TILES: "more than four {tiles} in one hand",
    HandProblem.BONUS_NUMBER: "flowers and seasons are numbered 1 to 4, not {number}",
    HandProblem.TOO_MANY_SETS: "{count} sets: a hand has at most four sets and a pair",
    HandProblem.LIMIT_NOT_WINNER: "only the winner's hand can be a limit hand",
    HandProblem.HEAVENLY_NOT_EAST: "a heavenly hand is East's: East wins on the dealt 14",
    HandProblem.EARTHLY_EAST: "an earthly hand wins on East's first discard: not East",
    HandProblem.LIMIT_NOT_SHOWN: "Limit says {text!r}, but the sets do not make that hand;"
    " only heavenly and earthly hands are recorded by name, the others are recognised from"
    " the tiles: leave Limit blank or correct the sets",
    HandProblem.LIMIT_NOT_SELF_DRAWN: "Limit says {text!r}, but four concealed pungs are four"
    " pungs written concealed, no kong, and Self-drawn marked: leave Limit blank or correct"
    " the row",
    HandProblem.ORPHANS_NOT_WINNER: (
        "thirteen orphans is a winning hand: only the winner can have it"
    ),
    HandProblem.INCOMPLETE: "the winner's sets do not make a complete hand: four sets and a"
    " pair, or thirteen orphans (found {sets} {sets:set|sets} and {pairs} {pairs:pair|pairs})",
    HandProblem.SEAT_TWICE: "seat {seat} is taken twice; seats are E, S, W, N once each",
    HandProblem.TWO_WINNERS: "two winners in one hand; mark only who went Mah-Jong",
    HandProblem.FIVE_ON_TABLE: "more than four {tiles} on the table",
    HandProblem.FLOWER_TWICE: "flower {number} is also held by another player",
    HandProblem.SEASON_TWICE: "season {number} is also held by another player",
}


class HandError(RuleError):
    """A hand that cannot be scored; ``column`` names the workbook column at fault."""

    english = HAND_TEXTS

    def __init__(self, code: HandProblem, /, column: str = "Sets", **params: object) -> None:
        super().__init__(code, **params)
        self.column = column
