"""An independent, hand-worked table of classical hands (rules.md section 2).

Every expected value below was worked out by hand from rules.md section 2 (and the tile notation
of workbook.md), not from the implementation; the arithmetic is in the comment next to each case.
Unless a case says otherwise the round wind is East and the hand is won on a discard.

Readings of rules.md where it leaves room (see the comments marked READING):
- A pair of a wind that is neither the player's own nor the round wind "scores nothing", so four
  chows and such a pair is a worthless hand (10).
- `loose_tile` alone (without `self_drawn`) still gives the 10: a loose tile is always drawn by
  the winner; with both flags it is 10, not 12 ("10 instead of the 2").
- "Four concealed pungs all self-drawn" needs the `self_drawn` flag: the same four concealed
  pungs won on a discard are an ordinary hand (no chows 1 double).
- The "all four winds covered" and "all three dragons covered" doubles come on top of the
  per-pung dragon/own-wind/round-wind doubles (rules.md lists them as separate items).
- A non-winner gets no limit hand and no winner-only double even with four wind pungs on the
  table.
"""

from __future__ import annotations

import re

import pytest

from mahjong_club.messages.breakdown import hand_breakdown
from rules.classical import (
    ClassicalRules,
    HandError,
    HandInput,
    HandScore,
    ItemKind,
    Wind,
    score_hand,
    settle,
)
from rules.tiles import NotationError, SetKind, parse_sets

E, S, W, N = Wind.E, Wind.S, Wind.W, Wind.N


def hand(
    sets: str,
    *,
    seat: Wind = S,
    winner: bool = True,
    flowers: tuple[int, ...] = (),
    seasons: tuple[int, ...] = (),
    self_drawn: bool = False,
    loose_tile: bool = False,
    last_tile: bool = False,
    limit: str | None = None,
    player: str = "P",
) -> HandInput:
    return HandInput(
        player=player,
        seat=seat,
        sets=parse_sets(sets),
        winner=winner,
        flowers=frozenset(flowers),
        seasons=frozenset(seasons),
        self_drawn=self_drawn,
        loose_tile=loose_tile,
        last_tile=last_tile,
        limit=limit,
    )


def case(case_id, expected, sets, *, round_wind=E, marks=(), **kwargs):
    """One row: (hand, round wind, (points, doubles, score)); limit hands have None, None."""
    return pytest.param(hand(sets, **kwargs), round_wind, expected, id=case_id, marks=marks)


LIMIT = (None, None, 500)

