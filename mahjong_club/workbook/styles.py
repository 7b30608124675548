"""The result sheets' cell styles, appended to the organiser's styles part.

A cell's look is an index into the workbook's ``cellXfs`` list (``xl/styles.xml``), and each
entry there points into the ``numFmts``, ``fonts`` and ``fills`` lists. The organiser's cells
use the entries already there, so the result sheets' entries are only ever *appended*: every
existing entry keeps its index and its bytes. An entry the organiser's part already has in
exactly the form the tool writes (because the workbook is the tool's own earlier output) is
used again instead of being added a second time. A workbook without a styles part gets one.

The statuses' colours (:mod:`~mahjong_club.workbook.highlights`) are *differential formats*
(``dxfs``, what conditional formatting points at): appended the same way, a missing ``dxfs``
list created in its place among the part's lists.

Dates are shown ``yyyy-mm-dd`` in English and ``dd-mm-yyyy`` in Danish (``language`` ``da``);
number formats need no language: ``#,##0`` shows the thousands separator of the reader's
locale (``1,234,567`` or ``1.234.567``), and ``# ?/?`` is the same everywhere.

    >>> text, ids = edit_stylesheet(minimal_stylesheet())
    >>> ids[HEADER], ids[DATE], text.count("<xf ") - 1  # the default cell style stays first
    (1, 6, 8)
    >>> ids[WARNING], ids[DISQUALIFIED], text.count("<dxf>")
    (0, 2, 6)
    >>> edit_stylesheet(text) == (text, ids)  # the tool's own output gains nothing more
    True
    >>> 'formatCode="dd-mm-yyyy"' in edit_stylesheet(text, "da")[0]
    True
"""

from __future__ import annotations

import re

from mahjong_club.common.text import small_number
from mahjong_club.ooxml.package import MAIN_NS
from mahjong_club.ooxml.xml import Edits, Tag, children, element_end, root, scan_tags

# The kinds of result cells that have a style of their own.
HEADER = "header"
NUMBER = "number"
AMOUNT = "amount"
FRACTION = "fraction"
DECIMAL = "decimal"
DATE = "date"
DATETIME = "datetime"

#: Kind → (number format code or a built-in format id, bold with a fill, aligned right).
KINDS: dict[str, tuple[str | int, bool, bool]] = {
    HEADER: (0, True, False),
    NUMBER: (0, False, True),
    AMOUNT: ("#,##0", False, True),
    FRACTION: ("# ?/?", False, True),
    DECIMAL: ("#,##0.00", False, True),
    DATE: ("yyyy-mm-dd", False, True),
    DATETIME: ("yyyy-mm-dd hh:mm", False, True),
}
#: The date formats of each language: (date, date and time).
DATE_FORMATS: dict[str, tuple[str, str]] = {
    "en": ("yyyy-mm-dd", "yyyy-mm-dd hh:mm"),
    "da": ("dd-mm-yyyy", "dd-mm-yyyy hh:mm"),
}

# The looks of the statuses (conditional formatting), each a differential format.
WARNING = "warning"
SUBSTITUTABLE = "substitutable"
DISQUALIFIED = "disqualified"
GOOD = "good"
CANDIDATE = "candidate"
BAD = "bad"


def _dxf(fill: str, font: str = "", bold: bool = False) -> str:
    """A differential format: a solid ``fill``, and a ``font`` colour and boldness if given.

    The fill colour is both the pattern's fore- and background colour: Excel reads a
    differential fill's ``bgColor``, some other programs its ``fgColor``.
    """
    font_xml = ("<b/>" if bold else "") + (f'<color rgb="{font}"/>' if font else "")
    return (
        "<dxf>"
        + (f"<font>{font_xml}</font>" if font_xml else "")
        + f'<fill><patternFill patternType="solid"><fgColor rgb="{fill}"/>'
        f'<bgColor rgb="{fill}"/></patternFill></fill></dxf>'
    )


#: Look → its differential format: amber for a warning, red and bold for substitutable, dark
#: with white text for disqualified, green for promoted and winner (a lighter green for a
#: promotion candidate), light red for a relegation candidate or a move down.
DXFS: dict[str, str] = {
    WARNING: _dxf("FFFFEB9C", "FF9C5700"),
    SUBSTITUTABLE: _dxf("FFFFC7CE", "FF9C0006", bold=True),
    DISQUALIFIED: _dxf("FF404040", "FFFFFFFF", bold=True),
    GOOD: _dxf("FFC6EFCE", "FF006100"),
    CANDIDATE: _dxf("FFE2F0D9"),
    BAD: _dxf("FFFCE4E4"),
}

