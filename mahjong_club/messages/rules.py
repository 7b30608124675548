"""The words for what the rules return as data: next season's reasons, tie-breakers, statuses,
penalty kinds and the IMP scale (hand breakdowns, limit hands and tiles: :mod:`.breakdown`).

The rules never build sentences; this module says them. :func:`words` turns any such value
into a :class:`Message` (render it in the language wanted). The English texts are the ones
the result workbook shows, byte for byte.

    >>> from rules.next_season import Group, NextReason, Outcome
    >>> reason = NextReason(Outcome.PROMOTED, Group.WINNER, division=2, rank=1, level=1)
    >>> words(reason).render("en"), words(reason).render("da")
    ('winner of division 2, promoted', 'vinder af division 2, rykker op')
    >>> from rules.tiebreakers import TieBreak
    >>> words(TieBreak.HEAD_TO_HEAD_POINTS).render("da")
    'indbyrdes point'
"""

from __future__ import annotations

from fractions import Fraction

from mahjong_club.messages.breakdown import LIMIT_HANDS
from mahjong_club.messages.breakdown import hand_breakdown as hand_breakdown
from mahjong_club.messages.breakdown import hand_item as hand_item
from mahjong_club.messages.breakdown import tile_name as tile_name
from mahjong_club.messages.core import Entry, Message, entry, say
from mahjong_club.messages.site import SITE
from rules.attendance import Advice
from rules.attendance import Status as AttendanceStatus
from rules.hand_score import HandScore, Item, LimitHand
from rules.imp_scale import ImpScale
from rules.model import PenaltyKind
from rules.next_season import Group, NextReason, Outcome
from rules.status import Status
from rules.tiebreakers import TieBreak
from rules.tiles import Tile

# --- Statuses -----------------------------------------------------------------------------------
#: A standings row's or a member's status, and the disqualified badge, by the value shown.
STATUSES: dict[str, Entry] = {
    Status.WINNER: entry("rules.status.winner", en="winner", da="vinder"),
    Status.PROMOTED: entry("rules.status.promoted", en="promoted", da="oprykker"),
    Status.PROMOTION_CANDIDATE: entry(
        "rules.status.promotion_candidate", en="promotion candidate", da="oprykningskandidat"
    ),
    Status.RELEGATION_CANDIDATE: entry(
        "rules.status.relegation_candidate", en="relegation candidate", da="nedrykningskandidat"
    ),
    AttendanceStatus.OK: entry("rules.attendance.ok", en="ok", da="ok"),
    AttendanceStatus.WARNING: entry("rules.attendance.warning", en="warning", da="advarsel"),
    AttendanceStatus.SUBSTITUTABLE: entry(
        "rules.attendance.substitutable", en="substitutable", da="substituerbar"
    ),
    "disqualified": entry("rules.status.disqualified", en="disqualified", da="diskvalificeret"),
}

# --- Tie-breakers -------------------------------------------------------------------------------
#: What decided a standings row (``Decided by``).
CRITERIA: dict[TieBreak, Entry] = {
    TieBreak.DISQUALIFICATION: entry(
        "rules.tiebreak.disqualification", en="disqualification", da="diskvalifikation"
    ),
    TieBreak.POINTS: entry("rules.tiebreak.points", en="points", da="point"),
    TieBreak.TABLE_POINTS: entry("rules.tiebreak.table_points", en="table points", da="bordpoint"),
    TieBreak.MINIPOINTS: entry("rules.tiebreak.minipoints", en="minipoints", da="minipoint"),
    TieBreak.FIRSTS: entry("rules.tiebreak.firsts", en="1st places", da="1. pladser"),
    TieBreak.SECONDS: entry("rules.tiebreak.seconds", en="2nd places", da="2. pladser"),
    TieBreak.THIRDS: entry("rules.tiebreak.thirds", en="3rd places", da="3. pladser"),
    TieBreak.HEAD_TO_HEAD_POINTS: entry(
        "rules.tiebreak.head_to_head_points", en="head-to-head points", da="indbyrdes point"
    ),
    TieBreak.HEAD_TO_HEAD: entry("rules.tiebreak.head_to_head", en="head-to-head", da="indbyrdes"),
    TieBreak.HIGHEST_SINGLE_GAME: entry(
        "rules.tiebreak.highest_single_game", en="highest single game", da="højeste enkeltspil"
    ),
    TieBreak.DICE: entry("rules.tiebreak.dice", en="dice", da="terninger"),
    TieBreak.TIED: entry("rules.tiebreak.tied", en="tied", da="lige"),
}

