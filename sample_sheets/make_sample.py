"""Generate the sample season workbook and the empty organiser template.

Run ``python sample_sheets/make_sample.py`` (or ``make sample``). It writes

* ``sample_sheets/season.xlsx``: the 2025/26 season of a club like Mahjong Danmark's
  Copenhagen divisions: 30 players, two MCR and three riichi divisions, 20 Thursday club
  nights from 2025-08-28 to 2026-01-08, six division games a night, with the club nights,
  the attendance record, the planned games and next season's signups;
* ``sample_sheets/template.xlsx``: an empty workbook for a new season, with a "Read me" sheet
  and the header row of every sheet (``Hands`` included).

The output is deterministic: a single ``random.Random(2025)`` drives every choice, nothing
depends on today's date, and the workbook properties and the zip entries carry a fixed
timestamp, so running the script again gives byte-identical files.

Deliberate features of ``season.xlsx`` (each one is asserted by :func:`check_season`, which
recomputes the standings by rules.md 1.1-1.2, or by :func:`check_attendance` and
:func:`check_next_season` (rules.md 1.3-1.4), so a tweak that breaks one fails loudly):

(a) Riichi games with equal final scores (shared uma): in "Riichi 1" two players tie for
    first, in "Riichi 2" two tie for third, and in another "Riichi 2" game three tie for first.
(b) MCR games with tied game points (shared table points): in "MCR 1" three players tie for
    first (7/3 table points each) and in another game two tie for second (3/2 each).
(c) Four substituted rows (``Substituted`` = "x"; the row stays under the member's name and
    ``Score`` is the substitute's score): Hanna Eriksson (MCR 1 on 2026-01-01, where the
    substitute wins the table, and Riichi 2 on 2026-01-08) and Magnus Friis (Riichi 2 on
    2026-01-01 and MCR 2 on 2026-01-08). Both play in two divisions and stopped coming in
    October, so an attendance record would make them substitutable from the 2026-01-01 check.
(d) "Riichi 3": Nikolaj Holm and Ida Kjær always play in the same games, in mirrored pairs
    (A gets x and B gets y in one game; in its twin B gets x and A gets y with the same
    placements), so their totals, place counts, head-to-head points and best single game are
    equal and only the ``Dice`` sheet separates them (round 1: 7 and 7; round 2: Nikolaj 9,
    Ida 5). Ida sorts first by name, so the dice visibly change the order.
(e) "MCR 2": Rasmus Kjeldsen and Line Sørensen end level on table points, minipoints and
    place counts; in the games both played Rasmus did better, so head-to-head ranks him
    first (Line sorts first by name).

(f) ``Nights``: the 20 Thursdays as Excel dates; 2025-10-30 is ``Regular`` = no ("Thursday
    before Copenhagen Open"). Every Thursday has division games, so it has games too: they
    count for the standings, the night just does not count for attendance. So the
    2025-12-11 check counts 14 regular nights (rules.md's example) and as_of 19. Plus a
    Saturday, 2025-11-15 "Club tournament", marked no: a non-Thursday never counts (the
    tool warns).
(g) ``Attendance``: one row per division member, one column per Thursday headed by its date,
    with every cell form of workbook.md: ``x``/``X``, ``1``, ``yes``, ``ja``; arrival times
    as Excel times and as text, on time up to 18:30 (an 18:30 cell) and late after (an
    "18:31" cell); ``late``/``Late``/``sen``; blank, ``0``, ``no``, ``nej``, ``-``. Everyone
    who played a game that night is there (on time or late); a substituted member is absent.
    Kasper Vestergaard's cell on 2025-10-30 is 18:34, as his lateness penalty's note says.
    Checks on 2025-12-11 and 2026-01-01; the status at as_of 2026-01-08 (rules.md 1.4):

    - Hanna Eriksson and Magnus Friis (two divisions, 2/3): warning at 2025-12-11,
      **substitutable since 2026-01-01** (so their substitutions on 2026-01-01 and 2026-01-08
      are allowed) and never back above 2/3;
    - Rasmus Kjeldsen (one division, 2/5): late three times in the autumn, 5 of 14 → warning
      at 2025-12-11; on time in December, 8 of 17 → **ok since 2026-01-01**;
    - Line Sørensen (2/5): 6 of 14 passes 2025-12-11, away in December, 6 of 17 → **warning
      since 2026-01-01**;
    - Kasper Vestergaard (2/5): late six times (``late``, ``sen``, 18:34 and other times after
      18:30), just on the line at both checks (6 of 14, 7 of 17): **ok**, never warned;
    - everyone else: **ok**, never warned.
(h) ``Schedule``: per division the foursomes played so far in the order played (game 1, 2,
    ...; the same foursome twice is listed twice), then the games still to play (MCR 1: 3,
    MCR 2: 2, Riichi 1: 4 on two nights of two tables, Riichi 2: 3, Riichi 3: 2), which
    rotate through every member, the substitutable ones included.
(i) ``Signups``: every current member for each game they play, except Sofie Lindberg
    (Riichi; last in Riichi 1, a relegation candidate) and Camilla Juhl (MCR; third in
    MCR 1, keeps playing riichi). New: Piotr Nowak (Riichi, rating 1340), Marie Lefèvre
    (Riichi, no rating) and Jonas Petersen (MCR, rating 1000), all in ``Players``. ``Game``
    is mostly ``MCR``/``Riichi``, some rows in lower case.

(j) ``Hands`` (classical scoring, rules.md 2; the last sheet, so the sheets before it are
    unchanged): one evening at one table, session ``"2025-11-20"`` (ISO text), with Chen Wei,
    Åse Mølgaard, Anders Nygaard and Camilla Juhl, who all came that night. Twelve hands,
    four rows each in seat order E, S, W, N. East keeps the deal only by winning; otherwise
    (a wall-exhausted hand too) the deal passes and everyone's seat wind moves on; hands 1-6
    are round E (every player deals once), 7-12 round S. Winners write a complete hand (four
    sets and a pair, or thirteen orphans); the others only their pungs, kongs and exposed
    chows; exposed sets in brackets. No tile more than four times on the table, no flower or
    season number held twice in a hand. The hands show: East winning (hands 1, 5, 7, 10), a
    worthless hand (2), self-drawn wins (3, 5, 11, 12), a win on the loose tile after a kong
    (5), Mah-Jong on the last tile (12), dragon pungs and kongs, pungs of the own wind and of
    the round wind, a pair of own and round wind (1, 8), one suit with honours (6, 11), one
    suit only (10), no chows (7), thirteen orphans recognised from the tiles (9: 500), a hand
    capped at 500 (11: 42 x 16 = 672) and a wall-exhausted hand with no winner (4).
    ``Mahjong``/``Self-drawn``/``Loose tile``/``Last tile`` are ``x``, one ``Mahjong`` is
    ``yes``; flowers and seasons are text like ``1 3`` or a typed number ``2``; ``Limit`` is
    blank. :func:`check_hands` validates every row with the project's own
    ``rules.tiles.parse_sets``, ``rules.classical.check_hand`` and ``hand_table_problems``,
    scores and settles each hand with ``score_hand``/``settle`` (each hand and the session
    sum to zero) and asserts each of these features; the script prints every hand and the
    session's final totals.

Values typed by hand, valid per workbook.md: one riichi score is text with a thousands
separator (``"32,100"`` style) and one date is ISO text (``"2025-10-02"``).

Penalties: a riichi chombo with ``Points`` blank (20,000 under ema2016), a riichi lateness
of 4 minutes with ``Points`` blank (4,000) and an MCR ``other`` penalty of 10 game points.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from fractions import Fraction
from itertools import combinations, groupby, pairwise
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.worksheet import Worksheet
from sample_io import DATE_FORMAT, HEADER_FILL, HEADER_FONT, save_stable, write_sheet

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project's rules package

from rules.classical import (
    HandInput,
    HandScore,
    ItemKind,
    Wind,
    check_hand,
    hand_table_problems,
    score_hand,
    settle,
)
from rules.tiles import SetKind, format_sets, parse_sets

SEED = 2025
HERE = Path(__file__).resolve().parent
SEASON_XLSX = HERE / "season.xlsx"
TEMPLATE_XLSX = HERE / "template.xlsx"

#: Workbook properties and zip entries get this timestamp, so the files never change.
FIXED_TIME = datetime(2025, 8, 1, 12, 0, 0)

SEASON_START = date(2025, 8, 28)  # a Thursday
NIGHTS: list[date] = [SEASON_START + timedelta(weeks=week) for week in range(20)]

START_POINTS = 30_000
RIICHI_SUM = 4 * START_POINTS
UMA = (15_000, 5_000, -5_000, -15_000)
TABLE_POINTS = (4, 2, 1, 0)
#: ema2016: a substituted riichi member gets -15,000 points and the worst uma.
RIICHI_SUBSTITUTED = -30_000
CHOMBO_POINTS = 20_000
LATENESS_PER_MINUTE = 1_000
LATENESS_MAX_MINUTES = 10

MCR = "MCR"
RIICHI = "Riichi"

# --------------------------------------------------------------------------------------------
# The club
# --------------------------------------------------------------------------------------------

#: (name, rating); ``None`` = no rating yet. Mixed Danish and international names, with
#: æ/ø/å and a lower-case particle ("Jan de Vries" sorts before "Jan Dyrberg" only when
#: case-folded).
PLAYERS: list[tuple[str, int | None]] = [
    ("Mette Dahl", 1760),
    ("Søren Østergaard", 1690),
    ("Anders Nygaard", 1540),
    ("Camilla Juhl", 1310),
    ("Chen Wei", 1720),
    ("Thomas Krogh", 1450),
    ("Hanna Eriksson", 1380),
    ("Rasmus Kjeldsen", 1290),
    ("Line Sørensen", 1270),
    ("Freja Winther", 1180),
    ("Magnus Friis", None),
    ("Tobias Hald", 1090),
    ("Laura Bech", 1150),
    ("Yuki Tanaka", 1800),
    ("Jan de Vries", 1650),
    ("Jan Dyrberg", 1610),
    ("Frederik Bæk", 1580),
    ("Åse Mølgaard", 1520),
    ("Mikkel Brandt", 1490),
    ("Sofie Lindberg", 1430),
    ("Emma Thorsen", 1400),
    ("Kasper Vestergaard", 1360),
    ("Julie Lauridsen", 1240),
    ("Nikolaj Holm", 1120),
    ("Ida Kjær", 1110),
    ("Oliver Skov", 1020),
    ("Sara Møller", None),
    ("Piotr Nowak", 1340),
    ("Marie Lefèvre", None),
    ("Jonas Petersen", 1000),
]

#: (division, game, level, members). Eight players are in one MCR and one riichi division.
DIVISIONS: list[tuple[str, str, int, list[str]]] = [
    (
        "MCR 1",
        MCR,
        1,
        [
            "Mette Dahl",
            "Søren Østergaard",
            "Anders Nygaard",
            "Camilla Juhl",
            "Chen Wei",
            "Thomas Krogh",
            "Hanna Eriksson",
        ],
    ),
    (
        "MCR 2",
        MCR,
        2,
        [
            "Rasmus Kjeldsen",
            "Line Sørensen",
            "Freja Winther",
            "Magnus Friis",
            "Tobias Hald",
            "Laura Bech",
        ],
    ),
    (
        "Riichi 1",
        RIICHI,
        1,
        [
            "Yuki Tanaka",
            "Jan de Vries",
            "Jan Dyrberg",
            "Frederik Bæk",
            "Åse Mølgaard",
            "Mikkel Brandt",
            "Sofie Lindberg",
            "Emma Thorsen",
        ],
    ),
    (
        "Riichi 2",
        RIICHI,
        2,
        [
            "Kasper Vestergaard",
            "Julie Lauridsen",
            "Chen Wei",
            "Thomas Krogh",
            "Hanna Eriksson",
            "Freja Winther",
            "Magnus Friis",
        ],
    ),
    (
        "Riichi 3",
        RIICHI,
        3,
        [
            "Nikolaj Holm",
            "Ida Kjær",
            "Oliver Skov",
            "Camilla Juhl",
            "Tobias Hald",
            "Laura Bech",
        ],
    ),
]
DIVISION_GAME = {name: game for name, game, _, _ in DIVISIONS}
DIVISION_MEMBERS = {name: members for name, _, _, members in DIVISIONS}

# Feature (d): the Riichi 3 pair that only dice can separate.
DICE_DIVISION = "Riichi 3"
DICE_A = "Nikolaj Holm"
DICE_B = "Ida Kjær"
DICE_ROLLS = [(DICE_A, 1, 7), (DICE_B, 1, 7), (DICE_A, 2, 9), (DICE_B, 2, 5)]
DICE_PAIR_GAMES = 12  # six mirrored pairs

# Feature (e): the MCR 2 pair separated by head-to-head.
H2H_DIVISION = "MCR 2"
H2H_WINNER = "Rasmus Kjeldsen"
H2H_LOSER = "Line Sørensen"

# Feature (c): members who stopped coming (night indexes they miss) and their substitutions.
ABSENT: dict[str, range] = {"Hanna Eriksson": range(7, 20), "Magnus Friis": range(8, 20)}
SUBSTITUTIONS: list[tuple[str, int, str]] = [
    ("MCR 1", 18, "Hanna Eriksson"),  # 2026-01-01; the substitute wins this table
    ("Riichi 2", 19, "Hanna Eriksson"),  # 2026-01-08
    ("Riichi 2", 18, "Magnus Friis"),  # 2026-01-01
    ("MCR 2", 19, "Magnus Friis"),  # 2026-01-08
]
SUBSTITUTE_WINS = ("MCR 1", 18)

# Features (a) and (b): which game (division, night index; the first table that night) ties.
RIICHI_PAIR_TIE_FIRST = ("Riichi 1", 2)
RIICHI_TRIPLE_TIE_FIRST = ("Riichi 2", 4)
RIICHI_PAIR_TIE_THIRD = ("Riichi 2", 10)
MCR_TRIPLE_TIE_FIRST = ("MCR 1", 3)
MCR_PAIR_TIE_SECOND = ("MCR 1", 12)

# Hand-typed values: a riichi score with a thousands separator, a date as ISO text.
TEXT_SCORE_GAME = ("Riichi 2", 1)
TEXT_DATE_GAME = ("Riichi 1", 5)  # 2025-10-02

#: (division, night index, player, kind, points, minutes, note). Nobody in (d) or (e).
PENALTIES: list[tuple[str, int, str, str, int | None, int | None, str]] = [
    ("Riichi 1", 6, "Jan Dyrberg", "chombo", None, None, "Called ron on a tile that did not win"),
    ("Riichi 2", 9, "Kasper Vestergaard", "lateness", None, 4, "Arrived 18:34"),
    ("MCR 1", 12, "Søren Østergaard", "other", 10, None, "Repeatedly drew out of turn"),
]

# --------------------------------------------------------------------------------------------
# Club nights and attendance (rules.md 1.4)
# --------------------------------------------------------------------------------------------

AS_OF = NIGHTS[-1]
START_TIME = time(18, 30)  # arriving later does not count
FIRST_CHECK_WEEKS = 15
CHECK_EVERY_WEEKS = 3
ONE_DIVISION = Fraction(2, 5)
TWO_DIVISIONS = Fraction(2, 3)

#: The one Thursday that is not a regular night (games were still played on it).
NON_REGULAR_NIGHT = 9  # 2025-10-30
NON_REGULAR_NOTE = "Thursday before Copenhagen Open"
#: A club date that is not a Thursday: never a regular night (the tool warns).
EXTRA_NIGHTS: list[tuple[date, str]] = [(date(2025, 11, 15), "Club tournament (Saturday)")]
NIGHT_NOTES = {0: "First night of the season", 16: "Christmas dinner after play"}

#: Attendance written out night by night for the members whose status is a feature:
#: ``o`` on time, ``l`` late (``late``/``sen``), ``t`` late with an arrival time after 18:30,
#: ``.`` absent. Everyone else gets a random record that never fails a check.
ATTENDANCE_PATTERNS: dict[str, str] = {
    # Two divisions (2/3): stopped coming in October; substituted on 2026-01-01 and -08.
    "Hanna Eriksson": "ooloo.o.............",
    "Magnus Friis": "oooootoo............",
    # One division (2/5): late in the autumn (5 of 14), on time in December (8 of 17).
    "Rasmus Kjeldsen": "o.loo..tool..o.ooo..",
    # One division: 6 of 14 passes the first check, away in December, 6 of 17 fails.
    "Line Sørensen": "..oloot..ooot.o...oo",
    # One division: often late, exactly on the line at both checks (6 of 14, 7 of 17).
    "Kasper Vestergaard": "o..loo.t.toloo.tolo.",
}
#: Cells typed as given (player, night, mark, value): on the boundary (18:30 is still on
#: time, 18:31 is late), and the late member's ``late`` and ``sen``.
FIXED_CELLS: list[tuple[str, int, str, Any]] = [
    ("Yuki Tanaka", 2, "o", time(18, 30)),
    ("Jan de Vries", 6, "t", "18:31"),
    ("Kasper Vestergaard", 3, "l", "late"),
    ("Kasper Vestergaard", 11, "l", "sen"),
]
#: (player, status, since) at ``as_of``; everyone not listed is ``ok`` and was never warned.
EXPECTED_ATTENDANCE: dict[str, tuple[str, date]] = {
    "Hanna Eriksson": ("substitutable", date(2026, 1, 1)),
    "Magnus Friis": ("substitutable", date(2026, 1, 1)),
    "Rasmus Kjeldsen": ("ok", date(2026, 1, 1)),
    "Line Sørensen": ("warning", date(2026, 1, 1)),
}
#: Members warned at the first check (2025-12-11).
EXPECTED_FIRST_WARNINGS = {"Hanna Eriksson", "Magnus Friis", "Rasmus Kjeldsen"}
#: The member who is late now and then and stays just above the requirement.
LATE_BUT_OK = "Kasper Vestergaard"

# --------------------------------------------------------------------------------------------
# Next season: planned games and signups
# --------------------------------------------------------------------------------------------

#: Club nights still to play per division after as_of (Riichi 1 plays two tables a night).
REMAINING_NIGHTS = {"MCR 1": 3, "MCR 2": 2, "Riichi 1": 2, "Riichi 2": 3, "Riichi 3": 2}
#: (player, game) of current members who do not sign up again for that game.
NOT_SIGNING_UP: list[tuple[str, str]] = [
    ("Sofie Lindberg", RIICHI),  # last in Riichi 1: a relegation candidate
    ("Camilla Juhl", MCR),  # third in MCR 1; keeps playing riichi
]
#: New players (in Players, in no division of that game this season) and their game.
NEW_SIGNUPS: list[tuple[str, str]] = [
    ("Piotr Nowak", RIICHI),
    ("Marie Lefèvre", RIICHI),
    ("Jonas Petersen", MCR),
]

# --------------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------------


@dataclass
class Seat:
    """One row of the Games sheet: a member and the score written on their row."""

    player: str
    score: int = 0
    substituted: bool = False


@dataclass
class Game:
    """One division game: four seats on one club night."""

    gid: int
    night: int
    division: str
    seats: list[Seat]

    @property
    def kind(self) -> str:
        """``MCR`` or ``Riichi``."""
        return DIVISION_GAME[self.division]

    def seat(self, player: str) -> Seat:
        """The seat of ``player`` in this game."""
        return next(s for s in self.seats if s.player == player)

    def players(self) -> list[str]:
        """The four members listed for this game."""
        return [s.player for s in self.seats]


@dataclass(frozen=True)
class SeatResult:
    """What one seat earns in one game (rules.md 1.1)."""

    points: Fraction  # riichi: score - start + uma share; MCR: table points share
    minipoints: int  # MCR game points (0 for riichi)
    place: int
    played: bool


# --------------------------------------------------------------------------------------------
# Rules 1.1: points for one game
# --------------------------------------------------------------------------------------------


def shares(scores: Sequence[int], by_place: Sequence[int]) -> list[tuple[Fraction, int]]:
    """Each seat's (share of the placement values, placement); equal scores share equally.

    >>> shares([35000, 35000, 30000, 20000], UMA)[0]
    (Fraction(10000, 1), 1)
    """
    out = []
    for score in scores:
        place = 1 + sum(other > score for other in scores)
        tied = sum(other == score for other in scores)
        out.append((Fraction(sum(by_place[place - 1 : place - 1 + tied]), tied), place))
    return out


def game_results(kind: str, scores: Sequence[int], substituted: Sequence[bool]) -> list[SeatResult]:
    """Every seat's result, the substituted members' fixed results included."""
    results = []
    table = shares(scores, UMA if kind == RIICHI else TABLE_POINTS)
    for score, sub, (share, place) in zip(scores, substituted, table, strict=True):
        if sub:
            points = Fraction(RIICHI_SUBSTITUTED if kind == RIICHI else 0)
            results.append(SeatResult(points, 0, 4, False))
        elif kind == RIICHI:
            results.append(SeatResult(score - START_POINTS + share, 0, place, True))
        else:
            results.append(SeatResult(share, score, place, True))
    return results


def plain_results(kind: str, scores: Sequence[int]) -> list[tuple[Fraction, int, int]]:
    """(points, minipoints, place) per seat when nobody is substituted."""
    return [(r.points, r.minipoints, r.place) for r in game_results(kind, scores, [False] * 4)]


# --------------------------------------------------------------------------------------------
# Simulating games
# --------------------------------------------------------------------------------------------

RIICHI_VALUES = (1000, 1300, 1600, 2000, 2600, 3200, 3900, 5200, 6400, 7700, 8000, 12000, 16000)
RIICHI_WEIGHTS = (6, 8, 6, 9, 8, 4, 7, 6, 3, 4, 5, 3, 1)


def round_up_100(points: int) -> int:
    """Round a payment up to the next 100, as riichi payments are."""
    return -(-points // 100) * 100


def simulate_riichi(rng: random.Random) -> list[int]:
    """Final scores of one hanchan: 8-12 hands of ron, tsumo and exhaustive draws.

    Riichi sticks go to the next winner and leftovers to first place, so the four scores
    are multiples of 100 summing to exactly 120,000. Games with a score outside
    5,000-60,000 are replayed.
    """
    while True:
        score = [START_POINTS] * 4
        pot = 0
        for hand in range(rng.randint(8, 12)):
            dealer = hand % 4
            for i in range(4):
                if score[i] >= 1000 and rng.random() < 0.12:  # riichi declared
                    score[i] -= 1000
                    pot += 1000
            if rng.random() < 0.15:  # exhaustive draw: 3,000 noten payments
                tenpai = [i for i in range(4) if rng.random() < 0.5]
                if 0 < len(tenpai) < 4:
                    for i in range(4):
                        if i in tenpai:
                            score[i] += 3000 // len(tenpai)
                        else:
                            score[i] -= 3000 // (4 - len(tenpai))
                continue
            winner = rng.randrange(4)
            value = rng.choices(RIICHI_VALUES, RIICHI_WEIGHTS)[0]
            if winner == dealer:
                value = round_up_100(value * 3 // 2)
            if rng.random() < 0.65:  # ron
                loser = rng.choice([i for i in range(4) if i != winner])
                score[loser] -= value
                score[winner] += value
            else:  # tsumo
                for i in range(4):
                    if i == winner:
                        continue
                    if winner == dealer:
                        pay = round_up_100(value // 3)
                    else:
                        pay = round_up_100(value // 2 if i == dealer else value // 4)
                    score[i] -= pay
                    score[winner] += pay
            score[winner] += pot
            pot = 0
        if pot:
            score[score.index(max(score))] += pot
        if all(5_000 <= s <= 60_000 for s in score):
            return score


def mcr_hand_value(rng: random.Random) -> int:
    """A winning hand's value in fan: at least 8, mostly 8-30, now and then a big hand."""
    if rng.random() < 0.05:
        return rng.choice((32, 40, 48, 64, 88))
    values = list(range(8, 31))
    return rng.choices(values, [31 - v for v in values])[0]


