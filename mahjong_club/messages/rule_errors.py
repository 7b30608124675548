"""The words for the rules the input breaks: tile notation, classical hands, penalties, MCR
fans and next season's divisions.

A rule raises a :class:`rules.errors.RuleError` with a code and its values; :func:`rule_error`
says it as a :class:`Message`. The English is the rules' own text (``str(error)``) byte for
byte; tests/test_rule_errors.py holds the two together.

    >>> from rules.tiles import NotationError, parse_sets
    >>> try:
    ...     parse_sets("123m 0p")
    ... except NotationError as exc:
    ...     said = rule_error(exc)
    >>> said.render("en"), said.render("da")
    ("'0p': tiles are numbered 1 to 9, not 0", "'0p': brikkerne er nummereret 1 til 9, ikke 0")
"""

from __future__ import annotations

from enum import Enum

from mahjong_club.messages.core import Entry, Message, entry, say
from mahjong_club.messages.rules import PENALTY_KINDS
from rules.errors import RuleError
from rules.hand_errors import HandProblem
from rules.mcr_fans import FanProblem
from rules.model import PenaltyKind
from rules.next_season import SeasonProblem
from rules.penalties import PenaltyProblem
from rules.tiles import Notation


def _entry(code: Enum, *, en: str, da: str) -> tuple[Enum, Entry]:
    area = type(code).__name__.removesuffix("Problem").lower()
    return code, entry(f"rules.error.{area}.{code.value}", en=en, da=da)


# --- Tile notation: ``text`` is one group of tiles, ``token`` one set as written ----------------
_NOTATION = [
    _entry(
        Notation.SUIT_WITHOUT_NUMBERS,
        en="{text!r}: the suit letter {char!r} has no numbers before it",
        da="{text!r}: farvebogstavet {char!r} har ingen tal foran sig",
    ),
    _entry(
        Notation.HONOUR_NUMBER,
        en="{text!r}: honours are 1z to 7z, not {digit}z",
        da="{text!r}: honnører er 1z til 7z, ikke {digit}z",
    ),
    _entry(
        Notation.ZERO,
        en="{text!r}: tiles are numbered 1 to 9, not 0",
        da="{text!r}: brikkerne er nummereret 1 til 9, ikke 0",
    ),
    _entry(
        Notation.NUMBERS_BEFORE_HONOUR,
        en="{text!r}: the numbers {digits} need a suit letter first",
        da="{text!r}: tallene {digits} skal have et farvebogstav først",
    ),
    _entry(
        Notation.NOT_A_TILE,
        en="{text!r}: {char!r} is not a tile; use digits with m, p or s, or E S W N R G H",
        da="{text!r}: {char!r} er ikke en brik; brug tal med m, p eller s, eller E S W N R G H",
    ),
    _entry(
        Notation.NUMBERS_WITHOUT_SUIT,
        en="{text!r}: the numbers {digits} need a suit letter (m, p or s)",
        da="{text!r}: tallene {digits} mangler et farvebogstav (m, p eller s)",
    ),
    _entry(
        Notation.BRACKETS,
        en="{token!r}: an exposed set is written in square brackets: [555p]",
        da="{token!r}: et åbent sæt skrives i firkantede parenteser: [555p]",
    ),
    _entry(
        Notation.EXPOSED_ORPHANS,
        en="{token!r}: thirteen orphans cannot be exposed",
        da="{token!r}: de tretten vidundere kan ikke være åbne",
    ),
    _entry(
        Notation.FOURTEEN_TILES,
        en="{token!r} is not a set: fourteen tiles in one group must be thirteen orphans"
        " (one of each 1, 9, wind and dragon, plus one of them again)",
        da="{token!r} er ikke et sæt: fjorten brikker i én gruppe skal være de tretten vidundere"
        " (én af hver 1'er, 9'er, vind og drage plus én af dem igen)",
    ),
    _entry(
        Notation.SET_SIZE,
        en="{token!r} is not a set: a set has 2 (pair), 3 (chow or pung) or 4 (kong) tiles,"
        " this has {count}",
        da="{token!r} er ikke et sæt: et sæt har 2 (par), 3 (chow eller pung) eller 4 (kong)"
        " brikker, dette har {count}",
    ),
    _entry(
        Notation.HONOUR_CHOW,
        en="{token!r} is not a set: honours make pungs, kongs and pairs, not chows",
        da="{token!r} er ikke et sæt: honnører danner pung, kong og par, ikke chow",
    ),
    _entry(
        Notation.CHOW_NOT_CONSECUTIVE,
        en="{token!r} is not a set: a chow is three consecutive numbers of one suit,"
        " without wrapping (891m is not a chow)",
        da="{token!r} er ikke et sæt: en chow er tre fortløbende tal i samme farve,"
        " uden at gå rundt (891m er ikke en chow)",
    ),
    _entry(
        Notation.CHOW_SUITS,
        en="{token!r} is not a set: a chow is three tiles of one suit",
        da="{token!r} er ikke et sæt: en chow er tre brikker i samme farve",
    ),
    _entry(
        Notation.PAIR_NOT_IDENTICAL,
        en="{token!r} is not a set: a pair needs identical tiles",
        da="{token!r} er ikke et sæt: et par skal være to ens brikker",
    ),
    _entry(
        Notation.PUNG_NOT_IDENTICAL,
        en="{token!r} is not a set: a pung needs identical tiles"
        " (or three consecutive numbers of one suit)",
        da="{token!r} er ikke et sæt: en pung skal være tre ens brikker"
        " (eller tre fortløbende tal i samme farve)",
    ),
    _entry(
        Notation.KONG_NOT_IDENTICAL,
        en="{token!r} is not a set: a kong needs identical tiles",
        da="{token!r} er ikke et sæt: en kong skal være fire ens brikker",
    ),
]

