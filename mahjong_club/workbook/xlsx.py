"""Write the organiser's workbook back with result sheets added or replaced.

The organiser's workbook is copied at the zip level: every part (sheet, style, drawing, comment,
macro, ...) keeps its exact bytes, and its compressed bytes are copied without recompressing when
the source zip allows it. Only these parts change:

- the workbook part (``xl/workbook.xml``) gets the new ``<sheet>`` entries (and renamed ones),
- its relationships (``xl/_rels/workbook.xml.rels``) get the new worksheet relationships,
- ``[Content_Types].xml`` gets an ``Override`` per new worksheet part,
- the parts of replaced sheets are rewritten, their own ``_rels`` dropped (old comments and
  drawings must not come back), and ``xl/calcChain.xml`` is dropped when a replaced sheet had
  formulas (Excel rebuilds it; a stale chain makes it report the file as damaged).

XML parts are edited by string surgery on a light tag scan rather than a DOM round-trip: a DOM
writer renames namespace prefixes, which breaks ``mc:Ignorable`` and makes Excel refuse the file.

Why not openpyxl: a load and save of a 100 000-row workbook takes about 18 s, and it drops every
formula's cached value (and anything else openpyxl does not model: charts, images, macros).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import math
import os
import posixpath
import re
import shutil
import struct
import tempfile
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import BinaryIO
from urllib.parse import quote, unquote

Cell = str | int | float | Fraction | bool | dt.date | dt.datetime | None
"""A value a result sheet cell can hold; ``None`` leaves the cell empty."""


@dataclass(frozen=True)
class ResultSheet:
    """A sheet to add to (or replace in) the organiser's workbook.

    ``rows[0]`` is the header row; it is frozen so it stays visible while scrolling.
    """

    name: str
    rows: list[list[Cell]]


__all__ = [
    "Cell",
    "ResultSheet",
    "SheetPart",
    "column_letter",
    "list_sheet_parts",
    "write_result_workbook",
]

# --- OOXML constants ------------------------------------------------------------------------

_MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_STRICT_REL_NS = "http://purl.oclc.org/ooxml/officeDocument/relationships"
_KNOWN_REL_NS = frozenset({_REL_NS, _STRICT_REL_NS})
_WORKSHEET_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_SHEET_REL_KINDS = frozenset(
    {"worksheet", "chartsheet", "dialogsheet", "xlMacrosheet", "xlIntlMacrosheet"}
)
_CONTENT_TYPES = "[Content_Types].xml"
_ROOT_RELS = "_rels/.rels"

_MAX_ROWS = 1_048_576
_MAX_COLS = 16_384
_MAX_TEXT = 32_767
_WIDTH_SAMPLE_ROWS = 2000
_MIN_WIDTH = 6
_MAX_WIDTH = 50
_DEFLATE_LEVEL = 6

# Excel's rules for sheet names.
_FORBIDDEN_NAME_CHARS = frozenset("[]:*?/\\")
_MAX_SHEET_NAME = 31

# Characters XML 1.0 cannot hold at all (they are dropped from cell text).
_ILLEGAL_XML_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Anything in cell text that needs more than a plain copy.
_TEXT_NEEDS_WORK_RE = re.compile(
    "[&<>\r\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]|_x[0-9A-Fa-f]{4}_"
)
# Excel reads ``_xHHHH_`` in cell text as an escaped character; a literal one is escaped as
# ``_x005F_xHHHH_`` (``_x005F_`` being the underscore) so Excel shows exactly what was written.
_EXCEL_ESCAPE_RE = re.compile("_(x[0-9A-Fa-f]{4}_)")


# --- Public helpers ---------------------------------------------------------------------------


def column_letter(index: int) -> str:
    """Return the Excel column letters for a 0-based column index (0 → ``A``, 26 → ``AA``)."""
    if index < 0:
        raise ValueError(f"column index must be >= 0, got {index}")
    letters = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


@dataclass(frozen=True)
class SheetPart:
    """Where one sheet of a workbook lives in the zip package."""

    name: str
    """The sheet name as the workbook spells it."""
    part: str | None
    """Zip entry name of the sheet part (``xl/worksheets/sheet1.xml``); None if unresolvable."""
    kind: str
    """Relationship kind: ``worksheet``, ``chartsheet``, ``dialogsheet``, ..."""


def list_sheet_parts(zf: zipfile.ZipFile) -> list[SheetPart]:
    """List the sheets of an open ``.xlsx`` zip in workbook order, with their part names.

    The workbook part is found through ``_rels/.rels``; relationship targets are resolved
    relative to the workbook part (absolute targets are taken from the package root).
    Raises ValueError when the zip is not a spreadsheet package.
    """
    pkg = _Package(zf)
    return [SheetPart(s.name, s.part, s.kind) for s in pkg.sheets]


# --- XML helpers ------------------------------------------------------------------------------


def _escape_attr(value: str) -> str:
    """Escape a string for use inside a double- or single-quoted XML attribute value."""
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&apos;")
    )


_ENTITY_RE = re.compile(r"&(#[0-9]+|#x[0-9A-Fa-f]+|amp|lt|gt|quot|apos);")
_NAMED_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def unescape_xml(value: str) -> str:
    """Resolve the XML predefined entities and character references in ``value``."""
    if "&" not in value:
        return value

    def sub(m: re.Match[str]) -> str:
        ref = m.group(1)
        if ref.startswith("#x"):
            return chr(int(ref[2:], 16))
        if ref.startswith("#"):
            return chr(int(ref[1:]))
        return _NAMED_ENTITIES[ref]

    return _ENTITY_RE.sub(sub, value)


_TOKEN_RE = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<!DOCTYPE[^>]*>"
    r"|<(?P<close>/)?(?P<qname>[^\s/>!?]+)"
    r"(?P<attrs>(?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(?P<empty>/)?>",
    re.S,
)
_ATTR_RE = re.compile(r"([^\s=/>]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


@dataclass
class _Tag:
    """One start, end or empty-element tag found by :func:`_scan_tags`."""

    start: int
    end: int
    prefix: str
    local: str
    closing: bool
    empty: bool
    # qualified attribute name -> (raw value, value start, value end) in the document
    attrs: dict[str, tuple[str, int, int]]
    ns: dict[str, str]
    """In-scope namespace declarations (prefix → URI; ``""`` for the default namespace)."""
    match: int = -1
    """Index of the matching end tag (start tags) in the tag list; -1 when none."""

    @property
    def qname(self) -> str:
        """The tag's qualified name (``x:sheet``)."""
        return f"{self.prefix}:{self.local}" if self.prefix else self.local

    def get(self, name: str) -> str | None:
        """Unescaped value of the attribute with exactly this qualified name, or None."""
        found = self.attrs.get(name)
        return None if found is None else unescape_xml(found[0])

    def get_ns(self, uris: frozenset[str] | set[str], local: str) -> str | None:
        """Unescaped value of a prefixed attribute whose namespace is one of ``uris``."""
        for qname, (raw, _s, _e) in self.attrs.items():
            prefix, _, name = qname.rpartition(":")
            if prefix and name == local and self.ns.get(prefix) in uris:
                return unescape_xml(raw)
        return None