def simulate_mcr(rng: random.Random) -> list[int]:
    """Game points of one MCR game: 12-16 hands, zero-sum.

    Discard win: winner +(HV+24), discarder -(HV+8), the other two -8.
    Self-drawn: winner +3(HV+8), each other -(HV+8). Drawn hands score 0.
    """
    points = [0] * 4
    for _ in range(rng.randint(12, 16)):
        if rng.random() < 0.12:
            continue
        winner = rng.randrange(4)
        hv = mcr_hand_value(rng)
        if rng.random() < 0.3:
            for i in range(4):
                points[i] += 3 * (hv + 8) if i == winner else -(hv + 8)
        else:
            discarder = rng.choice([i for i in range(4) if i != winner])
            for i in range(4):
                if i == winner:
                    points[i] += hv + 24
                elif i == discarder:
                    points[i] -= hv + 8
                else:
                    points[i] -= 8
    return points


def simulate(kind: str, rng: random.Random, distinct: bool = False) -> list[int]:
    """One game's four scores; ``distinct`` replays games with equal scores."""
    while True:
        scores = simulate_riichi(rng) if kind == RIICHI else simulate_mcr(rng)
        if not distinct or len(set(scores)) == 4:
            return scores


def split(total: int, parts: int, unit: int, rng: random.Random) -> list[int]:
    """``total`` cut into ``parts`` random pieces, each a multiple of ``unit``."""
    steps = total // unit
    cuts = sorted(rng.randint(min(0, steps), max(0, steps)) for _ in range(parts - 1))
    bounds = [0, *cuts, steps] if steps >= 0 else [0, *reversed(cuts), steps]
    return [(b - a) * unit for a, b in pairwise(bounds)]


