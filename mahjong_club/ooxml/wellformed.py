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

from typing import IO
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


def xml_problem(data: bytes) -> Message | None:
    """What is wrong with the XML document ``data`` (located by line and column), or None.

    The whole document is parsed (expat reads some 150 MB a second); no entity is declared,
    expanded or fetched.
    """
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except _Doctype:
        return say(texts.XML_DOCTYPE)
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
    except (_Root, expat.ExpatError):
        return False
    return False