def _scan_tags(text: str) -> list[_Tag]:
    """Scan the tags of a small XML document, tracking namespaces and pairing end tags.

    Comments, CDATA, processing instructions and text are skipped. This is not a validating
    parser; it is enough to locate elements and attributes for in-place edits.
    """
    tags: list[_Tag] = []
    stack: list[int] = []
    ns_stack: list[dict[str, str]] = [{"xml": "http://www.w3.org/XML/1998/namespace"}]
    for m in _TOKEN_RE.finditer(text):
        qname = m.group("qname")
        if qname is None:
            continue
        prefix, _, local = qname.rpartition(":")
        if m.group("close"):
            tag = _Tag(m.start(), m.end(), prefix, local, True, False, {}, ns_stack[-1])
            tags.append(tag)
            if stack:
                opener = tags[stack.pop()]
                opener.match = len(tags) - 1
                if len(ns_stack) > 1:
                    ns_stack.pop()
            continue
        attrs: dict[str, tuple[str, int, int]] = {}
        attrs_start = m.start("attrs")
        for am in _ATTR_RE.finditer(m.group("attrs")):
            group = 2 if am.group(2) is not None else 3
            attrs[am.group(1)] = (
                am.group(group),
                attrs_start + am.start(group),
                attrs_start + am.end(group),
            )
        ns = ns_stack[-1]
        decls = {
            ("" if k == "xmlns" else k[6:]): unescape_xml(v[0])
            for k, v in attrs.items()
            if k == "xmlns" or k.startswith("xmlns:")
        }
        if decls:
            ns = {**ns, **decls}
        empty = bool(m.group("empty"))
        tags.append(_Tag(m.start(), m.end(), prefix, local, False, empty, attrs, ns))
        if not empty:
            stack.append(len(tags) - 1)
            ns_stack.append(ns)
    return tags


def _element_end(tags: list[_Tag], index: int) -> int:
    """End offset of the element whose start (or empty) tag is ``tags[index]``."""
    tag = tags[index]
    if tag.empty or tag.match < 0:
        return tag.end
    return tags[tag.match].end


def _children(tags: list[_Tag], index: int, local: str | None = None) -> list[int]:
    """Indices of the direct child elements of ``tags[index]`` (optionally by local name)."""
    parent = tags[index]
    if parent.empty or parent.match < 0:
        return []
    found: list[int] = []
    i = index + 1
    while i < parent.match:
        tag = tags[i]
        if not tag.closing and (local is None or tag.local == local):
            found.append(i)
        i = tag.match + 1 if (not tag.closing and not tag.empty and tag.match > 0) else i + 1
    return found


def _root(tags: list[_Tag], expected: str, part: str) -> int:
    """Index of the document element, checking its local name."""
    for i, tag in enumerate(tags):
        if not tag.closing:
            if tag.local != expected:
                raise ValueError(f"{part}: expected <{expected}>, found <{tag.qname}>")
            return i
    raise ValueError(f"{part}: no <{expected}> element")


