"""What changes in the package when result sheets are written into it.

Only these parts change:

- the workbook part (``xl/workbook.xml``) gets the new ``<sheet>`` entries (and renamed ones),
- its relationships (``xl/_rels/workbook.xml.rels``) get the new worksheet relationships,
- ``[Content_Types].xml`` gets an ``Override`` per new worksheet part,
- the styles part (``xl/styles.xml``) gets the result sheets' cell styles and the statuses'
  differential formats appended (existing entries keep their index and bytes;
  :mod:`~mahjong_club.workbook.styles`), or is added when the workbook has none,
- the workbook part gets each result sheet's print titles, its autofilter's range and the
  tool's mark (:mod:`~mahjong_club.workbook.marks`),
- the parts of replaced sheets are rewritten, their own ``_rels`` dropped (old comments and
  drawings must not come back), and ``xl/calcChain.xml`` is dropped when a replaced sheet had
  formulas (Excel rebuilds it; a stale chain makes it report the file as damaged).

The XML parts are edited in place (:class:`~mahjong_club.ooxml.xml.Edits`), keeping every
namespace prefix as the organiser's program wrote it.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import quote

from mahjong_club.common.text import fold_name, small_number
from mahjong_club.messages import output as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.ooxml.package import (
    MAIN_NS,
    WORKSHEET_CT,
    Package,
    SheetEntry,
    rel_kind,
    rels_part,
)
from mahjong_club.ooxml.xml import Edits, decode, escape_attr
from mahjong_club.workbook.cells import (
    EPOCH_1904,
    EXCEL_EPOCH,
    ILLEGAL_XML_RE,
    ResultSheet,
    filter_range,
    render_sheet,
)
from mahjong_club.workbook.marks import mark_sheets, positions
from mahjong_club.workbook.recalc import recalculate_on_open
from mahjong_club.workbook.styles import StyleIds, edit_stylesheet, minimal_stylesheet

# Excel's rules for sheet names.
_FORBIDDEN_NAME_CHARS = frozenset("[]:*?/\\")
MAX_SHEET_NAME = 31

#: A formula element in a sheet part (the sheet has formulas).
FORMULA_RE = re.compile(rb"<(?:[\w.-]+:)?f[\s/>]")
STYLES_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"


@dataclass
class Plan:
    """What changes between the source package and the target package."""

    replace: dict[str, bytes] = field(default_factory=dict)
    """Entry name → its new bytes."""
    remove: set[str] = field(default_factory=set)
    """Entry names to leave out."""
    add: list[tuple[str, bytes]] = field(default_factory=list)
    """New entries, in order."""


def _name_problem(name: str) -> Message | None:
    """Why Excel would refuse ``name`` as a sheet name, or None."""
    if not isinstance(name, str) or not name.strip():
        return say(texts.SHEET_NAME_EMPTY)
    if len(name) > MAX_SHEET_NAME:
        return say(texts.SHEET_NAME_TOO_LONG, limit=MAX_SHEET_NAME)
    bad = sorted(set(name) & _FORBIDDEN_NAME_CHARS)
    if bad:
        return say(texts.SHEET_NAME_FORBIDDEN, chars=" ".join(bad))
    if name.startswith("'") or name.endswith("'"):
        return say(texts.SHEET_NAME_APOSTROPHE)
    if ILLEGAL_XML_RE.search(name):
        return say(texts.SHEET_NAME_CONTROL)
    return None


def check_sheet_name(name: str) -> None:
    """Raise :class:`~mahjong_club.ooxml.errors.OoxmlError` for a name Excel would refuse."""
    problem = _name_problem(name)
    if problem is not None:
        raise OoxmlError(say(texts.SHEET_NAME_INVALID, name=name, reason=problem))


def sheet_key(name: str) -> str:
    """How sheet names are compared: as the readers compare them (``fold_name``)."""
    return fold_name(name)


def _check_names(sheets: Sequence[ResultSheet]) -> None:
    keys: set[str] = set()
    for sheet in sheets:
        check_sheet_name(sheet.name)
        key = sheet_key(sheet.name)
        if key in keys:
            raise OoxmlError(say(texts.SHEET_GIVEN_TWICE, name=sheet.name))
        keys.add(key)


def plan_package(zf: zipfile.ZipFile, sheets: Sequence[ResultSheet], language: str = "en") -> Plan:
    """Work out the new and changed parts for writing ``sheets`` into the package ``zf``,
    dates formatted as ``language`` writes them.

    An optional sheet with no rows besides its header is left out unless it replaces one.
    """
    _check_names(sheets)
    change = _PackageChange(Package(zf), language)
    existing = {sheet_key(s.name): s for s in change.pkg.sheets}
    appended: list[ResultSheet] = []
    drop_calc_chain = False
    where = positions(change.pkg)
    for sheet in sheets:
        old = existing.get(sheet_key(sheet.name))
        if old is None:
            if not (sheet.optional and sheet.empty):
                appended.append(sheet)
            continue
        change.marked[where[old.index]] = sheet.name
        if change.replace_sheet(old, sheet):
            drop_calc_chain = True
    replaced = set(change.marked)
    if drop_calc_chain:
        change.drop_calc_chain()
    change.drop_removed_overrides()
    if appended:
        change.append_sheets(appended)
    for n, sheet in enumerate(appended, start=len(where)):
        change.marked[n] = sheet.name
    tables = {n: change.tables[name] for n, name in change.marked.items() if name in change.tables}
    mark_sheets(change.pkg, change.wb_edits, change.marked, replaced, tables)
    recalculate_on_open(change.pkg, change.wb_edits)
    return change.finish()


class _PackageChange:
    """The edits of the three package parts, and the plan they add up to."""

    def __init__(self, pkg: Package, language: str = "en") -> None:
        self.pkg = pkg
        self.plan = Plan()
        wb_root = pkg.wb_tags[pkg.wb_root]
        self.main_ns = wb_root.ns.get(wb_root.prefix, MAIN_NS)
        self.worksheet_type = f"{pkg.rel_base}/worksheet"
        self.wb_edits = Edits(pkg.wb_text)
        self.rels_edits = Edits(pkg.rels.text)
        self.ct = pkg.content_types()
        self.ct_edits = Edits(self.ct.text)
        self.ct_new: list[str] = []
        self.names = _NewNames(pkg)
        self.marked: dict[int, str] = {}
        """Position → name of each result sheet written."""
        self.tables: dict[str, str] = {}
        """Name → the range of the autofilter of each result sheet written."""
        self.styles = self._styles(language)
        #: The workbook's day 0, that the result sheets' dates count from.
        self.epoch = EPOCH_1904 if pkg.date1904 else EXCEL_EPOCH

    def _render(self, sheet: ResultSheet) -> bytes:
        look = sheet.amounts, sheet.highlights
        xml = render_sheet(sheet.rows, self.main_ns, self.styles, *look, epoch=self.epoch)
        table = filter_range(xml)
        if table is not None:
            self.tables[sheet.name] = table
        return xml

    def _styles(self, language: str) -> StyleIds:
        """Append the result sheets' styles to the styles part (adding one when there is
        none) and return their indices."""
        pkg = self.pkg
        rel = next((r for r in pkg.rels.rels if rel_kind(r.type) == "styles" and r.target), None)
        part = pkg.name(rel.target or "") if rel is not None else None
        if part is not None:
            old, codec = decode(pkg.read(part))
            text, ids = edit_stylesheet(old, language)
            if text != old:
                self.plan.replace[part] = text.encode(codec)
            return ids
        text, ids = edit_stylesheet(minimal_stylesheet(self.main_ns), language)
        part = self.names.free_part("styles")
        if rel is not None:  # the workbook points at a missing styles part: write it there
            part = rel.target or part
        else:
            self.rels_edits.append_children(
                pkg.rels.tags,
                pkg.rels.root,
                f'<{self._rel_q()} Id="{self.names.rel_id()}" '
                f'Type="{escape_attr(pkg.rel_base)}/styles" '
                f'Target="{escape_attr(quote(self.names.target(part)))}"/>',
            )
        self.plan.add.append((part, text.encode("utf-8")))
        self.ct_new.append(_override_xml(self.ct.tags[self.ct.root].prefix, part, STYLES_CT))
        return ids

    def _rel_q(self) -> str:
        prefix = self.pkg.rels.tags[self.pkg.rels.root].prefix
        return f"{prefix}:Relationship" if prefix else "Relationship"

    def replace_sheet(self, old: SheetEntry, sheet: ResultSheet) -> bool:
        """Replace the existing sheet ``old`` by ``sheet``; True when ``old`` had formulas."""
        pkg = self.pkg
        if old.part is None or old.rel is None:
            raise OoxmlError(say(texts.SHEET_HAS_NO_PART, part=pkg.workbook, name=old.name))
        if old.name != sheet.name:
            _raw, vs, ve = pkg.wb_tags[old.index].attrs["name"]
            self.wb_edits.replace(vs, ve, escape_attr(sheet.name))
        had_formulas = pkg.name(old.part) is not None and bool(
            FORMULA_RE.search(pkg.read(old.part))
        )
        part = pkg.name(old.part) or old.part
        if pkg.name(part) is not None:
            self.plan.replace[part] = self._render(sheet)
        else:  # the workbook points at a missing part: write it
            self.plan.add.append((part, self._render(sheet)))
        sheet_rels = pkg.name(rels_part(part))
        if sheet_rels is not None:
            self.plan.remove.add(sheet_rels)
        if old.kind != "worksheet":
            _raw, vs, ve = pkg.rels.tags[old.rel.index].attrs["Type"]
            self.rels_edits.replace(vs, ve, escape_attr(self.worksheet_type))
        self._make_worksheet_type(part)
        return had_formulas

    def _make_worksheet_type(self, part: str) -> None:
        """Give the existing ``part`` the worksheet content type."""
        ct = self.ct
        override = ct.overrides.get(part.lower())
        if override is not None:
            if ct.tags[override].get("ContentType") != WORKSHEET_CT:
                _raw, vs, ve = ct.tags[override].attrs["ContentType"]
                self.ct_edits.replace(vs, ve, WORKSHEET_CT)
        elif ct.defaults.get(posixpath.splitext(part)[1].lstrip(".").lower()) != WORKSHEET_CT:
            self.ct_new.append(_override_xml(ct.tags[ct.root].prefix, part))

    def drop_calc_chain(self) -> None:
        """Leave out the calculation chain: its part and its relationship."""
        rels = self.pkg.rels
        for rel in rels.rels:
            if rel_kind(rel.type) == "calcChain" and rel.target:
                self.rels_edits.remove_element(rels.tags, rel.index)
                entry = self.pkg.name(rel.target)
                if entry is not None:
                    self.plan.remove.add(entry)

    def drop_removed_overrides(self) -> None:
        """Remove the content type overrides of the parts the plan leaves out."""
        for entry in self.plan.remove:
            override = self.ct.overrides.get(entry.lower())
            if override is not None:
                self.ct_edits.remove_element(self.ct.tags, override)

    def append_sheets(self, appended: Sequence[ResultSheet]) -> None:
        """Add ``appended`` after the existing sheets, as new worksheet parts."""
        pkg = self.pkg
        sheets_tag = pkg.wb_tags[pkg.sheets_index]
        prefix = f"{sheets_tag.prefix}:" if sheets_tag.prefix else ""
        r_prefix = next(
            (p for p, uri in sheets_tag.ns.items() if p and uri == pkg.rel_base),
            None,
        )
        if r_prefix is not None:
            r_id, ns_decl = f"{r_prefix}:id", ""
        else:
            r_id, ns_decl = "r:id", f' xmlns:r="{escape_attr(pkg.rel_base)}"'
        rel_q = self._rel_q()
        names = self.names
        new_sheets: list[str] = []
        new_rels: list[str] = []
        for sheet in appended:
            rid, part = names.rel_id(), names.sheet_part()
            new_sheets.append(
                f'<{prefix}sheet{ns_decl} name="{escape_attr(sheet.name)}" '
                f'sheetId="{names.sheet_id()}" {r_id}="{rid}"/>'
            )
            new_rels.append(
                f'<{rel_q} Id="{rid}" Type="{escape_attr(self.worksheet_type)}" '
                f'Target="{escape_attr(quote(names.target(part)))}"/>'
            )
            self.ct_new.append(_override_xml(self.ct.tags[self.ct.root].prefix, part))
            self.plan.add.append((part, self._render(sheet)))
        self.wb_edits.append_children(pkg.wb_tags, pkg.sheets_index, "".join(new_sheets))
        self.rels_edits.append_children(pkg.rels.tags, pkg.rels.root, "".join(new_rels))

    def finish(self) -> Plan:
        """The plan, with the edited workbook, relationships and content types parts."""
        pkg, ct = self.pkg, self.ct
        if self.ct_new:
            self.ct_edits.append_children(ct.tags, ct.root, "".join(self.ct_new))
        for name, edits, codec in (
            (pkg.workbook, self.wb_edits, pkg.wb_codec),
            (pkg.rels.part, self.rels_edits, pkg.rels.codec),
            (ct.part, self.ct_edits, ct.codec),
        ):
            text = edits.apply()
            if text != edits.text:
                self.plan.replace[name] = text.encode(codec)
        return self.plan


class _NewNames:
    """Fresh sheet ids, relationship ids and part names for appended sheets."""

    def __init__(self, pkg: Package) -> None:
        sheet_ids = [
            v
            for s in pkg.sheets
            if (v := small_number(pkg.wb_tags[s.index].get("sheetId") or "")) is not None
        ]
        self.next_sheet_id = max(sheet_ids, default=0) + 1
        self.rel_ids = {r.id for r in pkg.rels.rels}
        numbers = [int(m.group(1)) for r in self.rel_ids if (m := re.fullmatch(r"rId(\d+)", r))]
        self.next_rel = max(numbers, default=0) + 1
        self.used_parts = set(pkg.names)
        self.wb_dir = posixpath.dirname(pkg.workbook)
        self.sheet_n = 1

    def sheet_id(self) -> int:
        """The next ``sheetId``."""
        self.next_sheet_id += 1
        return self.next_sheet_id - 1

    def rel_id(self) -> str:
        """An unused relationship id (``rId7``)."""
        while f"rId{self.next_rel}" in self.rel_ids:
            self.next_rel += 1
        rid = f"rId{self.next_rel}"
        self.rel_ids.add(rid)
        return rid

    def sheet_part(self) -> str:
        """An unused worksheet part name (``xl/worksheets/sheet4.xml``)."""
        part = posixpath.join(self.wb_dir, f"worksheets/sheet{self.sheet_n}.xml")
        while part.lower() in self.used_parts:
            self.sheet_n += 1
            part = posixpath.join(self.wb_dir, f"worksheets/sheet{self.sheet_n}.xml")
        self.used_parts.add(part.lower())
        return part

    def free_part(self, stem: str) -> str:
        """An unused part name beside the workbook part (``xl/styles.xml``)."""
        part, n = posixpath.join(self.wb_dir, f"{stem}.xml"), 1
        while part.lower() in self.used_parts:
            n += 1
            part = posixpath.join(self.wb_dir, f"{stem}{n}.xml")
        self.used_parts.add(part.lower())
        return part

    def target(self, part: str) -> str:
        """The relationship target of ``part``, relative to the workbook part."""
        return posixpath.relpath(part, self.wb_dir) if self.wb_dir else part


def _override_xml(prefix: str, part: str, content_type: str = WORKSHEET_CT) -> str:
    q = f"{prefix}:Override" if prefix else "Override"
    return f'<{q} PartName="/{escape_attr(part)}" ContentType="{content_type}"/>'