def game_with_fixed(
    kind: str,
    fixed: Sequence[int],
    rng: random.Random,
    accept: Callable[[list[int]], bool],
) -> list[int]:
    """Scores whose first seats are ``fixed``; the others come from a simulated game.

    The other seats' scores are taken from a simulated game and shifted so the game still
    sums to 120,000 (riichi) or 0 (MCR); tried until ``accept`` likes the result.
    """
    unit, total = (100, RIICHI_SUM) if kind == RIICHI else (1, 0)
    for _ in range(100_000):
        others = simulate(kind, rng)
        rng.shuffle(others)
        others = others[len(fixed) :]
        diff = total - sum(fixed) - sum(others)
        others = [o + d for o, d in zip(others, split(diff, len(others), unit, rng), strict=True)]
        scores = [*fixed, *others]
        if kind == RIICHI and not all(5_000 <= s <= 60_000 for s in scores):
            continue
        if accept(scores):
            return scores
    raise AssertionError(f"no {kind} game found with fixed scores {fixed}")


def no_ties(scores: Sequence[int]) -> bool:
    """True when the four scores are all different."""
    return len(set(scores)) == len(scores)


# --------------------------------------------------------------------------------------------
# Who plays when
# --------------------------------------------------------------------------------------------


class Scheduler:
    """Seats a rotating, balanced selection of each division's members every night."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.played: Counter[tuple[str, str]] = Counter()
        self.met: Counter[tuple[str, frozenset[str]]] = Counter()

    def _record(self, division: str, table: Sequence[str]) -> None:
        for player in table:
            self.played[division, player] += 1
        for a, b in combinations(table, 2):
            self.met[division, frozenset((a, b))] += 1

    def _meetings(self, division: str, table: Iterable[str]) -> int:
        return sum(self.met[division, frozenset(p)] for p in combinations(table, 2))

    def one_table(
        self,
        division: str,
        night: int,
        fixed: Sequence[str],
        busy: set[str],
        exclude: Iterable[str] = (),
    ) -> list[str]:
        """``fixed`` plus the members who have played least (then: not busy tonight, then
        who met least); random among equals. ``exclude`` and absent members sit out."""
        pool = [
            m
            for m in DIVISION_MEMBERS[division]
            if m not in fixed and m not in exclude and night not in ABSENT.get(m, ())
        ]
        options = list(combinations(pool, 4 - len(fixed)))
        if not options:
            raise AssertionError(f"{division}: not enough players on night {night}")
        self.rng.shuffle(options)
        best = min(
            options,
            key=lambda c: (
                sum(self.played[division, p] for p in c),
                len(busy.intersection(c)),
                self._meetings(division, [*fixed, *c]),
            ),
        )
        table = [*fixed, *best]
        self.rng.shuffle(table)
        self._record(division, table)
        return table

    def two_tables(self, division: str) -> list[list[str]]:
        """All eight members, split so that players meet different opponents."""
        members = list(DIVISION_MEMBERS[division])
        first, rest = members[0], members[1:]
        options = [[first, *c] for c in combinations(rest, 3)]
        self.rng.shuffle(options)
        best = min(
            options,
            key=lambda t: (
                self._meetings(division, t)
                + self._meetings(division, [m for m in members if m not in t])
            ),
        )
        tables = [best, [m for m in members if m not in best]]
        for table in tables:
            self.rng.shuffle(table)
            self._record(division, table)
        self.rng.shuffle(tables)
        return tables


def mcr2_pattern(rng: random.Random) -> list[str]:
    """For every night, which of the MCR 2 pair plays: "both", "winner", "loser" or "none".

    Five shared games (one decides head-to-head, two mirrored pairs), seven games each
    without the other, one night with neither. Shuffled until every night can be seated.
    """
    pattern = ["both"] * 5 + ["winner"] * 7 + ["loser"] * 7 + ["none"]
    others = [m for m in DIVISION_MEMBERS[H2H_DIVISION] if m not in (H2H_WINNER, H2H_LOSER)]
    while True:
        rng.shuffle(pattern)
        feasible = True
        for night, kind in enumerate(pattern):
            need = {"both": 2, "winner": 3, "loser": 3, "none": 4}[kind]
            forced = {p for d, n, p in SUBSTITUTIONS if d == H2H_DIVISION and n == night}
            free = [m for m in others if night not in ABSENT.get(m, ()) or m in forced]
            feasible = feasible and len(free) >= need
        if feasible:
            return pattern


def schedule(rng: random.Random) -> list[Game]:
    """Every game of the season, numbered in sheet order (night, then division)."""
    scheduler = Scheduler(rng)
    pair_nights = set(rng.sample(range(len(NIGHTS)), DICE_PAIR_GAMES))
    pattern = mcr2_pattern(rng)
    dice_others = [m for m in DIVISION_MEMBERS[DICE_DIVISION] if m not in (DICE_A, DICE_B)]
    tables: dict[tuple[int, str], list[list[str]]] = {}
    for night in range(len(NIGHTS)):
        busy: set[str] = set()
        # The divisions with fixed patterns first, the others avoid seating someone twice.
        for division in ("Riichi 3", "MCR 2", "Riichi 2", "MCR 1", "Riichi 1"):
            forced = [p for d, n, p in SUBSTITUTIONS if d == division and n == night]
            if division == DICE_DIVISION:
                if night in pair_nights:
                    made = [scheduler.one_table(division, night, [DICE_A, DICE_B], busy)]
                else:
                    made = [scheduler.one_table(division, night, dice_others, busy)]
            elif division == H2H_DIVISION:
                pair = {
                    "both": [H2H_WINNER, H2H_LOSER],
                    "winner": [H2H_WINNER],
                    "loser": [H2H_LOSER],
                    "none": [],
                }[pattern[night]]
                # The one of the pair whose night it is not sits out.
                away = {H2H_WINNER, H2H_LOSER} - set(pair)
                made = [scheduler.one_table(division, night, pair + forced, busy, away)]
            elif len(DIVISION_MEMBERS[division]) == 8:
                made = scheduler.two_tables(division)
            else:
                made = [scheduler.one_table(division, night, forced, busy)]
            for table in made:
                busy.update(table)
            tables[night, division] = made
    games: list[Game] = []
    for night in range(len(NIGHTS)):
        for division, _, _, _ in DIVISIONS:
            for table in tables[night, division]:
                seats = [Seat(p) for p in table]
                games.append(Game(len(games) + 1, night, division, seats))
    for division, night, player in SUBSTITUTIONS:
        game = next(
            g
            for g in games
            if g.division == division and g.night == night and player in g.players()
        )
        game.seat(player).substituted = True
    return games


# --------------------------------------------------------------------------------------------
# Scores
# --------------------------------------------------------------------------------------------


def first_game(games: list[Game], where: tuple[str, int]) -> Game:
    """The first game of a division on a night."""
    division, night = where
    return next(g for g in games if g.division == division and g.night == night)


def put(game: Game, by_player: dict[str, int]) -> None:
    """Write the scores into the game's seats."""
    for seat in game.seats:
        seat.score = by_player[seat.player]


def assign(game: Game, players: Sequence[str], scores: Sequence[int]) -> None:
    """``scores[i]`` to ``players[i]`` (the seat order in the sheet stays as scheduled)."""
    put(game, dict(zip(players, scores, strict=True)))


def score_plain(games: Iterable[Game], rng: random.Random) -> None:
    """Simulated scores for every game."""
    for game in games:
        assign(game, game.players(), simulate(game.kind, rng))


def score_ties(games: list[Game], rng: random.Random) -> None:
    """Features (a) and (b): games with equal scores, and the substitute who wins a table."""

    def place_of(scores: list[int], i: int) -> int:
        return 1 + sum(s > scores[i] for s in scores)

    # (a) Riichi 1: two tie for first, e.g. 38,200 / 38,200 / 24,500 / 19,100.
    game = first_game(games, RIICHI_PAIR_TIE_FIRST)
    t = rng.randrange(34_000, 44_001, 100)
    scores = game_with_fixed(
        RIICHI, [t, t], rng, lambda s: no_ties(s[1:]) and max(s[2:]) < t and t not in s[2:]
    )
    assign(game, game.players(), scores)
    # (a) Riichi 2: three tie for first ((15,000 + 5,000 - 5,000)/3 = 5,000 uma each).
    game = first_game(games, RIICHI_TRIPLE_TIE_FIRST)
    t = rng.randrange(32_000, 37_001, 100)
    assign(game, game.players(), [t, t, t, RIICHI_SUM - 3 * t])
    # (a) Riichi 2: two tie for third ((-5,000 - 15,000)/2 = -10,000 uma each).
    game = first_game(games, RIICHI_PAIR_TIE_THIRD)
    t = rng.randrange(20_000, 26_001, 100)
    scores = game_with_fixed(RIICHI, [t, t], rng, lambda s: no_ties(s[1:]) and min(s[2:]) > t)
    assign(game, game.players(), scores)
    # (b) MCR 1: three tie for first with the same game points, 7/3 table points each.
    game = first_game(games, MCR_TRIPLE_TIE_FIRST)
    t = rng.randint(12, 30)
    assign(game, game.players(), [t, t, t, -3 * t])
    # (b) MCR 1: two tie for second, (2 + 1)/2 = 3/2 table points each.
    game = first_game(games, MCR_PAIR_TIE_SECOND)
    t = rng.randint(-6, 12)
    scores = game_with_fixed(
        MCR, [t, t], rng, lambda s: no_ties(s[1:]) and place_of(s, 0) == 2 and t not in s[2:]
    )
    assign(game, game.players(), scores)
    # (c) MCR 1: the substitute (playing in Hanna Eriksson's seat) wins the table, so the
    # members get 2, 1 and 0 table points.
    game = first_game(games, SUBSTITUTE_WINS)
    sub = next(s for s in game.seats if s.substituted)
    scores = sorted(simulate(MCR, rng, distinct=True), reverse=True)
    rest = [p for p in game.players() if p != sub.player]
    assign(game, [sub.player, *rest], scores)


def score_dice_division(games: list[Game], rng: random.Random) -> None:
    """Feature (d): the Riichi 3 pair plays mirrored pairs of games.

    In the first game of a pair A gets x and B gets y; in its twin A gets y and B gets x, the
    other two seats re-dealt so that x and y keep their placements and uma. So A's and B's
    results are the same multiset: equal totals, places, head-to-head and best game.
    """
    pair_games = [g for g in games if DICE_A in g.players()]
    assert all(DICE_B in g.players() for g in pair_games), "A and B must always play together"
    assert len(pair_games) % 2 == 0
    shuffled = list(pair_games)
    rng.shuffle(shuffled)
    for first, twin in zip(shuffled[::2], shuffled[1::2], strict=True):
        others = [p for p in first.players() if p not in (DICE_A, DICE_B)]
        x, y, *rest = simulate(RIICHI, rng, distinct=True)
        assign(first, [DICE_A, DICE_B, *others], [x, y, *rest])
        want = plain_results(RIICHI, [x, y, *rest])[:2]

        def mirrored(s: list[int], want: list[Any] = want) -> bool:
            got = plain_results(RIICHI, s)[:2]
            return no_ties(s) and got[0] == want[1] and got[1] == want[0]

        twin_scores = game_with_fixed(RIICHI, [y, x], rng, mirrored)
        others = [p for p in twin.players() if p not in (DICE_A, DICE_B)]
        assign(twin, [DICE_A, DICE_B, *others], twin_scores)
    score_plain([g for g in games if DICE_A not in g.players()], rng)


