"""The MCR fan value of a winning hand, from the workbook tile notation (duplicate ``Tiles``).

Referees check hand values by hand today; this does it with a real Chinese Official fan
calculator (PyMahjongGB, which implements the official fan list). The hand is written in the
workbook tile notation (``[555p]`` exposed, otherwise concealed). Flowers are not used
(duplicate removes them).

**The winning tile** is the last tile written in the last group that can hold it. The notation
fixes no order of the sets, and a kong is never completed by the winning tile (it was declared
before the win), so kongs written after the winning group are passed over:
``123m 456m 789m EE 5555p`` wins on E, like ``123m 456m 789m 5555p EE``. An exposed set
cannot hold the winning tile either, but one written last is refused rather than passed over
(it is most likely the set the winning tile completed, wrongly bracketed).

**The last tile of the wall** (``last_tile``): the calculator adds Last Tile Draw
(self-drawn) or Last Tile Claim (on a discard), 8 fan, with MCR's exclusions: Last Tile Draw
replaces Self-Drawn (its 1 fan is not counted), and Chicken Hand is not counted beside it.
The duplicate ``Hand value`` excludes these 8 fan (rules.md 3), so the recorded value of such
a hand is this total minus 8.

The calculator does not validate its input (five copies of a tile give nonsense) and does
not enforce the 8-fan minimum, so every hand is checked here first.

Examples: a concealed pure straight; a hand whose only fan is Self-Drawn, worth 8 on the last
tile (recorded as 0); a concealed kong written last, passed over for the winning tile::

    >>> result = hand_fans("123m 456m 789m 123p EE", seat="E", round_wind="E", self_drawn=False)
    >>> result.total, result.fans[0]
    (21, ('Pure Straight', 16))
    >>> hand_fans("[234m] [555s] [678p] WW 789m", seat="S", self_drawn=True).describe()
    'Self-Drawn 1'
    >>> hand_fans("[234m] [555s] [678p] WW 789m", seat="S", self_drawn=True, last_tile=True)
    FanResult(fans=(('Last Tile Draw', 8),))
    >>> hand_fans("123m 456m 789m EE 5555p", seat="S").total == hand_fans(
    ...     "123m 456m 789m 5555p EE", seat="S").total
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from rules.errors import RuleError
from rules.tiles import NotationError, SetKind, Tile, TileSet, parse_set, parse_tiles

WINDS = "ESWN"
MINIMUM_FAN = 8


class FanProblem(Enum):
    """Why a ``Tiles`` entry cannot be evaluated (the English: :data:`FAN_TEXTS`)."""

    NO_TILES = "no_tiles"
    NOT_AN_EXPOSED_SET = "not_an_exposed_set"
    NOTATION = "notation"
    WINNING_TILE_EXPOSED = "winning_tile_exposed"
    FIVE_TILES = "five_tiles"
    TILE_COUNT = "tile_count"
    CANNOT_BE_EXPOSED = "cannot_be_exposed"
    NO_CALCULATOR = "no_calculator"
    NOT_A_WIN = "not_a_win"
    REFUSED = "refused"


#: The English of each :class:`FanProblem`; ``problem`` is a :class:`NotationError`, ``error``
#: the fan calculator's own (English) words.
FAN_TEXTS: dict[FanProblem, str] = {
    FanProblem.NO_TILES: "no tiles given",
    FanProblem.NOT_AN_EXPOSED_SET: "{token!r} is not an exposed set",
    FanProblem.NOTATION: "{problem}",
    FanProblem.WINNING_TILE_EXPOSED: (
        "write the winning tile last, in a concealed group (not in brackets)"
    ),
    FanProblem.FIVE_TILES: "more than four {tiles}",
    FanProblem.TILE_COUNT: "a winning hand has 14 tiles (plus one per kong); found {count}",
    FanProblem.CANNOT_BE_EXPOSED: "{group}: only pungs, kongs and chows can be exposed",
    FanProblem.NO_CALCULATOR: "the fan calculator (PyMahjongGB) is not installed: {error}",
    FanProblem.NOT_A_WIN: "the tiles do not make a winning hand",
    FanProblem.REFUSED: "the fan calculator refused the hand: {error}",
}


class FanError(RuleError):
    """A ``Tiles`` entry that cannot be evaluated: ``code`` says why."""

    english = FAN_TEXTS

    def __init__(self, code: FanProblem, /, **params: object) -> None:
        super().__init__(code, **params)


@dataclass(frozen=True)
class FanResult:
    """The fans found (English name, fan) and their total."""

    fans: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """The hand value in fan."""
        return sum(value for _, value in self.fans)

    def describe(self) -> str:
        """'Pure Straight 16, Concealed Hand 2, ...'."""
        return ", ".join(f"{name} {value}" for name, value in self.fans)


def tile_code(tile: Tile) -> str:
    """The calculator's code: W characters, T bamboo, B dots, F winds, J dragons (C F P)."""
    if tile.honour:
        letter = tile.letter
        if letter in WINDS:
            return f"F{WINDS.index(letter) + 1}"
        return {"R": "J1", "G": "J2", "H": "J3"}[letter]
    return {"m": "W", "s": "T", "p": "B"}[tile.suit] + str(tile.rank)


