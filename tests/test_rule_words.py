"""The words for what the rules return, and the site's strings: every entry renders in both
languages, and a few Danish renderings read as the club expects."""

import string
from fractions import Fraction

import pytest

from mahjong_club.messages import breakdown, rules, site
from mahjong_club.messages.core import CATALOGUE, LANGUAGES, Entry, say
from mahjong_club.site.locale import Locale
from rules.attendance import Status as AttendanceStatus
from rules.classical import HandInput, Wind, score_hand
from rules.hand_score import Item, ItemKind, LimitHand
from rules.imp_scale import ImpScale
from rules.model import PenaltyKind
from rules.next_season import Group, NextReason, Outcome
from rules.status import Status
from rules.tiebreakers import TieBreak
from rules.tiles import SetKind, honour, parse_sets

AREAS = ("rules.", "site.")
ENTRIES = sorted((e for e in CATALOGUE.values() if e.code.startswith(AREAS)), key=lambda e: e.code)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_areas_are_loaded():
    assert breakdown.ITEMS and rules.CRITERIA and site.SITE
    assert len(ENTRIES) > 150


@pytest.mark.parametrize("item", ENTRIES, ids=lambda e: e.code)
def test_every_entry_renders_in_both_languages(item: Entry):
    values = dict.fromkeys(fields(item.en), 7)
    texts = [say(item, **values).render(language) for language in LANGUAGES]
    assert all(text.strip() for text in texts)
    assert all("{" not in text for text in texts)


@pytest.mark.parametrize(
    "value",
    [
        *TieBreak.__members__.values(),
        *Status.__members__.values(),
        *AttendanceStatus.__members__.values(),
        *PenaltyKind.__members__.values(),
        *ImpScale.__members__.values(),
        *LimitHand.__members__.values(),
    ],
    ids=repr,
)
def test_every_code_of_the_rules_has_words(value):
    if not value:  # TieBreak.NONE and Status.NONE are blank
        assert Locale("da").words(value) == ""
        return
    english = rules.words(value).render("en")
    assert english == str(value)  # the words the result workbook shows
    assert rules.words(value).render("da")


@pytest.mark.parametrize("kind", list(ItemKind), ids=str)
def test_every_kind_of_hand_item_has_words(kind):
    item = Item(kind, 1, honour("R"), SetKind.PUNG, exposed=True, count=2)
    assert breakdown.hand_item(item).render("en")
    assert breakdown.hand_item(item).render("da")


@pytest.mark.parametrize("outcome", list(Outcome), ids=str)
def test_every_next_season_outcome_has_words(outcome):
    group = Group.NEW if outcome is Outcome.NEW else Group.STAYS
    division = None if outcome is Outcome.NEW else 2
    reason = NextReason(outcome, group, division, 3, 2)
    assert rules.next_reason(reason).render("da") != rules.next_reason(reason).render("en")


def test_danish_next_season_reasons():
    da = Locale("da")
    winner = NextReason(Outcome.PROMOTED, Group.WINNER, division=2, rank=1, level=1)
    assert da.words(winner) == "vinder af division 2, rykker op"
    kept = NextReason(Outcome.KEPT_GREW, Group.RELEGATION_CANDIDATE, 1, 5, 1)
    assert da.words(kept) == "nedrykningskandidat i division 1, bliver: division 1 blev større"
    new = NextReason(Outcome.NEW, Group.NEW, level=3, rating=Fraction(1500))
    assert (Locale("en").words(new), da.words(new)) == (
        "new player (rating 1500)",
        "ny spiller (rating 1500)",
    )


def test_danish_hand_breakdown_items():
    da = Locale("da")
    assert da.words(Item(ItemKind.SET, 2, honour("E"), SetKind.PUNG, exposed=True)) == (
        "åben pung af østenvind"
    )
    assert da.words(Item(ItemKind.OWN_AND_ROUND_WIND_PAIR, 4, honour("S"), SetKind.PAIR)) == (
        "par af søndenvind (egen og rundens vind)"
    )
    assert da.words(Item(ItemKind.ROUND_WIND_SET, 1, honour("E"), SetKind.KONG)) == (
        "kong af rundens vind"
    )
    hand = HandInput("Sol", Wind.S, parse_sets("RRR [555s] 123m 678p 99p"), True, self_drawn=True)
    assert da.words(score_hand(hand, Wind.E)) == (
        "skjult pung af røde drager 8; åben pung af 5 bambus 2; Mah-Jong 20; selvtrukket 2;"
        " 1 dobling: pung af røde drager; 32 × 2 = 64"
    )


def test_danish_criteria_statuses_penalties_and_scale():
    da = Locale("da")
    assert [da.criterion(c) for c in ("head-to-head points", "tied", "1st places", "")] == [
        "indbyrdes point",
        "lige",
        "1. pladser",
        "",
    ]
    assert [da.status(s) for s in ("promotion candidate", "substitutable", "disqualified")] == [
        "oprykningskandidat",
        "substituerbar",
        "diskvalificeret",
    ]
    assert da.words(PenaltyKind.LATENESS) == "forsinkelse"
    assert da.t("imp_scale", scale=da.words(ImpScale.WORKBOOK)) == (
        "IMP efter arbejdsbogens egen IMP-skala."
    )


def test_site_strings_and_months():
    assert Locale("da").t("decided_by") == "Afgjort af"
    assert Locale("en").t("dice_needed", round=2, players="A, B") == (
        "Still tied: roll the dice (round 2) for A, B."
    )
    assert [entry.da for entry in site.MONTHS][:3] == ["januar", "februar", "marts"]


def test_each_advice_is_worded_for_itself_once_per_locale():
    import datetime as dt

    from rules.attendance import Advice

    check = dt.date(2025, 12, 11)
    tips = [Advice(check, 2, 2), Advice(check, 3, 1), Advice(check, 1, 0), Advice(check, 1, 4)]
    tips += [Advice(dt.date(2026, 1, 8), 2, 2), Advice(check, 2, 2)]  # the first again
    for language in LANGUAGES:
        locale = Locale(language)
        worded = [locale.advice(tip) for tip in tips]
        fresh = [Locale(language).advice(tip) for tip in tips]  # a locale that kept none
        assert worded == fresh
        assert len(set(worded)) == 5 and worded[0] == worded[-1]
        expected = rules.advice(tips[0], date=locale.date(check)).render(language)
        assert worded[0] == expected