def score_h2h_division(games: list[Game], rng: random.Random) -> None:
    """Feature (e): the MCR 2 pair ends level on everything before head-to-head.

    Shared games: one that the winner wins against the loser, plus two mirrored pairs (no
    head-to-head effect). Of the games each plays without the other, one gives each of them
    the other's result from the deciding game, and the rest are mirrored one to one.
    """
    win, lose = H2H_WINNER, H2H_LOSER
    both = [g for g in games if win in g.players() and lose in g.players()]
    only_win = [g for g in games if win in g.players() and lose not in g.players()]
    only_lose = [g for g in games if lose in g.players() and win not in g.players()]
    neither = [g for g in games if win not in g.players() and lose not in g.players()]
    assert len(both) == 5 and len(only_win) == len(only_lose) == 7, "MCR 2 pattern changed"
    rng.shuffle(both)

    def others(game: Game, *skip: str) -> list[str]:
        return [p for p in game.players() if p not in skip]

    def fixed_game(game: Game, players: list[str], want: list[tuple[Any, ...]]) -> None:
        """Give ``players`` the scores and exact results in ``want`` (score, tp, place)."""

        def ok(s: list[int]) -> bool:
            got = plain_results(MCR, s)
            return no_ties(s) and all((s[i], got[i][0], got[i][2]) == w for i, w in enumerate(want))

        scores = game_with_fixed(MCR, [w[0] for w in want], rng, ok)
        assign(game, [*players, *others(game, *players)], scores)

    def result(game: Game, player: str) -> tuple[Any, ...]:
        scores = [s.score for s in game.seats]
        i = game.players().index(player)
        points, _, place = plain_results(MCR, scores)[i]
        return (scores[i], points, place)

    # The deciding game: the winner places 1st or 2nd, the loser lower.
    decider = both[0]
    scores = sorted(simulate(MCR, rng, distinct=True), reverse=True)
    w_seat = rng.choice((0, 1))
    l_seat = rng.choice([i for i in range(w_seat + 1, 4)])
    rest_seats = [i for i in range(4) if i not in (w_seat, l_seat)]
    assign(
        decider,
        [win, lose, *others(decider, win, lose)],
        [scores[w_seat], scores[l_seat], *(scores[i] for i in rest_seats)],
    )
    # Two mirrored pairs of shared games.
    for first, twin in ((both[1], both[2]), (both[3], both[4])):
        score_plain([first], rng)
        while not no_ties([s.score for s in first.seats]):
            score_plain([first], rng)
        fixed_game(twin, [win, lose], [result(first, lose), result(first, win)])
    # Games apart: compensation for the decider, then mirrored one to one.
    fixed_game(only_win[0], [win], [result(decider, lose)])
    fixed_game(only_lose[0], [lose], [result(decider, win)])
    for game_w, game_l in zip(only_win[1:], only_lose[1:], strict=True):
        assign(game_w, game_w.players(), simulate(MCR, rng, distinct=True))
        fixed_game(game_l, [lose], [result(game_w, win)])
    score_plain(neither, rng)


def make_scores(games: list[Game], rng: random.Random, penalties: list[PenaltyRow]) -> None:
    """Fill in every score; the engineered divisions are redone until nothing else ties."""
    for division, _, _, _ in DIVISIONS:
        mine = [g for g in games if g.division == division]
        for _ in range(200):
            if division == DICE_DIVISION:
                score_dice_division(mine, rng)
            elif division == H2H_DIVISION:
                score_h2h_division(mine, rng)
            else:
                score_plain(mine, rng)
            if division not in (DICE_DIVISION, H2H_DIVISION) or _pair_is_alone(
                division, mine, penalties
            ):
                break
        else:
            raise AssertionError(f"{division}: could not keep the tied pair apart from the rest")
    score_ties(games, rng)


def _pair_is_alone(division: str, games: list[Game], penalties: list[PenaltyRow]) -> bool:
    """True when no other member ties the engineered pair on the first criteria."""
    lines = division_lines(division, games, penalties)
    a, b = (DICE_A, DICE_B) if division == DICE_DIVISION else (H2H_WINNER, H2H_LOSER)
    return all(lines[p].totals() != lines[a].totals() for p in lines if p not in (a, b))


# --------------------------------------------------------------------------------------------
# Rules 1.2: standings, for the self-check
# --------------------------------------------------------------------------------------------


@dataclass
class PenaltyRow:
    """One row of the Penalties sheet."""

    gid: int
    player: str
    kind: str
    points: int | None
    minutes: int | None
    note: str

    def deduction(self, kind: str) -> int:
        """Points off the season total (riichi points under ema2016, MCR game points)."""
        if self.points is not None:
            return self.points
        if kind == RIICHI and self.kind == "chombo":
            return CHOMBO_POINTS
        if kind == RIICHI and self.kind == "lateness" and self.minutes is not None:
            return LATENESS_PER_MINUTE * self.minutes if self.minutes <= 10 else 0
        raise AssertionError(f"penalty {self} needs points")


@dataclass
class Line:
    """One member's season in one division."""

    player: str
    kind: str
    points: Fraction = Fraction(0)
    minipoints: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    results: dict[int, SeatResult] = field(default_factory=dict)

    @property
    def games(self) -> int:
        """Games listed, substituted ones included."""
        return len(self.results)

    def totals(self) -> tuple[Fraction, int]:
        """Total points (MCR: table points) and minipoints (0 for riichi)."""
        return (self.points, self.minipoints)


def division_lines(
    division: str, games: list[Game], penalties: list[PenaltyRow]
) -> dict[str, Line]:
    """Every member's totals (after penalties) and per-game results."""
    kind = DIVISION_GAME[division]
    lines = {p: Line(p, kind) for p in DIVISION_MEMBERS[division]}
    gids = set()
    for game in games:
        if game.division != division:
            continue
        gids.add(game.gid)
        scores = [s.score for s in game.seats]
        subs = [s.substituted for s in game.seats]
        for seat, res in zip(game.seats, game_results(kind, scores, subs), strict=True):
            line = lines[seat.player]
            line.results[game.gid] = res
            line.points += res.points
            line.minipoints += res.minipoints
            line.places[res.place - 1] += 1
    for pen in penalties:
        if pen.gid in gids:
            if kind == RIICHI:
                lines[pen.player].points -= pen.deduction(kind)
            else:
                lines[pen.player].minipoints -= pen.deduction(kind)
    return lines


Criterion = tuple[str, Callable[[list[Line]], dict[str, Any]]]


def head_to_head(group: list[Line]) -> dict[str, Any]:
    """Each member's points (MCR: table points, minipoints) from the games at least two
    members of the group played themselves."""
    count: Counter[int] = Counter()
    for line in group:
        for gid, res in line.results.items():
            if res.played:
                count[gid] += 1
    shared = {gid for gid, n in count.items() if n >= 2}
    out = {}
    for line in group:
        mine = [r for gid, r in line.results.items() if gid in shared and r.played]
        tp = sum((r.points for r in mine), Fraction(0))
        out[line.player] = (tp, sum(r.minipoints for r in mine)) if line.kind == MCR else tp
    return out


def highest_game(group: list[Line]) -> dict[str, Any]:
    """Best single game played oneself; having none comes last."""
    out = {}
    for line in group:
        played = [
            r.minipoints if line.kind == MCR else r.points
            for r in line.results.values()
            if r.played
        ]
        out[line.player] = (1, max(played)) if played else (0, 0)
    return out


def criteria(kind: str) -> list[Criterion]:
    """The tie-breaker chain of rules.md 1.2, dice handled separately."""
    places = [
        (f"{n} places", lambda g, i=i: {x.player: x.places[i] for x in g})
        for i, n in enumerate(("1st", "2nd", "3rd"))
    ]
    if kind == RIICHI:
        return [
            ("points", lambda g: {x.player: x.points for x in g}),
            *places,
            ("head-to-head points", head_to_head),
            ("highest single game", highest_game),
        ]
    return [
        ("table points", lambda g: {x.player: x.points for x in g}),
        ("minipoints", lambda g: {x.player: x.minipoints for x in g}),
        *places,
        ("head-to-head", head_to_head),
        ("highest single game", highest_game),
    ]


Blocks = tuple[list[list[Line]], list[str]]


def order(
    group: list[Line], chain: list[Criterion], rolls: dict[str, dict[int, int]], level: int = 0
) -> Blocks:
    """Blocks of still-tied players, best first, and the criterion between each two blocks.

    A criterion splits the group; each sub-group still tied goes on with the next criterion.
    """
    if len(group) == 1:
        return [group], []
    if level == len(chain):
        return dice(group, rolls, 1)
    name, key = chain[level]
    values = key(group)
    ranked = sorted(group, key=lambda x: values[x.player], reverse=True)
    blocks: list[list[Line]] = []
    seps: list[str] = []
    for _, sub in groupby(ranked, key=lambda x: values[x.player]):
        sub_blocks, sub_seps = order(list(sub), chain, rolls, level + 1)
        if blocks:
            seps.append(name)
        blocks += sub_blocks
        seps += sub_seps
    return blocks, seps


def dice(group: list[Line], rolls: dict[str, dict[int, int]], round_: int) -> Blocks:
    """Dice rounds: a round splits the group only when every member has rolled in it."""
    if len(group) == 1:
        return [group], []
    if not all(round_ in rolls.get(x.player, {}) for x in group):
        return [sorted(group, key=lambda x: x.player.casefold())], []
    ranked = sorted(group, key=lambda x: rolls[x.player][round_], reverse=True)
    blocks: list[list[Line]] = []
    seps: list[str] = []
    for _, sub in groupby(ranked, key=lambda x: rolls[x.player][round_]):
        sub_blocks, sub_seps = dice(list(sub), rolls, round_ + 1)
        if blocks:
            seps.append("dice")
        blocks += sub_blocks
        seps += sub_seps
    return blocks, seps


@dataclass
class StandingRow:
    """One expected row of the Standings sheet."""

    rank: int
    line: Line
    decided_by: str


def standings(division: str, games: list[Game], penalties: list[PenaltyRow]) -> list[StandingRow]:
    """The expected standings of one division."""
    lines = division_lines(division, games, penalties)
    rolls: dict[str, dict[int, int]] = defaultdict(dict)
    if division == DICE_DIVISION:
        for player, round_, roll in DICE_ROLLS:
            rolls[player][round_] = roll
    start = sorted(lines.values(), key=lambda x: x.player.casefold())
    blocks, seps = order(start, criteria(DIVISION_GAME[division]), rolls)
    rows: list[StandingRow] = []
    for i, block in enumerate(blocks):
        rank = len(rows) + 1
        for line in block:
            # Unresolved ties say "tied"; the last row has nothing below it.
            why = "tied" if len(block) > 1 else seps[i] if i < len(seps) else ""
            rows.append(StandingRow(rank, line, why))
    return rows


# --------------------------------------------------------------------------------------------
# The self-check
# --------------------------------------------------------------------------------------------


def check_season(games: list[Game], penalties: list[PenaltyRow]) -> None:
    """Assert the sheet's invariants and the deliberate features (a)-(e)."""
    assert [g.gid for g in games] == list(range(1, len(games) + 1)), "game ids"
    for game in games:
        players = game.players()
        assert len(players) == 4 == len(set(players)), f"game {game.gid}: four different players"
        assert set(players) <= set(DIVISION_MEMBERS[game.division]), f"game {game.gid}: members"
        scores = [s.score for s in game.seats]
        if game.kind == RIICHI:
            assert sum(scores) == RIICHI_SUM, f"game {game.gid}: riichi sum {sum(scores)}"
            assert all(s >= 0 and s % 100 == 0 for s in scores), f"game {game.gid}: {scores}"
        else:
            assert sum(scores) == 0, f"game {game.gid}: MCR sum {sum(scores)}"
    for night in range(len(NIGHTS)):
        for division, _, _, members in DIVISIONS:
            count = sum(1 for g in games if g.night == night and g.division == division)
            assert count == (2 if len(members) == 8 else 1), f"{division} night {night}"

    riichi = [[s.score for s in g.seats] for g in games if g.kind == RIICHI]
    mcr = [g for g in games if g.kind == MCR]
    # (a) riichi: two games with exactly two equal scores, one with three equal.
    assert sum(1 for s in riichi if max(Counter(s).values()) == 2) >= 2, "(a) pair ties"
    assert sum(1 for s in riichi if max(Counter(s).values()) == 3) >= 1, "(a) triple tie"
    # (b) MCR: two games with ties, one of them a three-way tie worth 7/3 table points.
    tied = [g for g in mcr if not no_ties([s.score for s in g.seats])]
    assert len(tied) >= 2, "(b) MCR ties"
    assert any(
        Fraction(7, 3) in [r[0] for r in plain_results(MCR, [s.score for s in g.seats])]
        for g in tied
    ), "(b) 7/3"
    # (c) substitutions, in both game types; the MCR substitute wins a table.
    subs = [(g, s) for g in games for s in g.seats if s.substituted]
    assert 3 <= len(subs) <= 4 and {g.kind for g, _ in subs} == {MCR, RIICHI}, "(c)"
    game = first_game(games, SUBSTITUTE_WINS)
    assert max(game.seats, key=lambda s: s.score).substituted, "(c) substitute wins"
    # Penalties: the player really played that game (not substituted).
    by_id = {g.gid: g for g in games}
    for pen in penalties:
        game = by_id[pen.gid]
        assert pen.player in game.players(), f"penalty: {pen.player} not in game {pen.gid}"
        assert not game.seat(pen.player).substituted, f"penalty: {pen.player} substituted"
        assert pen.player not in (DICE_A, DICE_B, H2H_WINNER, H2H_LOSER)

    # (d) Riichi 3: A and B equal on every criterion, dice put A first.
    lines = division_lines(DICE_DIVISION, games, penalties)
    a, b = lines[DICE_A], lines[DICE_B]
    assert set(a.results) == set(b.results), "(d) A and B always play together"
    assert a.points == b.points and a.places == b.places, "(d) totals and places"
    assert head_to_head([a, b]) == {DICE_A: a.points, DICE_B: b.points}, "(d) head-to-head"
    assert highest_game([a])[DICE_A] == highest_game([b])[DICE_B], "(d) highest game"
    assert all(x.points != a.points for x in lines.values() if x not in (a, b)), "(d) alone"
    rows = standings(DICE_DIVISION, games, penalties)
    names = [r.line.player for r in rows]
    i = names.index(DICE_A)
    assert names[i + 1] == DICE_B and rows[i].decided_by == "dice", "(d) dice decide"
    assert rows[i + 1].rank == rows[i].rank + 1
    assert DICE_B.casefold() < DICE_A.casefold(), "(d) the dice must change the name order"

    # (e) MCR 2: equal totals and places, head-to-head decides for the winner.
    lines = division_lines(H2H_DIVISION, games, penalties)
    w, lo = lines[H2H_WINNER], lines[H2H_LOSER]
    assert w.totals() == lo.totals() and w.places == lo.places, "(e) totals and places"
    assert all(x.totals() != w.totals() for x in lines.values() if x not in (w, lo)), "(e)"
    h2h = head_to_head([w, lo])
    assert h2h[H2H_WINNER] > h2h[H2H_LOSER], "(e) head-to-head"
    rows = standings(H2H_DIVISION, games, penalties)
    names = [r.line.player for r in rows]
    i = names.index(H2H_WINNER)
    assert names[i + 1] == H2H_LOSER and rows[i].decided_by == "head-to-head", "(e) decided"
    assert H2H_LOSER.casefold() < H2H_WINNER.casefold()


