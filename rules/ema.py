"""The EMA's ranking (MERS): a tournament's weight, and what an EMA number and a country look
like in the results the EMA's ranking manager receives.

**Weight** (EMA, "Basics for ranking system", General Assembly of 25 May 2017, in force from
1 January 2018): TOTAL_MERS = duration + players + countries + qualification, where

- duration: 1 for a one-day tournament, 2 for two days, 3 for three days;
- players: +0 up to 40 players, +0.5 for 41 to 80, +1 above 80 (substitutes count, at most 3);
- countries: +0 up to 5 countries, +0.5 for 6 to 9, +1 for 10 or more;
- qualification: +1 when players had to qualify, else +0.

Worked example: the Copenhagen Riichi Open, one day, 40 players from 9 countries, open to
all: 1 + 0 + 0.5 + 0 = 1.5.

    >>> mers_weight(days=1, players=40, countries=9, qualification=False)
    Fraction(3, 2)
    >>> mers_weight(days=2, players=81, countries=10, qualification=True)
    Fraction(5, 1)

**Base rank**: a player's result for the ranking, 1000 × (players − place) / (players − 1):
the winner 1000, the last 0.

    >>> base_rank(place=3, players=16)
    Fraction(2600, 3)
"""

from __future__ import annotations

import re
from fractions import Fraction

#: An EMA number: eight digits, the first two the member association's code.
EMA_NUMBER = re.compile(r"^[0-9]{8}$")
#: A country as the EMA's results list it: three capital letters (ISO 3166-1 alpha-3).
COUNTRY = re.compile(r"^[A-Z]{3}$")
#: Substitutes counted in the number of players, at most.
MOST_SUBSTITUTES_COUNTED = 3


def mers_weight(days: int, players: int, countries: int, qualification: bool) -> Fraction:
    """The tournament's MERS weight (see the module's table); ``days`` above 3 count as 3."""
    duration = Fraction(min(max(days, 1), 3))
    by_players = Fraction(1) if players > 80 else Fraction(1, 2) if players > 40 else Fraction(0)
    by_countries = (
        Fraction(1) if countries >= 10 else Fraction(1, 2) if countries >= 6 else Fraction(0)
    )
    return duration + by_players + by_countries + (1 if qualification else 0)


def players_weighed(entrants: int, substitutes: int) -> int:
    """The players the weight counts: everyone who entered and at most three substitutes
    ("Substitute players (maximum 3) are accounted in the calculation of participating
    players"). 37 entrants and 4 substitutes make 41 at the tables but 40 for the weight:

    >>> players_weighed(37, 4), players_weighed(40, 1)
    (40, 41)
    """
    return entrants + min(substitutes, MOST_SUBSTITUTES_COUNTED)


def base_rank(place: int, players: int) -> Fraction:
    """1000 × (players − place) / (players − 1); a tournament of one player gives 1000."""
    if players <= 1:
        return Fraction(1000)
    return Fraction(1000 * (players - place), players - 1)


def ema_number_problem(number: str) -> str | None:
    """``format`` when ``number`` is not eight digits, else None.

    >>> ema_number_problem("03000012"), ema_number_problem("3000012"), ema_number_problem("")
    (None, 'format', None)
    """
    if not number:
        return None
    return None if EMA_NUMBER.match(number) else "format"


def country_problem(country: str) -> str | None:
    """``missing`` or ``format`` (not three capital letters), else None.

    >>> country_problem("DNK"), country_problem("dk"), country_problem("")
    (None, 'format', 'missing')
    """
    if not country:
        return "missing"
    return None if COUNTRY.match(country) else "format"
