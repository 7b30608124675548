"""Every broken rule has words in the catalogue, and its English is the rules' own text.

The rules raise a code and its values (``rules.errors.RuleError``); ``str(error)`` is the
English of the raising module's table, and ``mahjong_club.messages.rule_errors`` says the same
code to people, in English (byte for byte the same) and in Danish.
"""

from enum import Enum

import pytest

from mahjong_club.messages.rule_errors import RULE_ERRORS, rule_error
from rules.classical import HandInput, Wind, check_hand, hand_table_problems
from rules.hand_errors import HAND_TEXTS, HandError, HandProblem
from rules.mcr_fans import FAN_TEXTS, FanError, FanProblem, hand_fans
from rules.model import PenaltyKind
from rules.next_season import SEASON_TEXTS, SeasonProblem, TooFewPlayers, division_count
from rules.penalties import PENALTY_TEXTS, PenaltyError, PenaltyProblem, penalty_points
from rules.tiles import NOTATION_TEXTS, Notation, NotationError, parse_sets

TABLES: list[tuple[type[Enum], dict[Enum, str]]] = [
    (Notation, dict(NOTATION_TEXTS)),
    (HandProblem, dict(HAND_TEXTS)),
    (PenaltyProblem, dict(PENALTY_TEXTS)),
    (FanProblem, dict(FAN_TEXTS)),
    (SeasonProblem, dict(SEASON_TEXTS)),
]
CODES = [code for codes, _ in TABLES for code in codes]


@pytest.mark.parametrize("code", CODES, ids=lambda c: f"{type(c).__name__}.{c.name}")
def test_every_code_has_an_entry_whose_english_is_the_rules_text(code: Enum):
    english = next(table for codes, table in TABLES if isinstance(code, codes))
    assert RULE_ERRORS[code].en == english[code]
    assert RULE_ERRORS[code].da != RULE_ERRORS[code].en or code is FanProblem.NOTATION


def test_the_catalogue_has_no_code_the_rules_lack():
    assert set(RULE_ERRORS) == set(CODES)


def raised(call, *args, **kwargs):
    with pytest.raises((NotationError, HandError, PenaltyError, FanError, TooFewPlayers)) as info:
        call(*args, **kwargs)
    return info.value


ERRORS = [
    raised(parse_sets, "123m 5E"),
    raised(parse_sets, "[55p"),
    raised(parse_sets, "1234m"),
    raised(check_hand, HandInput("A", Wind.S, parse_sets("111m 222m 333m 444m 555m 66p"), True)),
    raised(check_hand, HandInput("A", Wind.S, (), flowers=frozenset({5}))),
    raised(penalty_points, PenaltyKind.OBSTRUCTION, 60000, None, mcr=False, substituted=False),
    raised(penalty_points, PenaltyKind.OTHER, None, None, mcr=True, substituted=False),
    raised(penalty_points, PenaltyKind.LATENESS, None, 12, mcr=False, substituted=False),
    raised(hand_fans, "123m 456m 789m 123p 0m", seat="E"),
    raised(hand_fans, "123m 456m 789m 124p 99m", seat="E"),
    raised(division_count, 3),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: str(e.code))
def test_the_catalogue_says_what_the_rule_says(error):
    said = rule_error(error)
    assert said.render("en") == str(error)
    assert said.render("da") != str(error)


def test_a_cause_and_a_penalty_kind_are_said_in_the_same_language():
    fan = raised(hand_fans, "123m 456m 789m 123p 0m", seat="E")
    assert rule_error(fan).render("da") == "'0m': brikkerne er nummereret 1 til 9, ikke 0"
    other = raised(penalty_points, PenaltyKind.OTHER, None, None, mcr=False, substituted=False)
    assert str(other) == "other: the penalty needs the points to deduct"
    assert (
        rule_error(other).render("da") == "en straf for andet skal have de point, der trækkes fra"
    )


def test_the_table_problems_carry_their_column():
    hands = [
        HandInput("A", Wind.E, (), winner=True, flowers=frozenset({1})),
        HandInput("B", Wind.E, (), winner=True, flowers=frozenset({1})),
    ]
    found = [(i, e.code, e.column, str(e)) for i, e in hand_table_problems(hands)]
    assert found == [
        (
            1,
            HandProblem.SEAT_TWICE,
            "Seat",
            "seat E is taken twice; seats are E, S, W, N once each",
        ),
        (
            1,
            HandProblem.TWO_WINNERS,
            "Mahjong",
            "two winners in one hand; mark only who went Mah-Jong",
        ),
        (1, HandProblem.FLOWER_TWICE, "Flowers", "flower 1 is also held by another player"),
    ]


# --- Readers pass the rules' codes on: English on the terminal, Danish on a Danish site ---------
HEADER = ["Session", "Hand", "Round", "Player", "Seat", "Mahjong", "Sets"]