# --------------------------------------------------------------------------------------------
# Nights and Attendance, and the self-check of rules.md 1.4
# --------------------------------------------------------------------------------------------

ON_TIME, LATE, AWAY = "on time", "late", "absent"
MARK_ARRIVAL = {"o": ON_TIME, "l": LATE, "t": LATE, ".": AWAY}
OK, WARNING, SUBSTITUTABLE = "ok", "warning", "substitutable"

#: Every way of filling in a cell (see :func:`cell_kind`); the sample uses each at least once.
CELL_KINDS = {
    "x",
    "yes",
    "ja",
    "number 1",
    "time on time",
    "text time on time",
    "late",
    "sen",
    "time late",
    "text time late",
    "blank",
    "number 0",
    "no",
    "nej",
    "-",
}


@dataclass
class Extras:
    """The sheets for attendance and next season: Nights, Attendance, Schedule, Signups."""

    nights: list[tuple[date, str, str | None]]
    attendance: dict[str, list[Any]]  # member -> one cell per Thursday in NIGHTS
    schedule: list[tuple[str, int, list[str]]]  # (division, planned game number, foursome)
    signups: list[tuple[str, str]]


@dataclass(frozen=True)
class Change:
    """A status change: the new status, its date and what set it (a check or a night)."""

    when: date
    status: str
    by: str


def members_in_order() -> list[str]:
    """Every division member once, in the order of the Players sheet."""
    members = {m for _, _, _, ms in DIVISIONS for m in ms}
    return [name for name, _ in PLAYERS if name in members]


def division_count(player: str) -> int:
    """How many divisions ``player`` plays in."""
    return sum(player in members for _, _, _, members in DIVISIONS)


def required(player: str) -> Fraction:
    """2/5 of the regular nights in one division, 2/3 in two or more."""
    return ONE_DIVISION if division_count(player) == 1 else TWO_DIVISIONS


def make_nights() -> list[tuple[date, str, str | None]]:
    """The Nights rows in date order: every Thursday, one of them not regular, and a
    Saturday tournament (not a Thursday, so never a regular night)."""
    rows: list[tuple[date, str, str | None]] = []
    for i, night in enumerate(NIGHTS):
        if i == NON_REGULAR_NIGHT:
            rows.append((night, "no", NON_REGULAR_NOTE))
        else:
            rows.append((night, "yes", NIGHT_NOTES.get(i)))
    rows += [(day, "no", note) for day, note in EXTRA_NIGHTS]
    return sorted(rows, key=lambda row: row[0])


def regular_nights(nights: list[tuple[date, str, str | None]]) -> list[date]:
    """The Thursdays heading the Attendance columns or in Nights, minus those marked no."""
    marked_no = {day for day, regular, _ in nights if regular.casefold() == "no"}
    days = set(NIGHTS) | {day for day, _, _ in nights}
    return sorted(day for day in days if day.weekday() == 3 and day not in marked_no)


def check_dates() -> list[date]:
    """15 weeks after the season start, then every 3 weeks, up to as_of."""
    dates = []
    when = SEASON_START + timedelta(weeks=FIRST_CHECK_WEEKS)
    while when <= AS_OF:
        dates.append(when)
        when += timedelta(weeks=CHECK_EVERY_WEEKS)
    return dates


def arrival(value: Any) -> str:
    """How an Attendance cell reads by workbook.md: on time, late or absent."""
    if value is None:
        return AWAY
    if isinstance(value, time):
        return ON_TIME if value <= START_TIME else LATE
    text = str(value).strip().casefold()
    if text in ("x", "1", "yes", "ja"):
        return ON_TIME
    if text in ("late", "sen"):
        return LATE
    if text in ("", "0", "no", "nej", "-"):
        return AWAY
    match = re.fullmatch(r"(\d{1,2}):(\d{2})", text)
    assert match, f"not an attendance cell: {value!r}"
    return ON_TIME if time(int(match[1]), int(match[2])) <= START_TIME else LATE


def cell_kind(value: Any) -> str:
    """Which of the :data:`CELL_KINDS` a cell is."""
    if value is None:
        return "blank"
    if isinstance(value, time):
        return f"time {arrival(value)}"
    if isinstance(value, int):
        return f"number {value}"
    text = str(value).strip().casefold()
    if re.fullmatch(r"\d{1,2}:\d{2}", text):
        return f"text time {arrival(value)}"
    return text


def attendance_history(
    arrivals: Sequence[str], regular: list[date], requirement: Fraction
) -> list[Change]:
    """The status changes of one member by rules.md 1.4, events in date order up to as_of.

    ``arrivals[i]`` is how the member came on ``NIGHTS[i]``. A check on date C counts the
    regular nights from the season start to before C; a check on a club night comes before
    that night counts. A substitutable member is released after the first regular night
    (counted up to and including it) that brings them up to the requirement.
    """
    came = dict(zip(NIGHTS, arrivals, strict=True))

    def passes(nights: list[date]) -> bool:
        attended = sum(came.get(day) == ON_TIME for day in nights)
        return attended * requirement.denominator >= requirement.numerator * len(nights)

    checks = check_dates()
    status, changes = OK, []
    for day in sorted(set(checks) | {d for d in regular if d <= AS_OF}):
        if day in checks:
            if not passes([d for d in regular if SEASON_START <= d < day]):
                new = WARNING if status == OK else SUBSTITUTABLE
            else:
                new = OK
            if new != status:
                status = new
                changes.append(Change(day, new, "check"))
        up_to_tonight = [d for d in regular if SEASON_START <= d <= day]
        if day in regular and status == SUBSTITUTABLE and passes(up_to_tonight):
            status = OK
            changes.append(Change(day, OK, "night"))
    return changes


def status_for_games(changes: list[Change], day: date) -> str:
    """The status that holds for substitutions on ``day`` (after a check on that day, before
    the night itself counts)."""
    status = OK
    for change in changes:
        if change.when < day or (change.when == day and change.by == "check"):
            status = change.status
    return status


def played_nights(games: list[Game]) -> dict[str, set[int]]:
    """The nights each member played themselves (a substituted seat was not played)."""
    played: dict[str, set[int]] = defaultdict(set)
    for game in games:
        for seat in game.seats:
            if not seat.substituted:
                played[seat.player].add(game.night)
    return played


def lateness_arrivals(
    games: list[Game], penalties: list[PenaltyRow]
) -> dict[tuple[str, int], time]:
    """(player, night) -> arrival time, from the notes of lateness penalties ("Arrived 18:34")."""
    by_id = {g.gid: g for g in games}
    out = {}
    for pen in penalties:
        match = re.search(r"Arrived (\d{1,2}):(\d{2})", pen.note)
        if pen.kind == "lateness" and match:
            out[pen.player, by_id[pen.gid].night] = time(int(match[1]), int(match[2]))
    return out