TABLE = [
    # ---- points for sets, Mah-Jong, pairs, worthless hand ------------------------------------
    # 4 chows 0 + pair 55p 0 + Mah-Jong 20 + worthless 10 = 30; 0 doubles (three suits) -> 30
    case("chows-worthless", (30, 0, 30), "123m 456p 789s 234m 55p"),
    # worthless is judged on the sets alone: Mah-Jong 20 + worthless 10 + self-drawn 2
    # + 2 flowers 8 = 40; 0 doubles -> 40 (exposed chow is still a chow)
    case(
        "worthless-with-flowers-self-drawn",
        (40, 0, 40),
        "[123m] 456p 789s 345s 88m",
        seat=W,
        flowers=(1, 2),
        self_drawn=True,
    ),
    # READING: pair of West for South in an East round scores nothing -> still worthless:
    # Mah-Jong 20 + worthless 10 = 30; 0 doubles (three suits + an honour, not one suit) -> 30
    case("worthless-with-plain-wind-pair", (30, 0, 30), "123m 456p 789s 234m WW"),
    # pair of dragons 2 (so not worthless): Mah-Jong 20 + 2 = 22; 0 doubles -> 22
    case("dragon-pair", (22, 0, 22), "123m 456p 789s 234m RR"),
    # pair of own wind (South, seat S) 2: 20 + 2 = 22 -> 22
    case("own-wind-pair", (22, 0, 22), "123m 456p 789s 234m SS"),
    # pair of the round wind (East) for South 2: 20 + 2 = 22 -> 22
    case("round-wind-pair", (22, 0, 22), "123m 456p 789s 234m EE"),
    # East in the East round, pair of East: own and round wind 4: 20 + 4 = 24 -> 24
    case("double-wind-pair", (24, 0, 24), "123m 456p 789s 234m EE", seat=E),
    # exposed pung of simples 2 + Mah-Jong 20 = 22; 0 doubles -> 22
    case("exposed-pung-simple", (22, 0, 22), "[555p] 123m 456s 789s 22m"),
    # concealed pung of simples 4 + Mah-Jong 20 = 24 -> 24
    case("concealed-pung-simple", (24, 0, 24), "555p 123m 456s 789s 22m"),
    # exposed pung of 1 circles (terminal) 4 + concealed pung of North (honour, neither own nor
    # round wind for South in East round) 8 + Mah-Jong 20 = 32; 0 doubles -> 32
    case("exposed-terminal-concealed-honour-pung", (32, 0, 32), "[111p] NNN 123m 456s 22m"),
    # exposed kong of simples 8 + Mah-Jong 20 + loose tile 10 (instead of self-drawn 2) = 38;
    # 0 doubles -> 38
    case(
        "exposed-kong-simple-loose-tile",
        (38, 0, 38),
        "[5555s] 123m 456p 789p 33m",
        self_drawn=True,
        loose_tile=True,
    ),
    # concealed kong of simples 16 + Mah-Jong 20 + self-drawn 2 = 38; 0 doubles -> 38
    case(
        "concealed-kong-simple-self-drawn",
        (38, 0, 38),
        "6666m 123p 456p 789s 44s",
        self_drawn=True,
    ),
    # exposed kong of 9 bamboo 16 + exposed kong of West (not own/round for South) 16
    # + Mah-Jong 20 = 52; 0 doubles -> 52
    case("exposed-kong-terminal-honour", (52, 0, 52), "[9999s] [WWWW] 123m 456m 77p"),
    # READING: loose_tile without self_drawn still 10.
    # concealed kong of 1 characters 32 + Mah-Jong 20 + loose tile 10 = 62; 0 doubles -> 62
    case(
        "concealed-kong-terminal-loose-tile-only",
        (62, 0, 62),
        "1111m 123p 456p 789s 55s",
        loose_tile=True,
    ),
    # ---- doubles ---------------------------------------------------------------------------
    # South in a South round: exposed pung of South 4 + Mah-Jong 20 = 24; doubles: own wind 1
    # + round wind 1 + one suit (circles) with honours 1 = 3 -> 24 * 8 = 192
    case(
        "own-and-round-wind-pung-one-suit-with-honours",
        (24, 3, 192),
        "[SSS] 123p 456p 789p 99p",
        round_wind=S,
    ),
    # worthless + last tile: Mah-Jong 20 + worthless 10 + self-drawn 2 = 32;
    # 1 double (Mah-Jong on the last tile) -> 64
    case(
        "last-tile",
        (32, 1, 64),
        "123m 456p 789s 234m 55p",
        self_drawn=True,
        last_tile=True,
    ),
    # exposed 222m 2 + concealed 333p 4 + exposed 444s 2 + concealed 666m 4 + Mah-Jong 20 = 32;
    # 1 double (no chows) -> 64
    case("no-chows", (32, 1, 64), "[222m] 333p [444s] 666m 88p"),
    # exposed 111m 4 + concealed 999p 8 + exposed NNN 4 + concealed 111s 8 + Mah-Jong 20 = 44,
    # pair 99m 0; doubles: no chows 1 + only terminals and honours 1 = 2 -> 44 * 4 = 176
    case("terminals-and-honours", (44, 2, 176), "[111m] 999p [NNN] 111s 99m"),
    # South in a South round: four exposed pungs 4 + 4 + 4 + 4 = 16 + Mah-Jong 20 = 36, pair of
    # East 0 (neither own nor round wind); doubles: no chows 1 + terminals and honours 1
    # + one suit (characters) with honours 1 = 3 -> 36 * 8 = 288
    case(
        "terminals-honours-one-suit-with-honours",
        (36, 3, 288),
        "[111m] [999m] [NNN] [WWW] EE",
        round_wind=S,
    ),
    # West: exposed 222p 2 + concealed 555p 4 + concealed 888p 4 + exposed red dragons 4
    # + Mah-Jong 20 = 34; doubles: dragon pung 1 + no chows 1 + one suit with honours 1 = 3
    # -> 34 * 8 = 272
    case("dragon-pung-one-suit-with-honours", (34, 3, 272), "[222p] 555p 888p [RRR] 99p", seat=W),
    # one suit only (bamboo) on a worthless hand: Mah-Jong 20 + worthless 10 = 30;
    # 3 doubles (one suit only, instead of the 1) -> 30 * 8 = 240
    case("one-suit-only-worthless", (30, 3, 240), "123s 456s 789s 234s 55s"),
    # North: exposed 111m 4 + concealed 999m 8 + Mah-Jong 20 + self-drawn 2 = 34;
    # 3 doubles (one suit only; no "only terminals" since chows) -> 34 * 8 = 272
    case(
        "one-suit-only-with-pungs",
        (34, 3, 272),
        "[111m] 234m 567m 999m 88m",
        seat=N,
        self_drawn=True,
    ),
    # South, East round: exposed EEE 4 + concealed SSS 8 + exposed WWW 4 + Mah-Jong 20 = 36,
    # pair NN 0 (not own/round); doubles: round wind pung 1 + own wind pung 1 + all four winds
    # covered 3 + one suit (characters) with honours 1 = 6 -> 36 * 64 = 2304 -> cap 500
    case("all-four-winds-covered", (36, 6, 500), "[EEE] SSS [WWW] 123m NN"),
    # exposed RRR 4 + concealed GGG 8 + Mah-Jong 20 + pair of dragons 2 = 34; doubles: red 1
    # + green 1 + all three dragons covered 3 = 5 (circles and bamboo: not one suit)
    # -> 34 * 32 = 1088 -> cap 500
    case("all-three-dragons-covered", (34, 5, 500), "[RRR] GGG 123p 456s HH"),
    # ---- non-winners: sets, flowers, seasons and all-hands doubles only --------------------
    # one flower + two seasons 3 * 4 = 12; 0 doubles -> 12
    case(
        "non-winner-flowers-seasons",
        (12, 0, 12),
        "",
        seat=W,
        winner=False,
        flowers=(1,),
        seasons=(2, 3),
    ),
    # exposed 222m 2 + four flowers 16 = 18; 3 doubles (all four flowers) -> 18 * 8 = 144
    case(
        "non-winner-all-four-flowers",
        (18, 3, 144),
        "[222m]",
        seat=W,
        winner=False,
        flowers=(1, 2, 3, 4),
    ),
    # North, winner in a South round: Mah-Jong 20 + worthless 10 + four seasons 16 = 46;
    # 3 doubles (all four seasons) -> 46 * 8 = 368
    case(
        "winner-all-four-seasons-worthless",
        (46, 3, 368),
        "123m 456m 789p 234s 55s",
        seat=N,
        round_wind=S,
        seasons=(1, 2, 3, 4),
    ),
    # eight flowers/seasons 32; 3 + 3 = 6 doubles -> 32 * 64 = 2048 -> cap 500
    case(
        "non-winner-all-flowers-and-seasons-capped",
        (32, 6, 500),
        "",
        seat=N,
        winner=False,
        flowers=(1, 2, 3, 4),
        seasons=(1, 2, 3, 4),
    ),
    # exposed green dragons 4; 1 double (dragon pung) -> 8
    case("non-winner-dragon-pung", (4, 1, 8), "[GGG]", winner=False),
    # concealed kong of white dragons 32; 1 double (dragon kong) -> 64
    case("non-winner-dragon-kong", (32, 1, 64), "HHHH", winner=False),
    # West: exposed pung of West 4; 1 double (own wind) -> 8
    case("non-winner-own-wind-pung", (4, 1, 8), "[WWW]", seat=W, winner=False),
    # North in a South round: concealed kong of South 32; 1 double (round wind) -> 64
    case(
        "non-winner-round-wind-kong",
        (32, 1, 64),
        "SSSS",
        seat=N,
        round_wind=S,
        winner=False,
    ),
    # three dragon pungs 4 + 4 + 4 = 12; 3 doubles (one per dragon pung; the "all three dragons"
    # 3 is winner-only) -> 12 * 8 = 96
    case("non-winner-three-dragon-pungs", (12, 3, 96), "[RRR] [GGG] [HHH]", winner=False),
    # South, East round: four exposed wind pungs 16; doubles: East (round) 1 + South (own) 1 = 2
    # -> 64 (no four-winds limit, no "all four winds" 3: winner-only)
    case(
        "non-winner-four-wind-pungs",
        (16, 2, 64),
        "[EEE] [SSS] [WWW] [NNN]",
        winner=False,
    ),
    # exposed 111m 4 + exposed 999m 4 = 8; 0 doubles (one suit / terminals are winner-only) -> 8
    case("non-winner-one-suit-terminals", (8, 0, 8), "[111m] [999m]", winner=False),
    # exposed chows only 0 -> 0 (no worthless hand, no Mah-Jong for a non-winner)
    case("non-winner-chows", (0, 0, 0), "[123m] [456p]", winner=False),
    # ---- the cap and power-of-two boundaries -------------------------------------------------
    # concealed RRR 8 + concealed 555p 4 + exposed 222s 2 + four flowers 16 = 30;
    # doubles: dragon 1 + four flowers 3 = 4 -> 30 * 16 = 480 (under the cap)
    case(
        "under-cap-480",
        (30, 4, 480),
        "RRR 555p [222s]",
        winner=False,
        flowers=(1, 2, 3, 4),
    ),
    # concealed RRR 8 + concealed 555p 4 + concealed 222s 4 + four flowers 16 = 32;
    # 4 doubles -> 32 * 16 = 512 = 2^9 -> cap 500
    case(
        "over-cap-512",
        (32, 4, 500),
        "RRR 555p 222s",
        winner=False,
        flowers=(1, 2, 3, 4),
    ),
    # the worked example's South hand, also on the last tile: concealed RRR 8 + exposed 555s 2
    # + Mah-Jong 20 + self-drawn 2 = 32; doubles: dragon pung 1 + last tile 1 = 2
    # -> 32 * 4 = 128 = 2^7 exactly
    case(
        "power-of-two-128",
        (32, 2, 128),
        "RRR [555s] 123m 789m 99p",
        self_drawn=True,
        last_tile=True,
    ),
    # ---- limit hands: 500 outright, points and doubles blank ------------------------------
    # heavenly hand: East wins on the dealt 14, recorded in the Limit column
    case(
        "heavenly",
        LIMIT,
        "123m 456m 789p 234s 55s",
        seat=E,
        self_drawn=True,
        limit="heavenly",
    ),
    # earthly hand: South wins on East's first discard, recorded in the Limit column
    case("earthly", LIMIT, "123m 456m 789p 234s 55s", limit="earthly"),
    # four concealed pungs, all self-drawn, no kong
    case(
        "four-concealed-pungs-self-drawn",
        LIMIT,
        "222m 555p 888s NNN 33p",
        seat=W,
        self_drawn=True,
    ),
    # READING: the same four concealed pungs won on a discard are not "all self-drawn":
    # 4 + 4 + 4 + 8 (North, not own/round for West) + Mah-Jong 20 = 40; 1 double (no chows) -> 80
    case("four-concealed-pungs-on-discard", (40, 1, 80), "222m 555p 888s NNN 33p", seat=W),
    # with a concealed kong it is no limit hand: kong 2222m 16 + 555p 4 + 888s 4 + NNN 8
    # + Mah-Jong 20 + self-drawn 2 = 54; 1 double (no chows) -> 108
    case(
        "concealed-pungs-with-kong-no-limit",
        (54, 1, 108),
        "2222m 555p 888s NNN 33p",
        seat=W,
        self_drawn=True,
    ),
    # four winds: pungs/kongs of all four winds plus any pair
    case("four-winds", LIMIT, "[EEE] SSS [WWWW] NNN 55m"),
    # all honours
    case("all-honours", LIMIT, "EEE [SSS] RRR [GGG] WW"),
    # heads and tails: only pungs/kongs of 1s and 9s plus a pair of 1s or 9s
    case("heads-and-tails", LIMIT, "[111m] 999m [111p] 999s 11s"),
    # thirteen orphans, written as fourteen tiles in one group
    case("thirteen-orphans", LIMIT, "19m19p19sESWNRGHH", seat=N),
]


