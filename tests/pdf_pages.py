"""A small reader of the PDF files LibreOffice writes: each page's size, text and fill colours,
and the bookmarks (one per sheet) that say where each sheet's pages start.

Enough for the tests to check how a workbook prints (which sheet is on which page, that every
page of a sheet shows its last column, which colours its cells are filled with) without a PDF
library. It reads what ``soffice --convert-to pdf`` writes: a classic cross-reference table,
Flate-compressed content streams, simple TrueType fonts with ``/ToUnicode`` maps. It is not a
general PDF reader.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field

_OBJ_RE = re.compile(rb"(\d+)\s+0\s+obj\b")
_REF_RE = rb"(\d+)\s+0\s+R"
_TOKEN_RE = re.compile(
    rb"\[|\]|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|/[^\s/\[\]()<>]+|[-+]?(?:\d+\.?\d*|\.\d+)"
    rb"|[A-Za-z'\"*]+"
)
_NUMBER_RE = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)")


@dataclass
class Page:
    """One page: its size in points, its texts (x, y, text) and the colours it fills with."""

    width: float
    height: float
    texts: list[tuple[float, float, str]] = field(default_factory=list)
    fills: set[tuple[float, float, float]] = field(default_factory=set)

    @property
    def words(self) -> list[str]:
        """The page's texts, top to bottom, left to right."""
        return [t for _x, _y, t in sorted(self.texts, key=lambda t: (-t[1], t[0]))]


@dataclass
class Document:
    """The pages, and each bookmark's title with the index of the page it points at."""

    pages: list[Page]
    bookmarks: list[tuple[str, int]]

    def sheet_pages(self, sheet: str) -> list[Page]:
        """The pages of the sheet named ``sheet`` (LibreOffice bookmarks every sheet's first
        page; a sheet's pages run up to the next sheet's first page)."""
        starts = sorted({page for _title, page in self.bookmarks})
        first = next(page for title, page in self.bookmarks if title == sheet)
        later = [page for page in starts if page > first]
        return self.pages[first : later[0] if later else len(self.pages)]


class _Pdf:
    """The objects of a PDF file, by number."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.offsets = {int(m.group(1)): m.end() for m in _OBJ_RE.finditer(data)}

    def head(self, number: int) -> bytes:
        """The object's text before its stream (or all of it)."""
        start = self.offsets[number]
        ends = [i for i in (self.data.find(b"stream", start), self.data.find(b"endobj", start))]
        return self.data[start : min(i for i in ends if i >= 0)]

    def stream(self, number: int) -> bytes:
        """The object's stream, decompressed."""
        head = self.head(number)
        start = self.offsets[number] + len(head) + len(b"stream")
        start += 2 if self.data[start : start + 2] == b"\r\n" else 1
        length = re.search(rb"/Length\s+(\d+)(\s+0\s+R)?", head)
        assert length is not None, number
        size = int(length.group(1))
        if length.group(2):
            size = int(self.head(size).strip())
        raw = self.data[start : start + size]
        return zlib.decompress(raw) if b"/FlateDecode" in head else raw

    def ref(self, head: bytes, key: bytes) -> int | None:
        found = re.search(rb"/" + key + rb"\s*" + _REF_RE, head)
        return int(found.group(1)) if found else None

    def refs(self, head: bytes, key: bytes) -> list[int]:
        found = re.search(rb"/" + key + rb"\s*\[([^\]]*)\]", head)
        if found is None:
            one = self.ref(head, key)
            return [] if one is None else [one]
        return [int(n) for n in re.findall(_REF_RE, found.group(1))]

    def dict_of(self, head: bytes, key: bytes) -> bytes:
        """The dictionary under ``key``: written inline, or an indirect object's text."""
        ref = self.ref(head, key)
        if ref is not None:
            return self.head(ref)
        found = re.search(rb"/" + key + rb"\s*<<(.*?)>>", head, re.S)
        return found.group(1) if found else b""


def _unicode(hex_text: bytes) -> str:
    return bytes.fromhex(hex_text.decode()).decode("utf-16-be")


def _cmap(text: bytes) -> dict[bytes, str]:
    """A ``/ToUnicode`` map: character code (as bytes) → text."""
    codes: dict[bytes, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            codes[bytes.fromhex(src.decode())] = _unicode(dst)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, dst in re.findall(
            rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])", block
        ):
            width = len(lo) // 2
            first, last = int(lo, 16), int(hi, 16)
            if dst.startswith(b"["):
                targets = [_unicode(t) for t in re.findall(rb"<([0-9A-Fa-f]+)>", dst)]
            else:
                base = int(dst[1:-1], 16)
                targets = [chr(base + i) for i in range(last - first + 1)]
            for i, target in enumerate(targets):
                codes[(first + i).to_bytes(width, "big")] = target
    return codes