def _decode(data: bytes) -> tuple[str, str]:
    """Decode an XML part, returning its text and the codec to encode it back with."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data.decode("utf-8-sig"), "utf-8-sig"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16"), "utf-16"
    return data.decode("utf-8"), "utf-8"


class _Edits:
    """Collects non-overlapping (start, end, replacement) edits and applies them at once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.edits: list[tuple[int, int, str]] = []

    def replace(self, start: int, end: int, new: str) -> None:
        """Replace ``text[start:end]`` by ``new``."""
        self.edits.append((start, end, new))

    def insert(self, pos: int, new: str) -> None:
        """Insert ``new`` at ``pos``."""
        self.edits.append((pos, pos, new))

    def apply(self) -> str:
        """Return the edited text."""
        out: list[str] = []
        pos = 0
        for start, end, new in sorted(self.edits, key=lambda e: (e[0], e[1])):
            if start < pos:
                raise AssertionError("overlapping XML edits")
            out.append(self.text[pos:start])
            out.append(new)
            pos = end
        out.append(self.text[pos:])
        return "".join(out)


# --- Package structure ------------------------------------------------------------------------


def _rels_part(part: str) -> str:
    """Name of the relationships part belonging to ``part`` (``""`` = the package)."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def _resolve(owner: str, target: str) -> str:
    """Resolve a relationship target (absolute or relative to ``owner``) to a zip entry name."""
    target = unquote(target.split("#", 1)[0])
    if target.startswith("/"):
        path = target.lstrip("/")
    else:
        path = posixpath.join(posixpath.dirname(owner), target)
    path = posixpath.normpath(path)
    return "" if path == "." else path


@dataclass
class _Rel:
    id: str
    type: str
    target: str | None  # resolved zip entry name; None for external targets
    index: int  # tag index in the rels document


@dataclass
class _RelsDoc:
    """A parsed ``.rels`` part."""

    part: str
    text: str
    codec: str
    tags: list[_Tag]
    root: int
    rels: list[_Rel]

    @classmethod
    def parse(cls, part: str, owner: str, data: bytes) -> _RelsDoc:
        """Parse the relationships part ``part`` belonging to part ``owner``."""
        text, codec = _decode(data)
        tags = _scan_tags(text)
        root = _root(tags, "Relationships", part)
        rels: list[_Rel] = []
        for i in _children(tags, root, "Relationship"):
            tag = tags[i]
            rid, rtype, target = tag.get("Id"), tag.get("Type"), tag.get("Target")
            if rid is None or rtype is None or target is None:
                continue
            external = (tag.get("TargetMode") or "").strip() == "External"
            rels.append(_Rel(rid, rtype, None if external else _resolve(owner, target), i))
        return cls(part, text, codec, tags, root, rels)


@dataclass
class _SheetEntry:
    name: str
    part: str | None
    kind: str
    rel: _Rel | None
    index: int  # tag index in the workbook document


def _rel_kind(rel_type: str) -> str:
    return rel_type.rstrip("/").rsplit("/", 1)[-1]


class _Package:
    """The parts of a spreadsheet package this module reads or edits."""

    def __init__(self, zf: zipfile.ZipFile) -> None:
        self.zf = zf
        self.names: dict[str, str] = {}
        for info in zf.infolist():
            key = info.filename.lower()
            if key in self.names:
                raise ValueError(f"duplicate zip entry {info.filename!r}")
            self.names[key] = info.filename
        root_rels_name = self.name(_ROOT_RELS)
        if root_rels_name is None:
            raise ValueError("not an Office Open XML package: no _rels/.rels")
        root_rels = _RelsDoc.parse(root_rels_name, "", zf.read(root_rels_name))
        office = [r for r in root_rels.rels if _rel_kind(r.type) == "officeDocument" and r.target]
        if not office or self.name(office[0].target or "") is None:
            raise ValueError("not a workbook: no officeDocument part")
        self.rel_base = office[0].type.rstrip("/").rsplit("/", 1)[0]
        self.workbook = self.name(office[0].target or "") or ""
        self.wb_text, self.wb_codec = _decode(zf.read(self.workbook))
        self.wb_tags = _scan_tags(self.wb_text)
        self.wb_root = _root(self.wb_tags, "workbook", self.workbook)
        rels_name = self.name(_rels_part(self.workbook))
        if rels_name is None:
            raise ValueError(f"{self.workbook}: no relationships part")
        self.rels = _RelsDoc.parse(rels_name, self.workbook, zf.read(rels_name))
        by_id = {r.id: r for r in self.rels.rels}
        sheets_idx = _children(self.wb_tags, self.wb_root, "sheets")
        if not sheets_idx:
            raise ValueError(f"{self.workbook}: no <sheets> element")
        self.sheets_index = sheets_idx[0]
        self.sheets: list[_SheetEntry] = []
        for i in _children(self.wb_tags, self.sheets_index, "sheet"):
            tag = self.wb_tags[i]
            name = tag.get("name")
            if name is None:
                continue
            rid = tag.get_ns(_KNOWN_REL_NS | {self.rel_base}, "id")
            rel = by_id.get(rid) if rid is not None else None
            part = self.name(rel.target) if rel and rel.target else None
            if part is None and rel is not None and rel.target:
                part = rel.target
            kind = _rel_kind(rel.type) if rel else "worksheet"
            self.sheets.append(_SheetEntry(name, part, kind, rel, i))

    def name(self, part: str) -> str | None:
        """The zip entry name for ``part`` (part names are case-insensitive), or None."""
        return self.names.get(part.lower())


# --- Sheet XML --------------------------------------------------------------------------------


def _text_xml(value: str) -> str:
    """Escape cell text for element content (see ``_TEXT_NEEDS_WORK_RE``)."""
    value = _ILLEGAL_XML_RE.sub("", value)
    value = _EXCEL_ESCAPE_RE.sub(r"_x005F_\1", value)
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def _format_date(value: dt.date) -> str:
    if isinstance(value, dt.datetime):
        fmt = "%Y-%m-%d %H:%M:%S" if value.second or value.microsecond else "%Y-%m-%d %H:%M"
        return value.strftime(fmt)
    return value.isoformat()


def _display_len(value: Cell) -> int:
    """Rough display width of a value, in characters, for column widths."""
    if value is None:
        return 0
    if isinstance(value, str):
        return max((len(line) for line in value.split("\n")), default=0)
    if isinstance(value, bool):
        return 5
    if isinstance(value, dt.date):
        return len(_format_date(value))
    if isinstance(value, Fraction):
        return len(str(value.numerator)) if value.denominator == 1 else 10
    if isinstance(value, float):
        return min(len(repr(value)), 12)
    return len(str(value))


def _number_xml(value: int | float | Fraction, ref: str) -> str:
    """The ``<v>`` text of a number; Excel numbers are IEEE doubles."""
    if type(value) is int:
        if -(10**15) < value < 10**15:
            return str(value)
        try:
            float(value)
        except OverflowError:
            raise ValueError(f"cell {ref}: {value} is too large for Excel") from None
        return str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return _number_xml(int(value.numerator), ref)
        try:
            return repr(float(value))
        except OverflowError:
            raise ValueError(f"cell {ref}: {value} is too large for Excel") from None
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"cell {ref}: {number} cannot be stored in Excel")
    return repr(number)


def _str_cell(text: str, ref: str) -> str:
    """An inline-string ``<c>`` element."""
    if len(text) > _MAX_TEXT:
        raise ValueError(f"cell {ref}: text longer than Excel's {_MAX_TEXT} characters")
    if _TEXT_NEEDS_WORK_RE.search(text):
        text = _text_xml(text)
    if text[:1].isspace() or text[-1:].isspace():
        return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def _cell_xml(value: Cell, ref: str) -> str:
    """One ``<c>`` element for a non-None value."""
    if isinstance(value, str):
        return _str_cell(value, ref)
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{1 if value else 0}</v></c>'
    if isinstance(value, int | float | Fraction):
        return f'<c r="{ref}"><v>{_number_xml(value, ref)}</v></c>'
    if isinstance(value, dt.date):
        return f'<c r="{ref}" t="inlineStr"><is><t>{_format_date(value)}</t></is></c>'
    raise TypeError(f"cell {ref}: cannot write a value of type {type(value).__name__}")


def _render_sheet(rows: Sequence[Sequence[Cell]], main_ns: str = _MAIN_NS) -> bytes:
    """Render a worksheet part: frozen header row, estimated column widths, inline strings."""
    if len(rows) > _MAX_ROWS:
        raise ValueError(f"{len(rows)} rows exceed Excel's {_MAX_ROWS}")
    ncols = max((len(row) for row in rows), default=0)
    if ncols > _MAX_COLS:
        raise ValueError(f"{ncols} columns exceed Excel's {_MAX_COLS}")
    letters = [column_letter(i) for i in range(ncols)]

    widths = [0] * ncols
    for row in rows[:_WIDTH_SAMPLE_ROWS]:
        for i, value in enumerate(row):
            if value is not None:
                n = _display_len(value)
                if n > widths[i]:
                    widths[i] = n

    body: list[str] = []
    last_row = 0
    last_col = -1
    for r, row in enumerate(rows, start=1):
        cells: list[str] = []
        for i, value in enumerate(row):
            if value is None:
                continue
            ref = f"{letters[i]}{r}"
            kind = type(value)
            if kind is int:
                cells.append(f'<c r="{ref}"><v>{_number_xml(value, ref)}</v></c>')
            elif kind is str:
                cells.append(_str_cell(value, ref))
            else:
                cells.append(_cell_xml(value, ref))
            if i > last_col:
                last_col = i
        if cells:
            last_row = r
            body.append(f'<row r="{r}">')
            body.extend(cells)
            body.append("</row>")

    dimension = "A1" if last_row == 0 else f"A1:{letters[last_col]}{last_row}"
    head = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
        f'<worksheet xmlns="{_escape_attr(main_ns)}">',
        f'<dimension ref="{dimension}"/>',
        '<sheetViews><sheetView workbookViewId="0">',
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>',
        "</sheetView></sheetViews>",
    ]
    if ncols:
        head.append("<cols>")
        for i, width in enumerate(widths, start=1):
            w = min(_MAX_WIDTH, max(_MIN_WIDTH, width + 2))
            head.append(f'<col min="{i}" max="{i}" width="{w}" customWidth="1"/>')
        head.append("</cols>")
    if body:
        head.append("<sheetData>")
        body.append("</sheetData></worksheet>")
    else:
        head.append("<sheetData/></worksheet>")
    return ("".join(head) + "".join(body)).encode("utf-8")


# --- Planning the package edits ---------------------------------------------------------------


def _check_sheet_name(name: str) -> None:
    """Raise ValueError for a sheet name Excel would refuse."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"invalid sheet name {name!r}: empty")
    if len(name) > _MAX_SHEET_NAME:
        raise ValueError(f"invalid sheet name {name!r}: longer than {_MAX_SHEET_NAME} characters")
    bad = sorted(set(name) & _FORBIDDEN_NAME_CHARS)
    if bad:
        raise ValueError(f"invalid sheet name {name!r}: contains {' '.join(bad)}")
    if name.startswith("'") or name.endswith("'"):
        raise ValueError(f"invalid sheet name {name!r}: starts or ends with an apostrophe")
    if _ILLEGAL_XML_RE.search(name):
        raise ValueError(f"invalid sheet name {name!r}: contains control characters")


