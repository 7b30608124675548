"""Broken rules as data: which rule (a code, an enum member) and the values it needs.

The rules never say anything to people. An input that breaks a rule raises a
:class:`RuleError` subclass (:class:`~rules.tiles.NotationError`,
:class:`~rules.classical.HandError`, :class:`~rules.penalties.PenaltyError` …) carrying
``code`` and ``params``; the message catalogue (``mahjong_club.messages.rule_errors``) says it
in the club's language. ``str(error)`` is the English text, rendered from the raising module's
small table of English templates: the developer's text, and what tests match against.

    >>> from enum import Enum
    >>> class Problem(Enum):
    ...     TOO_FEW = "too_few"
    >>> class CountError(RuleError):
    ...     english = {Problem.TOO_FEW: "{count} {count:player|players}; a game needs 4"}
    >>> error = CountError(Problem.TOO_FEW, count=3)
    >>> error.code, dict(error.params), str(error)
    (<Problem.TOO_FEW: 'too_few'>, {'count': 3}, '3 players; a game needs 4')
    >>> str(CountError(Problem.TOO_FEW, count=1))
    '1 player; a game needs 4'

A whole number chooses the words that go with it (:class:`Count`): ``{count:player|players}``
is the first word for 1 and the second for any other count.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from numbers import Integral
from types import MappingProxyType
from typing import Any, ClassVar


class Count(int):
    """A whole number in a template: ``{count:row|rows}`` gives the word for its count, the
    first for 1 and the second for any other (English and Danish alike: ``0 rows``,
    ``0 rækker``); any other format is a number's (``{count:,}``).

    >>> f"{Count(1)} {Count(1):række|rækker}, {Count(2)} {Count(2):række|rækker}"
    '1 række, 2 rækker'
    >>> f"{Count(12000):,}"
    '12,000'
    """

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, other = spec.split("|", 1)
            return one if self == 1 else other
        return int.__format__(self, spec)


def counted(value: object) -> object:
    """``value`` as a template shows it: a whole number (numpy's too; not a bool) as a
    :class:`Count`.

    >>> counted(3) == 3, type(counted(3)).__name__, counted(True), counted(2.5)
    (True, 'Count', True, 2.5)
    """
    if isinstance(value, bool) or not isinstance(value, Integral):
        return value
    return Count(int(value))


class RuleError(ValueError):
    """An input that breaks a rule: ``code`` says which, ``params`` the values it needs.

    A parameter is a raw value (a number, a name, a tile in notation, an enum member) or
    another :class:`RuleError` (the cause, said inside this one). Subclasses set
    :attr:`english`, the English template of each of their codes (:meth:`str.format`).
    """

    #: The English template of each code of this kind of error.
    english: ClassVar[Mapping[Any, str]] = {}

    def __init__(self, code: Enum, /, **params: object) -> None:
        self.code = code
        self.params: Mapping[str, object] = MappingProxyType(params)
        super().__init__(self.english[code].format(**{k: counted(v) for k, v in params.items()}))
