"""A light scanner for the small XML parts of a package, and in-place edits on their text.

The parts are edited by string surgery on this scan rather than by a DOM round-trip: a DOM
writer renames namespace prefixes, which breaks ``mc:Ignorable`` and makes Excel refuse the file.

    >>> tags = scan_tags('<a xmlns:r="urn:r"><b r:id="x &amp; y"/></a>')
    >>> [t.qname for t in tags], tags[1].get_ns({"urn:r"}, "id")
    (['a', 'b', 'a'], 'x & y')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mahjong_club.messages import output as texts
from mahjong_club.messages.core import say
from mahjong_club.ooxml.errors import OoxmlError

XML_NS = "http://www.w3.org/XML/1998/namespace"


def escape_attr(value: str) -> str:
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


def _entity(m: re.Match[str]) -> str:
    """The character an entity or character reference stands for; a reference to no
    character (``&#99999999;``, or thousands of digits) is U+FFFD, never an error: XML that
    holds one is refused as damaged by its check, which may come after a quick look."""
    ref = m.group(1)
    if not ref.startswith("#"):
        return _NAMED_ENTITIES[ref]
    digits, base = (ref[2:], 16) if ref.startswith("#x") else (ref[1:], 10)
    digits = digits.lstrip("0") or "0"
    code = int(digits, base) if len(digits) <= 8 else -1
    return chr(code) if 0 <= code <= 0x10FFFF else "\ufffd"


def unescape_xml(value: str) -> str:
    """Resolve the XML predefined entities and character references in ``value``.

    >>> unescape_xml("A&amp;B &#65;&#x42; &#99999999; &#" + "9" * 5000 + ";")
    'A&B AB \ufffd \ufffd'
    """
    if "&" not in value:
        return value
    return _ENTITY_RE.sub(_entity, value)


_TOKEN_RE = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<!DOCTYPE[^>]*>"
    r"|<(?P<close>/)?(?P<qname>[^\s/>!?]+)"
    r"(?P<attrs>(?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(?P<empty>/)?>",
    re.S,
)
_ATTR_RE = re.compile(r"([^\s=/>]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")

#: Qualified attribute name → (raw value, value start, value end) in the document.
Attrs = dict[str, tuple[str, int, int]]


@dataclass
class Tag:
    """One start, end or empty-element tag found by :func:`scan_tags`."""

    start: int
    end: int
    prefix: str
    local: str
    closing: bool
    empty: bool
    attrs: Attrs
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


def _attrs(m: re.Match[str]) -> Attrs:
    """The attributes of a start tag, with the offsets of their values in the document."""
    attrs: Attrs = {}
    attrs_start = m.start("attrs")
    for am in _ATTR_RE.finditer(m.group("attrs")):
        group = 2 if am.group(2) is not None else 3
        attrs[am.group(1)] = (
            am.group(group),
            attrs_start + am.start(group),
            attrs_start + am.end(group),
        )
    return attrs


def _declared(attrs: Attrs, ns: dict[str, str]) -> dict[str, str]:
    """The namespaces in scope inside a start tag with ``attrs``, ``ns`` being those outside."""
    decls = {
        ("" if k == "xmlns" else k[6:]): unescape_xml(v[0])
        for k, v in attrs.items()
        if k == "xmlns" or k.startswith("xmlns:")
    }
    return {**ns, **decls} if decls else ns


def scan_tags(text: str) -> list[Tag]:
    """Scan the tags of a small XML document, tracking namespaces and pairing end tags.

    Comments, CDATA, processing instructions and text are skipped. This is not a validating
    parser; it is enough to locate elements and attributes for in-place edits.
    """
    tags: list[Tag] = []
    stack: list[int] = []
    ns_stack: list[dict[str, str]] = [{"xml": XML_NS}]
    for m in _TOKEN_RE.finditer(text):
        qname = m.group("qname")
        if qname is None:
            continue
        prefix, _, local = qname.rpartition(":")
        if m.group("close"):
            tags.append(Tag(m.start(), m.end(), prefix, local, True, False, {}, ns_stack[-1]))
            if stack:
                tags[stack.pop()].match = len(tags) - 1
                if len(ns_stack) > 1:
                    ns_stack.pop()
            continue
        attrs = _attrs(m)
        ns = _declared(attrs, ns_stack[-1])
        empty = bool(m.group("empty"))
        tags.append(Tag(m.start(), m.end(), prefix, local, False, empty, attrs, ns))
        if not empty:
            stack.append(len(tags) - 1)
            ns_stack.append(ns)
    return tags


def element_end(tags: list[Tag], index: int) -> int:
    """End offset of the element whose start (or empty) tag is ``tags[index]``."""
    tag = tags[index]
    if tag.empty or tag.match < 0:
        return tag.end
    return tags[tag.match].end


def children(tags: list[Tag], index: int, local: str | None = None) -> list[int]:
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


def root(tags: list[Tag], expected: str, part: str) -> int:
    """Index of the document element, checking its local name."""
    for i, tag in enumerate(tags):
        if not tag.closing:
            if tag.local != expected:
                raise OoxmlError(
                    say(texts.OOXML_WRONG_ROOT, part=part, expected=expected, found=tag.qname)
                )
            return i
    raise OoxmlError(say(texts.OOXML_NO_ELEMENT, part=part, expected=expected))


def decode(data: bytes) -> tuple[str, str]:
    """Decode an XML part, returning its text and the codec to encode it back with."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data.decode("utf-8-sig"), "utf-8-sig"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16"), "utf-16"
    return data.decode("utf-8"), "utf-8"


class Edits:
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

    def remove_element(self, tags: list[Tag], index: int) -> None:
        """Remove the element whose start (or empty) tag is ``tags[index]``."""
        self.replace(tags[index].start, element_end(tags, index), "")

    def append_children(self, tags: list[Tag], index: int, xml: str) -> None:
        """Append ``xml`` as the last children of the element ``tags[index]``."""
        tag = tags[index]
        if tag.empty or tag.match < 0:  # <sheets/> → <sheets>...</sheets>
            tag_text = self.text[tag.start : tag.end]
            head = tag_text[: tag_text.rfind("/")] + ">"
            self.replace(tag.start, tag.end, f"{head}{xml}</{tag.qname}>")
        else:
            self.insert(tags[tag.match].start, xml)

    def apply(self) -> str:
        """Return the edited text."""
        out: list[str] = []
        pos = 0
        for start, end, new in sorted(self.edits, key=lambda e: (e[0], e[1])):
            if start < pos:  # a programming error, never the organiser's
                raise AssertionError("overlapping XML edits")
            out.append(self.text[pos:start])
            out.append(new)
            pos = end
        out.append(self.text[pos:])
        return "".join(out)