def _string(token: bytes) -> bytes:
    """The bytes of a string operand, hex ``<…>`` or literal ``(…)``."""
    if token.startswith(b"<"):
        return bytes.fromhex(re.sub(rb"\s", b"", token[1:-1]).decode())
    body = token[1:-1]
    return re.sub(rb"\\([()\\])", rb"\1", body)


def _decode(raw: bytes, codes: dict[bytes, str]) -> str:
    width = len(next(iter(codes))) if codes else 1
    chunks = (raw[i : i + width] for i in range(0, len(raw), width))
    return "".join(codes.get(c, "\ufffd") for c in chunks)


Operand = bytes | list[bytes]


def _text(operand: Operand, font: dict[bytes, str]) -> str:
    """The text a ``Tj`` string or a ``TJ`` array shows."""
    parts = operand if isinstance(operand, list) else [operand]
    return _decode(b"".join(_string(p) for p in parts if p[:1] in b"<("), font)


def _page_content(content: bytes, fonts: dict[bytes, dict[bytes, str]], page: Page) -> None:
    """Read the texts and fill colours of a page's content stream into ``page``."""
    operands: list[Operand] = []
    array: list[bytes] | None = None
    x = y = 0.0
    font: dict[bytes, str] = {}
    for token in _TOKEN_RE.findall(content):
        if token == b"[":
            array = []
        elif token == b"]":
            operands.append(array or [])
            array = None
        elif array is not None:
            array.append(token)
        elif token[:1] in b"<(/" or _NUMBER_RE.fullmatch(token):
            operands.append(token)
        else:
            numbers = [float(o) for o in operands if isinstance(o, bytes) and o[:1] not in b"<(/"]
            if token == b"BT":
                x = y = 0.0
            elif token == b"Td" and len(numbers) >= 2:
                x, y = x + numbers[-2], y + numbers[-1]
            elif token == b"Tm" and len(numbers) >= 6:
                x, y = numbers[-2], numbers[-1]
            elif token == b"Tf" and isinstance(operands[0], bytes):
                font = fonts.get(operands[0][1:], {})
            elif token in (b"TJ", b"Tj") and operands:
                page.texts.append((x, y, _text(operands[-1], font)))
            elif token == b"rg" and len(numbers) >= 3:
                red, green, blue = (round(v, 3) for v in numbers[-3:])
                page.fills.add((red, green, blue))
            operands = []


def read_pdf(data: bytes) -> Document:
    """The pages and bookmarks of a PDF file LibreOffice wrote."""
    pdf = _Pdf(data)
    trailer = data[data.rindex(b"trailer") :]
    root = pdf.ref(trailer, b"Root")
    assert root is not None
    catalog = pdf.head(root)
    numbers: list[int] = []

    def walk(number: int) -> None:
        head = pdf.head(number)
        if re.search(rb"/Type\s*/Pages\b", head):
            for kid in pdf.refs(head, b"Kids"):
                walk(kid)
        else:
            numbers.append(number)

    pages_ref = pdf.ref(catalog, b"Pages")
    assert pages_ref is not None
    walk(pages_ref)
    pages = [_page(pdf, n) for n in numbers]
    return Document(pages, _bookmarks(pdf, catalog, numbers))


def _page(pdf: _Pdf, number: int) -> Page:
    head = pdf.head(number)
    box = re.search(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)", head)
    assert box is not None, number
    page = Page(float(box.group(3)), float(box.group(4)))
    resources = pdf.dict_of(head, b"Resources")
    font_dict = pdf.dict_of(resources, b"Font")
    fonts: dict[bytes, dict[bytes, str]] = {}
    for name, ref in re.findall(rb"/([^\s/<>\[\]]+)\s*" + _REF_RE, font_dict):
        to_unicode = pdf.ref(pdf.head(int(ref)), b"ToUnicode")
        fonts[name] = {} if to_unicode is None else _cmap(pdf.stream(to_unicode))
    for content in pdf.refs(head, b"Contents"):
        _page_content(pdf.stream(content), fonts, page)
    return page


def _bookmarks(pdf: _Pdf, catalog: bytes, numbers: list[int]) -> list[tuple[str, int]]:
    outlines = pdf.ref(catalog, b"Outlines")
    marks: list[tuple[str, int]] = []
    item = pdf.ref(pdf.head(outlines), b"First") if outlines is not None else None
    while item is not None:
        head = pdf.head(item)
        title = re.search(rb"/Title\s*<([0-9A-Fa-f]+)>", head)
        dest = re.search(rb"/Dest\s*\[\s*" + _REF_RE, head)
        if title and dest and int(dest.group(1)) in numbers:
            text = title.group(1)
            text = text[4:] if text.upper().startswith(b"FEFF") else text
            marks.append((_unicode(text), numbers.index(int(dest.group(1)))))
        item = pdf.ref(head, b"Next")
    return marks
