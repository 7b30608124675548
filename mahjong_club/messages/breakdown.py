"""The words of a classical hand's breakdown: tiles, limit hands and every item.

:func:`hand_breakdown` says a :class:`rules.hand_score.HandScore` as the referee reads it out;
the English text is the result workbook's ``Breakdown`` column, byte for byte.

    >>> from rules.classical import HandInput, Wind, score_hand
    >>> from rules.tiles import parse_sets
    >>> hand = HandInput("Sol", Wind.S, parse_sets("RRR [555s] 123m 678p 99p"), winner=True)
    >>> breakdown = hand_breakdown(score_hand(hand, Wind.E))
    >>> print(breakdown.render("en"))
    concealed pung of red dragons 8; exposed pung of 5 bamboo 2; Mah-Jong 20; 1 double: pung of red dragons; 30 × 2 = 60
    >>> print(breakdown.render("da"))
    skjult pung af røde drager 8; åben pung af 5 bambus 2; Mah-Jong 20; 1 dobling: pung af røde drager; 30 × 2 = 60
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Sequence

from mahjong_club.messages.core import Entry, Message, entry, say
from rules.hand_score import HandScore, Item, ItemKind, LimitHand
from rules.tiles import SetKind, Tile

# --- Tiles and limit hands ----------------------------------------------------------------------
SUITS: dict[str, Entry] = {
    "m": entry("rules.tile.characters", en="{rank} characters", da="{rank} tegn"),
    "p": entry("rules.tile.circles", en="{rank} circles", da="{rank} cirkler"),
    "s": entry("rules.tile.bamboo", en="{rank} bamboo", da="{rank} bambus"),
}
HONOURS: dict[str, Entry] = {
    "E": entry("rules.tile.east", en="east wind", da="østenvind"),
    "S": entry("rules.tile.south", en="south wind", da="søndenvind"),
    "W": entry("rules.tile.west", en="west wind", da="vestenvind"),
    "N": entry("rules.tile.north", en="north wind", da="nordenvind"),
    "R": entry("rules.tile.red", en="red dragons", da="røde drager"),
    "G": entry("rules.tile.green", en="green dragons", da="grønne drager"),
    "H": entry("rules.tile.white", en="white dragons", da="hvide drager"),
}
LIMIT_HANDS: dict[LimitHand, Entry] = {
    LimitHand.HEAVENLY: entry(
        "rules.limit.heavenly", en="heavenly hand", da="himmelsk velsignelse"
    ),
    LimitHand.EARTHLY: entry("rules.limit.earthly", en="earthly hand", da="jordisk velsignelse"),
    LimitHand.FOUR_CONCEALED_PUNGS: entry(
        "rules.limit.four_concealed_pungs", en="four concealed pungs", da="fire skjulte punge"
    ),
    LimitHand.FOUR_WINDS: entry("rules.limit.four_winds", en="four winds", da="fire vinde"),
    LimitHand.ALL_HONOURS: entry("rules.limit.all_honours", en="all honours", da="kun honnører"),
    LimitHand.HEADS_AND_TAILS: entry(
        "rules.limit.heads_and_tails", en="heads and tails", da="hoved og hale"
    ),
    LimitHand.THIRTEEN_ORPHANS: entry(
        "rules.limit.thirteen_orphans", en="thirteen orphans", da="de tretten vidundere"
    ),
}


def tile_name(tile: Tile) -> Message:
    """A tile in words, as a breakdown names it: "5 bamboo", "red dragons"."""
    if tile.honour:
        return say(HONOURS[tile.letter])
    return say(SUITS[tile.suit], rank=tile.rank)


# --- Classical hand breakdowns ------------------------------------------------------------------
SET_KINDS: dict[SetKind, Entry] = {
    SetKind.PUNG: entry("rules.hand.pung", en="pung", da="pung"),
    SetKind.KONG: entry("rules.hand.kong", en="kong", da="kong"),
}
EXPOSED_SET = entry(
    "rules.hand.exposed_set", en="exposed {kind} of {tile}", da="åben {kind} af {tile}"
)
CONCEALED_SET = entry(
    "rules.hand.concealed_set", en="concealed {kind} of {tile}", da="skjult {kind} af {tile}"
)
ONE_FLOWER = entry("rules.hand.one_flower", en="1 flower", da="1 blomst")
FLOWERS = entry("rules.hand.flowers", en="{count} flowers", da="{count} blomster")
ONE_SEASON = entry("rules.hand.one_season", en="1 season", da="1 årstid")
SEASONS = entry("rules.hand.seasons", en="{count} seasons", da="{count} årstider")
#: Items whose words need the set's kind or the tile; the others are fixed words (``ITEMS``).
ITEMS_OF_A_SET: dict[ItemKind, Entry] = {
    ItemKind.DRAGON_PAIR: entry("rules.hand.dragon_pair", en="pair of {tile}", da="par af {tile}"),
    ItemKind.OWN_WIND_PAIR: entry(
        "rules.hand.own_wind_pair", en="pair of {tile} (own wind)", da="par af {tile} (egen vind)"
    ),
    ItemKind.ROUND_WIND_PAIR: entry(
        "rules.hand.round_wind_pair",
        en="pair of {tile} (round wind)",
        da="par af {tile} (rundens vind)",
    ),
    ItemKind.OWN_AND_ROUND_WIND_PAIR: entry(
        "rules.hand.own_and_round_wind_pair",
        en="pair of {tile} (own and round wind)",
        da="par af {tile} (egen og rundens vind)",
    ),
    ItemKind.DRAGON_SET: entry(
        "rules.hand.dragon_set", en="{kind} of {tile}", da="{kind} af {tile}"
    ),
    ItemKind.OWN_WIND_SET: entry(
        "rules.hand.own_wind_set", en="{kind} of own wind", da="{kind} af egen vind"
    ),
    ItemKind.ROUND_WIND_SET: entry(
        "rules.hand.round_wind_set", en="{kind} of round wind", da="{kind} af rundens vind"
    ),
}
ITEMS: dict[ItemKind, Entry] = {
    ItemKind.MAHJONG: entry("rules.hand.mahjong", en="Mah-Jong", da="Mah-Jong"),
    ItemKind.LOOSE_TILE: entry("rules.hand.loose_tile", en="loose tile", da="løs brik"),
    ItemKind.SELF_DRAWN: entry("rules.hand.self_drawn", en="self-drawn", da="selvtrukket"),
    ItemKind.WORTHLESS_HAND: entry(
        "rules.hand.worthless_hand", en="worthless hand", da="værdiløs hånd"
    ),
    ItemKind.ALL_FLOWERS: entry(
        "rules.hand.all_flowers", en="all four flowers", da="alle fire blomster"
    ),
    ItemKind.ALL_SEASONS: entry(
        "rules.hand.all_seasons", en="all four seasons", da="alle fire årstider"
    ),
    ItemKind.LAST_TILE: entry(
        "rules.hand.last_tile", en="Mah-Jong on the last tile", da="Mah-Jong på sidste brik"
    ),
    ItemKind.NO_CHOWS: entry("rules.hand.no_chows", en="no chows", da="ingen chows"),
    ItemKind.TERMINALS_AND_HONOURS: entry(
        "rules.hand.terminals_and_honours",
        en="only terminals and honours",
        da="kun terminaler og honnører",
    ),
    ItemKind.ONE_SUIT_WITH_HONOURS: entry(
        "rules.hand.one_suit_with_honours", en="one suit with honours", da="én farve med honnører"
    ),
    ItemKind.ONE_SUIT: entry("rules.hand.one_suit", en="one suit only", da="kun én farve"),
    ItemKind.ALL_WINDS: entry("rules.hand.all_winds", en="all four winds", da="alle fire vinde"),
    ItemKind.ALL_DRAGONS: entry(
        "rules.hand.all_dragons", en="all three dragons", da="alle tre drager"
    ),
}
# How a breakdown reads: "concealed pung of red dragons 8; Mah-Jong 20; 1 double: pung of red
# dragons; 28 × 2 = 56".
POINTS_ITEM = entry("rules.hand.points_item", en="{item} {value}", da="{item} {value}")
DOUBLES_ITEM = entry("rules.hand.doubles_item", en="{item} ({value})", da="{item} ({value})")
SEMICOLON_LIST = entry("rules.hand.semicolon_list", en="{first}; {rest}", da="{first}; {rest}")
COMMA_LIST = entry("rules.hand.comma_list", en="{first}, {rest}", da="{first}, {rest}")
NO_POINTS = entry("rules.hand.no_points", en="no points", da="ingen point")
ONE_DOUBLE = entry("rules.hand.one_double", en="1 double", da="1 dobling")
DOUBLES = entry("rules.hand.doubles", en="{count} doubles", da="{count} doblinger")
EQUALS = entry("rules.hand.equals", en="= {score}", da="= {score}")
CAPPED = entry(
    "rules.hand.capped",
    en="= {uncapped}, capped at the limit: {score}",
    da="= {uncapped}, begrænset til grænsen: {score}",
)
NO_DOUBLES = entry(
    "rules.hand.no_doubles",
    en="{points} = {score} (no doubles)",
    da="{points} = {score} (ingen doblinger)",
)
WITH_DOUBLES = entry(
    "rules.hand.with_doubles",
    en="{points}; {doubles}: {items}; {total} × {factor} {result}",
    da="{points}; {doubles}: {items}; {total} × {factor} {result}",
)
LIMIT_BREAKDOWN = entry(
    "rules.hand.limit", en="limit hand: {name} = {score}", da="limithånd: {name} = {score}"
)


def hand_item(item: Item) -> Message:
    """What one item of a breakdown is, without its value.

    >>> from rules.tiles import honour
    >>> pung = Item(ItemKind.SET, 8, honour("R"), SetKind.PUNG)
    >>> hand_item(pung).render("en"), hand_item(pung).render("da")
    ('concealed pung of red dragons', 'skjult pung af røde drager')
    >>> hand_item(Item(ItemKind.SEASONS, 8, count=2)).render("da")
    '2 årstider'
    """
    kind = item.kind
    if kind is ItemKind.FLOWERS or kind is ItemKind.SEASONS:
        one, many = (ONE_FLOWER, FLOWERS) if kind is ItemKind.FLOWERS else (ONE_SEASON, SEASONS)
        return say(one) if item.count == 1 else say(many, count=item.count)
    if kind in ITEMS:
        return say(ITEMS[kind])
    assert item.tile is not None and item.set_kind is not None, item
    tile = tile_name(item.tile)
    set_kind = say(SET_KINDS[item.set_kind]) if item.set_kind in SET_KINDS else tile
    if kind is ItemKind.SET:
        return say(EXPOSED_SET if item.exposed else CONCEALED_SET, kind=set_kind, tile=tile)
    return say(ITEMS_OF_A_SET[kind], kind=set_kind, tile=tile)


def hand_breakdown(score: HandScore) -> Message:
    """The score as a referee reads it out: every item with its value, then the sum."""
    if score.limit_hand is not None:
        return say(LIMIT_BREAKDOWN, name=say(LIMIT_HANDS[score.limit_hand]), score=score.score)
    listed = [say(POINTS_ITEM, item=hand_item(i), value=i.value) for i in score.point_items]
    points = _joined(listed, SEMICOLON_LIST) if listed else say(NO_POINTS)
    doubles = score.doubles or 0
    if not doubles:
        return say(NO_DOUBLES, points=points, score=score.score)
    items = [
        hand_item(i) if i.value == 1 else say(DOUBLES_ITEM, item=hand_item(i), value=i.value)
        for i in score.double_items
    ]
    return say(
        WITH_DOUBLES,
        points=points,
        doubles=say(ONE_DOUBLE) if doubles == 1 else say(DOUBLES, count=doubles),
        items=_joined(items, COMMA_LIST),
        total=score.points,
        factor=2**doubles,
        result=(
            say(CAPPED, uncapped=score.uncapped, score=score.score)
            if score.capped
            else say(EQUALS, score=score.score)
        ),
    )


def _joined(parts: Sequence[Message], link: Entry) -> Message:
    """``parts`` as one message, each joined to the rest by ``link`` ("; " or ", ")."""
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = say(link, first=part, rest=joined)
    return joined
