"""The MCR fan value of a winning hand, from the workbook tile notation (duplicate ``Tiles``).

Referees check hand values by hand today; this does it with a real Chinese Official fan
calculator (PyMahjongGB, which implements the official fan list). The hand is written in the
workbook tile notation (``[555p]`` exposed, otherwise concealed); **the winning tile is the
last tile written** (``123m 456m 789m 123p EE`` wins on E). Flowers are not used (duplicate
removes them). The last tile of the wall is left out here: the recorded ``Hand value``
excludes it and the processor adds 8 itself.

The calculator does not validate its input (five copies of a tile give nonsense) and does
not enforce the 8-fan minimum, so every hand is checked here first.

Example::

    >>> result = hand_fans("123m 456m 789m 123p EE", seat="E", round_wind="E", self_drawn=False)
    >>> result.total, result.fans[0]
    (21, ('Pure Straight', 16))
"""

from __future__ import annotations

from collections import Counter
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


def _read_hand(text: str) -> tuple[list[TileSet], list[Tile], Tile]:
    """The sets, the loose concealed tiles (e.g. knitted) and the winning tile of ``text``."""
    tokens = text.split()
    if not tokens:
        raise FanError(FanProblem.NO_TILES)
    sets: list[TileSet] = []
    loose: list[Tile] = []  # concealed tiles that are not a recognised set (e.g. knitted)
    for token in tokens:
        try:
            sets.append(parse_set(token))
        except ValueError:
            if token.startswith("["):
                raise FanError(FanProblem.NOT_AN_EXPOSED_SET, token=token) from None
            try:
                loose.extend(parse_tiles(token))
            except NotationError as exc:
                raise FanError(FanProblem.NOTATION, problem=exc) from None
    last = tokens[-1]
    if last.startswith("["):
        raise FanError(FanProblem.WINNING_TILE_EXPOSED)
    counts: Counter[Tile] = Counter(loose)
    for s in sets:
        counts.update(s.tiles)
    five = [str(t) for t, n in counts.items() if n > 4]
    if five:
        raise FanError(FanProblem.FIVE_TILES, tiles=", ".join(five))
    kongs = sum(1 for s in sets if s.kind is SetKind.KONG)
    if sum(counts.values()) != 14 + kongs:
        raise FanError(FanProblem.TILE_COUNT, count=sum(counts.values()))
    return sets, loose, parse_tiles(last)[-1]


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


def hand_fans(text: str, seat: str, round_wind: str = "E", self_drawn: bool = False) -> FanResult:
    """Evaluate one winning hand. Raises :class:`FanError` for a hand that is not a win."""
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
            isWallLast=False,
            seatWind=WINDS.index(seat),
            prevalentWind=WINDS.index(round_wind),
            verbose=True,
        )
    except TypeError as exc:
        if "NOT_WIN" in str(exc):
            raise FanError(FanProblem.NOT_A_WIN) from None
        raise FanError(FanProblem.REFUSED, error=str(exc)) from None
    return FanResult(tuple((en, value * count) for value, count, _cn, en in found))
