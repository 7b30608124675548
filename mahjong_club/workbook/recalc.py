"""The updated copy asks Excel to recalculate the organiser's formulas when it is opened.

The tool never calculates formulas: the organiser's own cells keep the values Excel saved.
But a formula of the organiser's that reads a result sheet (``=COUNTIF('Attendance
status'!F:F;"substitutable")``, ``='Standings'!C2``) would show last week's value beside
this week's sheets until something recalculates it. ``<calcPr fullCalcOnLoad="1"/>`` in the
workbook part is Excel's own way of saying "recalculate everything when this file is opened"
(LibreOffice follows its setting "Recalculation on file load" instead).
"""

from __future__ import annotations

from mahjong_club.ooxml.package import Package
from mahjong_club.ooxml.xml import Edits, children, element_end

#: What comes before ``<calcPr>`` in a workbook part (the schema's order).
_BEFORE = ("sheets", "functionGroups", "externalReferences", "definedNames")


def recalculate_on_open(pkg: Package, edits: Edits) -> None:
    """Set ``fullCalcOnLoad="1"`` on the workbook's ``<calcPr>``, adding one (in its place in
    the schema's order, after any ``<definedNames>``) when there is none. Call it after
    :func:`~mahjong_club.workbook.marks.mark_sheets`: a ``<definedNames>`` that adds at the
    same place must come first."""
    tags = pkg.wb_tags
    found = children(tags, pkg.wb_root, "calcPr")
    if found:
        tag = tags[found[0]]
        value = tag.attrs.get("fullCalcOnLoad")
        if value is not None:
            edits.replace(value[1], value[2], "1")
        else:
            edits.insert(tag.start + 1 + len(tag.qname), ' fullCalcOnLoad="1"')
        return
    top = tags[pkg.wb_root]
    prefix = f"{top.prefix}:" if top.prefix else ""
    before = [i for i in children(tags, pkg.wb_root) if tags[i].local in _BEFORE]
    at = max(element_end(tags, i) for i in before)  # <sheets> is always there
    edits.insert(at, f'<{prefix}calcPr fullCalcOnLoad="1"/>')
