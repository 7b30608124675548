"""Generate the sample MCR Duplicate workbook (rules.md 3).

Run ``python sample_sheets/make_duplicate.py``. It writes ``sample_sheets/duplicate.xlsx``:
one duplicate evening of Mahjong Danmark København ("Duplicate evening 2025-11-27"),
16 players at 4 tables, one session of 12 boards. All tables play the same tiles, so the
results of a board are alike but not the same. Sheets:

* ``Settings`` (``club``, ``tournament``);
* ``Players`` (``Player``, ``Email``, ``Rating``): the 16 players;
* ``Seating`` (``Session``, ``Table``, ``Seat``, ``Player``): session 1, tables 1-4, E S W N;
* ``Boards`` (``Session``, ``Board``, ``Table``, ``Winner``, ``Hand value``, ``Discarder``,
  ``Last tile``, ``False mahjong``, ``False penalty``, ``Tiles``): one row per board per table.

The output is deterministic: ``random.Random(SEED)`` draws the seating, nothing depends on
today's date, and the workbook properties and zip entries carry a fixed timestamp, so running
the script again gives byte-identical files.

The boards (T = table; "from X" = won on X's discard; HV in fan):

====== ===================================================================================
Board  What happens
====== ===================================================================================
1      East's pure straight: T1 E 19 from N (Tiles), T2 E 19 from W, T3 E 20 self-drawn,
       T4 South is first: S 8 from E.
2      **Self-drawn HV 9** (rule 1: +33 / -11 each): T1 S 9 self-drawn (Tiles); T2 the same
       hand on W's discard, 8 (Tiles); T3 S 9 self-drawn; T4 no winner.
3      **Self-drawn HV 10** (+34 / -12 each): T2 W 10 self-drawn (Tiles), T3 the same;
       T1 W 9 from N; T4 N 12 from E.
4      **Double win** on one discard: T3 ``Winner`` "E,S", ``Hand value`` "12,8" on W's
       discard (Tiles: both hands, ``;``-separated, both on the 3 of circles); T1 E 12 from
       W, T2 S 8 from W, T4 E 13 self-drawn.
5      **No winner** at T1, T2 and T4; T3 N 8 from S.
6      **Last tile of the wall**: T2 N 14 self-drawn on the last tile (``Last tile`` x,
       Tiles: 22 fan with Last Tile Draw, which replaces Self-Drawn; scored as 14 + 8 = 22),
       T3 the same; T1 no winner; T4 W 8 from N.
7      **Every table the same**: S 24 from E at all four tables (Tiles at T1): every IMP 0.
8      **False Mahjong, 4 IMPs**: at T1 West declares a false Mahjong (-4 IMPs), then
       E 20 from S; T2 E 20 from S, T3 E 20 from N, T4 E 21 self-drawn.
9      **Triple win**: T4 "E,S,W" "8,16,10" on N's discard; T1 S 16 from N, T2 W 10 from N,
       T3 S 16 from N.
10     **False Mahjong, 8 IMPs**: at T3 South's false Mahjong (-8 IMPs), no winner there;
       T1 N 32 from E (Tiles), T2 N 32 from W, T4 N 33 self-drawn.
11     **The referee's mistake**: at T2 E's hand is recorded as 22 fan on S's discard, but
       its Tiles make 24 (the Pung of Terminals or Honors and the Single Wait were
       forgotten). The processor warns about this row; it is the only warning the sample
       gives. T1 E 24 from S, T3 W 9 from E, T4 E 24 from N.
12     T1 N 12 from S, T2 N 12 from E, T3 S 8 self-drawn, T4 no winner.
====== ===================================================================================

Every ``Tiles`` hand is evaluated here with the project's own fan calculator
(``rules.mcr_fans.hand_fans``, round wind E, the winner's seat wind, self-drawn when there is
no discarder, the last tile when ``Last tile`` is marked, whose 8 fan the ``Hand value``
leaves out) and the ``Hand value`` written is what it gives, except on board 11 table 2.
:func:`check` asserts the workbook's rules (one hand value per winner, the discarder not a
winner, several winners only on a discard, every player seated once, every board at every
table, ...) and each feature above; the script prints the expected ranking.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from sample_io import save_stable, write_sheet

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project's rules package

from rules.duplicate import (
    LAST_TILE_FAN,
    SEATS,
    BoardResult,
    SeatBoard,
    TablePlay,
    board_points,
    rank_players,
    score_boards,
)
from rules.mcr_fans import MINIMUM_FAN, hand_fans
from rules.tiles import parse_tiles

SEED = 2711
HERE = Path(__file__).resolve().parent
DUPLICATE_XLSX = HERE / "duplicate.xlsx"

#: Workbook properties and zip entries get this timestamp, so the file never changes.
FIXED_TIME = datetime(2025, 11, 27, 12, 0, 0)

CLUB = "Mahjong Danmark København"
TOURNAMENT = "Duplicate evening 2025-11-27"
SESSION = 1
TABLES = (1, 2, 3, 4)
BOARDS = tuple(range(1, 13))
ROUND_WIND = "E"

#: (name, rating); ``None`` = no rating yet.
PLAYERS: list[tuple[str, int | None]] = [
    ("Mette Dahl", 1760),
    ("Chen Wei", 1720),
    ("Yuki Tanaka", 1800),
    ("Søren Østergaard", 1690),
    ("Li Na", 1650),
    ("Jan de Vries", 1610),
    ("Marta Kowalska", 1540),
    ("Hiroshi Sato", 1580),
    ("Anna Lindqvist", 1470),
    ("Pierre Dubois", 1420),
    ("Giulia Romano", 1380),
    ("Åse Mølgaard", 1520),
    ("Carlos Mendes", 1300),
    ("Ingrid Halvorsen", 1250),
    ("Nguyen Thi Lan", None),
    ("Lukas Becker", 1190),
]


@dataclass(frozen=True)
class Play:
    """One board at one table, as the referee records it.

    ``winners`` is the ``Winner`` cell ("E", "E,S"); ``values`` the recorded hand values, or
    None to take them from ``tiles`` (the fan calculator's total, one per winner).
    """

    board: int
    table: int
    winners: str = ""
    values: tuple[int, ...] | None = None
    discarder: str | None = None
    last_tile: bool = False
    false_seat: str | None = None
    false_penalty: int | None = None
    tiles: str | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.winners.split(",")) if self.winners else ()


# The hands with Tiles (the winning tile is the last tile written).
B1_EAST = "[HHH] 55p 123s 456s 789s"  # Pure Straight, Dragon Pung, One Voided Suit
B2_SOUTH = "[456p] 123m SSS RR 567s"  # All Types, Seat Wind (+ Self-Drawn)
B3_WEST = "[EEE] [567m] 123s 345p GG"  # All Types, Prevalent Wind, Single Wait (+ Self-Drawn)
B4_EAST = "[GGG] EE 789m HHH 123p"  # Two Dragons Pungs, Outside Hand, One Voided Suit, Edge Wait
B4_SOUTH = "[NNN] [345s] 789m RR 123p"  # All Types, Pung of Terminals or Honors, Edge Wait
# Won on E on the last tile: Half Flush, Two Dragons Pungs, Pure Double Chow, Single Wait = 14,
# + Last Tile Draw 8 (which replaces Self-Drawn) = 22.
B6_NORTH = "[RRR] [345s] 345s HHH EE"
B7_SOUTH = "[345s] [RRR] 789s 99s 567s"  # Pure Shifted Chows, Half Flush, Dragon Pung
B10_NORTH = "[333m] [444m] [567m] WW 555m"  # Pure Shifted Pungs, Half Flush, Tile Hog
B11_EAST = "[678m] [SSS] [789m] 567m 22m"  # Pure Shifted Chows, Half Flush, ... = 24

#: The one row whose recorded hand value deliberately differs from its tiles.
MISTAKE = (11, 2)
MISTAKE_RECORDED = 22

PLAYS: list[Play] = [
    # Board 1: East's pure straight.
    Play(1, 1, "E", None, "N", tiles=B1_EAST),
    Play(1, 2, "E", (19,), "W"),
    Play(1, 3, "E", (20,)),
    Play(1, 4, "S", (8,), "E"),
    # Board 2: self-drawn HV 9.
    Play(2, 1, "S", None, tiles=B2_SOUTH),
    Play(2, 2, "S", None, "W", tiles=B2_SOUTH),
    Play(2, 3, "S", (9,)),
    Play(2, 4),
    # Board 3: self-drawn HV 10.
    Play(3, 1, "W", (9,), "N"),
    Play(3, 2, "W", None, tiles=B3_WEST),
    Play(3, 3, "W", (10,)),
    Play(3, 4, "N", (12,), "E"),
    # Board 4: a double win on West's discard at table 3.
    Play(4, 1, "E", (12,), "W"),
    Play(4, 2, "S", (8,), "W"),
    Play(4, 3, "E,S", None, "W", tiles=f"{B4_EAST}; {B4_SOUTH}"),
    Play(4, 4, "E", (13,)),
    # Board 5: no winner at three tables.
    Play(5, 1),
    Play(5, 2),
    Play(5, 3, "N", (8,), "S"),
    Play(5, 4),
    # Board 6: the last tile of the wall.
    Play(6, 1),
    Play(6, 2, "N", None, last_tile=True, tiles=B6_NORTH),
    Play(6, 3, "N", (14,), last_tile=True),
    Play(6, 4, "W", (8,), "N"),
    # Board 7: the same result at every table.
    Play(7, 1, "S", None, "E", tiles=B7_SOUTH),
    Play(7, 2, "S", (24,), "E"),
    Play(7, 3, "S", (24,), "E"),
    Play(7, 4, "S", (24,), "E"),
    # Board 8: West's false Mahjong at table 1 (4 IMPs); East wins after all.
    Play(8, 1, "E", (20,), "S", false_seat="W", false_penalty=4),
    Play(8, 2, "E", (20,), "S"),
    Play(8, 3, "E", (20,), "N"),
    Play(8, 4, "E", (21,)),
    # Board 9: a triple win on North's discard at table 4.
    Play(9, 1, "S", (16,), "N"),
    Play(9, 2, "W", (10,), "N"),
    Play(9, 3, "S", (16,), "N"),
    Play(9, 4, "E,S,W", (8, 16, 10), "N"),
    # Board 10: South's false Mahjong at table 3 (8 IMPs), no winner there.
    Play(10, 1, "N", None, "E", tiles=B10_NORTH),
    Play(10, 2, "N", (32,), "W"),
    Play(10, 3, false_seat="S", false_penalty=8),
    Play(10, 4, "N", (33,)),
    # Board 11: the referee's mistake at table 2 (recorded 22, the tiles make 24).
    Play(11, 1, "E", (24,), "S"),
    Play(11, 2, "E", (MISTAKE_RECORDED,), "S", tiles=B11_EAST),
    Play(11, 3, "W", (9,), "E"),
    Play(11, 4, "E", (24,), "N"),
    # Board 12.
    Play(12, 1, "N", (12,), "S"),
    Play(12, 2, "N", (12,), "E"),
    Play(12, 3, "S", (8,)),
    Play(12, 4),
]

HEADERS = {
    "Settings": ("Key", "Value"),
    "Players": ("Player", "Email", "Rating"),
    "Seating": ("Session", "Table", "Seat", "Player"),
    "Boards": (
        "Session",
        "Board",
        "Table",
        "Winner",
        "Hand value",
        "Discarder",
        "Last tile",
        "False mahjong",
        "False penalty",
        "Tiles",
    ),
}
WIDTHS = {
    "Settings": (18, 34),
    "Players": (22, 34, 10),
    "Seating": (10, 8, 8, 22),
    "Boards": (10, 8, 8, 10, 12, 11, 10, 15, 14, 56),
}


# --------------------------------------------------------------------------------------------
# The evening
# --------------------------------------------------------------------------------------------


def email_of(name: str) -> str:
    """``first.last@example.org`` in plain ASCII."""
    ascii_name = name.casefold()
    for special, plain in (("æ", "ae"), ("ø", "o"), ("å", "aa"), ("è", "e"), ("é", "e")):
        ascii_name = ascii_name.replace(special, plain)
    first, *rest = ascii_name.split()
    return f"{first}.{''.join(rest)}@example.org"


def make_seating(rng: random.Random) -> dict[tuple[int, str], str]:
    """(table, seat) -> player: the 16 players drawn to the 4 tables."""
    names = [name for name, _ in PLAYERS]
    rng.shuffle(names)
    seats = [(table, seat) for table in TABLES for seat in SEATS]
    return dict(zip(seats, names, strict=True))


def hands_of(play: Play) -> list[str]:
    """The ``Tiles`` hands, one per winner."""
    return [hand.strip() for hand in play.tiles.split(";")] if play.tiles else []


def tile_fans(play: Play) -> tuple[int, ...]:
    """The hand value each winner's hand in ``Tiles`` gives: the fan calculator's total, less
    the 8 fan of Last Tile Draw / Last Tile Claim on the last tile (rules.md 3)."""
    bonus = LAST_TILE_FAN if play.last_tile else 0
    return tuple(
        hand_fans(
            hand,
            seat=seat,
            round_wind=ROUND_WIND,
            self_drawn=play.discarder is None,
            last_tile=play.last_tile,
        ).total
        - bonus
        for seat, hand in zip(play.seats, hands_of(play), strict=True)
    )


def hand_values(play: Play) -> tuple[int, ...]:
    """The recorded hand values: given, or the calculator's for a row with tiles."""
    if play.values is not None:
        return play.values
    return tile_fans(play)


def result_of(play: Play) -> BoardResult:
    return BoardResult(play.seats, hand_values(play), play.discarder, play.last_tile)


def table_plays(seating: dict[tuple[int, str], str]) -> list[TablePlay]:
    """The evening as the processor's rules see it."""
    return [
        TablePlay(
            str(SESSION),
            str(play.board),
            str(play.table),
            {seat: seating[(play.table, seat)] for seat in SEATS},
            result_of(play),
            {play.false_seat: play.false_penalty} if play.false_seat else None,
        )
        for play in PLAYS
    ]


# --------------------------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------------------------


def physical_tiles(play: Play) -> Counter[str]:
    """The tiles on the table for the winning hands; a discard several win on counts once."""
    counts: Counter[str] = Counter()
    hands = hands_of(play)
    for hand in hands:
        for token in hand.split():
            counts.update(str(tile) for tile in parse_tiles(token.strip("[]")))
    if len(hands) > 1:
        win_tile = str(parse_tiles(hands[0].split()[-1])[-1])
        for hand in hands[1:]:
            assert str(parse_tiles(hand.split()[-1])[-1]) == win_tile, "one discard, one tile"
        counts[win_tile] -= len(hands) - 1
    return counts


def check_play(play: Play) -> None:
    """The workbook's rules for one Boards row."""
    where = f"board {play.board} table {play.table}"
    seats, values = play.seats, hand_values(play)
    assert play.board in BOARDS and play.table in TABLES, where
    assert all(s in SEATS for s in seats) and len(set(seats)) == len(seats), where
    assert len(values) == len(seats), f"{where}: one hand value per winner"
    assert all(MINIMUM_FAN <= v <= 88 for v in values), f"{where}: hand values {values}"
    assert play.discarder is None or play.discarder in SEATS, where
    assert play.discarder not in seats, f"{where}: the discarder is a winner"
    assert len(seats) <= 1 or play.discarder is not None, f"{where}: several winners, no discard"
    assert seats or (play.discarder is None and not play.last_tile and not play.tiles), where
    assert (play.false_seat is None) == (play.false_penalty is None), where
    assert play.false_penalty in (None, 4, 8), where
    assert play.false_seat is None or play.false_seat in SEATS, where
    if play.tiles:
        assert len(hands_of(play)) == len(seats), f"{where}: one hand per winner in Tiles"
        assert max(physical_tiles(play).values()) <= 4, f"{where}: a fifth tile"
        fans = tile_fans(play)
        if (play.board, play.table) == MISTAKE:
            assert values != fans, f"{where}: the mistake must differ from the tiles"
        else:
            assert values == fans, f"{where}: recorded {values}, tiles {fans}"


def check(seating: dict[tuple[int, str], str], rows: list[SeatBoard]) -> None:
    """Every rule of the Boards sheet and every feature of the module docstring."""
    names = [name for name, _ in PLAYERS]
    assert len(names) == 16 == len(set(names))
    assert sorted(seating.values()) == sorted(names), "each player seated exactly once"
    assert len(seating) == len(TABLES) * len(SEATS)
    keys = [(p.board, p.table) for p in PLAYS]
    assert len(keys) == len(set(keys)) == len(BOARDS) * len(TABLES), "a row per board and table"
    assert set(keys) == {(b, t) for b in BOARDS for t in TABLES}, "every board at every table"
    for play in PLAYS:
        check_play(play)
    by_key = {(p.board, p.table): p for p in PLAYS}
    wins = [p for p in PLAYS if p.seats]
    all_values = [v for p in wins for v in hand_values(p)]
    assert sum(8 <= v <= 40 for v in all_values) >= 0.9 * len(all_values), "mostly 8-40"
    # Self-drawn HV 9 and HV 10 (rule 1's rounding).
    self_drawn = {hand_values(p)[0] for p in wins if p.discarder is None}
    assert {9, 10} <= self_drawn
    assert board_points(result_of(by_key[(2, 1)])) == {"E": -11, "S": 33, "W": -11, "N": -11}
    assert board_points(result_of(by_key[(3, 2)])) == {"E": -12, "S": -12, "W": 34, "N": -12}
    # Wins on a discard; the double and the triple win.
    assert sum(1 for p in wins if p.discarder is not None) >= 20
    double = by_key[(4, 3)]
    assert (double.winners, hand_values(double)) == ("E,S", (12, 8))
    assert [len(p.seats) for p in PLAYS].count(2) == 1
    assert [len(p.seats) for p in PLAYS].count(3) == 1
    assert len(by_key[(9, 4)].seats) == 3
    # The last tile of the wall; no winner at some tables.
    assert [(p.board, p.table) for p in PLAYS if p.last_tile] == [(6, 2), (6, 3)]
    assert sum(1 for t in TABLES if not by_key[(5, t)].seats) == 3
    # False Mahjong: one of 4 IMPs, one of 8, on different boards.
    false = [(p.board, p.false_penalty) for p in PLAYS if p.false_seat]
    assert sorted(f[1] for f in false) == [4, 8] and len({f[0] for f in false}) == 2
    # One board with the same result everywhere: all IMPs 0 there, and only there.
    same = [b for b in BOARDS if len({result_of(by_key[(b, t)]) for t in TABLES}) == 1]
    assert same == [7]
    assert all(r.imps == 0 and r.difference == 0 for r in rows if r.board == "7")
    # Every board differs at some table, except board 7; each has IMPs somewhere.
    assert all(any(r.imps for r in rows if r.board == str(b)) for b in BOARDS if b != 7)
    # About 8 rows with Tiles, exactly one of them the referee's mistake.
    with_tiles = [p for p in PLAYS if p.tiles]
    assert 8 <= len(with_tiles) <= 10
    assert sum(1 for p in with_tiles if hand_values(p) != tile_fans(p)) == 1
    # The penalties reach the ranking.
    assert sum(r.penalty for r in rows) == -12


# --------------------------------------------------------------------------------------------
# The workbook
# --------------------------------------------------------------------------------------------


def board_row(play: Play) -> list[Any]:
    """One Boards row: a single hand value as a number, several as text "12,8"."""
    values = hand_values(play) if play.seats else ()
    value: int | str | None = None
    if len(values) == 1:
        value = values[0]
    elif values:
        value = ",".join(str(v) for v in values)
    return [
        SESSION,
        play.board,
        play.table,
        play.winners or None,
        value,
        play.discarder,
        "x" if play.last_tile else None,
        play.false_seat,
        play.false_penalty,
        play.tiles,
    ]


def duplicate_workbook(seating: dict[tuple[int, str], str]) -> Workbook:
    wb = Workbook()
    settings = wb.active
    assert settings is not None
    settings.title = "Settings"
    write_sheet(
        settings,
        HEADERS["Settings"],
        [("club", CLUB), ("tournament", TOURNAMENT)],
        WIDTHS["Settings"],
    )
    players = [(name, email_of(name), rating) for name, rating in PLAYERS]
    write_sheet(wb.create_sheet("Players"), HEADERS["Players"], players, WIDTHS["Players"])
    seating_rows = [(SESSION, table, seat, player) for (table, seat), player in seating.items()]
    write_sheet(wb.create_sheet("Seating"), HEADERS["Seating"], seating_rows, WIDTHS["Seating"])
    board_rows = [board_row(p) for p in sorted(PLAYS, key=lambda p: (p.board, p.table))]
    write_sheet(wb.create_sheet("Boards"), HEADERS["Boards"], board_rows, WIDTHS["Boards"])
    wb.properties.title = f"{CLUB}, {TOURNAMENT} (sample)"
    return wb


def save(wb: Workbook, path: Path) -> None:
    """Save with fixed timestamps so the same content gives the same bytes."""
    save_stable(wb, path, FIXED_TIME, "sample_sheets/make_duplicate.py")


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def print_expected(rows: list[SeatBoard]) -> None:
    """The Tiles hands and the expected ranking, for comparing with the tool's output."""
    print("\nTiles (fan calculator, round wind E)")
    for play in PLAYS:
        for seat, hand in zip(play.seats, hands_of(play), strict=False):
            fans = hand_fans(
                hand, seat=seat, round_wind=ROUND_WIND, self_drawn=play.discarder is None
            )
            mark = "  <- recorded differently" if (play.board, play.table) == MISTAKE else ""
            print(
                f"  board {play.board:>2} table {play.table} {seat}: {fans.total:>2} {hand}{mark}"
            )
    print("\nExpected ranking")
    for row in rank_players(rows):
        penalty = f" (false Mahjong {row.penalties})" if row.penalties else ""
        print(f"  {row.rank:>2} {row.player:<18} {row.imps:>4} IMPs{penalty}")


def main() -> None:
    """Write duplicate.xlsx after checking it, then print the expected results."""
    seating = make_seating(random.Random(SEED))
    rows = score_boards(table_plays(seating))
    check(seating, rows)
    save(duplicate_workbook(seating), DUPLICATE_XLSX)
    print(f"wrote {DUPLICATE_XLSX.name} ({len(PLAYS)} board rows, {len(PLAYERS)} players)")
    print_expected(rows)


if __name__ == "__main__":
    main()