@pytest.mark.parametrize(("hand_input", "round_wind", "expected"), TABLE)
def test_hand_table(hand_input: HandInput, round_wind: Wind, expected):
    points, doubles, score = expected
    result = score_hand(hand_input, round_wind)
    assert (result.points, result.doubles, result.score) == (points, doubles, score)
    if points is None:
        assert result.limit_hand
    else:
        assert result.limit_hand is None
        assert sum(i.value for i in result.point_items) == points
        assert sum(i.value for i in result.double_items) == doubles
        assert not any(i.doubles for i in result.point_items)
        assert all(i.doubles for i in result.double_items)
    breakdown = hand_breakdown(result)
    assert breakdown.render("en").endswith(f" {score}") or "(no doubles)" in str(breakdown)
    assert breakdown.render("da")


def test_custom_limit_exactly_at_the_limit():
    # 32 points, 4 doubles = 512 (see over-cap-512); with limit 512 it is exactly the limit
    h = hand("RRR 555p 222s", winner=False, flowers=(1, 2, 3, 4))
    assert score_hand(h, E, ClassicalRules(limit=512)).score == 512
    # and one below the power of two is capped
    assert score_hand(h, E, ClassicalRules(limit=511)).score == 511


def test_custom_limit_for_a_limit_hand():
    # "Score is the limit": a limit hand scores the `limit` setting
    h = hand("19m19p19sESWNRGHH")
    result = score_hand(h, E, ClassicalRules(limit=1000))
    assert (result.points, result.doubles, result.score) == (None, None, 1000)


