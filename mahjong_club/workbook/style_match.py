"""The organiser's styles matched by what they look like, not by their exact text.

The result sheets' styles are appended to the workbook's styles part only when the part has no
entry that looks the same (:mod:`~mahjong_club.workbook.styles`). The tool's own earlier output
holds them in exactly the text the tool writes; but a workbook saved by Excel or openpyxl in
between holds them rewritten: attributes in another order, ``<b val="1"/>`` for ``<b/>``, the
font's settings reordered, the ``apply…`` flags dropped or added, and number formats renumbered
(``#,##0`` becomes Excel's built-in format 3, ``yyyy-mm-dd`` may come back as
``yyyy\\-mm\\-dd``). Matched by text, every weekly run appended the same seven cell styles, their
fonts, fills and six status colours again. Matched by look, the workbook keeps one of each.

An entry's *look* is its element with the attributes that change nothing left out (extension
attributes with a prefix, the ``apply…`` flags, ``pivotButton``/``quotePrefix`` when 0), colours
in capitals, a boolean element's true value dropped, and its children in sorted order; a cell
style's look puts the number format's code, the font's look and the fill's look where their
indexes were.

    >>> font = fragment_look('<font><sz val="11"/><b val="1"/></font>')
    >>> font == fragment_look('<font><b/><sz val="11"/></font>')
    True
    >>> font == fragment_look('<font><i/><sz val="11"/></font>')
    False
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mahjong_club.common.text import small_number
from mahjong_club.ooxml.xml import Tag, children, scan_tags, unescape_xml

#: An element's look: its local name, its attributes that matter, its children's looks.
Look = tuple[str, tuple[tuple[str, str], ...], tuple["Look", ...]]

#: Attributes that never change how a cell looks: a list's count, and a cell style's flags
#: saying its font, fill … apply, which programs drop, add or set to false as they save
#: (openpyxl drops ``applyFont="1"``, LibreOffice writes ``applyFont="false"`` beside font 0).
_IGNORED = frozenset(
    {
        "count",
        "applyNumberFormat",
        "applyFont",
        "applyFill",
        "applyBorder",
        "applyAlignment",
        "applyProtection",
    }
)
#: An alignment's and a protection's settings at their defaults (LibreOffice writes them all).
_DEFAULTS = {
    "alignment": {
        "horizontal": "general",
        "vertical": "bottom",
        "textRotation": "0",
        "wrapText": "0",
        "indent": "0",
        "relativeIndent": "0",
        "justifyLastLine": "0",
        "shrinkToFit": "0",
        "readingOrder": "0",
    },
    "protection": {"locked": "1", "hidden": "0"},
}
_BOOLEAN_WORDS = {"true": "1", "false": "0"}
#: Attributes that change nothing when 0 (their default).
_DEFAULT_ZERO = frozenset({"pivotButton", "quotePrefix"})
#: A cell style's references into the other lists, matched by what they point at instead.
_REFERENCES = frozenset({"numFmtId", "fontId", "fillId", "borderId"})
#: Elements whose ``val`` is a boolean, true when absent.
_BOOLEANS = frozenset({"b", "i", "strike", "outline", "shadow", "condense", "extend"})
_TRUE = frozenset({"1", "true"})

#: The first id a workbook's own number formats may take (lower ones are Excel's built-ins).
FIRST_CUSTOM_FORMAT = 164
#: Excel's built-in number formats that read the same in every locale (ECMA-376 18.8.30).
BUILT_IN_FORMATS: dict[int, str] = {
    0: "General",
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    12: "# ?/?",
    13: "# ??/??",
    49: "@",
}


#: Characters a format shows as they are, quoted with a backslash or not (Excel saves
#: ``yyyy-mm-dd`` as ``yyyy\\-mm\\-dd``); any other quoted character keeps its quote (``\\,``
#: is a comma shown, ``,`` a thousands separator).
_PLAIN_WHEN_QUOTED = frozenset("-/: ()")


def format_code(code: str) -> str:
    """A number format's code as it reads: a backslash-quoted character that is shown as it
    is anyway loses its backslash.

    >>> format_code("yyyy\\\\-mm\\\\-dd"), format_code("#\\\\,##0"), format_code("#,##0")
    ('yyyy-mm-dd', '#\\\\,##0', '#,##0')
    """
    out: list[str] = []
    i = 0
    while i < len(code):
        if code[i] == "\\" and i + 1 < len(code) and code[i + 1] in _PLAIN_WHEN_QUOTED:
            i += 1
        out.append(code[i])
        i += 1
    return "".join(out)


def look(
    tags: list[Tag], index: int, skip: frozenset[str] = frozenset(), dxf: bool = False
) -> Look:
    """The look of the element at ``tags[index]`` (attributes in ``skip`` left out too);
    ``dxf``: inside a status colour (a differential format), whose fill reads otherwise."""
    tag = tags[index]
    dxf = dxf or tag.local == "dxf"
    attrs: list[tuple[str, str]] = []
    for name, (raw, _start, _end) in tag.attrs.items():
        if ":" in name or name in _IGNORED or name in skip:
            continue
        value = unescape_xml(raw)
        value = _BOOLEAN_WORDS.get(value, value)
        if name in _DEFAULT_ZERO and value == "0":
            continue
        if name == "val" and tag.local in _BOOLEANS and value in _TRUE:
            continue
        if _DEFAULTS.get(tag.local, {}).get(name) == value:
            continue
        attrs.append((name, value.upper() if name == "rgb" else value))
    kids = [look(tags, i, dxf=dxf) for i in children(tags, index)]
    if tag.local == "patternFill":
        return _pattern(dict(attrs), kids, dxf)
    kids = [kid for kid in kids if kid[0] not in _DEFAULTS or kid[1]]  # all at their defaults
    return (tag.local, tuple(sorted(attrs)), tuple(sorted(kids)))


def _pattern(attrs: dict[str, str], kids: list[Look], dxf: bool) -> Look:
    """A pattern fill's look. A cell's solid fill is its foreground colour, and a fill with
    no pattern named is no fill (the schema's default). A status colour's fill (``dxf``) is
    its background colour, with or without the pattern named (Excel and LibreOffice keep it
    there and drop the name); its foreground only when it has no background."""
    colours = {kid[0]: kid for kid in kids}
    pattern = attrs.get("patternType")
    if dxf and pattern in (None, "solid") and colours:
        shown = colours.get("bgColor") or colours["fgColor"]
        return ("patternFill", (("solid", ""),), (("color", shown[1], ()),))
    if not dxf and pattern == "solid":
        colour = colours.get("fgColor")
        return ("patternFill", (("solid", ""),), (("color", colour[1], ()),) if colour else ())
    return ("patternFill", (("patternType", pattern or "none"),), tuple(sorted(kids)))


def fragment_look(xml: str) -> Look:
    """The look of one element written out as ``xml`` (the tool's own entries)."""
    tags = scan_tags(xml)
    return look(tags, 0)


@dataclass
class Looks:
    """The looks of one list's entries (``fonts``, ``fills``, ``dxfs`` …), first one first."""

    looks: list[Look] = field(default_factory=list)
    first: dict[Look, int] = field(default_factory=dict)

    def append(self, entry: Look) -> None:
        """One more entry, at the end of the list."""
        self.first.setdefault(entry, len(self.looks))
        self.looks.append(entry)

    def at(self, index: int) -> Look | None:
        """The look of the entry at ``index`` (None past the end)."""
        return self.looks[index] if 0 <= index < len(self.looks) else None


@dataclass(frozen=True)
class CellLooks:
    """What a cell style points at, to be matched by what it points at."""

    formats: dict[int, str]
    fonts: Looks
    fills: Looks
    borders: Looks

    def of(self, tags: list[Tag], index: int) -> Look:
        """The look of the cell style at ``tags[index]``, its references resolved."""
        tag = tags[index]
        number = _reference(tag, "numFmtId")
        code = self.formats.get(number, f"#{number}")
        font, fill, border = (_reference(tag, name) for name in ("fontId", "fillId", "borderId"))
        return self.pointing(look(tags, index, _REFERENCES), code, font, fill, border)

    def pointing(self, own: Look, code: str, font: int, fill: int, border: int) -> Look:
        """``own`` (a cell style's look without its references) with the number format
        ``code`` and the looks of the font, fill and border at those indexes."""
        pointed = tuple(
            found if found is not None else ("missing", (), ())
            for found in (self.fonts.at(font), self.fills.at(fill), self.borders.at(border))
        )
        return (own[0], own[1], (*own[2], ("references", (("format", code),), pointed)))

    def wanted(self, xml: str, code: str, font: int, fill: int) -> Look:
        """The look of the tool's cell style ``xml`` with that format code, font and fill
        (and the first border)."""
        return self.pointing(look(scan_tags(xml), 0, _REFERENCES), code, font, fill, 0)


def _reference(tag: Tag, name: str) -> int:
    """The index the attribute ``name`` holds (0 when missing or unreadable)."""
    return small_number(tag.get(name) or "0") or 0


def number_formats(tags: list[Tag], entries: list[int]) -> dict[int, str]:
    """Each number format id → its code as it reads: the workbook's own (from id 164), and
    the built-in ones that read the same everywhere (an id below 164 is Excel's own, whatever
    the part writes for it: 14, the locale's short date, is never taken for ``yyyy-mm-dd``)."""
    codes = dict(BUILT_IN_FORMATS)
    for i in entries:
        number = small_number(tags[i].get("numFmtId") or "")
        if number is not None and number >= FIRST_CUSTOM_FORMAT:
            codes[number] = format_code(tags[i].get("formatCode") or "")
    return codes
