"""The words of the team ranking that are not the site's (a warning on the Players sheet).

>>> from mahjong_club.messages.core import say
>>> say(TEAMS_DIFFER, least=3, most=4).render("en")[:28]
'the teams have 3 to 4 player'
"""

from mahjong_club.messages.core import entry

TEAMS_DIFFER = entry(
    "teams.sizes_differ",
    en="the teams have {least} to {most} players: the team ranking adds up every member's"
    " points, so a bigger team has more to add",
    da="holdene har {least} til {most} spillere: holdstillingen lægger alle spilleres point"
    " sammen, så et større hold har mere at lægge sammen",
)
