"""The tile notation of the ``Sets`` column (workbook.md "Tile notation for Sets").

Sets are separated by spaces. Suited tiles are digits then the suit letter: ``m`` characters,
``p`` circles, ``s`` bamboo: ``123m`` chow, ``555p`` pung, ``5555s`` kong, ``99m`` pair.
Honours are letters: winds ``E S W N``, dragons ``R G H`` (red, green, white/hvid):
``EEE``, ``RRRR``, ``HH``; the tenhou form ``1z``-``7z`` (E S W N H G R) is accepted too.
A set in square brackets is exposed: ``[555p]``. Thirteen orphans is its fourteen tiles in one
group: ``19m19p19sESWNRGHH``.

Example::

    >>> sets = parse_sets("[RRR] 555p 123s 789m 99p")
    >>> [(s.kind.value, s.exposed) for s in sets]
    [('pung', True), ('pung', False), ('chow', False), ('chow', False), ('pair', False)]
    >>> format_sets(sets)
    '[RRR] 555p 123s 789m 99p'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum

from rules.errors import RuleError

SUITS = "mps"
#: Honour letters in tenhou order: 1z = E ... 7z = R.
HONOURS = "ESWNHGR"
#: The order honours are written in (as in the spec's thirteen orphans example).
HONOUR_WRITE_ORDER = "ESWNRGH"
LOWER_HONOURS = {"e": "E", "w": "W", "n": "N", "r": "R", "g": "G", "h": "H"}


class Notation(Enum):
    """Why a ``Sets`` entry is not valid tile notation (the English: :data:`NOTATION_TEXTS`)."""

    SUIT_WITHOUT_NUMBERS = "suit_without_numbers"
    HONOUR_NUMBER = "honour_number"
    ZERO = "zero"
    NUMBERS_BEFORE_HONOUR = "numbers_before_honour"
    NOT_A_TILE = "not_a_tile"
    NUMBERS_WITHOUT_SUIT = "numbers_without_suit"
    BRACKETS = "brackets"
    EXPOSED_ORPHANS = "exposed_orphans"
    FOURTEEN_TILES = "fourteen_tiles"
    SET_SIZE = "set_size"
    HONOUR_CHOW = "honour_chow"
    CHOW_NOT_CONSECUTIVE = "chow_not_consecutive"
    CHOW_SUITS = "chow_suits"
    PAIR_NOT_IDENTICAL = "pair_not_identical"
    PUNG_NOT_IDENTICAL = "pung_not_identical"
    KONG_NOT_IDENTICAL = "kong_not_identical"


#: The English of each :class:`Notation` code; ``text`` is the group, ``token`` the set.
NOTATION_TEXTS: dict[Notation, str] = {
    Notation.SUIT_WITHOUT_NUMBERS: "{text!r}: the suit letter {char!r} has no numbers before it",
    Notation.HONOUR_NUMBER: "{text!r}: honours are 1z to 7z, not {digit}z",
    Notation.ZERO: "{text!r}: tiles are numbered 1 to 9, not 0",
    Notation.NUMBERS_BEFORE_HONOUR: "{text!r}: the numbers {digits} need a suit letter first",
    Notation.NOT_A_TILE: (
        "{text!r}: {char!r} is not a tile; use digits with m, p or s, or E S W N R G H"
    ),
    Notation.NUMBERS_WITHOUT_SUIT: "{text!r}: the numbers {digits} need a suit letter (m, p or s)",
    Notation.BRACKETS: "{token!r}: an exposed set is written in square brackets: [555p]",
    Notation.EXPOSED_ORPHANS: "{token!r}: thirteen orphans cannot be exposed",
    Notation.FOURTEEN_TILES: (
        "{token!r} is not a set: fourteen tiles in one group must be thirteen orphans"
        " (one of each 1, 9, wind and dragon, plus one of them again)"
    ),
    Notation.SET_SIZE: (
        "{token!r} is not a set: a set has 2 (pair), 3 (chow or pung) or 4 (kong) tiles,"
        " this has {count}"
    ),
    Notation.HONOUR_CHOW: (
        "{token!r} is not a set: honours make pungs, kongs and pairs, not chows"
    ),
    Notation.CHOW_NOT_CONSECUTIVE: (
        "{token!r} is not a set: a chow is three consecutive numbers of one suit,"
        " without wrapping (891m is not a chow)"
    ),
    Notation.CHOW_SUITS: "{token!r} is not a set: a chow is three tiles of one suit",
    Notation.PAIR_NOT_IDENTICAL: "{token!r} is not a set: a pair needs identical tiles",
    Notation.PUNG_NOT_IDENTICAL: (
        "{token!r} is not a set: a pung needs identical tiles"
        " (or three consecutive numbers of one suit)"
    ),
    Notation.KONG_NOT_IDENTICAL: "{token!r} is not a set: a kong needs identical tiles",
}


class NotationError(RuleError):
    """A ``Sets`` entry that is not valid tile notation: ``code`` says why.

    >>> str(NotationError(Notation.ZERO, text="102m"))
    "'102m': tiles are numbered 1 to 9, not 0"
    """

    english = NOTATION_TEXTS

    def __init__(self, code: Notation, /, **params: object) -> None:
        super().__init__(code, **params)


@dataclass(frozen=True, order=True)
class Tile:
    """One tile: ``suit`` is m, p, s or z (honours); ``rank`` 1-9, or 1-7 for honours."""

    suit: str
    rank: int

    @property
    def honour(self) -> bool:
        """Winds and dragons."""
        return self.suit == "z"

    @property
    def terminal(self) -> bool:
        """A 1 or a 9 of a suit."""
        return not self.honour and self.rank in (1, 9)

    @property
    def terminal_or_honour(self) -> bool:
        """A 1, a 9, a wind or a dragon."""
        return self.honour or self.terminal

    @property
    def letter(self) -> str:
        """The honour's letter (E S W N H G R); empty for suited tiles."""
        return HONOURS[self.rank - 1] if self.honour else ""

    @property
    def dragon(self) -> bool:
        """Red, green or white dragon."""
        return self.letter in ("R", "G", "H")

    @property
    def wind(self) -> str:
        """The wind letter (E S W N) of a wind tile; empty otherwise."""
        return self.letter if self.letter in ("E", "S", "W", "N") else ""

    def __str__(self) -> str:
        return self.letter if self.honour else f"{self.rank}{self.suit}"


