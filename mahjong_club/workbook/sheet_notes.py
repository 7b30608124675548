"""What replacing the result sheets would do to the organiser's workbook, said before it is
done: a sheet of the organiser's own in a result sheet's place (:func:`~mahjong_club.
workbook.marks.foreign_sheets`), a result sheet the organiser has added things to, and a
result sheet of an earlier run that this run does not make.

A result sheet is made anew at every run, so what the organiser adds to one (notes, a
table, a chart, formulas) is not in the updated copy; the organiser's workbook keeps it, and
the run says so. A result sheet this run does not make (``Tonight`` without ``--tonight``,
``Next season`` once ``Signups`` is gone) would go on showing an earlier run's results: it
is named, to be deleted."""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mahjong_club.common.text import fold_name
from mahjong_club.messages.core import Entry, Message, say
from mahjong_club.messages.output import ADDITION_WORDS, BOTH, SEVERAL
from mahjong_club.ooxml.limits import read_part
from mahjong_club.ooxml.package import Package, RelsDoc, SheetEntry, rel_kind, rels_part
from mahjong_club.workbook.cells import ResultSheet
from mahjong_club.workbook.marks import foreign_in, marked_positions, positions
from mahjong_club.workbook.plan import FORMULA_RE

#: The sheets that only the tool writes (not also read: ``Schedule``, ``Dice``, ``Games``,
#: ``Seating``, ``Next games`` are the organiser's once written).
RESULTS_ONLY = frozenset(
    fold_name(name)
    for name in (
        "Standings",
        "Attendance status",
        "Next season",
        "Schedule status",
        "Tonight",
        "Hand scores",
        "Duplicate",
        "Duplicate ranking",
        "EMA results",
        "Penalty list",
        "Teams",
    )
)
#: What a relationship of a worksheet brings, by its kind (others: "other objects"; a
#: printer's settings, which Excel adds to any printed sheet, is nothing of the organiser's).
ADDITIONS = {
    "comments": "notes",
    "threadedComment": "notes",
    "vmlDrawing": "notes",
    "table": "table",
    "drawing": "pictures",
    "pivotTable": "pivot",
    "hyperlink": "links",
}
_IGNORED = frozenset({"printerSettings"})


@dataclass
class SheetNotes:
    """What the result sheets would replace or leave: sheet names as the workbook spells
    them."""

    foreign: list[str] = field(default_factory=list)
    #: A result sheet with additions of the organiser's: (name, the kinds, in a fixed order).
    edited: list[tuple[str, list[str]]] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)


def sheet_notes(source: Path, sheets: Sequence[ResultSheet]) -> SheetNotes:
    """What writing ``sheets`` into a copy of ``source`` would replace or leave behind."""
    wanted = {fold_name(s.name) for s in sheets}
    with zipfile.ZipFile(source) as zf:
        pkg = Package(zf)
        notes = SheetNotes(foreign=foreign_in(pkg, sheets))
        marked, where = marked_positions(pkg), positions(pkg)
        for old in pkg.sheets:
            if where.get(old.index) not in marked:
                continue  # the organiser's own: foreign when replaced, else left alone
            folded = fold_name(old.name)
            if folded in wanted:
                kinds = _additions(pkg, old)
                if kinds:
                    notes.edited.append((old.name, kinds))
            elif folded in RESULTS_ONLY:
                notes.stale.append(old.name)
    return notes


def _additions(pkg: Package, old: SheetEntry) -> list[str]:
    """The kinds of things the organiser added to the tool's sheet ``old``."""
    part = pkg.name(old.part or "")
    if part is None:
        return []
    found: set[str] = set()
    rels = pkg.name(rels_part(part))
    if rels is not None:
        for rel in RelsDoc.parse(rels, part, read_part(pkg.zf, rels)).rels:
            kind = rel_kind(rel.type)
            if kind not in _IGNORED:
                found.add(ADDITIONS.get(kind, "other"))
    if FORMULA_RE.search(read_part(pkg.zf, part)):
        found.add("formulas")
    order = ["notes", "table", "formulas", "pictures", "pivot", "links", "other"]
    return [kind for kind in order if kind in found]


def additions_said(kinds: Sequence[str]) -> Entry | Message:
    """The kinds of additions in words: ``notes, a table and formulas``."""
    first = ADDITION_WORDS[kinds[0]]
    if len(kinds) == 1:
        return first
    if len(kinds) == 2:
        return say(BOTH, first=first, second=ADDITION_WORDS[kinds[1]])
    return say(SEVERAL, first=first, rest=additions_said(kinds[1:]))