def render(mark: str, rng: random.Random) -> Any:
    """A cell as an organiser might type it for a mark (``o``, ``l``, ``t`` or ``.``)."""
    if mark == "o":
        kind = rng.choices(("x", "X", 1, "yes", "ja", "time", "text"), (40, 3, 6, 3, 5, 6, 3))[0]
        if kind == "time":
            return time(18, rng.randrange(0, 31, 5))
        if kind == "text":
            return f"18:{rng.randrange(0, 31, 5):02d}"
        return kind
    if mark == "l":
        return rng.choice(("late", "sen", "Late"))
    if mark == "t":
        minutes = rng.randint(31, 75)
        arrived = time(18 + minutes // 60, minutes % 60)
        return arrived if rng.random() < 0.6 else f"{arrived.hour}:{arrived.minute:02d}"
    return rng.choices((None, 0, "no", "nej", "-"), (24, 2, 2, 2, 2))[0]


def make_attendance(
    games: list[Game],
    penalties: list[PenaltyRow],
    nights: list[tuple[date, str, str | None]],
    rng: random.Random,
) -> dict[str, list[Any]]:
    """One row of cells per member. The members of :data:`ATTENDANCE_PATTERNS` follow their
    pattern; everyone else is on time at (almost) every night they played and at about half of
    the others, redrawn until they never fail a check."""
    played = played_nights(games)
    regular = regular_nights(nights)
    forced: dict[tuple[str, int], tuple[str, Any]] = {
        (player, night): (mark, value) for player, night, mark, value in FIXED_CELLS
    }
    for (player, night), arrived in lateness_arrivals(games, penalties).items():
        forced[player, night] = ("t", arrived)
    cells = {}
    for player in members_in_order():
        if player in ATTENDANCE_PATTERNS:
            marks = list(ATTENDANCE_PATTERNS[player])
        else:
            while True:
                marks = [
                    ("o" if rng.random() < 0.92 else rng.choice("lt"))
                    if night in played[player]
                    else ("o" if rng.random() < 0.45 else ".")
                    for night in range(len(NIGHTS))
                ]
                for (who, night), (mark, _) in forced.items():
                    if who == player:
                        marks[night] = mark
                arrivals = [MARK_ARRIVAL[m] for m in marks]
                if not attendance_history(arrivals, regular, required(player)):
                    break
        assert len(marks) == len(NIGHTS), f"{player}: one mark per night"
        row = []
        for night, mark in enumerate(marks):
            if (player, night) in forced:
                assert forced[player, night][0] == mark, f"{player}: night {night} is {mark}"
                row.append(forced[player, night][1])
            else:
                row.append(render(mark, rng))
        cells[player] = row
    return cells


def check_attendance(
    games: list[Game], penalties: list[PenaltyRow], extras: Extras
) -> dict[str, list[Change]]:
    """Assert the attendance features from the sheets' contents; return every history."""
    # Every Thursday has division games, so the non-regular one has games too: they are
    # played as usual, the night just does not count for attendance.
    assert {g.night for g in games} == set(range(len(NIGHTS))), "games on every Thursday"
    regular = regular_nights(extras.nights)
    assert len(regular) == len(NIGHTS) - 1 and NIGHTS[NON_REGULAR_NIGHT] not in regular
    assert NON_REGULAR_NIGHT < FIRST_CHECK_WEEKS, "the non-regular Thursday is in the first 15"
    assert any(day.weekday() != 3 for day, _, _ in extras.nights), "a non-Thursday date"
    checks = check_dates()
    assert checks == [date(2025, 12, 11), date(2026, 1, 1)], checks
    assert sum(SEASON_START <= d < checks[0] for d in regular) == 14, "rules.md's example"

    assert list(extras.attendance) == members_in_order(), "one row per member"
    arrivals = {p: [arrival(v) for v in row] for p, row in extras.attendance.items()}
    kinds = {cell_kind(v) for row in extras.attendance.values() for v in row}
    assert kinds == CELL_KINDS, (
        f"cell kinds: missing {CELL_KINDS - kinds}, odd {kinds - CELL_KINDS}"
    )
    for game in games:
        for seat in game.seats:
            came = arrivals[seat.player][game.night]
            if seat.substituted:
                assert came == AWAY, f"game {game.gid}: {seat.player} was substituted"
            else:
                assert came != AWAY, f"game {game.gid}: {seat.player} played"
    for (player, night), arrived in lateness_arrivals(games, penalties).items():
        assert extras.attendance[player][night] == arrived, f"{player}: arrived {arrived}"
    for player, night, _, value in FIXED_CELLS:
        assert extras.attendance[player][night] == value

    history = {p: attendance_history(arrivals[p], regular, required(p)) for p in extras.attendance}
    for player, changes in history.items():
        final = (changes[-1].status, changes[-1].when) if changes else (OK, None)
        assert final == EXPECTED_ATTENDANCE.get(player, (OK, None)), f"{player}: {changes}"
    warned = {p for p, ch in history.items() if ch and ch[0] == Change(checks[0], WARNING, "check")}
    assert warned == EXPECTED_FIRST_WARNINGS, f"first check warns {warned}"
    for player, (status, _) in EXPECTED_ATTENDANCE.items():
        if status == SUBSTITUTABLE:  # warned, then substitutable, never released
            assert [c.status for c in history[player]] == [WARNING, SUBSTITUTABLE], player
            assert division_count(player) == 2, player
    # Every substituted seat is a member substitutable on that night.
    for game in games:
        for seat in game.seats:
            if seat.substituted:
                assert status_for_games(history[seat.player], NIGHTS[game.night]) == SUBSTITUTABLE

    # The late member: late arrivals of both kinds, and one on-time night fewer would fail.
    late = [cell_kind(v) for v in extras.attendance[LATE_BUT_OK]]
    assert {"late", "sen", "time late"} <= set(late), f"{LATE_BUT_OK}: {late}"
    assert not history[LATE_BUT_OK] and division_count(LATE_BUT_OK) == 1
    for check in checks:
        nights = [d for d in regular if d < check]
        attended = sum(arrivals[LATE_BUT_OK][NIGHTS.index(d)] == ON_TIME for d in nights)
        assert 0 <= attended * 5 - 2 * len(nights) < 5, f"{LATE_BUT_OK}: close to the line"
    return history


# --------------------------------------------------------------------------------------------
# Schedule and Signups, and their self-check
# --------------------------------------------------------------------------------------------


def table_cost(
    table: Sequence[str], upcoming: Counter[str], listed: Counter[str], met: Counter[frozenset[str]]
) -> tuple[int, int, int]:
    """Lower is fairer: (the four's remaining games planned so far, their games listed so
    far, how often they already met)."""
    return (
        sum(upcoming[p] for p in table),
        sum(listed[p] for p in table),
        sum(met[frozenset(pair)] for pair in combinations(table, 2)),
    )


def plan_schedule(games: list[Game]) -> list[tuple[str, int, list[str]]]:
    """The planned foursomes of every division: the games played so far, in the order they
    were played, then the remaining nights' games. Those rotate through all members (the ones
    with fewer games first, then who met least); Riichi 1 (eight members) plays two tables a
    night, all eight split so they meet least."""
    rows = []
    for division, _, _, members in DIVISIONS:
        tables = [g.players() for g in games if g.division == division]
        upcoming: Counter[str] = Counter()
        listed: Counter[str] = Counter(p for t in tables for p in t)
        met: Counter[frozenset[str]] = Counter(
            frozenset(pair) for t in tables for pair in combinations(t, 2)
        )

        def cost(table: Sequence[str]) -> tuple[int, int, int]:
            return table_cost(table, upcoming, listed, met)  # noqa: B023 (called in this iteration only)

        for _ in range(REMAINING_NIGHTS[division]):
            if len(members) == 8:
                first, rest = members[0], members[1:]
                options = [[first, *c] for c in combinations(rest, 3)]
                best = min(
                    options, key=lambda t: cost(t)[2] + cost([m for m in members if m not in t])[2]
                )
                night = [best, [m for m in members if m not in best]]
            else:
                night = [list(min(combinations(members, 4), key=cost))]
            for table in night:
                tables.append(table)
                upcoming.update(table)
                listed.update(table)
                met.update(frozenset(pair) for pair in combinations(table, 2))
        rows += [(division, n, table) for n, table in enumerate(tables, start=1)]
    return rows


def members_of_game(game: str) -> set[str]:
    """Everyone in a division of ``game`` (MCR or Riichi) this season."""
    return {m for _, kind, _, members in DIVISIONS if kind == game for m in members}


def make_signups(rng: random.Random) -> list[tuple[str, str]]:
    """Next season's signups in the order they came in: every member for each game they play
    (but :data:`NOT_SIGNING_UP`), plus :data:`NEW_SIGNUPS`; some typed in lower case."""
    skip = set(NOT_SIGNING_UP)
    wanted = [
        (name, game)
        for name, _ in PLAYERS
        for game in (MCR, RIICHI)
        if name in members_of_game(game) and (name, game) not in skip
    ]
    wanted += NEW_SIGNUPS
    rng.shuffle(wanted)
    return [(name, game.lower() if rng.random() < 0.2 else game) for name, game in wanted]


def relegation_candidates(
    division: str, games: list[Game], penalties: list[PenaltyRow]
) -> set[str]:
    """Rows n-1 and n of the standings (never row 1, nor row 2 below division 1)."""
    rows = standings(division, games, penalties)
    level = next(lvl for name, _, lvl, _ in DIVISIONS if name == division)
    n = len(rows)
    return {
        row.line.player
        for i, row in enumerate(rows, start=1)
        if i >= n - 1 and i != 1 and not (i == 2 and level > 1)
    }


def check_next_season(games: list[Game], penalties: list[PenaltyRow], extras: Extras) -> None:
    """Assert the Schedule and Signups features."""
    for division, _, _, members in DIVISIONS:
        planned = [(n, t) for d, n, t in extras.schedule if d == division]
        assert [n for n, _ in planned] == list(range(1, len(planned) + 1)), division
        assert all(len(set(t)) == 4 and set(t) <= set(members) for _, t in planned), division
        played = [g.players() for g in games if g.division == division]
        assert [t for _, t in planned[: len(played)]] == played, f"{division}: played first"
        remaining = len(planned) - len(played)
        assert 2 <= remaining <= 4, f"{division}: {remaining} games to play"

    signed = [(name, game.casefold()) for name, game in extras.signups]
    assert len(set(signed)) == len(signed), "one signup per player and game"
    assert any(game != game.lower() for _, game in extras.signups)
    assert any(game == game.lower() for _, game in extras.signups)
    candidates = {
        kind: set().union(
            *(relegation_candidates(d, games, penalties) for d, k, _, _ in DIVISIONS if k == kind)
        )
        for kind in (MCR, RIICHI)
    }
    assert len(NOT_SIGNING_UP) == 2
    assert [p in candidates[game] for p, game in NOT_SIGNING_UP] == [True, False]
    for game in (MCR, RIICHI):
        current = {p for p, g in signed if g == game.casefold() and p in members_of_game(game)}
        assert current == members_of_game(game) - {p for p, g in NOT_SIGNING_UP if g == game}
    ratings = dict(PLAYERS)
    in_divisions = members_of_game(MCR) | members_of_game(RIICHI)
    for name, game in NEW_SIGNUPS:
        assert name in ratings and name not in in_divisions, f"{name}: a new player"
        assert (name, game.casefold()) in signed
    assert any(ratings[name] is None for name, _ in NEW_SIGNUPS), "a new player without rating"
    assert any(ratings[name] is not None for name, _ in NEW_SIGNUPS), "a new player with rating"
    assert {n for n, _ in signed} <= set(ratings), "everyone who signs up is in Players"


# --------------------------------------------------------------------------------------------
# Feature (j): the Hands sheet, one evening of classical scoring at one table (rules.md 2)
# --------------------------------------------------------------------------------------------

HANDS_NIGHT = 12  # 2025-11-20; all four came that night (asserted against Attendance)
HANDS_SESSION = NIGHTS[HANDS_NIGHT].isoformat()  # typed as text, "2025-11-20"
#: The table in dealing order: the first is East in hand 1; the deal passes to the next.
HANDS_PLAYERS = ("Chen Wei", "Åse Mølgaard", "Anders Nygaard", "Camilla Juhl")
WIND_ORDER = ("E", "S", "W", "N")
HANDS_HEADERS = (
    "Session",
    "Hand",
    "Round",
    "Player",
    "Seat",
    "Mahjong",
    "Sets",
    "Flowers",
    "Seasons",
    "Self-drawn",
    "Loose tile",
    "Last tile",
    "Limit",
)
HANDS_WIDTHS = (12, 6, 7, 20, 6, 9, 34, 9, 9, 11, 10, 9, 10)


@dataclass(frozen=True)
class PlannedHand:
    """One hand as the scorer wrote it: the sets of the seats E, S, W, N, the winner's seat
    (None: wall exhausted), flowers/seasons by seat (``"1 3"`` text or a typed number) and
    how the winner's last tile came. ``note`` says what the hand is there to show."""

    sets: tuple[str, str, str, str]
    winner: str | None
    note: str
    flowers: dict[str, str | int] = field(default_factory=dict)
    seasons: dict[str, str | int] = field(default_factory=dict)
    self_drawn: bool = False
    loose_tile: bool = False
    last_tile: bool = False
    mark: str = "x"


HANDS: list[PlannedHand] = [
    PlannedHand(  # 1: round E, Chen Wei deals
        ("[RRR] 234p 678s 345m EE", "[555s]", "[WWW]", "999m"),
        "E",
        "pair of east wind, own and round wind (4); red dragon pung",
        flowers={"S": "1 3"},
        seasons={"N": 2},
    ),
    PlannedHand(  # 2: East won, Chen Wei deals again
        ("[GGG]", "123m 456p [678s] 345s 88p", "[234m] 777p", "[NNN]"),
        "S",
        "worthless hand: four chows and a pair that scores nothing",
        flowers={"S": 2},
        mark="yes",
    ),
    PlannedHand(  # 3: the deal passes to Åse Mølgaard
        ("[EEE]", "[123s] 888m", "[WWW] 222p 456p 789s 55m", "[HHHH]"),
        "W",
        "self-drawn; west wind pung of the own wind; east wind pung of own and round wind",
        flowers={"S": "1 3"},
        self_drawn=True,
    ),
    PlannedHand(  # 4: Anders Nygaard deals
        ("[555m] [678p]", "RRR", "", "[SSS]"),
        None,
        "wall exhausted: nobody went Mah-Jong, nothing is settled",
        seasons={"E": 4},
    ),
    PlannedHand(  # 5: Camilla Juhl deals
        ("8888p 234m 567s 345p RR", "[NNN]", "[111s] 999p", "[GGG]"),
        "E",
        "on the loose tile after a concealed kong (10 instead of 2)",
        flowers={"N": 2},
        self_drawn=True,
        loose_tile=True,
    ),
    PlannedHand(  # 6: East won, Camilla Juhl deals again; the last hand of the east round
        ("[999s]", "[RRR]", "[333m] 6666s", "[GGG] [HHH] 123p 789p 55p"),
        "N",
        "one suit with honours and two dragon pungs: 28 points, 3 doubles",
        seasons={"E": "1 4"},
    ),
    PlannedHand(  # 7: round S, Chen Wei deals
        ("[EEE] 444s 777p [2222m] HH", "[SSS]", "[666m]", "[999s] [GGG]"),
        "E",
        "no chows and a pung of the own wind; South's pung is own and round wind",
    ),
    PlannedHand(  # 8: East won, Chen Wei deals again
        ("[NNN]", "[234s] 456s 777m [999p] SS", "[RRRR]", ""),
        "S",
        "pair of south wind, own and round wind (4); West's exposed kong of red dragons",
        flowers={"N": "1 3"},
    ),
    PlannedHand(  # 9: Åse Mølgaard deals
        ("[555p] [SSS]", "[678m]", "19m19p19sESWNRGHH", "2222s"),
        "W",
        "thirteen orphans, a limit hand seen from the tiles: 500",
        seasons={"S": 3},
    ),
    PlannedHand(  # 10: Anders Nygaard deals
        ("[111p] 234p 555p 678p 99p", "[WWW]", "[345s] [777s]", "EEEE"),
        "E",
        "one suit only, no honours (3 doubles)",
        flowers={"N": 3},
    ),
    PlannedHand(  # 11: East won, Anders Nygaard deals again
        ("[888p] [HHH]", "[111s]", "[SSS]", "[NNN] RRR GGG 567m 33m"),
        "N",
        "own wind and two dragon pungs, one suit with honours: 42 x 16 = 672, capped at 500",
        seasons={"W": 2},
        self_drawn=True,
    ),
    PlannedHand(  # 12: Camilla Juhl deals; the last hand of the evening
        ("RRR", "[555m]", "[123m] [789s] 456p [SSS] 22s", ""),
        "W",
        "Mah-Jong on the last tile of the wall, self-drawn; pung of the round wind",
        flowers={"N": 4},
        seasons={"S": "1 3"},
        self_drawn=True,
        last_tile=True,
    ),
]


@dataclass(frozen=True)
class DealtHand:
    """A planned hand with its number, round wind and who sat in which seat (E, S, W, N)."""

    number: int
    round_wind: str
    players: tuple[str, str, str, str]
    plan: PlannedHand


def deal_hands() -> list[DealtHand]:
    """Number the hands and seat the players: East keeps the deal only by winning; otherwise
    the deal passes to South (everyone's seat wind moves on), and once every player has dealt
    the round wind moves from E to S."""
    dealt: list[DealtHand] = []
    dealer, round_index = 0, 0
    for number, plan in enumerate(HANDS, start=1):
        seated = tuple(HANDS_PLAYERS[(dealer + k) % 4] for k in range(4))
        dealt.append(DealtHand(number, WIND_ORDER[round_index], seated, plan))
        if plan.winner != "E":
            dealer = (dealer + 1) % 4
            if dealer == 0:
                round_index += 1
    return dealt


def hand_inputs(hand: DealtHand) -> list[HandInput]:
    """The four rows of a hand as the project's scorer reads them (rules/classical.py)."""
    plan = hand.plan
    inputs = []
    for seat, player, sets in zip(WIND_ORDER, hand.players, plan.sets, strict=True):
        won = plan.winner == seat
        inputs.append(
            HandInput(
                player,
                Wind(seat),
                parse_sets(sets),
                won,
                frozenset(int(n) for n in str(plan.flowers.get(seat, "")).split()),
                frozenset(int(n) for n in str(plan.seasons.get(seat, "")).split()),
                won and plan.self_drawn,
                won and plan.loose_tile,
                won and plan.last_tile,
            )
        )
    return inputs


@dataclass(frozen=True)
class ScoredHand:
    """A dealt hand with every seat's score, settlement and session running total."""

    hand: DealtHand
    scores: dict[Wind, HandScore]
    net: dict[Wind, int]
    totals: dict[str, int]


def check_hands(dealt: list[DealtHand], extras: Extras) -> list[ScoredHand]:
    """Validate every hand with the project's own parser and checks, score and settle the
    session, and assert the features of (j)."""
    for player in HANDS_PLAYERS:
        assert arrival(extras.attendance[player][HANDS_NIGHT]) != AWAY, f"{player} was there"
    totals = dict.fromkeys(HANDS_PLAYERS, 0)
    scored: list[ScoredHand] = []
    for hand in dealt:
        plan = hand.plan
        inputs = hand_inputs(hand)
        for row in inputs:
            check_hand(row)
            if not row.winner:  # a non-winner lists pungs, kongs and exposed chows only
                for tile_set in row.sets:
                    assert tile_set.kind not in (SetKind.PAIR, SetKind.ORPHANS), hand.number
                    assert tile_set.kind is not SetKind.CHOW or tile_set.exposed, hand.number
        assert hand_table_problems(inputs) == [], (hand.number, hand_table_problems(inputs))
        for row, text in zip(inputs, plan.sets, strict=True):
            assert format_sets(row.sets) == text, (hand.number, text)  # written canonically
        if plan.winner is None:
            assert not (plan.self_drawn or plan.loose_tile or plan.last_tile), hand.number
        if plan.loose_tile:
            assert plan.self_drawn and any(
                s.kind is SetKind.KONG for s in inputs[WIND_ORDER.index(plan.winner or "")].sets
            ), "a loose tile is drawn after a kong"
        round_wind = Wind(hand.round_wind)
        scores = {row.seat: score_hand(row, round_wind) for row in inputs}
        winner = Wind(plan.winner) if plan.winner else None
        net = settle({seat: s.score for seat, s in scores.items()}, winner)
        assert sum(net.values()) == 0, hand.number
        for row in inputs:
            totals[row.player] += net[row.seat]
        scored.append(ScoredHand(hand, scores, net, dict(totals)))
    assert sum(totals.values()) == 0, "the session settles to zero"

    # The features of (j).
    assert 12 <= len(dealt) <= 14
    rounds = [h.round_wind for h in dealt]
    assert rounds == sorted(rounds, key=WIND_ORDER.index) and set(rounds) == {"E", "S"}
    assert [h.plan.winner for h in dealt].count(None) == 1, "one hand with no winner"
    assert sum(h.plan.winner == "E" for h in dealt) >= 1, "East wins at least once"
    winners = [s.scores[Wind(s.hand.plan.winner)] for s in scored if s.hand.plan.winner]
    kinds = [i.kind for score in winners for i in (*score.point_items, *score.double_items)]
    every = [i.kind for s in scored for sc in s.scores.values() for i in sc.double_items]
    for wanted in (
        ItemKind.SELF_DRAWN,
        ItemKind.LOOSE_TILE,
        ItemKind.LAST_TILE,
        ItemKind.WORTHLESS_HAND,
        ItemKind.ONE_SUIT_WITH_HONOURS,
        ItemKind.ONE_SUIT,
        ItemKind.NO_CHOWS,
        ItemKind.OWN_AND_ROUND_WIND_PAIR,
    ):
        assert wanted in kinds, wanted
    assert ItemKind.DRAGON_SET in every, "a dragon pung"
    assert ItemKind.OWN_WIND_SET in every, "an own wind pung"
    assert ItemKind.ROUND_WIND_SET in every, "a round wind pung"
    assert sum(score.capped for score in winners) == 1, "one hand capped at the limit"
    assert [score.limit_hand for score in winners if score.limit_hand] == ["thirteen orphans"]
    cells = [v for h in HANDS for v in (*h.flowers.values(), *h.seasons.values())]
    assert "1 3" in cells and 2 in cells
    assert [h.mark for h in HANDS if h.winner].count("yes") == 1
    return scored


def hands_rows(dealt: list[DealtHand]) -> list[list[Any]]:
    """The Hands sheet rows: four per hand, seats E, S, W, N."""
    rows: list[list[Any]] = []
    for hand in dealt:
        plan = hand.plan
        for seat, player, sets in zip(WIND_ORDER, hand.players, plan.sets, strict=True):
            won = plan.winner == seat
            rows.append(
                [
                    HANDS_SESSION,
                    hand.number,
                    hand.round_wind,
                    player,
                    seat,
                    plan.mark if won else None,
                    sets or None,
                    plan.flowers.get(seat),
                    plan.seasons.get(seat),
                    "x" if won and plan.self_drawn else None,
                    "x" if won and plan.loose_tile else None,
                    "x" if won and plan.last_tile else None,
                    None,
                ]
            )
    return rows


def print_hands(scored: list[ScoredHand]) -> None:
    """Each hand's seats, winner, what it shows and the scores, then the session totals."""
    print(f"\nHands, session {HANDS_SESSION}")
    for s in scored:
        hand, plan = s.hand, s.hand.plan
        seats = ", ".join(f"{w} {p}" for w, p in zip(WIND_ORDER, hand.players, strict=True))
        won = f"{plan.winner} wins" if plan.winner else "no winner"
        print(f"  {hand.number:>2} round {hand.round_wind} ({seats}): {won}; {plan.note}")
        parts = [f"{w} {s.scores[Wind(w)].score} ({s.net[Wind(w)]:+d})" for w in WIND_ORDER]
        print(f"     scores {', '.join(parts)}")
    final = scored[-1].totals
    print("  Final: " + ", ".join(f"{p} {final[p]:+d}" for p in HANDS_PLAYERS))


# --------------------------------------------------------------------------------------------
# Writing the workbooks
# --------------------------------------------------------------------------------------------


def email_of(name: str) -> str:
    """``first.last@example.org`` in plain ASCII."""
    ascii_name = name.casefold()
    for special, plain in (("æ", "ae"), ("ø", "o"), ("å", "aa"), ("è", "e"), ("é", "e")):
        ascii_name = ascii_name.replace(special, plain)
    first, *rest = ascii_name.split()
    return f"{first}.{''.join(rest)}@example.org"


#: The template's Settings: the keys to fill in (empty) and the defaults, filled in.
SETTINGS_DEFAULTS: list[tuple[str, Any]] = [
    ("club", None),
    ("season", None),
    ("season_start", None),
    ("as_of", None),
    ("mode", "league"),
    ("language", "en"),
    ("riichi_ruleset", "ema2016"),
    ("start_points", START_POINTS),
    ("uma", None),  # empty: the riichi_ruleset's (a filled one would outlast a change of it)
    ("mcr_table_points", "4,2,1,0"),
    ("limit", 500),
    ("season_complete", "no"),
    ("email_from", None),
    ("smtp_host", None),
    ("smtp_port", 587),
]

HEADERS = {
    "Settings": ("Key", "Value"),
    "Players": ("Player", "Email", "Rating"),
    "Divisions": ("Division", "Game", "Level", "Player"),
    "Games": ("Game", "Date", "Division", "Player", "Score", "Substituted"),
    "Penalties": ("Game", "Player", "Kind", "Points", "Minutes", "Note"),
    "Dice": ("Division", "Player", "Round", "Roll"),
    "Nights": ("Date", "Regular", "Note"),
    "Attendance": ("Player",),  # then one column per club night, headed by its date
    "Signups": ("Player", "Game"),
    "Schedule": ("Division", "Game", "Player 1", "Player 2", "Player 3", "Player 4"),
    "Hands": HANDS_HEADERS,
}
WIDTHS = {
    "Settings": (18, 32),
    "Players": (24, 34, 10),
    "Divisions": (12, 10, 8, 24),
    "Games": (8, 12, 12, 24, 10, 13),
    "Penalties": (8, 24, 12, 10, 10, 44),
    "Dice": (12, 24, 8, 8),
    "Nights": (12, 9, 34),
    "Attendance": (22,),
    "Signups": (24, 10),
    "Schedule": (12, 8, 22, 22, 22, 22),
    "Hands": HANDS_WIDTHS,
}
#: Width of an Attendance date column.
NIGHT_WIDTH = 11
TIME_FORMAT = "hh:mm"


def write_attendance(ws: Worksheet, cells: dict[str, list[Any]]) -> None:
    """The wide Attendance sheet: dates as real Excel dates across, times as Excel times."""
    widths = (*WIDTHS["Attendance"], *[NIGHT_WIDTH] * len(NIGHTS))
    rows = [[player, *row] for player, row in cells.items()]
    write_sheet(ws, [*HEADERS["Attendance"], *NIGHTS], rows, widths)
    for cell in ws[1]:
        if isinstance(cell.value, date):
            cell.number_format = DATE_FORMAT
    for row in ws.iter_rows(min_row=2):
        for cell in row:
            if isinstance(cell.value, time):
                cell.number_format = TIME_FORMAT
    ws.freeze_panes = "B2"


def season_workbook(
    games: list[Game], penalties: list[PenaltyRow], extras: Extras, dealt: list[DealtHand]
) -> Workbook:
    """The sample season as an openpyxl workbook."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Settings"
    settings: list[tuple[str, Any]] = [
        ("club", "Mahjong Danmark København"),
        ("season", "2025/26"),
        ("season_start", SEASON_START),
        ("as_of", NIGHTS[-1]),
        ("mode", "league"),
        ("language", "en"),
        ("riichi_ruleset", "ema2016"),
        ("season_complete", "no"),
        ("email_from", "organiser@example.org"),
    ]
    write_sheet(ws, HEADERS["Settings"], settings, WIDTHS["Settings"])
    players = [(name, email_of(name), rating) for name, rating in PLAYERS]
    write_sheet(wb.create_sheet("Players"), HEADERS["Players"], players, WIDTHS["Players"])
    divisions = [
        (division, game, level, member)
        for division, game, level, members in DIVISIONS
        for member in members
    ]
    write_sheet(wb.create_sheet("Divisions"), HEADERS["Divisions"], divisions, WIDTHS["Divisions"])
    text_score = first_game(games, TEXT_SCORE_GAME)
    text_score_seat = max(text_score.seats, key=lambda s: s.score)
    text_date = first_game(games, TEXT_DATE_GAME)
    rows: list[list[Any]] = []
    for game in games:
        for n, seat in enumerate(game.seats):
            when: date | str = NIGHTS[game.night]
            if game is text_date and n == 0:
                when = NIGHTS[game.night].isoformat()  # typed by hand as ISO text
            score: int | str = seat.score
            if seat is text_score_seat:
                score = f"{seat.score:,}"  # typed by hand with a thousands separator
            rows.append(
                [
                    game.gid,
                    when,
                    game.division,
                    seat.player,
                    score,
                    "x" if seat.substituted else None,
                ]
            )
    write_sheet(wb.create_sheet("Games"), HEADERS["Games"], rows, WIDTHS["Games"])
    pen_rows = [(p.gid, p.player, p.kind, p.points, p.minutes, p.note) for p in penalties]
    write_sheet(wb.create_sheet("Penalties"), HEADERS["Penalties"], pen_rows, WIDTHS["Penalties"])
    dice_rows = [(DICE_DIVISION, player, round_, roll) for player, round_, roll in DICE_ROLLS]
    write_sheet(wb.create_sheet("Dice"), HEADERS["Dice"], dice_rows, WIDTHS["Dice"])
    write_sheet(wb.create_sheet("Nights"), HEADERS["Nights"], extras.nights, WIDTHS["Nights"])
    write_attendance(wb.create_sheet("Attendance"), extras.attendance)
    write_sheet(wb.create_sheet("Signups"), HEADERS["Signups"], extras.signups, WIDTHS["Signups"])
    schedule_rows = [(d, n, *table) for d, n, table in extras.schedule]
    write_sheet(wb.create_sheet("Schedule"), HEADERS["Schedule"], schedule_rows, WIDTHS["Schedule"])
    write_sheet(wb.create_sheet("Hands"), HEADERS["Hands"], hands_rows(dealt), WIDTHS["Hands"])
    wb.properties.title = "Mahjong Danmark København, divisions 2025/26 (sample)"
    return wb


READ_ME_INTRO = [
    "How to fill in this workbook",
    "Keep one workbook per season. Each sheet below holds one kind of information; keep the "
    "header row (row 1) of every sheet and add one line per entry under it. Names must be "
    "written the same way on every sheet. Headers and words like MCR, Riichi, yes, x and ja "
    "may be written in any capitals.",
    "Dates can be Excel dates or typed as 2025-09-04. Numbers may have a thousands separator "
    "(32,100 or 32.100). Leave a line completely empty or fill in everything it needs.",
    "Run: mahjong-club WORKBOOK.xlsx [--out DIR] (from a checkout: python process.py "
    "WORKBOOK.xlsx). The tool never changes this file: it "
    "writes a copy with the results (Standings, Attendance status, Schedule status, "
    "Next season, Hand scores, Problems) under out/<workbook name>/. "
    "More in docs/workbook-format.md.",
]

READ_ME_ROWS: list[tuple[str, str, str, str]] = [
    (
        "Settings",
        "The club's name, the season and the options for the calculations, one setting per "
        "line. Fill in club, season, season_start (the first club night) and as_of (the date "
        "the standings are for; empty = the latest date in the workbook). The other lines "
        "hold the defaults; a setting left empty or left out gets its default (uma: the "
        "riichi_ruleset's, 15000,5000,-5000,-15000 under ema2016 and twice that under "
        "ema-revised).",
        "Key, Value",
        "Optional (defaults apply)",
    ),
    (
        "Players",
        "Everyone who plays in the club's divisions, one line per player. The name is how the "
        "player is written everywhere else. New players are placed in next season's "
        "divisions by rating.",
        "Player, Email, Rating (optional extra columns: EMA, Country)",
        "Optional but recommended; Email and Rating may be empty",
    ),
    (
        "Divisions",
        "Who plays in which division: one line per member of each division. Game is MCR or "
        "Riichi; Level 1 is the top division. A player in two divisions has two lines.",
        "Division, Game, Level, Player",
        "Needed for standings",
    ),
    (
        "Games",
        "The results: four lines per game (one per seat), all with the same game number, date "
        "and division. Score is the final score in riichi (the four add up to 120,000) and the "
        "game points in MCR (the four add up to 0). When a substitute played for a member, "
        "keep the member's name, write the substitute's score and put x in Substituted.",
        "Game, Date, Division, Player, Score, Substituted",
        "Needed for standings",
    ),
    (
        "Penalties",
        "Penalties given by a referee: the game number, the player and the kind (chombo, "
        "lateness, obstruction, disqualification, other). Riichi chombo: leave Points empty "
        "for 20,000. Riichi lateness: give the Minutes late instead of Points. MCR penalties "
        "are in game points.",
        "Game, Player, Kind, Points, Minutes, Note",
        "Optional",
    ),
    (
        "Dice",
        "Dice rolled to separate players who are tied on everything else: one line per player "
        "and round, the sum of two dice (2-12). Round 1 is compared first, equal rolls go on "
        "to round 2.",
        "Division, Player, Round, Roll",
        "Optional",
    ),
    (
        "Nights",
        "The club nights of the season, one line per night: the date, Regular yes or no (empty "
        "= yes) and a note. Write no for a Thursday that should not count for attendance, e.g. "
        "the Thursday before a Copenhagen tournament; games may still be played on it. Only "
        "Thursdays can count: another date (a Saturday tournament) never does.",
        "Date, Regular, Note",
        "Optional; needed only for nights that do not count",
    ),
    (
        "Attendance",
        "Who came to each club night: the player's name in column A and one column per club "
        "night, headed by its date. Write x (or 1, yes, ja) for on time, or the arrival time "
        "(18:25); late or sen for late; leave empty (or 0, no, nej, -) for absent. Only "
        "arriving by 18:30 counts. Members must come to 2/5 of the regular nights, 2/3 when "
        "they play in two divisions.",
        "Player, then one column per night headed by its date",
        "Optional; needed for the attendance status",
    ),
    (
        "Signups",
        "Next season's players: one line per player and game (MCR or Riichi). New players "
        "must be in Players; they are placed by rating. Without this sheet every current "
        "member continues and no one new joins.",
        "Player, Game",
        "Optional",
    ),
    (
        "Schedule",
        "The planned games of each division: one line per game, numbered 1, 2, 3 ... within "
        "the division, with its four players. Keep the played games in it too.",
        "Division, Game, Player 1, Player 2, Player 3, Player 4",
        "Optional",
    ),
    (
        "Hands",
        "Classical hand scoring: four lines per hand, one per seat (E, S, W, N), with the "
        "session, the hand's number and the round wind. Mark the winner in Mahjong (x); "
        "nobody marked = no winner. Sets in tile notation, exposed sets in brackets: the "
        "winner's whole hand ([RRR] 234p 678s 345m EE), the others only their pungs, kongs and "
        "exposed chows. Flowers and Seasons: the numbers held (1 3). Self-drawn, Loose tile "
        "and Last tile: x for how the winner's last tile came. Limit: heavenly or earthly.",
        "Session, Hand, Round, Player, Seat, Mahjong, Sets, Flowers, Seasons, Self-drawn, "
        "Loose tile, Last tile, Limit",
        "Optional; needed for hand scores",
    ),
]


def template_workbook() -> Workbook:
    """An empty workbook: the Read me sheet, then header rows (Settings with defaults)."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Read me"
    ws.append([READ_ME_INTRO[0]])
    ws["A1"].font = Font(bold=True, size=14)
    for line in READ_ME_INTRO[1:]:
        ws.append([line])
        ws.merge_cells(start_row=ws.max_row, start_column=1, end_row=ws.max_row, end_column=4)
        ws.row_dimensions[ws.max_row].height = 48
        ws.cell(ws.max_row, 1).alignment = Alignment(wrap_text=True, vertical="top")
    ws.append([])
    ws.append(["Sheet", "What it is for", "Columns", "Required?"])
    header_row = ws.max_row
    for cell in ws[header_row]:
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
    for row in READ_ME_ROWS:
        ws.append(list(row))
        for cell in ws[ws.max_row]:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    for letter, width in zip("ABCD", (14, 70, 30, 24), strict=True):
        ws.column_dimensions[letter].width = width
    settings = wb.create_sheet("Settings")
    write_sheet(settings, HEADERS["Settings"], SETTINGS_DEFAULTS, WIDTHS["Settings"])
    for row in settings.iter_rows(min_row=2):
        if row[0].value in ("season_start", "as_of"):
            row[1].number_format = DATE_FORMAT  # ready for the date to be typed in
    for name in ("Players", "Divisions", "Games", "Penalties", "Dice", "Nights"):
        write_sheet(wb.create_sheet(name), HEADERS[name], [], WIDTHS[name])
    write_sheet(wb.create_sheet("Attendance"), HEADERS["Attendance"], [], WIDTHS["Attendance"])
    wb["Attendance"].freeze_panes = "B2"
    for name in ("Signups", "Schedule", "Hands"):
        write_sheet(wb.create_sheet(name), HEADERS[name], [], WIDTHS[name])
    wb.properties.title = "Mahjong club season workbook (template)"
    return wb


def save(wb: Workbook, path: Path) -> None:
    """Save with fixed timestamps so the same content gives the same bytes."""
    save_stable(wb, path, FIXED_TIME, "sample_sheets/make_sample.py")


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def make_penalties(games: list[Game]) -> list[PenaltyRow]:
    """The Penalties rows, each pointing at a game the player played (not substituted)."""
    rows = []
    for division, night, player, kind, points, minutes, note in PENALTIES:
        game = next(
            g
            for g in games
            if g.division == division
            and g.night >= night
            and player in g.players()
            and not g.seat(player).substituted
        )
        rows.append(PenaltyRow(game.gid, player, kind, points, minutes, note))
    return rows


def build() -> tuple[list[Game], list[PenaltyRow], Extras]:
    """The whole season, deterministic for the fixed seeds."""
    rng = random.Random(SEED)
    games = schedule(rng)
    penalties = make_penalties(games)
    make_scores(games, rng, penalties)
    check_season(games, penalties)
    # A second generator for the later sheets, so the games never change because of them.
    extra_rng = random.Random(SEED + 1)
    nights = make_nights()
    extras = Extras(
        nights=nights,
        attendance=make_attendance(games, penalties, nights, extra_rng),
        schedule=plan_schedule(games),
        signups=make_signups(extra_rng),
    )
    check_attendance(games, penalties, extras)
    check_next_season(games, penalties, extras)
    return games, penalties, extras


def fmt(value: Fraction | int) -> str:
    """A number for the summary: whole, or a fraction with its 2-decimal value."""
    value = Fraction(value)
    if value.denominator == 1:
        return f"{value.numerator:,}"
    return f"{value} ({float(value):.2f})"


def print_standings(games: list[Game], penalties: list[PenaltyRow]) -> None:
    """The expected standings of every division, for comparing with the tool's output."""
    for division, kind, _, _ in DIVISIONS:
        print(f"\n{division}")
        for row in standings(division, games, penalties):
            line = row.line
            mini = f" mp {line.minipoints:>5}" if kind == MCR else ""
            places = "/".join(str(n) for n in line.places)
            print(
                f"  {row.rank:>2} {line.player:<20} games {line.games:>2}"
                f" points {fmt(line.points):>14}{mini} places {places:<9} {row.decided_by}"
            )


def print_attendance(games: list[Game], penalties: list[PenaltyRow], extras: Extras) -> None:
    """The expected attendance status of every member at as_of, and what else was added."""
    history = check_attendance(games, penalties, extras)
    regular = [d for d in regular_nights(extras.nights) if d <= AS_OF]
    print(f"\nAttendance at {AS_OF} ({len(regular)} regular nights)")
    for player, changes in history.items():
        attended = sum(
            arrival(extras.attendance[player][NIGHTS.index(d)]) == ON_TIME for d in regular
        )
        status, since = (changes[-1].status, str(changes[-1].when)) if changes else (OK, "")
        steps = ", ".join(f"{c.when} {c.status}" for c in changes)
        print(
            f"  {player:<20} {required(player)!s:>3} attended {attended:>2}"
            f"  {status:<13} {since:<10}  {steps}"
        )
    print("\nSchedule: games still to play")
    played = Counter(g.division for g in games)
    for division, n, table in extras.schedule:
        if n > played[division]:
            print(f"  {division:<8} {n:>2}  {', '.join(table)}")
    print("\nSignups: not signing up")
    for player, game in NOT_SIGNING_UP:
        print(f"  {player} ({game})")
    ratings = dict(PLAYERS)
    print("Signups: new players")
    for player, game in NEW_SIGNUPS:
        print(f"  {player} ({game}, rating {ratings[player] or 'none'})")


def main() -> None:
    """Write season.xlsx and template.xlsx, then print the expected results."""
    games, penalties, extras = build()
    dealt = deal_hands()
    scored = check_hands(dealt, extras)
    save(season_workbook(games, penalties, extras, dealt), SEASON_XLSX)
    save(template_workbook(), TEMPLATE_XLSX)
    print(f"wrote {SEASON_XLSX.name} ({len(games)} games) and {TEMPLATE_XLSX.name}")
    print_standings(games, penalties)
    print_attendance(games, penalties, extras)
    print_hands(scored)


if __name__ == "__main__":
    main()