def _sheet_key(name: str) -> str:
    return name.strip().casefold()


_FORMULA_RE = re.compile(rb"<(?:[\w.-]+:)?f[\s/>]")


@dataclass
class _Plan:
    """What changes between the source package and the target package."""

    replace: dict[str, bytes] = field(default_factory=dict)  # entry name -> new bytes
    remove: set[str] = field(default_factory=set)  # entry names
    add: list[tuple[str, bytes]] = field(default_factory=list)  # new entries, in order


def _plan(zf: zipfile.ZipFile, sheets: Sequence[ResultSheet]) -> _Plan:
    """Work out the new and changed parts for writing ``sheets`` into the package ``zf``."""
    keys: set[str] = set()
    for sheet in sheets:
        _check_sheet_name(sheet.name)
        key = _sheet_key(sheet.name)
        if key in keys:
            raise ValueError(f"sheet {sheet.name!r} given twice")
        keys.add(key)

    pkg = _Package(zf)
    plan = _Plan()
    main_ns = pkg.wb_tags[pkg.wb_root].ns.get(pkg.wb_tags[pkg.wb_root].prefix, _MAIN_NS)
    worksheet_type = f"{pkg.rel_base}/worksheet"
    existing = {_sheet_key(s.name): s for s in pkg.sheets}

    wb_edits = _Edits(pkg.wb_text)
    rels_edits = _Edits(pkg.rels.text)
    ct_name = pkg.name(_CONTENT_TYPES)
    if ct_name is None:
        raise ValueError(f"not an Office Open XML package: no {_CONTENT_TYPES}")
    ct_text, ct_codec = _decode(zf.read(ct_name))
    ct_tags = _scan_tags(ct_text)
    ct_root = _root(ct_tags, "Types", ct_name)
    ct_edits = _Edits(ct_text)
    overrides: dict[str, int] = {}
    defaults: dict[str, str] = {}
    for i in _children(ct_tags, ct_root):
        tag = ct_tags[i]
        if tag.local == "Override" and tag.get("PartName"):
            overrides[(tag.get("PartName") or "").lstrip("/").lower()] = i
        elif tag.local == "Default" and tag.get("Extension"):
            defaults[(tag.get("Extension") or "").lower()] = tag.get("ContentType") or ""

    ct_prefix = ct_tags[ct_root].prefix
    ct_new: list[str] = []
    drop_calc_chain = False
    appended: list[ResultSheet] = []

    for sheet in sheets:
        old = existing.get(_sheet_key(sheet.name))
        if old is None:
            appended.append(sheet)
            continue
        if old.part is None or old.rel is None:
            raise ValueError(
                f"{pkg.workbook}: sheet {old.name!r} has no part; is the file damaged?"
            )
        tag = pkg.wb_tags[old.index]
        if old.name != sheet.name:
            _raw, vs, ve = tag.attrs["name"]
            wb_edits.replace(vs, ve, _escape_attr(sheet.name))
        if old.part.lower() in pkg.names:
            old_bytes = zf.read(pkg.names[old.part.lower()])
            if _FORMULA_RE.search(old_bytes):
                drop_calc_chain = True
        part = pkg.name(old.part) or old.part
        if part.lower() in pkg.names:
            plan.replace[part] = _render_sheet(sheet.rows, main_ns)
        else:  # the workbook points at a missing part: write it
            plan.add.append((part, _render_sheet(sheet.rows, main_ns)))
        sheet_rels = pkg.name(_rels_part(part))
        if sheet_rels is not None:
            plan.remove.add(sheet_rels)
        if old.kind != "worksheet":
            rel_tag = pkg.rels.tags[old.rel.index]
            _raw, vs, ve = rel_tag.attrs["Type"]
            rels_edits.replace(vs, ve, _escape_attr(worksheet_type))
        ov = overrides.get(part.lower())
        if ov is not None:
            if ct_tags[ov].get("ContentType") != _WORKSHEET_CT:
                _raw, vs, ve = ct_tags[ov].attrs["ContentType"]
                ct_edits.replace(vs, ve, _WORKSHEET_CT)
        elif defaults.get(posixpath.splitext(part)[1].lstrip(".").lower()) != _WORKSHEET_CT:
            ct_new.append(_override_xml(ct_prefix, part))

    if drop_calc_chain:
        for rel in pkg.rels.rels:
            if _rel_kind(rel.type) == "calcChain" and rel.target:
                rels_edits.replace(
                    pkg.rels.tags[rel.index].start, _element_end(pkg.rels.tags, rel.index), ""
                )
                entry = pkg.name(rel.target)
                if entry is not None:
                    plan.remove.add(entry)

    for entry in plan.remove:
        ov = overrides.get(entry.lower())
        if ov is not None:
            ct_edits.replace(ct_tags[ov].start, _element_end(ct_tags, ov), "")

    if appended:
        sheets_tag = pkg.wb_tags[pkg.sheets_index]
        prefix = f"{sheets_tag.prefix}:" if sheets_tag.prefix else ""
        r_prefix = next(
            (p for p, uri in sheets_tag.ns.items() if p and uri == pkg.rel_base),
            None,
        )
        sheet_ids = [
            int(v)
            for s in pkg.sheets
            if (v := (pkg.wb_tags[s.index].get("sheetId") or "").strip()).isdigit()
        ]
        next_sheet_id = max(sheet_ids, default=0) + 1
        rel_ids = {r.id for r in pkg.rels.rels}
        rel_numbers = [int(m.group(1)) for r in rel_ids if (m := re.fullmatch(r"rId(\d+)", r))]
        next_rel = max(rel_numbers, default=0) + 1
        used_parts = set(pkg.names)
        wb_dir = posixpath.dirname(pkg.workbook)
        sheet_n = 1
        new_sheets: list[str] = []
        new_rels: list[str] = []
        rels_prefix = pkg.rels.tags[pkg.rels.root].prefix
        rel_q = f"{rels_prefix}:Relationship" if rels_prefix else "Relationship"
        for sheet in appended:
            while f"rId{next_rel}" in rel_ids:
                next_rel += 1
            rid = f"rId{next_rel}"
            rel_ids.add(rid)
            while posixpath.join(wb_dir, f"worksheets/sheet{sheet_n}.xml").lower() in used_parts:
                sheet_n += 1
            part = posixpath.join(wb_dir, f"worksheets/sheet{sheet_n}.xml")
            used_parts.add(part.lower())
            target = posixpath.relpath(part, wb_dir) if wb_dir else part
            if r_prefix is not None:
                rid_attr = f'{r_prefix}:id="{rid}"'
                ns_decl = ""
            else:
                rid_attr = f'r:id="{rid}"'
                ns_decl = f' xmlns:r="{_escape_attr(pkg.rel_base)}"'
            new_sheets.append(
                f'<{prefix}sheet{ns_decl} name="{_escape_attr(sheet.name)}" '
                f'sheetId="{next_sheet_id}" {rid_attr}/>'
            )
            next_sheet_id += 1
            new_rels.append(
                f'<{rel_q} Id="{rid}" Type="{_escape_attr(worksheet_type)}" '
                f'Target="{_escape_attr(quote(target))}"/>'
            )
            ct_new.append(_override_xml(ct_prefix, part))
            plan.add.append((part, _render_sheet(sheet.rows, main_ns)))
        _insert_children(wb_edits, pkg.wb_tags, pkg.sheets_index, "".join(new_sheets))
        _insert_children(rels_edits, pkg.rels.tags, pkg.rels.root, "".join(new_rels))

    if ct_new:
        _insert_children(ct_edits, ct_tags, ct_root, "".join(ct_new))

    for name, edits, codec, original in (
        (pkg.workbook, wb_edits, pkg.wb_codec, pkg.wb_text),
        (pkg.rels.part, rels_edits, pkg.rels.codec, pkg.rels.text),
        (ct_name, ct_edits, ct_codec, ct_text),
    ):
        text = edits.apply()
        if text != original:
            plan.replace[name] = text.encode(codec)
    return plan


