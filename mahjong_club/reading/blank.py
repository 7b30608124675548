"""Columns a sheet must have, but whose cells a row may leave blank.

A schema's ``required`` column must be in the sheet *and* filled in on every row. Some columns
must be there but may be blank: ``Mahjong`` and ``Sets`` of ``Hands`` (blank: did not win, no
sets), ``Winner`` and ``Hand value`` of ``Boards`` (blank: nobody won). Such a column is
declared required, and its cells are read with :func:`value_or_blank`.
"""

from __future__ import annotations

from typing import TypeVar

from mahjong_club.reading.schema import Column
from mahjong_club.reading.tables import Row

T = TypeVar("T")


def value_or_blank(row: Row, column: Column[T]) -> T | None:
    """``row.value(column)``, except that a blank cell is None without a problem."""
    problems = row.table.problems
    return row.get(problems, column.name, column.parse, required=False, what=column.what)