def read_hand_problems(tmp_path, rows):
    from mahjong_club.common.problems import Problems
    from mahjong_club.reading.hands import read_hands
    from mahjong_club.reading.tables import Workbook
    from tests.builders import write_workbook

    path = write_workbook(tmp_path / "hands.xlsx", {"Hands": [HEADER, *rows]})
    problems = Problems()
    hands = read_hands(Workbook(path), problems)
    return hands, problems.items


def test_a_hand_reader_says_the_rules_problem_in_the_clubs_language(tmp_path):
    rows = [
        [1, 1, "E", "Erik", "E", None, "1m2p3s"],
        [1, 2, "E", "Erik", "E", None, None],
        [1, 2, "E", "Sol", "E", "x", "RRR [555s] 345m 678p 99p"],
        [1, 2, "E", "Vera", "W", None, None],
        [1, 2, "E", "Nils", "N", None, None],
    ]
    _, found = read_hand_problems(tmp_path, rows)
    said = {(p.row, p.column): (p.text("en"), p.text("da")) for p in found}
    assert said[(2, "Sets")] == (
        "'1m2p3s' is not a set: a chow is three tiles of one suit",
        "'1m2p3s' er ikke et sæt: en chow er tre brikker i samme farve",
    )
    seat_en, seat_da = said[(4, "Seat")]
    assert seat_en.endswith(": seat E is taken twice; seats are E, S, W, N once each")
    assert seat_da.endswith(
        ": plads E er optaget to gange; pladserne E, S, W, N bruges én gang hver"
    )


def test_a_column_the_sheet_must_have_may_be_blank_in_a_row(tmp_path):
    rows = [
        [1, 1, "E", "Erik", "E", None, "[EEE]"],
        [1, 1, "E", "Sol", "S", "x", "RRR [555s] 345m 678p 99p"],
        [1, 1, "E", "Vera", "W", None, "2222m"],
        [1, 1, "E", "Nils", "N", None, None],
    ]
    hands, found = read_hand_problems(tmp_path, rows)
    assert found == [] and len(hands) == 1
    assert [h.winner for h in hands[0].rows] == [False, True, False, False]


def test_a_column_the_sheet_must_have_is_still_required(tmp_path):
    from mahjong_club.common.problems import Problems
    from mahjong_club.reading.hands import read_hands
    from mahjong_club.reading.tables import Workbook
    from tests.builders import write_workbook

    header = [h for h in HEADER if h != "Mahjong"]
    path = write_workbook(tmp_path / "hands.xlsx", {"Hands": [header, [1, 1, "E", "A", "E", None]]})
    problems = Problems()
    assert read_hands(Workbook(path), problems) == []
    assert [(p.column, p.severity) for p in problems.items] == [("Mahjong", "error")]


def test_a_ready_made_message_takes_no_parameters():
    from mahjong_club.common.problems import Problems
    from mahjong_club.messages.core import say
    from mahjong_club.messages.reading import PROBLEM_ROW

    problems = Problems()
    problems.error("Hands", 2, "Sets", PROBLEM_ROW, row=3)  # a parameter may be called row
    assert problems.items[0].text() == "row 3"
    with pytest.raises(TypeError, match="no parameters"):
        problems.error("Hands", 2, "Sets", say(PROBLEM_ROW, row=3), row=4)


@pytest.mark.parametrize(
    ("coming", "must_attend", "english", "danish"),
    [
        (
            3,
            2,
            "attend 2 of the next 3 Thursdays to pass the 2025-12-11 check",
            "mød op 2 af de næste 3 torsdage for at bestå checket 2025-12-11",
        ),
        (
            2,
            2,
            "attend each of the next 2 Thursdays to pass the 2025-12-11 check",
            "mød op alle de næste 2 torsdage for at bestå checket 2025-12-11",
        ),
        (  # a Danish organiser's trial: "mød op 1 af de næste 1 torsdag"
            1,
            1,
            "attend next Thursday to pass the 2025-12-11 check",
            "mød op næste torsdag for at bestå checket 2025-12-11",
        ),
        (  # and "mangler 1 aftener"
            0,
            1,
            "cannot pass the 2025-12-11 check any more (needs 1 more night on time;"
            " 0 Thursdays left before it)",
            "kan ikke længere bestå checket 2025-12-11 (mangler 1 aften til tiden; 0 torsdage"
            " tilbage før det)",
        ),
        (
            5,
            0,
            "passes the 2025-12-11 check even without coming",
            None,
        ),
        (
            1,
            6,
            "cannot pass the 2025-12-11 check any more (needs 6 more nights on time;"
            " 1 Thursday left before it)",
            None,
        ),
    ],
)
def test_the_catalogue_gives_the_attendance_advice(coming, must_attend, english, danish):
    import datetime as dt

    from mahjong_club.messages.rules import words
    from rules.attendance import Advice

    tip = Advice(dt.date(2025, 12, 11), coming, must_attend)
    assert words(tip).render("en") == english
    if danish is not None:
        assert words(tip).render("da") == danish
    assert words(tip).render("da") != english