# --- A classical hand, and a table's four hands together ----------------------------------------
_HAND = [
    _entry(
        HandProblem.NOT_A_LIMIT_HAND,
        en="{text!r} is not a limit hand; known: heavenly, earthly, four concealed pungs,"
        " four winds, all honours, heads and tails, thirteen orphans",
        da="{text!r} er ikke en limithånd; kendte: heavenly, earthly, four concealed pungs,"
        " four winds, all honours, heads and tails, thirteen orphans",
    ),
    _entry(
        HandProblem.FIVE_TILES,
        en="more than four {tiles} in one hand",
        da="mere end fire {tiles} i én hånd",
    ),
    _entry(
        HandProblem.BONUS_NUMBER,
        en="flowers and seasons are numbered 1 to 4, not {number}",
        da="blomster og årstider er nummereret 1 til 4, ikke {number}",
    ),
    _entry(
        HandProblem.TOO_MANY_SETS,
        en="{count} sets: a hand has at most four sets and a pair",
        da="{count} sæt: en hånd har højst fire sæt og et par",
    ),
    _entry(
        HandProblem.LIMIT_NOT_WINNER,
        en="only the winner's hand can be a limit hand",
        da="kun vinderens hånd kan være en limithånd",
    ),
    _entry(
        HandProblem.HEAVENLY_NOT_EAST,
        en="a heavenly hand is East's: East wins on the dealt 14",
        da="himmelsk velsignelse tilhører Øst: Øst vinder på de 14 uddelte brikker",
    ),
    _entry(
        HandProblem.EARTHLY_EAST,
        en="an earthly hand wins on East's first discard: not East",
        da="jordisk velsignelse vinder på Østs første kasserede brik: ikke Øst",
    ),
    _entry(
        HandProblem.LIMIT_NOT_SHOWN,
        en="Limit says {text!r}, but the sets do not make that hand; only heavenly and earthly"
        " hands are recorded by name, the others are recognised from the tiles: leave Limit"
        " blank or correct the sets",
        da="Limit siger {text!r}, men sættene danner ikke den hånd; kun himmelsk og jordisk"
        " velsignelse skrives med navn, de andre genkendes på brikkerne: lad Limit stå tom,"
        " eller ret sættene",
    ),
    _entry(
        HandProblem.LIMIT_NOT_SELF_DRAWN,
        en="Limit says {text!r}, but four concealed pungs are four pungs written concealed, no"
        " kong, and Self-drawn marked: leave Limit blank or correct the row",
        da="Limit siger {text!r}, men fire skjulte pung er fire pung skrevet skjult, ingen"
        " kong, og Self-drawn markeret: lad Limit stå tom, eller ret rækken",
    ),
    _entry(
        HandProblem.ORPHANS_NOT_WINNER,
        en="thirteen orphans is a winning hand: only the winner can have it",
        da="de tretten vidundere er en vinderhånd: kun vinderen kan have den",
    ),
    _entry(
        HandProblem.INCOMPLETE,
        en="the winner's sets do not make a complete hand: four sets and a pair, or thirteen"
        " orphans (found {sets} {sets:set|sets} and {pairs} {pairs:pair|pairs})",
        da="vinderens sæt udgør ikke en hel hånd: fire sæt og et par, eller de tretten"
        " vidundere (fandt {sets} sæt og {pairs} par)",
    ),
    _entry(
        HandProblem.SEAT_TWICE,
        en="seat {seat} is taken twice; seats are E, S, W, N once each",
        da="plads {seat} er optaget to gange; pladserne E, S, W, N bruges én gang hver",
    ),
    _entry(
        HandProblem.TWO_WINNERS,
        en="two winners in one hand; mark only who went Mah-Jong",
        da="to vindere i én hånd; markér kun den, der gik Mah-Jong",
    ),
    _entry(
        HandProblem.FIVE_ON_TABLE,
        en="more than four {tiles} on the table",
        da="mere end fire {tiles} på bordet",
    ),
    _entry(
        HandProblem.FLOWER_TWICE,
        en="flower {number} is also held by another player",
        da="blomst {number} er også hos en anden spiller",
    ),
    _entry(
        HandProblem.SEASON_TWICE,
        en="season {number} is also held by another player",
        da="årstid {number} er også hos en anden spiller",
    ),
]

