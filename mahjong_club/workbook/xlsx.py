"""Write the organiser's workbook back with result sheets added or replaced.

The organiser's workbook is copied at the zip level: every part (sheet, style, drawing, comment,
macro, ...) keeps its exact bytes, and its compressed bytes are copied without recompressing when
the source zip allows it. Only the workbook part, its relationships, the content types and the
result sheets' own parts change. The work is split in three:

- :mod:`~mahjong_club.workbook.cells`: a result sheet as worksheet XML,
- :mod:`~mahjong_club.workbook.plan`: which parts to add, replace or drop, and the edits of the
  workbook, relationships and content types parts,
- :mod:`~mahjong_club.workbook.zipcopy`: the zip copier that carries the plan out.

Why not openpyxl: a load and save of a 100 000-row workbook takes about 18 s, and it drops every
formula's cached value (and anything else openpyxl does not model: charts, images, macros).
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence
from pathlib import Path

from mahjong_club.common.files import atomic_output
from mahjong_club.common.stamp import FileStamp
from mahjong_club.messages import output as texts
from mahjong_club.messages.core import say
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.ooxml.package import SheetPart, list_sheet_parts
from mahjong_club.ooxml.refs import column_letter
from mahjong_club.workbook.cells import Cell, ResultSheet
from mahjong_club.workbook.plan import plan_package
from mahjong_club.workbook.zipcopy import write_package

__all__ = [
    "Cell",
    "ResultSheet",
    "SheetPart",
    "column_letter",
    "list_sheet_parts",
    "write_result_workbook",
]


def write_result_workbook(
    source: Path,
    target: Path,
    sheets: Sequence[ResultSheet],
    language: str = "en",
    read_as: FileStamp | None = None,
) -> None:
    """Write ``target``: the workbook ``source`` with the result ``sheets`` added or replaced,
    their dates formatted as ``language`` (the ``language`` setting) writes them.

    A result sheet whose name matches an existing sheet (case-insensitively, ignoring
    surrounding spaces) replaces it in place: same position and part, renamed to the given
    spelling, its old comments/drawings dropped. Other result sheets are appended in the given
    order. Every other part of the source is copied byte for byte; ``source`` is never modified.

    The target is written atomically (temporary file in the target's folder, fsync, rename):
    on any error it is left as it was and no temporary file remains.

    Raises :class:`~mahjong_club.ooxml.errors.OoxmlError` (a ValueError, whose ``message`` is a
    catalogue message) for a sheet name Excel refuses, for values Excel cannot hold, when
    ``target`` is ``source``, or when ``source`` is not a workbook package; and when
    ``source`` is no longer the file it was when it was read (``read_as``, its stamp then):
    saved again meanwhile, its sheets would not be those the results come from.
    """
    source = Path(source)
    target = Path(target)
    if target.exists() and os.path.samefile(source, target):
        raise OoxmlError(say(texts.SOURCE_IS_TARGET, source=source))
    _unchanged(source, read_as)
    try:
        with zipfile.ZipFile(source) as zf:
            plan = plan_package(zf, sheets, language)
        with atomic_output(target) as out:
            write_package(source, out, plan)
            _unchanged(source, read_as)
    except (zipfile.BadZipFile, OSError):
        _unchanged(source, read_as)  # cut short or removed meanwhile: said so
        raise


def _unchanged(source: Path, read_as: FileStamp | None) -> None:
    """Refuse to go on when ``source`` is no longer the file that was read (``read_as``)."""
    if read_as is not None and FileStamp.of(source) != read_as:
        raise OoxmlError(say(texts.SOURCE_CHANGED, source=source.name))