def _read_group(token: str) -> TileSet | list[Tile]:
    """One written group: a set, or loose concealed tiles (e.g. a knitted hand's)."""
    try:
        return parse_set(token)
    except ValueError:
        if token.startswith("["):
            raise FanError(FanProblem.NOT_AN_EXPOSED_SET, token=token) from None
        try:
            return parse_tiles(token)
        except NotationError as exc:
            raise FanError(FanProblem.NOTATION, problem=exc) from None


def winning_tile(tokens: Sequence[str]) -> Tile:
    """The last tile written in the last group that can hold the winning tile.

    Kongs written after it are passed over (a kong is never completed by the winning tile);
    an exposed set in its place is refused (:attr:`FanProblem.WINNING_TILE_EXPOSED`).

    >>> str(winning_tile(["123m", "456m", "789m", "EE", "5555p"]))
    'E'
    >>> str(winning_tile(["EE", "354s"]))
    '4s'
    """
    for token in reversed(tokens):
        group = _read_group(token)
        if isinstance(group, TileSet) and group.kind is SetKind.KONG:
            continue
        if token.startswith("["):
            break
        return parse_tiles(token)[-1]
    raise FanError(FanProblem.WINNING_TILE_EXPOSED)


def _read_hand(text: str) -> tuple[list[TileSet], list[Tile], Tile]:
    """The sets, the loose concealed tiles (e.g. knitted) and the winning tile of ``text``."""
    tokens = text.split()
    if not tokens:
        raise FanError(FanProblem.NO_TILES)
    sets: list[TileSet] = []
    loose: list[Tile] = []  # concealed tiles that are not a recognised set (e.g. knitted)
    for token in tokens:
        group = _read_group(token)
        if isinstance(group, TileSet):
            sets.append(group)
        else:
            loose.extend(group)
    win_tile = winning_tile(tokens)
    counts: Counter[Tile] = Counter(loose)
    for s in sets:
        counts.update(s.tiles)
    five = [str(t) for t, n in counts.items() if n > 4]
    if five:
        raise FanError(FanProblem.FIVE_TILES, tiles=", ".join(five))
    kongs = sum(1 for s in sets if s.kind is SetKind.KONG)
    if sum(counts.values()) != 14 + kongs:
        raise FanError(FanProblem.TILE_COUNT, count=sum(counts.values()))
    return sets, loose, win_tile


def _packs(sets: list[TileSet]) -> tuple[list[tuple[str, str, int]], list[Tile]]:
    """The calculator's packs (kongs and exposed sets) and the other sets' standing tiles."""
    packs: list[tuple[str, str, int]] = []
    standing: list[Tile] = []
    for s in sets:
        if s.kind is SetKind.KONG:
            packs.append(("GANG", tile_code(s.first), 1 if s.exposed else 0))
        elif s.exposed and s.kind is SetKind.PUNG:
            packs.append(("PENG", tile_code(s.first), 1))
        elif s.exposed and s.kind is SetKind.CHOW:
            packs.append(("CHI", tile_code(s.tiles[1]), 1))
        elif s.exposed:
            raise FanError(FanProblem.CANNOT_BE_EXPOSED, group=s.notation())
        else:
            standing.extend(s.tiles)
    return packs, standing


def hand_fans(
    text: str,
    seat: str,
    round_wind: str = "E",
    self_drawn: bool = False,
    last_tile: bool = False,
) -> FanResult:
    """Evaluate one winning hand. Raises :class:`FanError` for a hand that is not a win.

    ``last_tile``: won on the last tile of the wall (Last Tile Draw or Last Tile Claim).
    """
    sets, loose, win_tile = _read_hand(text)
    packs, standing = _packs(sets)
    standing = [*loose, *standing]
    standing.remove(win_tile)
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError as exc:  # pragma: no cover - pinned in requirements.txt
        raise FanError(FanProblem.NO_CALCULATOR, error=str(exc)) from None
    try:
        found = MahjongFanCalculator(
            pack=tuple(packs),
            hand=tuple(tile_code(t) for t in standing),
            winTile=tile_code(win_tile),
            flowerCount=0,
            isSelfDrawn=self_drawn,
            is4thTile=False,
            isAboutKong=False,
            isWallLast=last_tile,
            seatWind=WINDS.index(seat),
            prevalentWind=WINDS.index(round_wind),
            verbose=True,
        )
    except TypeError as exc:
        if "NOT_WIN" in str(exc):
            raise FanError(FanProblem.NOT_A_WIN) from None
        raise FanError(FanProblem.REFUSED, error=str(exc)) from None
    return FanResult(tuple((en, value * count) for value, count, _cn, en in found))