def _override_xml(prefix: str, part: str) -> str:
    q = f"{prefix}:Override" if prefix else "Override"
    return f'<{q} PartName="/{_escape_attr(part)}" ContentType="{_WORKSHEET_CT}"/>'


def _insert_children(edits: _Edits, tags: list[_Tag], index: int, xml: str) -> None:
    """Append ``xml`` as the last children of the element ``tags[index]``."""
    tag = tags[index]
    if tag.empty or tag.match < 0:
        # <sheets/> → <sheets>...</sheets>
        tag_text = edits.text[tag.start : tag.end]
        head = tag_text[: tag_text.rfind("/")] + ">"
        edits.replace(tag.start, tag.end, f"{head}{xml}</{tag.qname}>")
    else:
        edits.insert(tags[tag.match].start, xml)


# --- Zip writing ------------------------------------------------------------------------------

_LOCAL_HEADER = struct.Struct("<IHHHHHIIIHH")
_CENTRAL_HEADER = struct.Struct("<IHHHHHHIIIHHHHHII")
_END_RECORD = struct.Struct("<IHHHHIIH")
_LOCAL_SIG = 0x04034B50
_CENTRAL_SIG = 0x02014B50
_END_SIG = 0x06054B50
_LIMIT32 = 0xFFFFFFFF
_FLAG_ENCRYPTED = 0x1
_FLAG_DATA_DESCRIPTOR = 0x8
_FLAG_UTF8 = 0x800
_COPY_CHUNK = 1 << 20