# ---- the spec's worked example, end to end --------------------------------------------------


def worked_example() -> dict[Wind, HandScore]:
    hands = {
        # concealed pung RRR 8 + exposed pung 555s 2 + chows 0 + pair 99p 0 + Mah-Jong 20
        # + self-drawn 2 = 32; 1 double (dragon pung) -> 64
        S: hand("RRR [555s] 123m 789m 99p", seat=S, self_drawn=True, player="South"),
        # exposed pung of East 4; 2 doubles (own wind + round wind) -> 16
        E: hand("[EEE]", seat=E, winner=False, player="East"),
        # concealed kong 2222m 16 + one flower 4 = 20; 0 doubles -> 20
        W: hand("2222m", seat=W, winner=False, flowers=(3,), player="West"),
        # nothing -> 0
        N: hand("", seat=N, winner=False, player="North"),
    }
    return {seat: score_hand(h, E) for seat, h in hands.items()}


def test_worked_example_scores():
    scores = worked_example()
    got = {seat: (s.points, s.doubles, s.score) for seat, s in scores.items()}
    assert got == {S: (32, 1, 64), E: (4, 2, 16), W: (20, 0, 20), N: (0, 0, 0)}


def test_worked_example_breakdown_items_are_data():
    south = worked_example()[S]
    assert [(i.kind, i.value) for i in south.point_items] == [
        (ItemKind.SET, 8),
        (ItemKind.SET, 2),
        (ItemKind.MAHJONG, 20),
        (ItemKind.SELF_DRAWN, 2),
    ]
    red_pung = south.point_items[0]
    assert (str(red_pung.tile), red_pung.set_kind, red_pung.exposed) == ("R", SetKind.PUNG, False)
    assert [(i.kind, str(i.tile), i.value) for i in south.double_items] == [
        (ItemKind.DRAGON_SET, "R", 1)
    ]