#: The header row's fill: a light blue-grey.
HEADER_FILL = "FFDDE4EE"
#: The first id a workbook's own number formats may take (lower ones are Excel's built-ins).
FIRST_CUSTOM_FORMAT = 164

StyleIds = dict[str, int]
"""Kind of cell → its index in ``cellXfs``, and look of a status → its index in ``dxfs``."""


def kinds(language: str = "en") -> dict[str, tuple[str | int, bool, bool]]:
    """:data:`KINDS` with the dates formatted as ``language`` writes them."""
    date, datetime = DATE_FORMATS.get(language, DATE_FORMATS["en"])
    return {**KINDS, DATE: (date, False, True), DATETIME: (datetime, False, True)}


# The children of <styleSheet>, in the order the schema requires.
_ORDER = (
    "numFmts",
    "fonts",
    "fills",
    "borders",
    "cellStyleXfs",
    "cellXfs",
    "cellStyles",
    "dxfs",
    "tableStyles",
    "colors",
    "extLst",
)
# What a missing list must hold before the tool's entries (its entry 0 is everyone's default).
_DEFAULTS: dict[str, list[str]] = {
    "numFmts": [],
    "fonts": ['<font><sz val="11"/><name val="Calibri"/></font>'],
    "fills": [
        '<fill><patternFill patternType="none"/></fill>',
        '<fill><patternFill patternType="gray125"/></fill>',
    ],
    "borders": ["<border><left/><right/><top/><bottom/><diagonal/></border>"],
    "cellStyleXfs": ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'],
    "cellXfs": ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'],
    "dxfs": [],
}
_START_TAG_RE = re.compile(r"^<[^>]*?(/?)>")


def minimal_stylesheet(main_ns: str = MAIN_NS) -> str:
    """The styles part of a workbook that has none: the defaults every workbook needs."""
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<styleSheet xmlns="{main_ns}"><cellStyles count="1">'
        '<cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    )


class _Sheet:
    """The styles part being edited: its text, its tags and the edits so far."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tags = scan_tags(text)
        self.root = root(self.tags, "styleSheet", "styles")
        top = self.tags[self.root]
        self.prefix = f"{top.prefix}:" if top.prefix else ""
        self.edits = Edits(text)
        self.lists = {self.tags[i].local: i for i in children(self.tags, self.root)}

    def raw(self, index: int) -> str:
        """The exact text of the element at tag ``index``."""
        return self.text[self.tags[index].start : element_end(self.tags, index)]

    def existing(self, name: str) -> list[str]:
        """The exact text of each entry of the list ``name``; a missing list's defaults."""
        at = self.lists.get(name)
        if at is None:
            return list(_DEFAULTS[name])
        return [self.raw(i) for i in children(self.tags, at)]

    def entries(self, name: str) -> list[Tag]:
        """The entries of the list ``name`` (empty when the list is missing)."""
        at = self.lists.get(name)
        return [] if at is None else [self.tags[i] for i in children(self.tags, at)]

    def _q(self, xml: str) -> str:
        """``xml`` (written without prefixes) with the part's prefix on every element."""
        if not self.prefix:
            return xml
        return re.sub(r"<(/?)(\w)", rf"<\1{self.prefix}\2", xml)

    def add(self, name: str, new: list[str]) -> None:
        """Append ``new`` entries to the list ``name``; a missing list is created (with its
        defaults first) even when nothing is new, as Excel needs every list but ``numFmts``."""
        at = self.lists.get(name)
        if at is None:
            entries = [*_DEFAULTS[name], *new]
            if entries:
                body = "".join(entries)
                xml = self._q(f'<{name} count="{len(entries)}">{body}</{name}>')
                self.edits.insert(self._position(name), xml)
            return
        if not new:
            return
        tag = self.tags[at]
        count = tag.attrs.get("count")
        total = len(children(self.tags, at)) + len(new)
        if tag.empty or tag.match < 0:  # <numFmts count="0"/>
            xml = self._q(f'<{name} count="{total}">{"".join(new)}</{name}>')
            self.edits.replace(tag.start, tag.end, xml)
            return
        self.edits.append_children(self.tags, at, self._q("".join(new)))
        if count is not None:
            self.edits.replace(count[1], count[2], str(total))

    def _position(self, name: str) -> int:
        """Where a missing list ``name`` goes: before the first list that follows it."""
        later = _ORDER[_ORDER.index(name) + 1 :]
        for local, i in sorted(self.lists.items(), key=lambda item: self.tags[item[1]].start):
            if local in later:
                return self.tags[i].start
        top = self.tags[self.root]
        if top.empty or top.match < 0:  # <styleSheet/>: not expected; append after the tag
            return top.end
        return self.tags[top.match].start


