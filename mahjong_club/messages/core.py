"""The machinery of the message catalogue: entries, messages and rendering.

An :class:`Entry` is one row of the catalogue: a code that never changes, and the text in
every language as a :meth:`str.format` template (``{name!r}``, ``{points:,}``). A
:class:`Message` is an entry with its parameters; a parameter may itself be a message, which is
rendered in the same language.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from rules.errors import counted

Language = Literal["en", "da"]
LANGUAGES: tuple[Language, ...] = ("en", "da")

#: The months in Danish, January first (a date in a Danish message: ``15. november 2025``).
DANISH_MONTHS = (
    "januar",
    "februar",
    "marts",
    "april",
    "maj",
    "juni",
    "juli",
    "august",
    "september",
    "oktober",
    "november",
    "december",
)

#: Every entry of every area, by code.
CATALOGUE: dict[str, Entry] = {}


@dataclass(frozen=True)
class Entry:
    """One row of the catalogue: a stable code and its text in each language."""

    code: str
    en: str
    da: str

    def text(self, language: str) -> str:
        """The template in ``language`` (English for a language the catalogue lacks)."""
        return self.da if language == "da" else self.en


def entry(code: str, *, en: str, da: str) -> Entry:
    """Add an entry to the catalogue; a code can be defined only once."""
    if code in CATALOGUE:
        raise ValueError(f"message code {code!r} is defined twice")
    made = Entry(code, en, da)
    CATALOGUE[code] = made
    return made


@dataclass(frozen=True)
class Message:
    """An entry with its parameters: what to say, not yet in which language."""

    entry: Entry
    params: tuple[tuple[str, object], ...] = ()

    @property
    def code(self) -> str:
        """The entry's stable code."""
        return self.entry.code

    def render(self, language: str = "en") -> str:
        """The message in ``language``."""
        values = {k: _shown(v, language) for k, v in self.params}
        return self.entry.text(language).format(**values)

    def __str__(self) -> str:
        return self.render("en")


class _Rendered(str):
    """A message parameter rendered already: ``!r`` shows it as it is, without quotes."""

    def __repr__(self) -> str:
        return str(self)


def _shown(value: object, language: str) -> object:
    """A parameter as the message shows it: a date in Danish words in a Danish message
    (English messages keep ``2025-11-15``, as the terminal and the Problems sheet always did).

    >>> str(_shown(dt.date(2025, 11, 15), "da")), str(_shown(dt.date(2025, 11, 15), "en"))
    ('15. november 2025', '2025-11-15')
    """
    if type(value) is dt.date:
        if language == "da":
            return _Rendered(f"{value.day}. {DANISH_MONTHS[value.month - 1]} {value.year}")
        return _Rendered(value.isoformat())
    if isinstance(value, Message):
        return _Rendered(value.render(language))
    if isinstance(value, Entry):  # an entry without parameters, given as a parameter
        return _Rendered(value.text(language))
    if isinstance(value, (list, tuple)) and any(isinstance(v, Message) for v in value):
        return [_shown(v, language) for v in value]
    return counted(value)  # a whole number: a count, whose words may follow it


def say(what: Entry, /, **params: object) -> Message:
    """The message ``what`` with ``params``: ``say(UNKNOWN_PLAYER, name="Åse")``."""
    return Message(what, tuple(params.items()))
