"""The language of the site and the emails: number and date formats, and catalogue lookups.

The ``language`` setting picks the texts of the message catalogue (:mod:`.messages.site` for
labels and sentences, :mod:`.messages.rules` for what the rules return). Numbers: English
27,300 and 2.33; Danish 27.300 and 2,33. Dates: English "4 September 2025"; Danish
"4. september 2025".

    >>> Locale("da").number(27300), Locale("en").number(-9800)
    ('27.300', '−9,800')
    >>> Locale("da").date(dt.date(2025, 9, 4))
    '4. september 2025'
    >>> moment = dt.datetime(2025, 9, 4, 21, 5, tzinfo=dt.UTC)
    >>> Locale("en").moment(moment), Locale("da").moment(moment)
    ('4 September 2025, 21:05 UTC', '4. september 2025 kl. 21.05 UTC')
    >>> Locale("da").t("updated", date="4. september 2025"), Locale("da").criterion("points")
    ('Resultater pr. 4. september 2025', 'point')
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from mahjong_club.common.text import plain_number
from mahjong_club.messages import rules as rule_words
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.draw import DRAW
from mahjong_club.messages.site import MONTHS, SITE
from rules.attendance import Advice

#: Each wind's name by its letter (the draw's words: East, Øst …).
WIND_NAMES = {letter: DRAW[letter] for letter in "ESWN"}

#: How many formatted numbers (dates, texts) a locale keeps (then it starts again: memory
#: stays bounded).
NUMBERS_KEPT = 100_000
K = TypeVar("K", bound=Hashable)
#: The key of an advice's words among a locale's texts (no site string's key).
_ADVICE = object()


def remembered(known: dict[K, str], key: K, make: Callable[[], str]) -> str:
    """``known[key]``, made by ``make`` the first time (at most :data:`NUMBERS_KEPT` kept)."""
    text = known.get(key)
    if text is None:
        if len(known) >= NUMBERS_KEPT:
            known.clear()
        text = known[key] = make()
    return text


@dataclass(frozen=True)
class Locale:
    """Formatting for one language (``en`` or ``da``)."""

    language: str = "en"
    _numbers: dict[tuple[int | Fraction | float, bool], str] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    _dates: dict[dt.date, str] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    _texts: dict[tuple[object, ...], str] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    @property
    def thousands(self) -> str:
        """The thousands separator."""
        return "." if self.language == "da" else ","

    @property
    def decimal(self) -> str:
        """The decimal separator."""
        return "," if self.language == "da" else "."

    def t(self, key: str, **values: object) -> str:
        """The site string ``key`` (an entry of :data:`SITE`) with ``values`` filled in (each
        distinct call worded once, as :meth:`number` formats)."""

        def word() -> str:
            return self.say(say(SITE[key], **values))

        try:
            return remembered(self._texts, (key, *sorted(values.items())), word)
        except TypeError:  # a value that cannot be a key: word it every time
            return word()

    def say(self, message: Message) -> str:
        """A catalogue message in this language."""
        return message.render(self.language)

    def number(self, value: int | Fraction | float | None, signed: bool = False) -> str:
        """A whole number with thousands separators, or a fraction to 2 decimals; a real minus.

        Each distinct value is formatted once (a federation's site shows millions of numbers,
        most of them the same few thousand): equal values give equal text."""
        if value is None:
            return ""
        return remembered(self._numbers, (value, signed), lambda: self._number(value, signed))

    def _number(self, value: int | Fraction | float, signed: bool) -> str:
        exact = Fraction(value)  # floats only come from the charts' scales
        text = plain_number(abs(exact))
        text = text.replace(",", "\x00").replace(".", self.decimal).replace("\x00", self.thousands)
        sign = "−" if value < 0 else ("+" if signed and value > 0 else "")
        return sign + text

    def date(self, value: dt.date | None) -> str:
        """A date in words."""
        if value is None:
            return ""
        return remembered(self._dates, value, lambda: self._date(value))

    def _date(self, value: dt.date) -> str:
        month = self.say(say(MONTHS[value.month - 1]))
        if self.language == "da":
            return f"{value.day}. {month} {value.year}"
        return f"{value.day} {month} {value.year}"

    def label(self, text: str) -> str:
        """A session's label as written, or in words when it is a date (``2025-11-20``: the
        ``Hands`` sheet's sessions are often a club night's date).

        >>> Locale("da").label("2025-11-20"), Locale("en").label("3")
        ('20. november 2025', '3')
        """
        if len(text) == 10 and text[4] == text[7] == "-":
            try:
                return self.date(dt.date.fromisoformat(text))
            except ValueError:
                pass
        return text

    def wind(self, letter: str, short: bool = True) -> str:
        """A wind (``E``, ``S``, ``W``, ``N``) in this language: a letter (Danish Ø/S/V/N) or,
        not ``short``, its name (East, Øst); anything else as it is.

        >>> Locale("da").wind("E"), Locale("da").wind("W", short=False), Locale("en").wind("N")
        ('Ø', 'Vest', 'N')
        """
        entry = WIND_NAMES.get(letter)
        if entry is None:
            return letter
        name = self.say(say(entry))
        return name[0] if short else name

    def moment(self, value: dt.datetime | None) -> str:
        """A date in words with the time of day (English ``21:05``, Danish ``kl. 21.05``);
        ``UTC`` after a time in UTC (``SOURCE_DATE_EPOCH``), none after the local time."""
        if value is None:
            return ""
        zone = " UTC" if value.tzname() == "UTC" else ""
        if self.language == "da":
            return f"{self.date(value.date())} kl. {value:%H.%M}{zone}"
        return f"{self.date(value.date())}, {value:%H:%M}{zone}"

    def advice(self, advice: Advice) -> str:
        """What a member must do to pass the next check, in this language (the date in words;
        each distinct advice worded once: a federation's members share a few)."""

        def word() -> str:
            return self.say(rule_words.advice(advice, date=self.date(advice.check)))

        return remembered(self._texts, (_ADVICE, advice), word)

    def words(self, value: rule_words.RuleValue) -> str:
        """What the rules returned (a next season's reason, a hand's breakdown, a penalty's
        kind, the IMP scale …) in this language; a blank value stays blank."""
        if isinstance(value, str) and not value:
            return ""
        return self.say(rule_words.words(value))

    def criterion(self, name: str) -> str:
        """What decided a standings row (a tie-breaker, ``dice`` or ``tied``); blank stays."""
        return self.say(rule_words.criterion(name)) if name else ""

    def status(self, name: str) -> str:
        """A standings row's or a member's status (or ``disqualified``); blank stays blank."""
        return self.say(rule_words.status(name)) if name else ""