# --- Penalties: ``kind`` is the penalty's kind in words -----------------------------------------
_PENALTY = [
    _entry(
        PenaltyProblem.GAME_POINTS_NEEDED,
        en="{kind}: an MCR penalty needs the game points to deduct (MCR penalties are in game"
        " points)",
        da="en straf for {kind} skal have de spilpoint, der trækkes fra"
        " (MCR-straffe gives i spilpoint)",
    ),
    _entry(
        PenaltyProblem.NEGATIVE_MINUTES,
        en="expected the minutes late (0 or more), found {minutes}",
        da="forventede antal minutter for sent (0 eller flere), fandt {minutes}",
    ),
    _entry(
        PenaltyProblem.TOO_LATE,
        en="{minutes} minutes late: more than {limit} minutes means a substitute plays that"
        " session; mark the seat substituted",
        da="{minutes} minutter for sent: mere end {limit} minutter betyder, at en substitut"
        " spiller den runde; markér pladsen som substitueret",
    ),
    _entry(
        PenaltyProblem.LATENESS_NEEDS,
        en="a lateness penalty needs the points, or the minutes late",
        da="en straf for forsinkelse skal have pointene eller antal minutter for sent",
    ),
    _entry(
        PenaltyProblem.POINTS_NEEDED,
        en="{kind}: the penalty needs the points to deduct",
        da="en straf for {kind} skal have de point, der trækkes fra",
    ),
    _entry(
        PenaltyProblem.OBSTRUCTION_POINTS,
        en="an obstruction costs 8,000 or 12,000 points, or 12,000 to 48,000 in serious cases;"
        " found {points:,}",
        da="obstruktion koster 8000 eller 12000 point, eller 12000 til 48000 i alvorlige"
        " tilfælde; fandt {points}",
    ),
]

# --- MCR fans: ``problem`` is the notation error inside, ``error`` the calculator's words -------
_FAN = [
    _entry(FanProblem.NO_TILES, en="no tiles given", da="ingen brikker angivet"),
    _entry(
        FanProblem.NOT_AN_EXPOSED_SET,
        en="{token!r} is not an exposed set",
        da="{token!r} er ikke et åbent sæt",
    ),
    _entry(FanProblem.NOTATION, en="{problem}", da="{problem}"),
    _entry(
        FanProblem.WINNING_TILE_EXPOSED,
        en="write the winning tile last, in a concealed group (not in brackets)",
        da="skriv vinderbrikken sidst, i en skjult gruppe (ikke i parentes)",
    ),
    _entry(FanProblem.FIVE_TILES, en="more than four {tiles}", da="mere end fire {tiles}"),
    _entry(
        FanProblem.TILE_COUNT,
        en="a winning hand has 14 tiles (plus one per kong); found {count}",
        da="en vinderhånd har 14 brikker (plus én pr. kong); fandt {count}",
    ),
    _entry(
        FanProblem.CANNOT_BE_EXPOSED,
        en="{group}: only pungs, kongs and chows can be exposed",
        da="{group}: kun pung, kong og chow kan være åbne",
    ),
    _entry(
        FanProblem.NO_CALCULATOR,
        en="the fan calculator (PyMahjongGB) is not installed: {error}",
        da="fan-beregneren (PyMahjongGB) er ikke installeret: {error}",
    ),
    _entry(
        FanProblem.NOT_A_WIN,
        en="the tiles do not make a winning hand",
        da="brikkerne udgør ikke en vinderhånd",
    ),
    _entry(
        FanProblem.REFUSED,
        en="the fan calculator refused the hand: {error}",
        da="fan-beregneren afviste hånden: {error}",
    ),
]

# --- Next season ---------------------------------------------------------------------------------
_SEASON = [
    _entry(
        SeasonProblem.TOO_FEW_PLAYERS,
        en="{players} {players:player|players} signed up; a division needs at least 4",
        da="{players} {players:spiller|spillere} tilmeldt; en division skal have mindst 4",
    ),
]

#: The entry of every code a rule can raise.
RULE_ERRORS: dict[Enum, Entry] = dict(_NOTATION + _HAND + _PENALTY + _FAN + _SEASON)


def rule_error(error: RuleError) -> Message:
    """What a broken rule says, as a message (render it in the language wanted)."""
    params = {name: _said(value) for name, value in error.params.items()}
    return say(RULE_ERRORS[error.code], **params)


def _said(value: object) -> object:
    """A parameter as the catalogue shows it: a cause or a penalty's kind in words."""
    if isinstance(value, RuleError):
        return rule_error(value)
    if isinstance(value, PenaltyKind):
        return say(PENALTY_KINDS[value])
    return value