def honour(letter: str) -> Tile:
    """The honour tile of a letter E S W N R G H."""
    return Tile("z", HONOURS.index(letter) + 1)


class SetKind(StrEnum):
    """What a group of tiles is."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    ORPHANS = "thirteen orphans"


THIRTEEN = sorted([Tile(s, r) for s in SUITS for r in (1, 9)] + [Tile("z", r) for r in range(1, 8)])


@dataclass(frozen=True)
class TileSet:
    """A set as written: its kind, its tiles (sorted) and whether it is exposed."""

    kind: SetKind
    tiles: tuple[Tile, ...]
    exposed: bool = False

    @property
    def first(self) -> Tile:
        """The set's lowest tile (the tile of a pung, kong or pair)."""
        return self.tiles[0]

    @property
    def suit(self) -> str:
        """The set's suit (z for honours); ORPHANS have no single suit."""
        return self.first.suit

    def notation(self) -> str:
        """The set in the workbook notation."""
        text = _compact(self.tiles)
        return f"[{text}]" if self.exposed else text


def _compact(tiles: Sequence[Tile]) -> str:
    """Suited tiles as digits then suit letter per suit, then honour letters."""
    parts: list[str] = []
    for suit in SUITS:
        digits = "".join(str(t.rank) for t in tiles if t.suit == suit)
        if digits:
            parts.append(digits + suit)
    honours = [t.letter for t in tiles if t.honour]
    honours.sort(key=HONOUR_WRITE_ORDER.index)
    parts.append("".join(honours))
    return "".join(parts)


