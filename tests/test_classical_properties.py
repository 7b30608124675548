"""Invariants of classical scoring (hypothesis): zero-sum settlement, the limit, doubles,
and the tile notation round trip."""

from hypothesis import assume, given
from hypothesis import strategies as st

from rules.classical import ClassicalRules, HandInput, Wind, score_hand, settle
from rules.tiles import SetKind, Tile, TileSet, format_sets, parse_sets, tile_counts

winds = st.sampled_from(list(Wind))
tiles = st.one_of(
    st.builds(Tile, st.sampled_from("mps"), st.integers(1, 9)),
    st.builds(Tile, st.just("z"), st.integers(1, 7)),
)


@st.composite
def melds(draw):
    kind = draw(st.sampled_from([SetKind.CHOW, SetKind.PUNG, SetKind.KONG]))
    exposed = draw(st.booleans())
    if kind is SetKind.CHOW:
        suit = draw(st.sampled_from("mps"))
        start = draw(st.integers(1, 7))
        return TileSet(kind, tuple(Tile(suit, start + i) for i in range(3)), exposed)
    tile = draw(tiles)
    return TileSet(kind, (tile,) * (3 if kind is SetKind.PUNG else 4), exposed)


@st.composite
def winning_hands(draw):
    sets = (
        *tuple(draw(st.lists(melds(), min_size=4, max_size=4))),
        TileSet(SetKind.PAIR, (draw(tiles),) * 2),
    )
    assume(all(n <= 4 for n in tile_counts(sets).values()))
    return HandInput(
        "P",
        draw(winds),
        sets,
        winner=True,
        flowers=frozenset(draw(st.sets(st.integers(1, 4)))),
        seasons=frozenset(draw(st.sets(st.integers(1, 4)))),
        self_drawn=draw(st.booleans()),
        loose_tile=draw(st.booleans()),
    )


@given(st.dictionaries(winds, st.integers(0, 500), min_size=4, max_size=4), st.none() | winds)
def test_settlements_sum_to_zero(scores, winner):
    net = settle(scores, winner)
    assert sum(net.values()) == 0
    if winner is None:
        assert set(net.values()) == {0}
    else:
        assert net[winner] >= 0


@given(winning_hands(), winds, st.integers(100, 1000))
def test_no_score_exceeds_the_limit(hand, round_wind, limit):
    result = score_hand(hand, round_wind, ClassicalRules(limit=limit))
    assert 0 <= result.score <= limit
    if result.limit_hand is None:
        assert result.score == min(result.points * 2**result.doubles, limit)


@given(winning_hands(), winds)
def test_adding_a_double_never_lowers_a_score(hand, round_wind):
    before = score_hand(hand, round_wind)
    after = score_hand(
        HandInput(**{**hand.__dict__, "last_tile": True}),  # Mah-Jong on the last tile: +1 double
        round_wind,
    )
    assert after.score >= before.score
    if before.limit_hand is None:
        assert after.doubles == before.doubles + 1


@given(st.lists(melds(), max_size=4), st.none() | tiles)
def test_notation_round_trips(sets, pair_tile):
    built = tuple(sets) + ((TileSet(SetKind.PAIR, (pair_tile,) * 2),) if pair_tile else ())
    text = format_sets(built)
    assert parse_sets(text) == built
    assert format_sets(parse_sets(text)) == text


def test_thirteen_orphans_round_trips():
    sets = parse_sets("19m19p19sESWNRGHH")
    assert format_sets(sets) == "19m19p19sESWNRGHH"
    # the tenhou form: 1z-7z are E S W N H G R
    assert parse_sets("1m9m1p9p1s9s1234567z7z") == parse_sets("19m19p19sESWNRGHR")
    assert parse_sets("555z [6666z] 77z") == parse_sets("HHH [GGGG] RR")