def test_worked_example_breakdown_in_words():
    scores = worked_example()
    assert str(hand_breakdown(scores[S])) == (
        "concealed pung of red dragons 8; exposed pung of 5 bamboo 2; Mah-Jong 20; self-drawn 2;"
        " 1 double: pung of red dragons; 32 × 2 = 64"
    )
    assert hand_breakdown(scores[S]).render("da") == (
        "skjult pung af røde drager 8; åben pung af 5 bambus 2; Mah-Jong 20; selvtrukket 2;"
        " 1 dobling: pung af røde drager; 32 × 2 = 64"
    )
    assert hand_breakdown(scores[E]).render("da") == (
        "åben pung af østenvind 4; 2 doblinger: pung af egen vind, pung af rundens vind; 4 × 4 = 16"
    )
    assert hand_breakdown(scores[W]).render("da") == (
        "skjult kong af 2 tegn 16; 1 blomst 4 = 20 (ingen doblinger)"
    )
    assert hand_breakdown(scores[N]).render("da") == "ingen point = 0 (ingen doblinger)"


def test_limit_and_capped_breakdowns_in_words():
    orphans = score_hand(hand("19m19p19sESWNRGHH"), E)
    assert str(hand_breakdown(orphans)) == "limit hand: thirteen orphans = 500"
    assert hand_breakdown(orphans).render("da") == "limithånd: de tretten vidundere = 500"
    capped = score_hand(hand("RRR 555p 222s", winner=False, flowers=(1, 2, 3, 4)), E)
    assert str(hand_breakdown(capped)) == (
        "concealed pung of red dragons 8; concealed pung of 5 circles 4;"
        " concealed pung of 2 bamboo 4; 4 flowers 16; 4 doubles: pung of red dragons,"
        " all four flowers (3); 32 × 16 = 512, capped at the limit: 500"
    )
    assert (
        hand_breakdown(capped)
        .render("da")
        .endswith(
            "4 doblinger: pung af røde drager, alle fire blomster (3); 32 × 16 = 512,"
            " begrænset til grænsen: 500"
        )
    )