class _CannotCopyRaw(Exception):
    """The source zip uses a feature the raw copier does not handle (zip64, encryption...)."""


def _dos_time(date_time: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    year, month, day, hour, minute, second = date_time
    year = min(max(year, 1980), 2107)
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def _encoded_name(info: zipfile.ZipInfo) -> bytes:
    if info.flag_bits & _FLAG_UTF8:
        return info.filename.encode("utf-8")
    try:
        return info.filename.encode("cp437")
    except UnicodeEncodeError:
        return info.filename.encode("utf-8")


@dataclass
class _CentralEntry:
    name: bytes
    made_by: int
    version: int
    flags: int
    method: int
    time: int
    date: int
    crc: int
    csize: int
    usize: int
    internal_attr: int
    external_attr: int
    offset: int
    comment: bytes


class _RawZipWriter:
    """A minimal zip writer that can take entries as already-compressed bytes."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.offset = 0
        self.entries: list[_CentralEntry] = []

    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.offset += len(data)

    def _header(self, entry: _CentralEntry) -> None:
        if self.offset > _LIMIT32 or entry.csize > _LIMIT32 or entry.usize > _LIMIT32:
            raise _CannotCopyRaw("zip64 needed")
        entry.offset = self.offset
        self._write(
            _LOCAL_HEADER.pack(
                _LOCAL_SIG,
                entry.version,
                entry.flags,
                entry.method,
                entry.time,
                entry.date,
                entry.crc,
                entry.csize,
                entry.usize,
                len(entry.name),
                0,
            )
            + entry.name
        )
        self.entries.append(entry)

    def copy_raw(self, info: zipfile.ZipInfo, src: BinaryIO, data_offset: int) -> None:
        """Copy an entry's compressed bytes from ``src`` unchanged, with fresh headers."""
        time, date = _dos_time(info.date_time)
        self._header(
            _CentralEntry(
                name=_encoded_name(info),
                made_by=(info.create_system << 8) | info.create_version,
                version=info.extract_version,
                flags=info.flag_bits & ~_FLAG_DATA_DESCRIPTOR,
                method=info.compress_type,
                time=time,
                date=date,
                crc=info.CRC,
                csize=info.compress_size,
                usize=info.file_size,
                internal_attr=info.internal_attr,
                external_attr=info.external_attr,
                offset=0,
                comment=info.comment,
            )
        )
        src.seek(data_offset)
        remaining = info.compress_size
        while remaining:
            chunk = src.read(min(remaining, _COPY_CHUNK))
            if not chunk:
                raise ValueError(f"zip entry {info.filename!r} is truncated")
            self._write(chunk)
            remaining -= len(chunk)

    def add(self, name: str, data: bytes, date_time: tuple[int, int, int, int, int, int]) -> None:
        """Add a new entry, deflate-compressed."""
        compressor = zlib.compressobj(_DEFLATE_LEVEL, zlib.DEFLATED, -15)
        packed = compressor.compress(data) + compressor.flush()
        time, date = _dos_time(date_time)
        encoded = name.encode("utf-8")
        self._header(
            _CentralEntry(
                name=encoded,
                made_by=20,
                version=20,
                flags=0 if encoded.isascii() else _FLAG_UTF8,
                method=zipfile.ZIP_DEFLATED,
                time=time,
                date=date,
                crc=zlib.crc32(data),
                csize=len(packed),
                usize=len(data),
                internal_attr=0,
                external_attr=0,
                offset=0,
                comment=b"",
            )
        )
        self._write(packed)

    def close(self, comment: bytes = b"") -> None:
        """Write the central directory and the end record."""
        start = self.offset
        for e in self.entries:
            self._write(
                _CENTRAL_HEADER.pack(
                    _CENTRAL_SIG,
                    e.made_by,
                    e.version,
                    e.flags,
                    e.method,
                    e.time,
                    e.date,
                    e.crc,
                    e.csize,
                    e.usize,
                    len(e.name),
                    0,
                    len(e.comment),
                    0,
                    e.internal_attr,
                    e.external_attr,
                    e.offset,
                )
                + e.name
                + e.comment
            )
        size = self.offset - start
        if len(self.entries) >= 0xFFFF or start > _LIMIT32 or size > _LIMIT32:
            raise _CannotCopyRaw("zip64 needed")
        comment = comment[:0xFFFF]
        self._write(
            _END_RECORD.pack(
                _END_SIG, 0, 0, len(self.entries), len(self.entries), size, start, len(comment)
            )
            + comment
        )


def _raw_data_offsets(zf: zipfile.ZipFile, src: BinaryIO) -> dict[str, int]:
    """Offset of each entry's compressed data in ``src``, after checking its local header."""
    offsets: dict[str, int] = {}
    for info in zf.infolist():
        if info.flag_bits & _FLAG_ENCRYPTED or info.volume:
            raise _CannotCopyRaw("encrypted or multi-volume zip")
        if max(info.compress_size, info.file_size, info.header_offset) >= _LIMIT32:
            raise _CannotCopyRaw("zip64 entry")
        src.seek(info.header_offset)
        header = src.read(_LOCAL_HEADER.size)
        if len(header) != _LOCAL_HEADER.size:
            raise _CannotCopyRaw("truncated local header")
        sig, _v, _f, method, _t, _d, _c, _cs, _us, nlen, elen = _LOCAL_HEADER.unpack(header)
        if sig != _LOCAL_SIG or method != info.compress_type:
            raise _CannotCopyRaw("local header does not match the central directory")
        if src.read(nlen) != _encoded_name(info):
            raise _CannotCopyRaw("local header name does not match the central directory")
        offsets[info.filename] = info.header_offset + _LOCAL_HEADER.size + nlen + elen
    return offsets


def _write_package(source: Path, out: BinaryIO, plan: _Plan, *, raw: bool = True) -> None:
    """Write the target package to ``out``: the source's entries, changed as ``plan`` says.

    With ``raw`` (the default) unchanged entries are copied as compressed bytes; when the source
    zip uses something the raw copier does not handle, or ``raw`` is False, they are
    decompressed and recompressed with :mod:`zipfile` instead (same uncompressed bytes).
    """
    start = out.tell()
    with open(source, "rb") as src, zipfile.ZipFile(src) as zf:
        infos = zf.infolist()
        new_time = infos[0].date_time if infos else (1980, 1, 1, 0, 0, 0)
        if raw:
            try:
                offsets = _raw_data_offsets(zf, src)
                writer = _RawZipWriter(out)
                for info in infos:
                    if info.filename in plan.remove:
                        continue
                    new = plan.replace.get(info.filename)
                    if new is not None:
                        writer.add(info.filename, new, info.date_time)
                    else:
                        writer.copy_raw(info, src, offsets[info.filename])
                for name, data in plan.add:
                    writer.add(name, data, new_time)
                writer.close(zf.comment)
                return
            except _CannotCopyRaw:
                out.seek(start)
                out.truncate()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=_DEFLATE_LEVEL) as zout:
            zout.comment = zf.comment
            for info in infos:
                if info.filename in plan.remove:
                    continue
                copy = zipfile.ZipInfo(info.filename, info.date_time)
                copy.compress_type = (
                    zipfile.ZIP_STORED
                    if info.compress_type == zipfile.ZIP_STORED
                    else zipfile.ZIP_DEFLATED
                )
                copy.external_attr = info.external_attr
                copy.create_system = info.create_system
                new = plan.replace.get(info.filename)
                if new is not None:
                    zout.writestr(copy, new)
                    continue
                big = info.file_size > zipfile.ZIP64_LIMIT // 2
                with zf.open(info) as fin, zout.open(copy, "w", force_zip64=big) as fout:
                    shutil.copyfileobj(fin, fout, _COPY_CHUNK)
            for name, data in plan.add:
                zout.writestr(zipfile.ZipInfo(name, new_time), data)


