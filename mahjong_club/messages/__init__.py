"""One message catalogue: every sentence the tool says, in English and Danish.

Rules, readers and the computing step never build sentences. They return *data*: a
:class:`Message`, which is an :class:`Entry` of this catalogue (a stable ``code`` and its text
in each language) with the parameters it needs. The words are chosen only when the message is
shown, in the language asked for, so a reworded message can never silently stay English.

    >>> from mahjong_club.messages.core import entry
    >>> GREETING = entry("example.greeting", en="{count} new {count:game|games} for {name!r}",
    ...                  da="{count} {count:nyt|nye} spil til {name!r}")
    >>> say(GREETING, count=3, name="Åse").render("da")
    "3 nye spil til 'Åse'"
    >>> str(say(GREETING, count=1, name="Åse"))
    "1 new game for 'Åse'"

A whole-number parameter chooses the words that go with it: ``{count:game|games}`` is the
first word for 1 and the second for any other count.

The entries live in one module per area (``reading``, ``rules``, ``site`` …) of this package;
importing the package imports all of them, so :data:`CATALOGUE` is complete.
"""

# Importing the area modules registers their entries in CATALOGUE.
from mahjong_club.messages import cells as cells
from mahjong_club.messages import compute as compute
from mahjong_club.messages import draw as draw
from mahjong_club.messages import ema as ema
from mahjong_club.messages import email_words as email_words
from mahjong_club.messages import hostile as hostile
from mahjong_club.messages import league as league
from mahjong_club.messages import mail as mail
from mahjong_club.messages import output as output
from mahjong_club.messages import progress as progress
from mahjong_club.messages import reading as reading
from mahjong_club.messages import rule_errors as rule_errors
from mahjong_club.messages import rules as rules
from mahjong_club.messages import serve as serve
from mahjong_club.messages import sheets as sheets
from mahjong_club.messages import site as site
from mahjong_club.messages import site_events as site_events
from mahjong_club.messages import teams as teams
from mahjong_club.messages import terminal as terminal
from mahjong_club.messages import watch as watch
from mahjong_club.messages.core import CATALOGUE, LANGUAGES, Entry, Language, Message, say

__all__ = [
    "CATALOGUE",
    "LANGUAGES",
    "Entry",
    "Language",
    "Message",
    "cells",
    "compute",
    "email_words",
    "hostile",
    "league",
    "mail",
    "output",
    "reading",
    "rule_errors",
    "rules",
    "say",
    "serve",
    "sheets",
    "site",
    "site_events",
    "terminal",
    "watch",
]
