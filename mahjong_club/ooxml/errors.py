"""Errors that carry a catalogue message, so the organiser can read them in the club's language.

``str(error)`` is the English text (what the terminal shows and tests match); ``error.message``
is the :class:`~mahjong_club.messages.core.Message` to render in any language.
"""

from __future__ import annotations

from mahjong_club.messages.core import Message


class OoxmlError(ValueError):
    """A workbook package that cannot be read, or a result that cannot be written into it."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.render("en"))
        self.message = message


class OoxmlTypeError(TypeError):
    """A value of a type a workbook cell cannot hold."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.render("en"))
        self.message = message
