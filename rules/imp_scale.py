"""The IMP scale for MCR Duplicate (../shared/spec/duplicate-imp-scale.md).

The seed's annex with the official scale is missing. Until a club supplies its own, this is
the **provisional default**: the bridge (WBF) IMP scale with its points divided by 10 and the
boundaries set halfway between its bands. It reproduces every example the seed gives
(8.2 -> 2, 10.4 -> 3, 6.5 -> 2, 12 -> 3).

IMPs for a difference d = the number of thresholds below with |d| > t, with the sign of d.
Differences are compared exactly (the average is a fraction), never after rounding.

    >>> imps(Fraction(41, 5)), imps(Fraction(-12)), imps(Fraction(3, 2)), imps(Fraction(-4))
    (2, -3, 0, -1)

Which scale a run used is an :class:`ImpScale`; its value is the name the result workbook's
``IMP scale`` column shows::

    >>> str(ImpScale.DEFAULT)
    'the provisional default scale'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction


class ImpScale(StrEnum):
    """Which IMP scale a run used: the provisional default, or the workbook's own sheet."""

    DEFAULT = "the provisional default scale"
    WORKBOOK = "the workbook's own IMP scale sheet"


#: (IMPs, |difference| greater than) — one row per IMP, as in the spec's table.
DEFAULT_SCALE: tuple[tuple[int, Fraction], ...] = tuple(
    (imp, Fraction(above))
    for imp, above in (
        (1, "1.5"),
        (2, "4.5"),
        (3, "8.5"),
        (4, "12.5"),
        (5, "16.5"),
        (6, "21.5"),
        (7, "26.5"),
        (8, "31.5"),
        (9, "36.5"),
        (10, "42.5"),
        (11, "49.5"),
        (12, "59.5"),
        (13, "74.5"),
        (14, "89.5"),
        (15, "109.5"),
        (16, "129.5"),
        (17, "149.5"),
        (18, "174.5"),
        (19, "199.5"),
        (20, "224.5"),
        (21, "249.5"),
        (22, "299.5"),
        (23, "349.5"),
        (24, "399.5"),
    )
)


def thresholds(scale: Sequence[tuple[int, Fraction]]) -> list[Fraction]:
    """The scale's thresholds in increasing order."""
    return sorted(above for _, above in scale)


def imps(difference: Fraction, scale: Sequence[tuple[int, Fraction]] = DEFAULT_SCALE) -> int:
    """IMPs for a difference from the average: how many thresholds |d| exceeds, signed."""
    size = abs(difference)
    count = sum(1 for above in thresholds(scale) if size > above)
    return count if difference >= 0 else -count


class ScaleProblem(StrEnum):
    """Why a workbook's own IMP scale cannot be used."""

    EMPTY = "empty"  # no rows at all
    IMPS = "imps"  # the IMPs are not 1, 2, 3, ... once each
    THRESHOLDS = "thresholds"  # a threshold is negative or not above the one before


def check_scale(scale: Sequence[tuple[int, Fraction]]) -> ScaleProblem | None:
    """Why a workbook's own scale is unusable (None when it is fine): the rows must be
    IMPs 1, 2, 3, ... with strictly increasing, non-negative thresholds.

    >>> check_scale([(1, Fraction(2)), (2, Fraction(5))]) is None
    True
    >>> check_scale([(1, Fraction(2)), (3, Fraction(5))]), check_scale([])
    (<ScaleProblem.IMPS: 'imps'>, <ScaleProblem.EMPTY: 'empty'>)
    """
    if not scale:
        return ScaleProblem.EMPTY
    ordered = sorted(scale)
    if [imp for imp, _ in ordered] != list(range(1, len(ordered) + 1)):
        return ScaleProblem.IMPS
    aboves = [above for _, above in ordered]
    if any(a < 0 for a in aboves) or any(b <= a for a, b in itertools.pairwise(aboves)):
        return ScaleProblem.THRESHOLDS
    return None