def parse_tiles(text: str) -> list[Tile]:
    """The tiles of one group, without brackets: ``123m``, ``RRR``, ``555z``, ``19m19p...``."""
    tiles: list[Tile] = []
    digits = ""
    for char in text:
        if "0" <= char <= "9":
            digits += char
        elif char in SUITS or char == "z":
            if not digits:
                raise NotationError(Notation.SUIT_WITHOUT_NUMBERS, text=text, char=char)
            for d in digits:
                rank = int(d)
                if char == "z" and not 1 <= rank <= 7:
                    raise NotationError(Notation.HONOUR_NUMBER, text=text, digit=d)
                if rank == 0:
                    raise NotationError(Notation.ZERO, text=text)
                tiles.append(Tile(char, rank))
            digits = ""
        elif char in HONOURS or char in LOWER_HONOURS:
            if digits:
                raise NotationError(Notation.NUMBERS_BEFORE_HONOUR, text=text, digits=digits)
            tiles.append(honour(LOWER_HONOURS.get(char, char)))
        else:
            raise NotationError(Notation.NOT_A_TILE, text=text, char=char)
    if digits:
        raise NotationError(Notation.NUMBERS_WITHOUT_SUIT, text=text, digits=digits)
    return tiles


def parse_set(token: str) -> TileSet:
    """One set, e.g. ``[555p]``; raises :class:`NotationError` when it is not a set."""
    exposed = token.startswith("[") or token.endswith("]")
    if exposed and not (token.startswith("[") and token.endswith("]")):
        raise NotationError(Notation.BRACKETS, token=token)
    inner = token[1:-1] if exposed else token
    tiles = sorted(parse_tiles(inner))
    if len(tiles) == 14:
        counts = Counter(tiles)
        if sorted(counts) == THIRTEEN and sum(counts.values()) == 14:
            if exposed:
                raise NotationError(Notation.EXPOSED_ORPHANS, token=token)
            return TileSet(SetKind.ORPHANS, tuple(tiles))
        raise NotationError(Notation.FOURTEEN_TILES, token=token)
    if len(tiles) not in (2, 3, 4):
        raise NotationError(Notation.SET_SIZE, token=token, count=len(tiles))
    if len(set(tiles)) == 1:
        kind = {2: SetKind.PAIR, 3: SetKind.PUNG, 4: SetKind.KONG}[len(tiles)]
        return TileSet(kind, tuple(tiles), exposed)
    if len(tiles) == 3 and len({t.suit for t in tiles}) == 1 and len(set(tiles)) == 3:
        if tiles[0].honour:
            raise NotationError(Notation.HONOUR_CHOW, token=token)
        ranks = [t.rank for t in tiles]
        if ranks == list(range(ranks[0], ranks[0] + 3)):
            return TileSet(SetKind.CHOW, tuple(tiles), exposed)
        raise NotationError(Notation.CHOW_NOT_CONSECUTIVE, token=token)
    if len(tiles) == 3 and len(set(tiles)) == 3:
        raise NotationError(Notation.CHOW_SUITS, token=token)
    not_identical = {
        2: Notation.PAIR_NOT_IDENTICAL,
        3: Notation.PUNG_NOT_IDENTICAL,
        4: Notation.KONG_NOT_IDENTICAL,
    }
    raise NotationError(not_identical[len(tiles)], token=token)


def parse_sets(text: str | None) -> tuple[TileSet, ...]:
    """All sets of a ``Sets`` cell (blank: none). Raises :class:`NotationError`."""
    if not text or not text.strip():
        return ()
    return tuple(parse_set(token) for token in text.split())


def format_sets(sets: Iterable[TileSet]) -> str:
    """Sets back in the workbook notation (``parse_sets`` of it gives the same sets)."""
    return " ".join(s.notation() for s in sets)


def tile_counts(sets: Iterable[TileSet]) -> Counter[Tile]:
    """How many of each tile the sets hold."""
    counts: Counter[Tile] = Counter()
    for s in sets:
        counts.update(s.tiles)
    return counts
