"""Is a part's XML whole and harmless? Checked before the reader trusts what it says.

python-calamine reads damaged XML leniently: text inserted in the middle of a sheet can make
it read the sheet as empty, with no error. So every part the tool reads is first parsed here,
completely, by expat, and a damaged one is refused with the line and column where the XML
goes wrong.

No part may have a document type declaration (``<!DOCTYPE``): spreadsheet files never have
one, and it is where entities are declared, the tool of the "billion laughs" (entities that
expand to gigabytes) and of XML external entities (an entity that reads a local file or a
web address into the document). The parse stops at the declaration, before anything in it
is expanded or fetched; expat never fetches an external entity by itself in any case.

    >>> print(xml_problem(b"<a><b></a>"))
    line 1, column 9: a closing tag does not match its opening tag
    >>> xml_problem(b'<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>').code
    'hostile.xml_doctype'
    >>> xml_problem(b"<a>&amp;</a>") is None
    True
"""

from __future__ import annotations

import re
from typing import IO, Any
from xml.parsers import expat

from mahjong_club.messages import hostile as texts
from mahjong_club.messages.core import Entry, Message, say

_CODES = expat.errors.codes
#: expat's error codes said in the catalogue's words; the others keep expat's English.
_REASONS: dict[int, Entry] = {
    _CODES[expat.errors.XML_ERROR_NO_ELEMENTS]: texts.XML_CUT_OFF,
    _CODES[expat.errors.XML_ERROR_UNCLOSED_TOKEN]: texts.XML_CUT_OFF,
    _CODES[expat.errors.XML_ERROR_PARTIAL_CHAR]: texts.XML_CUT_OFF,
    _CODES[expat.errors.XML_ERROR_UNCLOSED_CDATA_SECTION]: texts.XML_CUT_OFF,
    _CODES[expat.errors.XML_ERROR_TAG_MISMATCH]: texts.XML_MISMATCHED_TAG,
    _CODES[expat.errors.XML_ERROR_INVALID_TOKEN]: texts.XML_INVALID,
    _CODES[expat.errors.XML_ERROR_SYNTAX]: texts.XML_INVALID,
    _CODES[expat.errors.XML_ERROR_BAD_CHAR_REF]: texts.XML_INVALID,
    _CODES[expat.errors.XML_ERROR_UNDEFINED_ENTITY]: texts.XML_UNDEFINED_ENTITY,
}


class _Doctype(Exception):
    """Raised from expat's handler: the document has a ``<!DOCTYPE``."""


def _refuse_doctype(*_args: object) -> None:
    raise _Doctype


#: How deep the elements of a workbook's small parts (its content types, relationships,
#: workbook and styles) nest at most, and how many there are: Excel's nest a few levels and
#: number thousands; a part nested a million deep made the tool's own tag list take
#: gigabytes. Sheets are not bounded so (their parse has no handler: 250 MB take 1.7 s).
MAX_DEPTH = 100
MAX_ELEMENTS = 1_000_000
_ENCODING_RE = re.compile(rb"""^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']""")


class _TooDeep(Exception):
    """Raised from expat's handler: the elements nest deeper than allowed."""


class _TooMany(Exception):
    """Raised from expat's handler: more elements than allowed."""


def _bounded(parser: Any, depth: int, elements: int) -> None:
    """Make ``parser`` stop at the element nested ``depth`` deep or the ``elements``th."""
    level, count = [0], [0]

    def start(*_args: object) -> None:
        level[0] += 1
        count[0] += 1
        if level[0] > depth:
            raise _TooDeep
        if count[0] > elements:
            raise _TooMany

    def end(*_args: object) -> None:
        level[0] -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end


def xml_problem(data: bytes, bounded: bool = False) -> Message | None:
    """What is wrong with the XML document ``data`` (located by line and column), or None.

    The whole document is parsed (expat reads some 150 MB a second); no entity is declared,
    expanded or fetched. ``bounded``: a small part of the workbook's, whose elements may nest
    at most :data:`MAX_DEPTH` deep and number at most :data:`MAX_ELEMENTS`.

    >>> print(xml_problem(b"<a>" * 101 + b"</a>" * 101, bounded=True))
    its elements are nested more than 100 deep, which no spreadsheet program writes
    >>> print(xml_problem(b'<?xml version="1.0" encoding="Shift_JIS"?><a/>'))
    it declares the encoding 'Shift_JIS', which spreadsheet files never use (UTF-8 or UTF-16)
    """
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    if bounded:
        _bounded(parser, MAX_DEPTH, MAX_ELEMENTS)
    try:
        parser.Parse(data, True)
    except _Doctype:
        return say(texts.XML_DOCTYPE)
    except _TooDeep:
        return say(texts.XML_TOO_DEEP, limit=MAX_DEPTH)
    except _TooMany:
        return say(texts.XML_TOO_MANY, limit=f"{MAX_ELEMENTS:,}")
    except (ValueError, LookupError):  # an encoding expat cannot read (Shift_JIS, UTF-7)
        declared = _ENCODING_RE.match(data[:200])
        encoding = declared.group(1).decode("ascii", "replace").strip() if declared else "?"
        return say(texts.XML_ENCODING, encoding=encoding)
    except expat.ExpatError as exc:
        code = exc.code
        known = _REASONS.get(code) if code is not None else None
        reason = (
            say(known)
            if known is not None
            else say(texts.XML_OTHER, reason=expat.errors.messages.get(code or 0, str(exc)))
        )
        return say(texts.XML_AT, line=exc.lineno, column=exc.offset + 1, reason=reason)
    return None


class _Root(Exception):
    """Raised from expat's handler: the root element starts, the prolog is over."""


def _stop_at_root(*_args: object) -> None:
    raise _Root


def has_doctype(part: IO[bytes], chunk: int = 1 << 16) -> bool:
    """True when the XML document read from ``part`` declares a document type: only its
    prolog is read (up to the root element's start tag), a chunk at a time.

    For the parts the tool never reads: a part that is not XML at all (or is damaged before
    its root element) is no concern of this check.

    >>> import io
    >>> has_doctype(io.BytesIO(b'<?xml version="1.0"?><!-- x --><!DOCTYPE r SYSTEM "f"><r/>'))
    True
    >>> has_doctype(io.BytesIO(b"<r><!DOCTYPE not here></r>")), has_doctype(io.BytesIO(b"PNG"))
    (False, False)
    """
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.StartElementHandler = _stop_at_root
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        while data := part.read(chunk):
            parser.Parse(data, False)
        parser.Parse(b"", True)
    except _Doctype:
        return True
    except (_Root, expat.ExpatError, ValueError, LookupError):  # no XML expat reads
        return False
    return False
