"""The words of the EMA submission's checks (warnings: the standings stand without them).

>>> from mahjong_club.messages.core import say
>>> str(say(EMA_FORMAT, number="3000012", name="Anna"))[:40]
"Anna's EMA number '3000012' is not eight"
"""

from mahjong_club.messages.core import entry

EMA_FORMAT = entry(
    "ema.number_format",
    en="{name}'s EMA number {number!r} is not eight digits (the first two are the member"
    " association's code); keep the cell as text so leading zeros stay",
    da="{name}s EMA-nummer {number!r} er ikke otte cifre (de to første er forbundets kode);"
    " hold cellen som tekst, så foranstillede nuller bliver",
)
EMA_TWICE = entry(
    "ema.number_twice",
    en="the EMA number {number!r} is given to {name} and to {other} (row {row}): an EMA number"
    " belongs to one player",
    da="EMA-nummeret {number!r} er givet til {name} og til {other} (række {row}): et"
    " EMA-nummer tilhører én spiller",
)
COUNTRY_FORMAT = entry(
    "ema.country_format",
    en="{name}'s country {country!r} is not three capital letters (ISO 3166 alpha-3: DNK, SWE,"
    " DEU …), as the EMA's results list countries",
    da="{name}s land {country!r} er ikke tre store bogstaver (ISO 3166 alpha-3: DNK, SWE,"
    " DEU …), som EMA's resultatlister skriver lande",
)
COUNTRY_MISSING = entry(
    "ema.country_missing",
    en="{name} has no Country: the EMA submission needs every ranked player's country",
    da="{name} har intet land (Country): EMA-indberetningen kræver hver placeret spillers land",
)
NO_DATE = entry(
    "ema.no_date",
    en="the EMA submission has no date: give the Games sheet a Date column or the as_of setting",
    da="EMA-indberetningen har ingen dato: giv arket Games en Date-kolonne eller sæt as_of",
)
MERS = entry(
    "ema.mers",
    en="EMA submission: {participants} players from {countries} {countries:country|countries},"
    " {days} {days:day|days},"
    " {qualification}: MERS weight {weight} (duration + players + countries + qualification;"
    " check it before sending the file)",
    da="EMA-indberetning: {participants} spillere fra {countries} {countries:land|lande},"
    " {days} {days:dag|dage},"
    " {qualification}: MERS-vægt {weight} (varighed + spillere + lande + kvalifikation;"
    " kontrollér den, før filen sendes)",
)
SUBSTITUTES = entry(
    "ema.substitutes",
    en="  {substitutes} {substitutes:substitute|substitutes} marked in the file (Substitute 1):"
    " the EMA does not rank"
    " their results; the weight counts at most 3 of them ({weighed} players)",
    da="  {substitutes} {substitutes:reserve|reserver} markeret i filen (Substitute 1): EMA"
    " rangerer ikke deres"
    " resultater; vægten tæller højst 3 af dem ({weighed} spillere)",
)
OPEN = entry("ema.open", en="open to all", da="åben for alle")
QUALIFIED = entry("ema.qualified", en="by qualification", da="ved kvalifikation")
