"""The looks at a sheet's XML that its check makes (reading/opening.py, step 4), as pure
functions of the sheet part's bytes: where its cells begin and end, whether it is whole XML,
its error values, and how far its cells reach."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from mahjong_club.messages.core import Message
from mahjong_club.ooxml.extent import Extent, first_row, last_row, oversized
from mahjong_club.ooxml.wellformed import xml_problem
from mahjong_club.reading.error_cells import (
    ErrorCell,
    has_error_type,
    neutralise_error_cells,
    scan_error_cells,
)

T = TypeVar("T")


@dataclass(frozen=True)
class SheetShape:
    """What the check of a sheet saw of its XML: how big it is, the rows of its first and
    last cells with a value where the XML shows them plainly
    (:func:`~mahjong_club.ooxml.extent.first_row`, :func:`~mahjong_club.ooxml.extent.last_row`;
    None otherwise), and whether it has error values calamine refuses."""

    size: int
    first_row: int | None
    last_row: int | None
    neutralised: bool


@dataclass(frozen=True)
class Looks:
    """What the check sees reading all of a sheet's XML: why it is not whole XML (or None),
    whether it has error values calamine refuses, and its error cells."""

    problem: Message | None
    neutralised: bool
    error_cells: dict[tuple[int, int], ErrorCell]

    @classmethod
    def of(cls, data: bytes) -> Looks:
        """The looks at sheet part ``data``."""
        problem = xml_problem(data)
        if problem is not None:
            return cls(problem, False, {})
        if not has_error_type(data):  # one look for both (0.1 s over 250 MB of XML)
            return cls(None, False, {})
        return cls(None, neutralise_error_cells(data) is not None, scan_error_cells(data))


def first_shape(data: bytes) -> SheetShape:
    """What the looks at sheet part ``data`` before its check see: its size and its first
    and last rows (``neutralised`` not known yet)."""
    return SheetShape(len(data), first_row(data), last_row(data), False)


def read_within(data: bytes, read: Callable[[SheetShape], T | None]) -> T | None:
    """``read`` of sheet part ``data`` before its check, unless a quick look sees cells
    beyond what a sheet may span (calamine would make room for every cell up to them)."""
    return None if oversized(data) is not None else read(first_shape(data))


def look(data: bytes, then: Callable[[], object] | None = None) -> tuple[Looks, Extent | None]:
    """The check's looks at sheet part ``data``: expat's, then (the XML whole) how far its
    cells reach when beyond what a sheet may span; ``then()`` once they let the sheet be
    read (:func:`passes`)."""
    looks = Looks.of(data)
    seen = looks, oversized(data) if looks.problem is None else None
    if then is not None and passes(seen):
        then()
    return seen


def passes(seen: tuple[Looks, Extent | None]) -> bool:
    """True when the looks let the sheet be read."""
    return seen[0].problem is None and seen[1] is None