# --- Penalties and the IMP scale ----------------------------------------------------------------
PENALTY_KINDS: dict[PenaltyKind, Entry] = {
    PenaltyKind.CHOMBO: entry("rules.penalty.chombo", en="chombo", da="chombo"),
    PenaltyKind.LATENESS: entry("rules.penalty.lateness", en="lateness", da="forsinkelse"),
    PenaltyKind.OBSTRUCTION: entry("rules.penalty.obstruction", en="obstruction", da="obstruktion"),
    PenaltyKind.DISQUALIFICATION: entry(
        "rules.penalty.disqualification", en="disqualification", da="diskvalifikation"
    ),
    PenaltyKind.OTHER: entry("rules.penalty.other", en="other", da="andet"),
}

IMP_SCALES: dict[ImpScale, Entry] = {
    ImpScale.DEFAULT: entry(
        "rules.imp_scale.default",
        en="the provisional default scale",
        da="den foreløbige standardskala",
    ),
    ImpScale.WORKBOOK: entry(
        "rules.imp_scale.workbook",
        en="the workbook's own IMP scale sheet",
        da="arbejdsbogens egen IMP-skala",
    ),
}

# --- Next season --------------------------------------------------------------------------------
#: What a player was this season: "winner of division 2".
NEXT_WINNER = entry(
    "rules.next.winner", en="winner of division {division}", da="vinder af division {division}"
)
NEXT_RUNNER_UP = entry(
    "rules.next.runner_up", en="runner-up of division {division}", da="nr. 2 i division {division}"
)
NEXT_RANK = entry(
    "rules.next.rank",
    en="rank {rank} of division {division}",
    da="nr. {rank} i division {division}",
)
NEXT_RANK_TIED = entry(
    "rules.next.rank_tied",
    en="rank {rank}= of division {division} (a tie the dice have not settled)",
    da="nr. {rank}= i division {division} (står lige; terningerne har ikke afgjort det)",
)
NEXT_RELEGATION_CANDIDATE = entry(
    "rules.next.relegation_candidate",
    en="relegation candidate of division {division}",
    da="nedrykningskandidat i division {division}",
)
NEXT_RELEGATION_CANDIDATE_TIED = entry(
    "rules.next.relegation_candidate_tied",
    en="relegation candidate of division {division} (rank {rank}=, a tie the dice have not"
    " settled)",
    da="nedrykningskandidat i division {division} (nr. {rank}=, står lige; terningerne har"
    " ikke afgjort det)",
)
#: What happened to them: "{what}, promoted".
OUTCOMES: dict[Outcome, Entry] = {
    Outcome.PROMOTED: entry("rules.next.promoted", en="{what}, promoted", da="{what}, rykker op"),
    Outcome.RELEGATED: entry(
        "rules.next.relegated", en="{what}, relegated", da="{what}, rykker ned"
    ),
    Outcome.MOVED_DOWN: entry(
        "rules.next.moved_down",
        en="{what}, moved down: division {division} is smaller next season",
        da="{what}, rykker ned: division {division} er mindre næste sæson",
    ),
    Outcome.KEPT_GREW: entry(
        "rules.next.kept_grew",
        en="{what}, kept: division {level} grew",
        da="{what}, bliver: division {level} blev større",
    ),
    Outcome.KEPT_FREE: entry(
        "rules.next.kept_free",
        en="{what}, kept: a place was free",
        da="{what}, bliver: der var en ledig plads",
    ),
    Outcome.STAYS_NO_ROOM: entry(
        "rules.next.stays_no_room",
        en="{what}, stays: no room higher up",
        da="{what}, bliver: ingen plads højere oppe",
    ),
    Outcome.STAYS_AT_TOP: entry(
        "rules.next.stays_at_top", en="{what}, stays at the top", da="{what}, bliver i toppen"
    ),
    Outcome.STAYS: entry("rules.next.stays", en="{what}, stays", da="{what}, bliver"),
}
NEW_PLAYER_RATED = entry(
    "rules.next.new_rated", en="new player (rating {rating})", da="ny spiller (rating {rating})"
)
NEW_PLAYER_UNRATED = entry(
    "rules.next.new_unrated", en="new player (no rating)", da="ny spiller (ingen rating)"
)