def test_worked_example_settlement():
    scores = {seat: s.score for seat, s in worked_example().items()}
    # East pays South 2*64 = 128, West 64, North 64; East pays West 2*(20-16) = 8;
    # North pays East 2*16 = 32; North pays West 20.
    net = settle(scores, S)
    assert net == {S: 256, E: -104, W: -36, N: -116}
    assert sum(net.values()) == 0


def test_no_winner_settles_nothing():
    net = settle({E: 16, S: 64, W: 20, N: 0}, None)
    assert net == {E: 0, S: 0, W: 0, N: 0}


def test_east_wins_payments_doubled():
    # East 100 wins: each non-winner pays 2*100 = 200 -> East +600.
    # South/West: West 20 > South 10 -> South pays West 10; North pays South 10; North pays
    # West 20. South -200 - 10 + 10 = -200; West -200 + 10 + 20 = -170;
    # North -200 - 10 - 20 = -230. Sum 600 - 200 - 170 - 230 = 0.
    net = settle({E: 100, S: 10, W: 20, N: 0}, E)
    assert net == {E: 600, S: -200, W: -170, N: -230}


def test_east_wins_capped_hand_pays_double_the_cap():
    # the cap is on the score, not on the payment: each non-winner pays East 2*500
    net = settle({E: 500, S: 0, W: 0, N: 0}, E)
    assert net == {E: 3000, S: -1000, W: -1000, N: -1000}


def test_equal_non_winners_settle_nothing_between_them():
    # South wins 40: East pays 80, West 40, North 40; East, West and North all hold 8
    net = settle({S: 40, E: 8, W: 8, N: 8}, S)
    assert net == {S: 160, E: -80, W: -40, N: -40}


# ---- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sets",
    [
        "123m 456p 789s 55p",  # three sets and a pair
        "123m 456p 789s 234m",  # four sets, no pair
        "123m 456p 789s 22m 55p",  # three sets and two pairs
        "123m 456p 789s 234m 567m 55p",  # five sets and a pair
        "",  # nothing at all
    ],
)
def test_winner_without_a_complete_hand(sets):
    with pytest.raises(HandError, match=r"complete hand|at most four sets"):
        score_hand(hand(sets), E)


@pytest.mark.parametrize(
    "hand_input",
    [
        # five 1 characters: there are only four of each tile
        hand("1111m 111m 456p 789s 55p", self_drawn=True),
        # heavenly hand is East's (rules.md: "East wins on the dealt 14")
        hand("123m 456m 789p 234s 55s", seat=S, self_drawn=True, limit="heavenly"),
        # earthly hand "wins on East's first discard": East cannot win on its own discard
        hand("123m 456m 789p 234s 55s", seat=E, limit="earthly"),
    ],
    ids=["five-of-a-tile", "heavenly-not-east", "earthly-by-east"],
)
def test_impossible_hands(hand_input):
    with pytest.raises(HandError, match=r"more than four|heavenly hand is East's|not East"):
        score_hand(hand_input, E)


@pytest.mark.parametrize(
    "text",
    ["891m", "EFG", "556m", "ESW", "[RGH]", "12m", "55555p", "135s", "0m", "[123m", "8z"],
)
def test_notation_errors(text):
    with pytest.raises(NotationError, match=re.escape(text)):
        parse_sets(text)
