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

from mahjong_club.ooxml.package import MAIN_NS
from mahjong_club.ooxml.xml import Edits, Tag, children, element_end, root, scan_tags
from mahjong_club.workbook.style_match import (
    BUILT_IN_FORMATS,
    FIRST_CUSTOM_FORMAT,
    CellLooks,
    Look,
    Looks,
    fragment_look,
    look,
    number_formats,
)

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


class _List:
    """One list of the part (``fonts``, ``fills`` …): its entries and their looks, and the
    entries the tool appends; an entry is appended only when none looks the same."""

    def __init__(self, sheet: _Sheet, name: str, cells: CellLooks | None = None) -> None:
        self.existing = sheet.existing(name)
        at = sheet.lists.get(name)
        self.looks = Looks()
        if at is None:
            for xml in self.existing:
                self.looks.append(fragment_look(xml))
        else:  # cell styles (``cells``): with what they point at resolved
            looked = look if cells is None else cells.of
            for i in children(sheet.tags, at):
                self.looks.append(looked(sheet.tags, i))
        self.new: list[str] = []

    def index(self, xml: str, wanted: Look | None = None) -> int:
        """The index of the entry that looks like ``xml`` (``wanted`` when given): the first
        such entry of the list, or ``xml`` appended."""
        if wanted is None:
            if xml in self.existing:  # the tool's own earlier output: no need to look
                return self.existing.index(xml)
            wanted = fragment_look(xml)
        found = self.looks.first.get(wanted)
        if found is not None:
            return found
        self.new.append(xml)
        self.looks.append(wanted)
        return len(self.looks.looks) - 1


class _Formats:
    """The number formats: each code the tool needs → its id, the organiser's where one
    reads the same, a new one (appended) otherwise."""

    def __init__(self, sheet: _Sheet) -> None:
        at = sheet.lists.get("numFmts")
        entries = [] if at is None else children(sheet.tags, at)
        self.codes = number_formats(sheet.tags, entries)
        self.known: dict[str, int] = {}
        for number, code in sorted(self.codes.items()):
            if number >= FIRST_CUSTOM_FORMAT:  # the workbook's own
                self.known.setdefault(code, number)
        self.used = {FIRST_CUSTOM_FORMAT - 1, *self.codes}
        self.new: list[str] = []

    def id(self, code: str) -> int:
        """The id of the format ``code``, appended when the part has none that reads so."""
        if code not in self.known:
            number = max(self.used) + 1
            self.known[code] = number
            self.used.add(number)
            self.new.append(f'<numFmt numFmtId="{number}" formatCode="{code}"/>')
        return self.known[code]


def _cell_style(number: int, font: int, fill: int, header: bool, right: bool) -> str:
    """A cell style of the result sheets as the tool writes it."""
    return (
        f'<xf numFmtId="{number}" fontId="{font}" fillId="{fill}" borderId="0" xfId="0"'
        + (' applyNumberFormat="1"' if number else "")
        + (' applyFont="1" applyFill="1"' if header else "")
        + (' applyAlignment="1"><alignment horizontal="right"/></xf>' if right else "/>")
    )


def edit_stylesheet(text: str, language: str = "en") -> tuple[str, StyleIds]:
    """The styles part ``text`` with the result sheets' styles appended (dates as
    ``language`` writes them), and their indices; styles the part already has, in whatever
    words a program saved them, are used again (:mod:`~mahjong_club.workbook.style_match`)."""
    sheet = _Sheet(text)
    formats = _Formats(sheet)
    fonts, fills, borders = _List(sheet, "fonts"), _List(sheet, "fills"), _List(sheet, "borders")
    default_font = fonts.existing[0] if fonts.existing else _DEFAULTS["fonts"][0]
    bold = fonts.index(_bold(default_font))
    fill = fills.index(
        f'<fill><patternFill patternType="solid"><fgColor rgb="{HEADER_FILL}"/>'
        '<bgColor indexed="64"/></patternFill></fill>'
    )
    cells = CellLooks(formats.codes, fonts.looks, fills.looks, borders.looks)
    xfs = _List(sheet, "cellXfs", cells)
    ids: StyleIds = {}
    for kind, (code, header, right) in kinds(language).items():
        font, fill_id = (bold, fill) if header else (0, 0)
        shown = BUILT_IN_FORMATS[code] if isinstance(code, int) else code
        wanted = cells.wanted(_cell_style(0, font, fill_id, header, right), shown, font, fill_id)
        found = xfs.looks.first.get(wanted)
        if found is None:
            number = code if isinstance(code, int) else formats.id(code)
            found = xfs.index(_cell_style(number, font, fill_id, header, right), wanted)
        ids[kind] = found
    sheet.add("numFmts", formats.new)
    sheet.add("fonts", fonts.new)
    sheet.add("fills", fills.new)
    sheet.add("borders", [])
    sheet.add("cellStyleXfs", [])
    sheet.add("cellXfs", xfs.new)
    dxfs = _List(sheet, "dxfs")
    for look_name, xml in DXFS.items():
        ids[look_name] = dxfs.index(xml)
    sheet.add("dxfs", dxfs.new)
    return sheet.edits.apply(), ids
