"""The workbook's defined names for the result sheets: repeated header rows when printed, the
autofilter's range, and the mark that tells the tool's own sheets from the organiser's.

Each result sheet gets names scoped to it (``localSheetId`` is the sheet's position):
``_xlnm.Print_Titles`` (its first row, printed at the top of every page), the hidden
``_xlnm._FilterDatabase`` (the range of its autofilter, as Excel writes it: LibreOffice shows
no filter buttons without it) and the hidden :data:`MARKER`, which says "the tool wrote this
sheet". Excel and LibreOffice keep them when the organiser saves the workbook, and follow a
renamed sheet. Before a sheet called like a result sheet is replaced, :func:`foreign_sheets`
checks for the mark (or, for a sheet written by a version of the tool before the mark, the
same header row): a hand-made ``Standings`` gets a warning before it is replaced.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Sequence
from pathlib import Path

from mahjong_club.common.text import fold_name, small_number
from mahjong_club.ooxml.limits import read_part
from mahjong_club.ooxml.package import Package, SheetEntry
from mahjong_club.ooxml.xml import Edits, children, element_end, unescape_xml
from mahjong_club.workbook.cells import ResultSheet

#: The hidden name that marks a sheet the tool wrote.
MARKER = "_MahjongClubResult"
PRINT_TITLES = "_xlnm.Print_Titles"
FILTER_DATABASE = "_xlnm._FilterDatabase"
#: The names the tool writes for a result sheet; a replaced sheet's old ones are removed.
_OWN_NAMES = {MARKER.lower(), PRINT_TITLES.lower(), FILTER_DATABASE.lower()}
# What may come before <definedNames> in a workbook part.
_BEFORE = ("sheets", "functionGroups", "externalReferences")
_TEXT_RE = re.compile(rb"<(?:[\w.-]+:)?t(?:\s[^>]*)?>([^<]*)</(?:[\w.-]+:)?t>")
_ROW_END_RE = re.compile(rb"</(?:[\w.-]+:)?row>")


def positions(pkg: Package) -> dict[int, int]:
    """Tag index of each ``<sheet>`` → its position (what ``localSheetId`` counts)."""
    return {i: n for n, i in enumerate(children(pkg.wb_tags, pkg.sheets_index, "sheet"))}


def quoted(name: str) -> str:
    """A sheet name as a formula names it: ``'Next season'`` (an apostrophe doubled)."""
    return "'" + name.replace("'", "''") + "'"


def marked_positions(pkg: Package) -> set[int]:
    """The positions of the sheets that carry :data:`MARKER`."""
    names = children(pkg.wb_tags, pkg.wb_root, "definedNames")
    found: set[int] = set()
    for i in children(pkg.wb_tags, names[0], "definedName") if names else []:
        tag = pkg.wb_tags[i]
        local = small_number(tag.get("localSheetId") or "")
        if (tag.get("name") or "").lower() == MARKER.lower() and local is not None:
            found.add(local)
    return found


def _same_header(pkg: Package, old: SheetEntry, sheet: ResultSheet) -> bool:
    """True when the old sheet's first row, written as inline strings (as the tool writes
    it), starts with the result sheet's header."""
    part = pkg.name(old.part or "")
    if part is None or not sheet.rows:
        return False
    data = read_part(pkg.zf, part)
    end = _ROW_END_RE.search(data)
    if end is None:
        return False
    texts = [
        unescape_xml(t.decode("utf-8", "replace")) for t in _TEXT_RE.findall(data[: end.start()])
    ]
    header = [str(h) for h in sheet.rows[0] if h is not None]
    count = min(len(texts), len(header))
    return count > 0 and texts[:count] == header[:count]


def foreign_sheets(source: Path, sheets: Sequence[ResultSheet]) -> list[str]:
    """The organiser's own sheets of ``source`` (as the workbook spells them) that the result
    ``sheets`` would replace: sheets of the same name the tool did not write."""
    with zipfile.ZipFile(source) as zf:
        return foreign_in(Package(zf), sheets)


def foreign_in(pkg: Package, sheets: Sequence[ResultSheet]) -> list[str]:
    """:func:`foreign_sheets` of the open package ``pkg``."""
    wanted = {fold_name(s.name): s for s in sheets}
    marked, where = marked_positions(pkg), positions(pkg)
    return [
        old.name
        for old in pkg.sheets
        if (sheet := wanted.get(fold_name(old.name))) is not None
        and where.get(old.index) not in marked
        and not _same_header(pkg, old, sheet)
    ]


def _absolute(ref: str) -> str:
    """``A1:O35`` as ``$A$1:$O$35``."""
    return ":".join(re.sub(r"^([A-Z]+)(\d+)$", r"$\1$\2", part) for part in ref.split(":"))


def _names(n: int, name: str, table: str | None, prefix: str) -> str:
    """The defined names of the result sheet ``name`` at position ``n``; ``table`` is the
    range of its autofilter (None: it has none)."""
    sheet = _escape(quoted(name))
    xml = (
        f'<{prefix}definedName name="{PRINT_TITLES}" localSheetId="{n}">'
        f"{sheet}!$1:$1</{prefix}definedName>"
    )
    if table is not None:
        xml += (
            f'<{prefix}definedName name="{FILTER_DATABASE}" localSheetId="{n}" hidden="1">'
            f"{sheet}!{_absolute(table)}</{prefix}definedName>"
        )
    return xml + (
        f'<{prefix}definedName name="{MARKER}" localSheetId="{n}" hidden="1">'
        f"{sheet}!$A$1</{prefix}definedName>"
    )


def mark_sheets(
    pkg: Package,
    edits: Edits,
    sheets: dict[int, str],
    replaced: set[int],
    tables: dict[int, str] | None = None,
) -> None:
    """Give each result sheet (position → name) its print titles, the range of its
    autofilter (``tables``: position → ``A1:O35``) and its mark, removing the old ones of the
    ``replaced`` positions."""
    found = children(pkg.wb_tags, pkg.wb_root, "definedNames")
    for i in children(pkg.wb_tags, found[0], "definedName") if found else []:
        tag = pkg.wb_tags[i]
        local = small_number(tag.get("localSheetId") or "")
        own = (tag.get("name") or "").lower() in _OWN_NAMES
        if own and local is not None and local in replaced:
            edits.remove_element(pkg.wb_tags, i)
    top = pkg.wb_tags[pkg.wb_root]
    prefix = f"{top.prefix}:" if top.prefix else ""
    tables = tables or {}
    xml = "".join(_names(n, name, tables.get(n), prefix) for n, name in sorted(sheets.items()))
    if not xml:
        return
    if found:
        edits.append_children(pkg.wb_tags, found[0], xml)
        return
    before = [i for i in children(pkg.wb_tags, pkg.wb_root) if pkg.wb_tags[i].local in _BEFORE]
    at = max(element_end(pkg.wb_tags, i) for i in before)
    edits.insert(at, f"<{prefix}definedNames>{xml}</{prefix}definedNames>")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