def next_reason(reason: NextReason) -> Message:
    """Why a player is where they are next season.

    >>> from fractions import Fraction
    >>> moved = NextReason(Outcome.MOVED_DOWN, Group.MOVED_NOWHERE, 2, 4, 3)
    >>> next_reason(moved).render("da")
    'nr. 4 i division 2, rykker ned: division 2 er mindre næste sæson'
    >>> str(next_reason(NextReason(Outcome.NEW, Group.NEW, level=3, rating=Fraction(3001, 2))))
    'new player (rating 1500.5)'
    >>> str(next_reason(NextReason(Outcome.STAYS, Group.MOVED_NOWHERE, 3, 2, 3, tied=True)))
    'rank 2= of division 3 (a tie the dice have not settled), stays'
    >>> tied = NextReason(Outcome.KEPT_FREE, Group.RELEGATION_CANDIDATE, 2, 5, 2, tied=True)
    >>> text = str(next_reason(tied))
    >>> text[: text.index(", kept")]
    'relegation candidate of division 2 (rank 5=, a tie the dice have not settled)'
    >>> text[text.index(", kept") :]
    ', kept: a place was free'
    """
    if reason.outcome is Outcome.NEW or reason.division is None:
        if reason.rating is None:
            return say(NEW_PLAYER_UNRATED)
        return say(NEW_PLAYER_RATED, rating=_plain(reason.rating))
    if reason.group is Group.RELEGATION_CANDIDATE and reason.tied:
        what = say(NEXT_RELEGATION_CANDIDATE_TIED, division=reason.division, rank=reason.rank)
    elif reason.group is Group.RELEGATION_CANDIDATE:
        what = say(NEXT_RELEGATION_CANDIDATE, division=reason.division)
    elif reason.tied:  # 1= is no winner, 2= no runner-up: the dice have not said who
        what = say(NEXT_RANK_TIED, rank=reason.rank, division=reason.division)
    elif reason.group in (Group.WINNER, Group.RUNNER_UP) and reason.rank in (1, 2):
        place = NEXT_WINNER if reason.rank == 1 else NEXT_RUNNER_UP
        what = say(place, division=reason.division)
    else:
        what = say(NEXT_RANK, rank=reason.rank, division=reason.division)
    return say(OUTCOMES[reason.outcome], what=what, division=reason.division, level=reason.level)


def _plain(value: Fraction) -> str:
    """A rating as the workbook shows it: 1500, or 1500.5."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


# --- Attendance advice --------------------------------------------------------------------------
def advice(value: Advice, date: object = None) -> Message:
    """What a member must do to pass the next check; ``date`` is the check's date as shown
    (ISO, as the result workbook shows it, when not given).

    >>> import datetime as dt
    >>> tip = Advice(dt.date(2025, 12, 11), coming=2, must_attend=2)
    >>> advice(tip).render("en")
    'attend each of the next 2 Thursdays to pass the 2025-12-11 check'
    >>> advice(tip, date="11. december 2025").render("da")
    'mød op alle de næste 2 torsdage for at bestå checket 11. december 2025'
    >>> advice(Advice(dt.date(2025, 12, 11), coming=3, must_attend=2)).render("en")
    'attend 2 of the next 3 Thursdays to pass the 2025-12-11 check'
    >>> advice(Advice(dt.date(2025, 12, 11), coming=1, must_attend=1)).render("da")
    'mød op næste torsdag for at bestå checket 2025-12-11'
    >>> advice(Advice(dt.date(2025, 12, 11), coming=0, must_attend=1)).render("da")[-55:]
    '(mangler 1 aften til tiden; 0 torsdage tilbage før det)'
    """
    if value.must_attend > value.coming:
        key = "advice_cannot"
    elif value.must_attend == 0:
        key = "advice_free"
    elif value.coming == 1:  # not "attend 1 of the next 1 Thursday"
        key = "advice_attend_next"
    elif value.must_attend == value.coming:
        key = "advice_attend_all"
    else:
        key = "advice_attend"
    return say(
        SITE[key],
        must=value.must_attend,
        coming=value.coming,
        nights=say(SITE["thursday" if value.coming == 1 else "thursdays"]),
        date=value.check.isoformat() if date is None else date,
    )


# --- Any value ----------------------------------------------------------------------------------
RuleValue = (
    NextReason
    | Advice
    | HandScore
    | Item
    | Tile
    | LimitHand
    | TieBreak
    | Status
    | AttendanceStatus
    | PenaltyKind
    | ImpScale
)


def words(value: RuleValue) -> Message:
    """Any value the rules return, in words (a :class:`Message` to render in a language).

    A blank value (``TieBreak.NONE``, ``Status.NONE``) has no words: ValueError.
    """
    if isinstance(value, str) and not value:
        raise ValueError("a blank value has no words")
    if isinstance(value, NextReason):
        return next_reason(value)
    if isinstance(value, Advice):
        return advice(value)
    if isinstance(value, HandScore):
        return hand_breakdown(value)
    if isinstance(value, Item):
        return hand_item(value)
    if isinstance(value, Tile):
        return tile_name(value)
    if isinstance(value, TieBreak):
        return say(CRITERIA[value])
    if isinstance(value, LimitHand):
        return say(LIMIT_HANDS[value])
    if isinstance(value, PenaltyKind):
        return say(PENALTY_KINDS[value])
    if isinstance(value, ImpScale):
        return say(IMP_SCALES[value])
    return status(value)


def status(value: str) -> Message:
    """A status as shown: a standings row's, a member's, or ``disqualified``."""
    return say(STATUSES[value])


def criterion(value: str) -> Message:
    """A ``Decided by`` value (a :class:`TieBreak`, or its English word)."""
    return say(CRITERIA[TieBreak(value)])
