"""End-of-season status of each standings row (rules.md 1.2 and 1.3).

Blank during the season. When the season is complete: ``winner`` for row 1 of division 1,
``promoted`` for row 1 of a lower division, ``promotion candidate`` for row 2 of a lower
division, and ``relegation candidate`` for the bottom two rows of every division (the lowest
included), but never row 1, nor row 2 below division 1 (small divisions).

A status is a :class:`Status`; its value is the word the result workbook's ``Status`` column
shows. Example: a lower division of 3 players: row 1 promoted, row 2 promotion candidate,
row 3 relegation candidate::

    >>> [str(s) for s in row_statuses(3, top=False)]
    ['promoted', 'promotion candidate', 'relegation candidate']
    >>> [str(s) for s in row_statuses(5, top=True)]
    ['winner', '', '', 'relegation candidate', 'relegation candidate']
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """A standings row's end-of-season status; ``NONE`` (blank) during the season."""

    NONE = ""
    WINNER = "winner"
    PROMOTED = "promoted"
    PROMOTION_CANDIDATE = "promotion candidate"
    RELEGATION_CANDIDATE = "relegation candidate"


WINNER = Status.WINNER
PROMOTED = Status.PROMOTED
PROMOTION_CANDIDATE = Status.PROMOTION_CANDIDATE
RELEGATION_CANDIDATE = Status.RELEGATION_CANDIDATE


def is_relegation_candidate(row: int, size: int, top: bool) -> bool:
    """Rows ``size - 1`` and ``size`` (1-based), but never row 1, nor row 2 below the top."""
    if row < size - 1 or row == 1:
        return False
    return not (row == 2 and not top)


def row_statuses(size: int, top: bool) -> list[Status]:
    """The ``Status`` of each row (1-based order) of a finished division of ``size`` rows."""
    statuses: list[Status] = []
    for row in range(1, size + 1):
        if row == 1:
            statuses.append(WINNER if top else PROMOTED)
        elif is_relegation_candidate(row, size, top):
            statuses.append(RELEGATION_CANDIDATE)
        elif row == 2 and not top:
            statuses.append(PROMOTION_CANDIDATE)
        else:
            statuses.append(Status.NONE)
    return statuses


def tie_decides_status(size: int, top: bool, rows: tuple[int, ...]) -> bool:
    """True when a tie still awaiting dice decides promotion or relegation: the rows its
    players occupy (1-based) would get different end-of-season statuses, so the dice decide
    who moves (rules.md 1.3: "an unresolved tie straddles two of these groups").

    Example: in a lower division of 8, a tie for rows 2 and 3 decides who is promotion
    candidate; a tie for rows 4 and 5 decides nothing::

        >>> tie_decides_status(8, top=False, rows=(2, 3))
        True
        >>> tie_decides_status(8, top=False, rows=(4, 5))
        False
        >>> tie_decides_status(8, top=True, rows=(2, 3))
        False
        >>> tie_decides_status(8, top=True, rows=(6, 7))
        True
    """
    statuses = row_statuses(size, top)
    return len({statuses[row - 1] for row in rows}) > 1
