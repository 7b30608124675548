"""The duplicate ``Tiles`` check (rules.md 3): the last tile of the wall and the winning tile.

Worked examples of the last-tile rule: the recorded ``Hand value`` is the official MCR total
*with* Last Tile Draw / Last Tile Claim, minus 8; Last Tile Draw replaces Self-Drawn and Chicken
Hand is not counted beside it. Then properties over generated hands: every order of the groups
gives a total or a located warning, never an exception, and the same total whenever the
winning tile stays the same.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_club.common.problems import Problems
from mahjong_club.compute.duplicate import check_tiles
from mahjong_club.messages.rule_errors import RULE_ERRORS
from mahjong_club.model import DuplicateInput
from rules.duplicate import SEATS, BoardResult, TablePlay
from rules.mcr_fans import FanError, FanProblem, hand_fans
from rules.tiles import THIRTEEN, Tile

#: Three exposed sets, a pair of West (no fan for South in an East round) and 78m won on 9m:
#: no fan of its own (a Chicken Hand on a discard, only Self-Drawn when self-drawn).
PLAIN = "[234m] [555s] [678p] WW 789m"
#: A concealed pure straight with a pair of East, East's seat, won on E (Single Wait).
STRAIGHT = "123m 456m 789m 123p EE"
#: The same straight with 123m exposed: Self-Drawn counts (no Fully Concealed Hand).
EXPOSED_STRAIGHT = "[123m] 456m 789m 123p EE"

# (hand, seat, self-drawn, last tile, official total, its fans, the Hand value to record)
EXAMPLES = [
    # A hand whose only fan is Self-Drawn: 1 fan (a false Mahjong), but 8 on the last tile,
    # where Last Tile Draw replaces Self-Drawn: recorded as 0.
    (PLAIN, "S", True, False, 1, "Self-Drawn 1", None),
    (PLAIN, "S", True, True, 8, "Last Tile Draw 8", 0),
    # A would-be Chicken Hand: 8 on a discard, but on the last tile Last Tile Claim is counted
    # and Chicken Hand is not: still 8, recorded as 0.
    (PLAIN, "S", False, False, 8, "Chicken Hand 8", 8),
    (PLAIN, "S", False, True, 8, "Last Tile Claim 8", 0),
    # A normal concealed hand, on a discard and self-drawn, on the last tile and not.
    (
        STRAIGHT,
        "E",
        False,
        False,
        21,
        "Pure Straight 16, Concealed Hand 2, Mixed Double Chow 1, One Voided Suit 1, Single Wait 1",
        21,
    ),
    (
        STRAIGHT,
        "E",
        False,
        True,
        29,
        "Pure Straight 16, Last Tile Claim 8, Concealed Hand 2, Mixed Double Chow 1,"
        " One Voided Suit 1, Single Wait 1",
        21,
    ),
    (
        STRAIGHT,
        "E",
        True,
        False,
        23,
        "Pure Straight 16, Fully Concealed Hand 4, Mixed Double Chow 1, One Voided Suit 1,"
        " Single Wait 1",
        23,
    ),
    (
        STRAIGHT,
        "E",
        True,
        True,
        31,
        "Pure Straight 16, Last Tile Draw 8, Fully Concealed Hand 4, Mixed Double Chow 1,"
        " One Voided Suit 1, Single Wait 1",
        23,
    ),
    # A normal hand with Self-Drawn: 20 self-drawn, 27 (not 28) on the last tile.
    (
        EXPOSED_STRAIGHT,
        "E",
        True,
        False,
        20,
        "Pure Straight 16, Mixed Double Chow 1, One Voided Suit 1, Single Wait 1, Self-Drawn 1",
        20,
    ),
    (
        EXPOSED_STRAIGHT,
        "E",
        True,
        True,
        27,
        "Pure Straight 16, Last Tile Draw 8, Mixed Double Chow 1, One Voided Suit 1, Single Wait 1",
        19,
    ),
    (
        EXPOSED_STRAIGHT,
        "E",
        False,
        True,
        27,
        "Pure Straight 16, Last Tile Claim 8, Mixed Double Chow 1, One Voided Suit 1,"
        " Single Wait 1",
        19,
    ),
]
EXAMPLE_IDS = [
    f"{hand} {'self-drawn' if drawn else 'discard'}{' last tile' if last else ''}"
    for hand, _, drawn, last, *_ in EXAMPLES
]


@pytest.mark.parametrize(
    ("hand", "seat", "self_drawn", "last_tile", "total", "fans", "recorded"),
    EXAMPLES,
    ids=EXAMPLE_IDS,
)
def test_official_total_with_the_last_tile(
    hand, seat, self_drawn, last_tile, total, fans, recorded
):
    result = hand_fans(hand, seat=seat, self_drawn=self_drawn, last_tile=last_tile)
    assert (result.total, result.describe()) == (total, fans)


def board(hand: str, seat: str, value: int, self_drawn: bool, last_tile: bool) -> DuplicateInput:
    """One board at one table, ``seat`` winning ``hand`` recorded as ``value``, on row 7."""
    discarder = None if self_drawn else next(s for s in SEATS if s != seat)
    result = BoardResult((seat,), (value,), discarder, last_tile)
    players = {s: f"{s}1" for s in SEATS}
    data = DuplicateInput(plays=[TablePlay("1", "1", "1", players, result)])
    data.tiles[("1", "1", "1")] = (7, hand)
    return data


def warnings_of(data: DuplicateInput) -> list[tuple[str, int | None, str, str]]:
    problems = Problems()
    check_tiles(data, problems)
    assert all(p.severity == "warning" for p in problems.items)
    return [(p.sheet, p.row, p.column, p.text()) for p in problems.items]


@pytest.mark.parametrize(
    ("hand", "seat", "self_drawn", "last_tile", "total", "fans", "recorded"),
    [e for e in EXAMPLES if e[-1] is not None],
    ids=[i for e, i in zip(EXAMPLES, EXAMPLE_IDS, strict=True) if e[-1] is not None],
)
def test_the_right_hand_value_gives_no_warning(
    hand, seat, self_drawn, last_tile, total, fans, recorded
):
    assert warnings_of(board(hand, seat, recorded, self_drawn, last_tile)) == []


@pytest.mark.parametrize(
    ("hand", "seat", "self_drawn", "value", "expected"),
    [
        # The old way: the 1 fan of Self-Drawn kept beside Last Tile Draw (1 + 8 = 9 fan).
        (
            PLAIN,
            "S",
            True,
            1,
            "S's hand value is recorded as 1 (+ 8 for the last tile = 9), but the tiles make"
            " 8 fan on the last tile: Last Tile Draw 8",
        ),
        # The old way: Chicken Hand kept beside Last Tile Claim (8 + 8 = 16 fan).
        (
            PLAIN,
            "S",
            False,
            8,
            "S's hand value is recorded as 8 (+ 8 for the last tile = 16), but the tiles make"
            " 8 fan on the last tile: Last Tile Claim 8",
        ),
        # The Last Tile fan recorded in the Hand value as well (8 too many).
        (
            EXPOSED_STRAIGHT,
            "E",
            True,
            27,
            "E's hand value is recorded as 27 (+ 8 for the last tile = 35), but the tiles make"
            " 27 fan on the last tile: Pure Straight 16, Last Tile Draw 8, Mixed Double Chow 1,"
            " One Voided Suit 1, Single Wait 1",
        ),
    ],
    ids=["self-drawn kept", "chicken hand kept", "last tile recorded twice"],
)
def test_a_wrong_hand_value_on_the_last_tile_is_located(hand, seat, self_drawn, value, expected):
    found = warnings_of(board(hand, seat, value, self_drawn, last_tile=True))
    assert found == [("Boards", 7, "Hand value", expected)]


def test_the_last_tile_warning_speaks_danish():
    problems = Problems()
    check_tiles(board(PLAIN, "S", 1, True, True), problems)
    assert problems.items[0].text("da") == (
        "hånden på plads S er noteret til 1 (+ 8 for sidste brik = 9), men brikkerne giver"
        " 8 fan på sidste brik: Last Tile Draw 8"
    )


def test_a_self_drawn_only_hand_not_on_the_last_tile_is_a_false_mahjong_candidate():
    found = warnings_of(board(PLAIN, "S", 8, True, last_tile=False))
    assert found == [
        (
            "Boards",
            7,
            "Tiles",
            "S's hand makes only 1 fan (Self-Drawn 1): a false Mahjong candidate",
        )
    ]


# --- The winning tile: kongs are passed over, whatever the order ----------------------------


@pytest.mark.parametrize(
    "hand",
    [
        "123m 456m 789m EE 5555p",
        "5555p 123m 456m 789m EE",
        "123m 5555p 456m 789m EE",
        "123m 456m 789m EE [5555p]",
        "[5555p] 123m 456m 789m EE",
    ],
)
def test_a_kong_written_last_does_not_hold_the_winning_tile(hand):
    concealed = "5555p" in hand.split()
    result = hand_fans(hand, seat="S")
    # won on E either way: Single Wait; the kong's place does not matter
    assert "Single Wait 1" in result.describe()
    assert result.total == (22 if concealed else 19)


def test_the_concealed_kong_hand_no_longer_crashes_the_check():
    data = board("123m 456m 789m EE 5555p", "S", 22, self_drawn=False, last_tile=False)
    assert warnings_of(data) == []
    data = board("123m 456m 789m EE 5555p", "S", 22, self_drawn=False, last_tile=True)
    assert warnings_of(data) == []  # 30 fan with Last Tile Claim = 22 + 8


@pytest.mark.parametrize(
    "hand",
    ["123m 456m EE 789m [123p]", "EE 123m 456m 789m [123p] 5555s", "[5555s] [6666s] [7777s]"],
)
def test_an_exposed_set_in_the_winning_tiles_place_is_a_located_warning(hand):
    with pytest.raises(FanError, match="write the winning tile last") as info:
        hand_fans(hand, seat="E")
    assert info.value.code is FanProblem.WINNING_TILE_EXPOSED
    data = board(hand, "E", 8, self_drawn=False, last_tile=False)
    error = RULE_ERRORS[FanProblem.WINNING_TILE_EXPOSED].en
    assert warnings_of(data) == [("Boards", 7, "Tiles", f"E's hand {hand!r}: {error}")]


# --- Generated hands ---------------------------------------------------------------------------

KNITTED = ((1, 4, 7), (2, 5, 8), (3, 6, 9))
HONOURS = [Tile("z", rank) for rank in range(1, 8)]


class Group:
    """One written group: its tiles, whether exposed, and whether it is a kong."""

    def __init__(self, tiles: list[Tile], exposed: bool = False) -> None:
        self.tiles = tiles
        self.exposed = exposed

    @property
    def kong(self) -> bool:
        return len(self.tiles) == 4 and len(set(self.tiles)) == 1

    def can_win(self) -> bool:
        """Can hold the winning tile: concealed and not a kong."""
        return not self.exposed and not self.kong

    def write(self, last: Tile | None = None) -> str:
        """The notation, runs of one suit compressed, ``last`` written last."""
        tiles = list(self.tiles)
        if last is not None:
            tiles.remove(last)
            tiles.append(last)
        text, digits, suit = "", "", ""
        for tile in tiles:
            if tile.honour:
                text += digits + suit + tile.letter
                digits, suit = "", ""
            elif tile.suit == suit:
                digits += str(tile.rank)
            else:
                text += digits + suit
                digits, suit = str(tile.rank), tile.suit
        text += digits + suit
        return f"[{text}]" if self.exposed else text


suited = st.builds(Tile, st.sampled_from("mps"), st.integers(1, 9))
any_tile = st.one_of(suited, st.sampled_from(HONOURS))
chow = st.builds(
    lambda suit, start, exposed: Group([Tile(suit, start + i) for i in range(3)], exposed),
    st.sampled_from("mps"),
    st.integers(1, 7),
    st.booleans(),
)
same = st.builds(
    lambda tile, size, exposed: Group([tile] * size, exposed),
    any_tile,
    st.sampled_from((3, 4)),
    st.booleans(),
)
pair = st.builds(lambda tile: Group([tile, tile]), any_tile)


def fits(groups: list[Group]) -> bool:
    """No more than four of a tile."""
    counts = Counter(t for g in groups for t in g.tiles)
    return max(counts.values()) <= 4


standard = st.builds(
    lambda sets, eyes: [*sets, eyes], st.lists(st.one_of(chow, same), min_size=4, max_size=4), pair
).filter(fits)
seven_pairs = st.lists(pair, min_size=7, max_size=7).filter(fits)
orphans = st.builds(
    lambda extra, order: [Group([THIRTEEN[i] for i in order] + [extra])],
    st.sampled_from(THIRTEEN),
    st.permutations(range(13)),
)


def knitted_groups(suits: list[str]) -> list[Group]:
    """147, 258 and 369 in the three suits, in the order drawn."""
    return [Group([Tile(s, r) for r in ranks]) for s, ranks in zip(suits, KNITTED, strict=True)]


knitted_straight = st.builds(
    lambda suits, group, eyes: [*knitted_groups(suits), group, eyes],
    st.permutations("mps"),
    st.one_of(chow, same),
    pair,
).filter(fits)


def honours_and_knitted(suits: list[str], left_out: list[int], cuts: list[int]) -> list[Group]:
    """Fourteen of the knitted tiles and the seven honours, cut into loose groups."""
    tiles = [t for g in knitted_groups(suits) for t in g.tiles] + HONOURS
    tiles = [t for i, t in enumerate(tiles) if i not in left_out]
    edges = sorted({0, len(tiles), *cuts})
    return [Group(tiles[a:b]) for a, b in pairwise(edges) if a < b]


lesser_knitted = st.builds(
    honours_and_knitted,
    st.permutations("mps"),
    st.lists(st.integers(0, 15), min_size=2, max_size=2, unique=True),
    st.lists(st.integers(1, 13), max_size=5),
)
hands = st.one_of(standard, seven_pairs, orphans, knitted_straight, lesser_knitted)
situations = st.tuples(st.sampled_from(SEATS), st.booleans(), st.booleans())


@st.composite
def ordered(draw, groups: list[Group]) -> tuple[str, str]:
    """The hand with a winning tile drawn, written twice: the other groups in the order drawn
    and that tile last in the last group that can hold it (kongs may still follow), and the
    canonical way (the winning group last of all)."""
    winners = [g for g in groups if g.can_win()]
    win_group = draw(st.sampled_from(winners))
    win_tile = draw(st.sampled_from(win_group.tiles))
    others = [g for g in groups if g is not win_group]
    canonical = " ".join([*(g.write() for g in others), win_group.write(win_tile)])
    before = draw(st.permutations([g for g in others if not g.kong]))
    kongs = [g for g in others if g.kong]
    text = [*(g.write() for g in before), win_group.write(win_tile)]
    for kong in kongs:
        text.insert(draw(st.integers(0, len(text))), kong.write())
    return " ".join(text), canonical


@given(hands.flatmap(ordered), situations)
def test_the_total_does_not_depend_on_the_order_of_the_groups(texts_, situation):
    text, canonical = texts_
    seat, self_drawn, last_tile = situation
    found = hand_fans(text, seat=seat, self_drawn=self_drawn, last_tile=last_tile)
    assert found == hand_fans(canonical, seat=seat, self_drawn=self_drawn, last_tile=last_tile)


@given(hands.flatmap(ordered), st.sampled_from(SEATS), st.booleans())
def test_the_last_tile_replaces_self_drawn_and_chicken_hand(texts_, seat, self_drawn):
    text, _ = texts_
    plain = hand_fans(text, seat=seat, self_drawn=self_drawn)
    last = hand_fans(text, seat=seat, self_drawn=self_drawn, last_tile=True)
    expected = {n: v for n, v in plain.fans if n not in ("Self-Drawn", "Chicken Hand")}
    expected["Last Tile Draw" if self_drawn else "Last Tile Claim"] = 8
    assert dict(last.fans) == expected


def outcome(text: str, seat: str, self_drawn: bool, last_tile: bool) -> int | FanProblem:
    """The hand's total, or why it cannot be evaluated (any other exception propagates)."""
    try:
        return hand_fans(text, seat=seat, self_drawn=self_drawn, last_tile=last_tile).total
    except FanError as exc:
        return FanProblem(exc.code)


@st.composite
def any_order(draw, groups: list[Group]) -> str:
    """Every group in any order, each group's tiles in any order."""
    written = []
    for group in draw(st.permutations(groups)):
        written.append(group.write(draw(st.sampled_from(group.tiles))))
    return " ".join(written)


@given(hands.flatmap(any_order), situations, st.integers(8, 40))
def test_any_order_gives_a_total_or_a_located_warning(text, situation, value):
    seat, self_drawn, last_tile = situation
    found = outcome(text, seat, self_drawn, last_tile)
    assert isinstance(found, int) or found is FanProblem.WINNING_TILE_EXPOSED
    for _, row, column, _ in warnings_of(board(text, seat, value, self_drawn, last_tile)):
        assert (row, column) in ((7, "Tiles"), (7, "Hand value"))


@given(st.text(alphabet="123456789mpszESWNRGHeswnrgh[] ", max_size=40), situations)
def test_any_text_gives_a_total_or_a_fan_error(text, situation):
    found = outcome(text, *situation)
    assert isinstance(found, (int, FanProblem))