def _bold(default_font: str) -> str:
    """The organiser's default font, made bold (so the header keeps the workbook's font)."""
    match = _START_TAG_RE.match(default_font)
    if match is None:
        return "<font><b/></font>"
    if match.group(1):  # <font/>
        return "<font><b/></font>"
    end = match.end()
    body = re.sub(r"<(\w+:)?b(\s[^>]*)?/>", "", default_font[end:])
    return re.sub(r"^<(\w+:)?font", "<font", default_font[:end]) + "<b/>" + body


def _index_of(existing: list[str], new: list[str], xml: str) -> int:
    """The index of the entry ``xml``: an existing identical one, or a new one appended."""
    if xml in existing:
        return existing.index(xml)
    if xml not in new:
        new.append(xml)
    return len(existing) + new.index(xml)


def _number_formats(sheet: _Sheet, language: str) -> dict[str, int]:
    """Each format code the tool uses → its id, reusing the organiser's where they match."""
    known: dict[str, int] = {}
    used = {FIRST_CUSTOM_FORMAT - 1}
    for tag in sheet.entries("numFmts"):
        number = small_number(tag.get("numFmtId") or "")
        if number is not None:
            used.add(number)
            known.setdefault(tag.get("formatCode") or "", number)
    ids: dict[str, int] = {}
    new: list[str] = []
    for code, _bold_fill, _right in kinds(language).values():
        if isinstance(code, int) or code in ids:
            continue
        if code in known:
            ids[code] = known[code]
            continue
        ids[code] = max(used) + 1
        used.add(ids[code])
        new.append(f'<numFmt numFmtId="{ids[code]}" formatCode="{code}"/>')
    sheet.add("numFmts", new)
    return ids


def edit_stylesheet(text: str, language: str = "en") -> tuple[str, StyleIds]:
    """The styles part ``text`` with the result sheets' styles appended (dates as
    ``language`` writes them), and their indices."""
    sheet = _Sheet(text)
    formats = _number_formats(sheet, language)
    fonts = sheet.existing("fonts")
    new_fonts: list[str] = []
    bold = _index_of(fonts, new_fonts, _bold(fonts[0] if fonts else _DEFAULTS["fonts"][0]))
    fills = sheet.existing("fills")
    new_fills: list[str] = []
    fill_xml = (
        f'<fill><patternFill patternType="solid"><fgColor rgb="{HEADER_FILL}"/>'
        '<bgColor indexed="64"/></patternFill></fill>'
    )
    fill = _index_of(fills, new_fills, fill_xml)
    xfs = sheet.existing("cellXfs")
    new_xfs: list[str] = []
    ids: StyleIds = {}
    for kind, (code, header, right) in kinds(language).items():
        number = code if isinstance(code, int) else formats[code]
        font, fill_id = (bold, fill) if header else (0, 0)
        xml = (
            f'<xf numFmtId="{number}" fontId="{font}" fillId="{fill_id}" borderId="0" xfId="0"'
            + (' applyNumberFormat="1"' if number else "")
            + (' applyFont="1" applyFill="1"' if header else "")
            + (' applyAlignment="1"><alignment horizontal="right"/></xf>' if right else "/>")
        )
        ids[kind] = _index_of(xfs, new_xfs, xml)
    sheet.add("fonts", new_fonts)
    sheet.add("fills", new_fills)
    sheet.add("borders", [])
    sheet.add("cellStyleXfs", [])
    sheet.add("cellXfs", new_xfs)
    dxfs = sheet.existing("dxfs")
    new_dxfs: list[str] = []
    for look, xml in DXFS.items():
        ids[look] = _index_of(dxfs, new_dxfs, xml)
    sheet.add("dxfs", new_dxfs)
    return sheet.edits.apply(), ids
