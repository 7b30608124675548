"""Office Open XML (``.xlsx``) plumbing that both reading and writing need.

- :mod:`~mahjong_club.ooxml.refs`: column letters and ``B12`` cell references,
- :mod:`~mahjong_club.ooxml.xml`: a light tag scanner, escaping, in-place edits of XML text,
- :mod:`~mahjong_club.ooxml.package`: the zip package's parts, relationships, content types
  and sheets,
- :mod:`~mahjong_club.ooxml.errors`: errors carrying a catalogue message,
- :mod:`~mahjong_club.ooxml.limits`: what a package may be before anything is unpacked (zip
  bombs, too many parts, macros) and :func:`~mahjong_club.ooxml.limits.read_part`, the one
  way to unpack a part,
- :mod:`~mahjong_club.ooxml.wellformed`: a part's XML is whole and has no ``<!DOCTYPE``,
- :mod:`~mahjong_club.ooxml.extent`: how far a sheet's cells reach.

This layer sits just above ``common`` and ``messages``: it imports nothing else of
``mahjong_club``, and ``reading`` and ``workbook`` both build on it.
"""

from mahjong_club.ooxml.errors import OoxmlError, OoxmlTypeError
from mahjong_club.ooxml.package import SheetPart, list_sheet_parts
from mahjong_club.ooxml.refs import column_index, column_letter, parse_ref
from mahjong_club.ooxml.xml import escape_attr, unescape_xml

__all__ = [
    "OoxmlError",
    "OoxmlTypeError",
    "SheetPart",
    "column_index",
    "column_letter",
    "escape_attr",
    "list_sheet_parts",
    "parse_ref",
    "unescape_xml",
]