# --- Entry point ------------------------------------------------------------------------------


def write_result_workbook(source: Path, target: Path, sheets: Sequence[ResultSheet]) -> None:
    """Write ``target``: the workbook ``source`` with the result ``sheets`` added or replaced.

    A result sheet whose name matches an existing sheet (case-insensitively, ignoring
    surrounding spaces) replaces it in place: same position and part, renamed to the given
    spelling, its old comments/drawings dropped. Other result sheets are appended in the given
    order. Every other part of the source is copied byte for byte; ``source`` is never modified.

    The target is written atomically (temporary file in the target's folder, fsync, rename):
    on any error it is left as it was and no temporary file remains.

    Raises ValueError for a sheet name Excel refuses, for values Excel cannot hold, when
    ``target`` is ``source``, or when ``source`` is not a workbook package.
    """
    source = Path(source)
    target = Path(target)
    if target.exists() and os.path.samefile(source, target):
        raise ValueError(f"refusing to overwrite the source workbook {source}")
    with zipfile.ZipFile(source) as zf:
        plan = _plan(zf, sheets)

    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o777
    except FileNotFoundError:
        mode = 0o644
    tmp = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, removed on error
        delete=False, dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with tmp:
            _write_package(source, tmp, plan)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.chmod(tmp.name, mode)
        os.replace(tmp.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp.name)
        raise
    _fsync_dir(target.parent)


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
