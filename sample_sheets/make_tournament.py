"""Generate the sample EMA riichi tournament workbook (rules.md 4, workbook.md).

Run ``python sample_sheets/make_tournament.py [OUTPUT_DIR]``. It writes
``sample_sheets/tournament.xlsx``: the "Copenhagen Riichi Open 2026", a two-day EMA riichi
tournament under the ``ema2016`` ruleset, 40 players from nine countries, 7 sessions of 10
tables, with the sheets ``Settings``, ``Players``, ``Games`` (Session, Table, Player, Score,
Substituted, plus the tournament's Date as an Excel date) and ``Penalties``.

The output is deterministic: one ``random.Random(SEED)`` drives every choice, nothing depends
on today's date, and the workbook properties and the zip entries carry a fixed timestamp, so
running the script again gives a byte-identical file.

The seating is a random draw per session that avoids repeated opponents (no two players
meet twice). Final scores are multiples of 100, the four at a table add up to exactly
120,000, and leftover riichi sticks go to the table's winner.

Deliberate features (each one asserted by :func:`check_features`):

(a) A substitute who plays from the start and WINS the table, so the three opponents get the
    2nd-4th umas (+5,000 / -5,000 / -15,000) and nobody gets +15,000. Written ``x`` once:
    Maja Ekström missed session 2 (stuck on a delayed train from Malmö); and ``start`` once:
    Benoît Lefèvre's substitute wins his session 4 table (see (b)).
(b) Benoît Lefèvre withdraws after session 3 (he had to leave for a family emergency): in
    sessions 4 to 7 his row stays under his name with the substitute's score and
    ``Substituted`` = ``start``; he gets -30,000 for each.
(c) Lukas Müller falls ill during session 3: ``Substituted`` = ``during``. The substitute
    finished second at the table, but the three others still take +15,000 / +5,000 / -5,000
    in the order of their scores; Lukas gets -30,000.
(d) A table in session 2 (table 1) where Théo Rousseau and Agnieszka Wójcik end level on
    36,500 and share the first two umas (+10,000 each, both count a 1st place).
(e) Michał Kowalczyk arrives 11 minutes late for session 1: a substitute plays that session
    (``start``), he gets -30,000 and pays no lateness points (a ``lateness`` row with
    Minutes 11 and Points blank).

Penalties (``Penalties`` sheet; each player sits at that session and table): a chombo with
Points blank (Anders Nygaard, 20,000), a lateness of 7 minutes with Points blank (Jürgen
Weiß, 7,000), the 11-minute lateness of (e) (0 points), an obstruction of 8,000 (Théo
Rousseau) and a disqualification in session 7 with Points blank (Björn Sjöberg, caught
swapping tiles in the last hand of the final session, so the game was over and no
``during`` substitute came in; ranked at the bottom although his points are not the lowest).

:func:`expected_standings` recomputes every player's session results and total by rules.md
1.1 and 4 under ``ema2016``; all totals are distinct, so no tie-breaker is needed. When the
processor's output for this workbook exists (default ``out/tournament/``, the processor's own
default; or the folder given on the command line), :func:`check_processor_output` compares
its ``Standings`` (rank order, ``Points`` and every ``Session`` column) with that computation
(:func:`compare_processor_output`, which ``tests/test_sample_generators.py`` runs in CI).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from random import Random
from typing import Any

from openpyxl import Workbook, load_workbook
from sample_io import save_stable, write_sheet

SEED = 2037
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TOURNAMENT_XLSX = HERE / "tournament.xlsx"
DEFAULT_OUTPUT = ROOT / "out" / "tournament"

#: Workbook properties and zip entries get this timestamp, so the file never changes.
FIXED_TIME = datetime(2026, 3, 1, 12, 0, 0)
TOURNAMENT_DAY = date(2026, 3, 14)  # a Saturday: sessions 1-4; Sunday: sessions 5-7
SECOND_DAY_FROM = 5

CLUB = "Mahjong Danmark København"
TOURNAMENT = "Copenhagen Riichi Open 2026"

SESSIONS = 7
TABLES = 10
START_POINTS = 30_000
TABLE_TOTAL = 4 * START_POINTS
UMA = (15_000, 5_000, -5_000, -15_000)
#: ema2016: a substituted player gets -15,000 points and the worst uma.
SUBSTITUTED_RESULT = -30_000
CHOMBO_POINTS = 20_000
LATENESS_PER_MINUTE = 1_000
LATENESS_MAX_MINUTES = 10

START = "start"
START_X = "x"
DURING = "during"

# --------------------------------------------------------------------------------------------
# The players
# --------------------------------------------------------------------------------------------

#: EMA member codes: the first two digits of an EMA number are the player's association.
EMA_CODE = {
    "AUT": "01",
    "DNK": "03",
    "FRA": "04",
    "DEU": "05",
    "NLD": "08",
    "SWE": "09",
    "FIN": "14",
    "POL": "19",
}


@dataclass(frozen=True)
class Player:
    """A participant; ``ema`` is the 8-digit EMA number as text (leading zeros kept)."""

    name: str
    country: str  # ISO 3166 alpha-3
    ema: str | None
    rating: int | None


def _player(
    name: str, country: str, serial: int | None, rating: int | None, assoc: str = ""
) -> Player:
    """``serial`` is the 6-digit part of the EMA number; ``assoc`` the association's country
    when it differs from the player's (a Norwegian registered with Mahjong Danmark)."""
    ema = None if serial is None else f"{EMA_CODE[assoc or country]}{serial:06d}"
    return Player(name, country, ema, rating)


PLAYERS: list[Player] = [
    # Denmark (16), one Norwegian living in Copenhagen registered with Mahjong Danmark
    _player("Mette Dahl", "DNK", 10012, 1760),
    _player("Søren Østergaard", "DNK", 10031, 1690),
    _player("Anders Nygaard", "DNK", 10045, 1540),
    _player("Camilla Juhl", "DNK", 10107, 1310),
    _player("Frederik Bæk", "DNK", 10088, 1580),
    _player("Åse Mølgaard", "DNK", 10093, 1520),
    _player("Mikkel Brandt", "DNK", 10120, 1490),
    _player("Emma Thorsen", "DNK", 10134, 1400),
    _player("Kasper Vestergaard", "DNK", 10152, 1360),
    _player("Julie Lauridsen", "DNK", 10166, 1240),
    _player("Ida Kjær", "DNK", 10171, 1110),
    _player("Rasmus Kjeldsen", "DNK", 10183, 1290),
    _player("Line Sørensen", "DNK", 10190, 1270),
    _player("Jens Højgaard", "DNK", 10204, 1450),
    _player("Nikolaj Holm", "DNK", 10211, 1120),
    _player("Signe Bjørn", "DNK", None, None),  # first tournament: no EMA number yet
    _player("Ingrid Løvås", "NOR", 10198, 1330, assoc="DNK"),
    # Sweden
    _player("Karin Åström", "SWE", 20015, 1620),
    _player("Erik Lindqvist", "SWE", 20027, 1470),
    _player("Björn Sjöberg", "SWE", 20039, 1510),
    _player("Maja Ekström", "SWE", 20042, 1380),
    _player("Oskar Nyström", "SWE", 20056, 1260),
    # Germany
    _player("Jürgen Weiß", "DEU", 70023, 1570),
    _player("Anna Schäfer", "DEU", 70118, 1430),
    _player("Lukas Müller", "DEU", 70204, 1350),
    _player("Katrin Groß", "DEU", 70311, 1290),
    # The Netherlands
    _player("Jan de Vries", "NLD", 10023, 1650),
    _player("Sanne Visser", "NLD", 10147, 1480),
    _player("Pieter Bakker", "NLD", 10262, 1410),
    _player("Lotte Jansen", "NLD", 10389, 1300),
    # France
    _player("Élodie Moreau", "FRA", 290035, 1700),
    _player("Benoît Lefèvre", "FRA", 290112, 1420),
    _player("Camille Girard", "FRA", 290187, 1370),
    _player("Théo Rousseau", "FRA", 290240, 1280),
    # Poland
    _player("Piotr Nowak", "POL", 30011, 1440),
    _player("Agnieszka Wójcik", "POL", 30027, 1390),
    _player("Michał Kowalczyk", "POL", 30052, 1320),
    # Finland
    _player("Jussi Mäkelä", "FIN", 40008, 1530),
    _player("Aino Häkkinen", "FIN", 40019, 1250),
    # Austria
    _player("Stefan Gruber", "AUT", 50014, 1460),
]
NAMES = [p.name for p in PLAYERS]

# Feature players.
SUB_X_PLAYER, SUB_X_SESSION = "Maja Ekström", 2  # (a), written "x"; the substitute wins
WITHDRAWN, WITHDRAWN_FROM = "Benoît Lefèvre", 4  # (b), "start" in sessions 4 to 7
WITHDRAWN_WIN_SESSION = 4  # (a), written "start"; the substitute wins
ILL_PLAYER, ILL_SESSION = "Lukas Müller", 3  # (c), "during"
TIE_SESSION = 2  # (d)
LATE_PLAYER, LATE_SESSION, LATE_MINUTES = "Michał Kowalczyk", 1, 11  # (e)

#: (session, player, kind, points, minutes, note); the table is looked up in the seating.
PENALTIES: list[tuple[int, str, str, int | None, int | None, str]] = [
    (1, LATE_PLAYER, "lateness", None, LATE_MINUTES, "Arrived 09:41; a substitute played"),
    (2, "Anders Nygaard", "chombo", None, None, "Declared ron on a tile that did not win"),
    (3, "Théo Rousseau", "obstruction", 8_000, None, "Kept discarding before his turn"),
    (4, "Jürgen Weiß", "lateness", None, 7, "Back 7 minutes late from the lunch break"),
    (7, "Björn Sjöberg", "disqualification", None, None, "Caught swapping tiles, last hand"),
]
DISQUALIFIED = "Björn Sjöberg"

#: Hand-made final scores for the feature tables: the substitute's score first.
SUB_WINS_X = (47_800, 32_600, 26_100, 13_500)
SUB_WINS_START = (44_200, 35_100, 23_900, 16_800)
DURING_SCORES = (33_700, 38_400, 27_500, 20_400)  # the substitute finished second
TIE_SCORES = (36_500, 36_500, 27_300, 19_700)

# --------------------------------------------------------------------------------------------
# Seating and scores
# --------------------------------------------------------------------------------------------


@dataclass
class Seat:
    """One row of ``Games``: the seat's player, final score and substitution."""

    player: str
    score: int = 0
    substituted: str | None = None  # None, "start", "x" or "during"


@dataclass
class Table:
    """Four seats of one session."""

    session: int
    number: int
    seats: list[Seat]

    def players(self) -> list[str]:
        return [s.player for s in self.seats]

    def seat(self, player: str) -> Seat:
        return next(s for s in self.seats if s.player == player)


def draw_session(rng: Random, met: set[frozenset[str]], tries: int = 2000) -> list[list[str]]:
    """Ten foursomes with as few repeated opponents as a greedy random draw finds."""
    best: list[list[str]] = []
    best_repeats = -1
    for _ in range(tries):
        remaining = rng.sample(NAMES, len(NAMES))
        tables: list[list[str]] = []
        while remaining:
            table = [remaining.pop(0)]
            while len(table) < 4:
                fresh = next(
                    (p for p in remaining if all(frozenset((p, q)) not in met for q in table)),
                    remaining[0],
                )
                remaining.remove(fresh)
                table.append(fresh)
            tables.append(table)
        repeats = sum(frozenset(pair) in met for table in tables for pair in combinations(table, 2))
        if best_repeats < 0 or repeats < best_repeats:
            best, best_repeats = tables, repeats
        if repeats == 0:
            break
    return best


def random_scores(rng: Random, players: Sequence[str]) -> list[int]:
    """Four final scores (multiples of 100, sum 120,000, no ties), stronger players a little
    more likely to score well; the rounding remainder goes to the winner (riichi sticks)."""
    ratings = {p.name: p.rating or 1200 for p in PLAYERS}
    while True:
        raw = [rng.gauss(12 * (ratings[p] - 1400), 12_500) for p in players]
        mean = sum(raw) / 4
        scores = [START_POINTS + round((x - mean) / 100) * 100 for x in raw]
        top = scores.index(max(scores))
        scores[top] += TABLE_TOTAL - sum(scores)
        if len(set(scores)) == 4 and max(scores) <= 75_000 and min(scores) >= -15_000:
            return scores


def place_scores(rng: Random, table: Table, first: str | None, fixed: Sequence[int]) -> None:
    """Hand-made scores: ``fixed[0]`` to ``first`` (or to a random seat), the rest shuffled."""
    others = [s for s in table.seats if s.player != first]
    rng.shuffle(others)
    order = ([table.seat(first)] if first else []) + others
    for seat, score in zip(order, fixed, strict=True):
        seat.score = score


class Clash(Exception):
    """Two features landed at one table: draw the day again."""


def build(rng: Random) -> list[Table]:
    """The 70 tables of the day, features included, each feature at a table of its own
    (the day is drawn again, from the same generator, until they are)."""
    while True:
        try:
            return build_once(rng)
        except Clash:
            continue


def build_once(rng: Random) -> list[Table]:
    """One draw of the day; raises :class:`Clash` when two features share a table."""
    met: set[frozenset[str]] = set()
    tables: list[Table] = []
    for session in range(1, SESSIONS + 1):
        for number, foursome in enumerate(draw_session(rng, met), start=1):
            met.update(frozenset(pair) for pair in combinations(foursome, 2))
            tables.append(Table(session, number, [Seat(p) for p in foursome]))

    def at(session: int, player: str) -> Table:
        return next(t for t in tables if t.session == session and player in t.players())

    feature_tables: set[int] = set()

    def mark(table: Table) -> Table:
        if id(table) in feature_tables:
            raise Clash
        feature_tables.add(id(table))
        return table

    # (a) "x": Maja Ekström's substitute wins her session 2 table.
    t = mark(at(SUB_X_SESSION, SUB_X_PLAYER))
    t.seat(SUB_X_PLAYER).substituted = START_X
    place_scores(rng, t, SUB_X_PLAYER, SUB_WINS_X)
    # (b) Benoît Lefèvre withdrew after session 3; (a) "start": his substitute wins session 4.
    for session in range(WITHDRAWN_FROM, SESSIONS + 1):
        t = mark(at(session, WITHDRAWN))
        t.seat(WITHDRAWN).substituted = START
        if session == WITHDRAWN_WIN_SESSION:
            place_scores(rng, t, WITHDRAWN, SUB_WINS_START)
        else:
            for seat, score in zip(t.seats, random_scores(rng, t.players()), strict=True):
                seat.score = score
    # (c) Lukas Müller fell ill during session 3; his substitute finished second.
    t = mark(at(ILL_SESSION, ILL_PLAYER))
    t.seat(ILL_PLAYER).substituted = DURING
    place_scores(rng, t, ILL_PLAYER, DURING_SCORES)
    # (e) Michał Kowalczyk was 11 minutes late for session 1: substituted from the start.
    t = mark(at(LATE_SESSION, LATE_PLAYER))
    t.seat(LATE_PLAYER).substituted = START
    for seat, score in zip(t.seats, random_scores(rng, t.players()), strict=True):
        seat.score = score
    # Penalised players' tables (not to mix with the features above).
    for session, player, *_ in PENALTIES:
        if player != LATE_PLAYER:
            mark(at(session, player))
    # (d) A table of session 2 with two equal top scores, away from every other feature.
    t = mark(next(t for t in tables if t.session == TIE_SESSION and id(t) not in feature_tables))
    place_scores(rng, t, None, TIE_SCORES)
    for t in tables:
        if all(seat.score == 0 for seat in t.seats):
            for seat, score in zip(t.seats, random_scores(rng, t.players()), strict=True):
                seat.score = score
    return tables


# --------------------------------------------------------------------------------------------
# The expected results (rules.md 1.1 and 4, ema2016)
# --------------------------------------------------------------------------------------------


def shared_umas(scores: Sequence[int], umas: Sequence[int]) -> list[Fraction]:
    """Uma by placement, equal scores sharing the umas of the places they occupy."""
    order = sorted(scores, reverse=True)
    result = []
    for score in scores:
        first = order.index(score)
        count = order.count(score)
        result.append(Fraction(sum(umas[first : first + count]), count))
    return result


def table_results(table: Table) -> dict[str, tuple[Fraction, int]]:
    """Each player's (result, place) at one table."""
    scores = [s.score for s in table.seats]
    during = [i for i, s in enumerate(table.seats) if s.substituted == DURING]
    if during:
        others = [i for i in range(4) if i not in during]
        other_scores = [scores[i] for i in others]
        umas = dict(zip(others, shared_umas(other_scores, UMA[: len(others)]), strict=True))
        places = {i: 1 + sum(x > scores[i] for x in other_scores) for i in others}
    else:
        umas = dict(enumerate(shared_umas(scores, UMA)))
        places = {i: 1 + sum(x > scores[i] for x in scores) for i in range(4)}
    results = {}
    for i, seat in enumerate(table.seats):
        if seat.substituted:
            results[seat.player] = (Fraction(SUBSTITUTED_RESULT), 4)
        else:
            results[seat.player] = (scores[i] - START_POINTS + umas[i], places[i])
    return results


def penalty_points(kind: str, points: int | None, minutes: int | None) -> int:
    """rules.md 4: blank chombo 20,000; lateness 1,000 a minute up to 10 (none beyond)."""
    if points is not None:
        return points
    if kind == "chombo":
        return CHOMBO_POINTS
    if kind == "lateness" and minutes is not None:
        return minutes * LATENESS_PER_MINUTE if minutes <= LATENESS_MAX_MINUTES else 0
    return 0


@dataclass
class Line:
    """A player's expected standings line."""

    player: str
    sessions: list[Fraction]
    penalties: int
    places: list[int]
    disqualified: bool

    @property
    def points(self) -> Fraction:
        return sum(self.sessions, Fraction(0)) - self.penalties


def expected_standings(tables: list[Table]) -> list[Line]:
    """Every player's line, best first; the disqualified player last."""
    lines = {name: Line(name, [], 0, [], name == DISQUALIFIED) for name in NAMES}
    for table in sorted(tables, key=lambda t: (t.session, t.number)):
        for player, (result, place) in table_results(table).items():
            lines[player].sessions.append(result)
            lines[player].places.append(place)
    for _, player, kind, points, minutes, _ in PENALTIES:
        lines[player].penalties += penalty_points(kind, points, minutes)
    ranked = sorted(lines.values(), key=lambda line: (line.disqualified, -line.points))
    return ranked


# --------------------------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------------------------


def check_tables(tables: list[Table]) -> None:
    """Four rows per table, sums of 120,000, one row per player per session, no repeats."""
    assert len(tables) == SESSIONS * TABLES
    met: set[frozenset[str]] = set()
    for session in range(1, SESSIONS + 1):
        here = [t for t in tables if t.session == session]
        assert len(here) == TABLES
        seated = [p for t in here for p in t.players()]
        assert sorted(seated) == sorted(NAMES), f"session {session}: not one row per player"
        for t in here:
            assert len(t.seats) == 4
            assert sum(s.score for s in t.seats) == TABLE_TOTAL, (session, t.number)
            assert all(s.score % 100 == 0 for s in t.seats)
            for pair in combinations(t.players(), 2):
                assert frozenset(pair) not in met, f"{pair} meet twice"
                met.add(frozenset(pair))


def check_features(tables: list[Table], lines: list[Line]) -> None:
    """Features (a)-(e) and the penalties are where the docstring says."""

    def at(session: int, player: str) -> Table:
        return next(t for t in tables if t.session == session and player in t.players())

    marks = [(t.session, s.player, s.substituted) for t in tables for s in t.seats if s.substituted]
    assert sorted(marks) == sorted(
        [
            (LATE_SESSION, LATE_PLAYER, START),
            (SUB_X_SESSION, SUB_X_PLAYER, START_X),
            (ILL_SESSION, ILL_PLAYER, DURING),
            *((s, WITHDRAWN, START) for s in range(WITHDRAWN_FROM, SESSIONS + 1)),
        ]
    ), marks
    # (a) the substitute wins; the others get the 2nd-4th umas.
    for session, player in ((SUB_X_SESSION, SUB_X_PLAYER), (WITHDRAWN_WIN_SESSION, WITHDRAWN)):
        t = at(session, player)
        assert max(s.score for s in t.seats) == t.seat(player).score
        results = table_results(t)
        umas = sorted(
            (results[s.player][0] - s.score + START_POINTS for s in t.seats if s.player != player),
            reverse=True,
        )
        assert umas == [5_000, -5_000, -15_000], umas
    # (c) the substitute is not last, yet the others take the first three umas.
    t = at(ILL_SESSION, ILL_PLAYER)
    results = table_results(t)
    assert sorted(s.score for s in t.seats).index(t.seat(ILL_PLAYER).score) > 0
    umas = sorted(
        (results[s.player][0] - s.score + START_POINTS for s in t.seats if s.player != ILL_PLAYER),
        reverse=True,
    )
    assert umas == [15_000, 5_000, -5_000], umas
    # (d) exactly one table with equal scores, sharing (15,000 + 5,000) / 2.
    tied = [t for t in tables if len({s.score for s in t.seats}) < 4]
    assert len(tied) == 1 and tied[0].session == TIE_SESSION
    top = [s for s in tied[0].seats if s.score == TIE_SCORES[0]]
    assert all(table_results(tied[0])[s.player] == (s.score - 20_000, 1) for s in top)
    # Penalties: every player sits at that session's table, features stay apart.
    for session, player, *_ in PENALTIES:
        assert player in at(session, player).players()
    by_name = {line.player: line for line in lines}
    assert by_name[WITHDRAWN].sessions[3:] == [SUBSTITUTED_RESULT] * (SESSIONS - 3)
    assert by_name[LATE_PLAYER].sessions[0] == SUBSTITUTED_RESULT
    assert by_name[LATE_PLAYER].penalties == 0
    assert lines[-1].player == DISQUALIFIED
    assert lines[-2].points < by_name[DISQUALIFIED].points, "make the disqualification visible"
    totals = [line.points for line in lines]
    assert len(set(totals)) == len(totals), "equal totals would need tie-breakers"
    assert sum(p.ema is None for p in PLAYERS) == 1
    assert len({p.ema for p in PLAYERS if p.ema}) == len(PLAYERS) - 1


def check_processor_output(out_dir: Path, games_rows: list[list[Any]], lines: list[Line]) -> None:
    """Compare the processor's Standings with :func:`expected_standings` (when present)."""
    path = out_dir / "tournament.xlsx"
    if not path.exists():
        print(f"no processor output at {path}; run process.py to compare")
        return
    wb = load_workbook(path, read_only=True, data_only=True)
    written = [list(r) for r in wb["Games"].iter_rows(min_row=2, values_only=True)]
    wb.close()
    if [row[:6] for row in written] != [[*row] for row in games_rows]:
        print(f"{path} was made from another version of the workbook; comparison skipped")
        return
    compare_processor_output(out_dir, lines)


def compare_processor_output(out_dir: Path, lines: list[Line]) -> None:
    """Assert that the processor's output in ``out_dir`` (made from this script's workbook)
    has the result sheets and the EMA export, and Standings as :func:`expected_standings`."""
    path = out_dir / "tournament.xlsx"
    wb = load_workbook(path, read_only=True, data_only=True)
    for sheet in ("Standings", "Penalty list", "EMA results"):
        assert sheet in wb.sheetnames, f"{path} has no {sheet!r} sheet"
    assert (out_dir / "Copenhagen-Riichi-Open-2026-EMA.csv").exists()
    rows = list(wb["Standings"].iter_rows(values_only=True))
    header = [str(h) for h in rows[0]]
    col = {h: i for i, h in enumerate(header)}
    session_cols = [f"Session {s}" for s in range(1, SESSIONS + 1)]
    assert all(c in col for c in session_cols), header
    got = [r for r in rows[1:] if r[col["Player"]] is not None]
    assert all(r[col["Division"]] == TOURNAMENT for r in got)
    assert [r[col["Player"]] for r in got] == [line.player for line in lines], "rank order"
    for r, line in zip(got, lines, strict=True):
        assert Fraction(r[col["Points"]]) == line.points, (line.player, r[col["Points"]])
        sessions = [Fraction(r[col[c]]) for c in session_cols]
        assert sessions == line.sessions, (line.player, sessions, line.sessions)
        assert r[col["Games"]] == SESSIONS
    wb.close()
    print(f"processor output {path}: all {len(got)} standings lines match")


# --------------------------------------------------------------------------------------------
# Writing the workbook
# --------------------------------------------------------------------------------------------


#: Letters of the players' names spelled in plain ASCII for their email addresses.
ASCII_LETTERS = str.maketrans(
    {
        "æ": "ae", "ø": "o", "å": "aa", "ä": "a", "ö": "o", "ü": "u", "ß": "ss",
        "é": "e", "è": "e", "ê": "e", "î": "i", "ł": "l", "ó": "o", "ś": "s",
    }
)  # fmt: skip


def email_of(name: str) -> str:
    """``first.last@example.org`` in plain ASCII."""
    first, *rest = name.casefold().translate(ASCII_LETTERS).split()
    return f"{first}.{''.join(rest)}@example.org"


def day_of(session: int) -> date:
    """Saturday for sessions 1-4, Sunday for the rest."""
    return TOURNAMENT_DAY + timedelta(days=1 if session >= SECOND_DAY_FROM else 0)


def games_rows(tables: list[Table]) -> list[list[Any]]:
    """The ``Games`` rows: session, table, player, score, substituted, date."""
    return [
        [t.session, t.number, s.player, s.score, s.substituted, day_of(t.session)]
        for t in sorted(tables, key=lambda t: (t.session, t.number))
        for s in t.seats
    ]


def penalty_rows(tables: list[Table]) -> list[list[Any]]:
    """The ``Penalties`` rows, the table looked up from the seating."""
    rows = []
    for session, player, kind, points, minutes, note in PENALTIES:
        table = next(t for t in tables if t.session == session and player in t.players())
        rows.append([session, table.number, player, kind, points, minutes, note])
    return rows


def tournament_workbook(tables: list[Table]) -> Workbook:
    """The organiser's workbook."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Settings"
    settings = [
        ("club", CLUB),
        ("tournament", TOURNAMENT),
        ("mode", "tournament"),
        ("riichi_ruleset", "ema2016"),
        ("language", "en"),
        ("city", "Copenhagen"),
        ("days", 2),
    ]
    write_sheet(ws, ("Key", "Value"), settings, (16, 32))
    players = [(p.name, email_of(p.name), p.rating, p.ema, p.country) for p in PLAYERS]
    write_sheet(
        wb.create_sheet("Players"),
        ("Player", "Email", "Rating", "EMA", "Country"),
        players,
        (22, 32, 8, 11, 9),
        text_columns=(4,),
    )
    write_sheet(
        wb.create_sheet("Games"),
        ("Session", "Table", "Player", "Score", "Substituted", "Date"),
        games_rows(tables),
        (9, 7, 22, 9, 12, 12),
    )
    write_sheet(
        wb.create_sheet("Penalties"),
        ("Session", "Table", "Player", "Kind", "Points", "Minutes", "Note"),
        penalty_rows(tables),
        (9, 7, 22, 16, 8, 9, 44),
    )
    wb.properties.title = f"{TOURNAMENT} (sample)"
    return wb


def save(wb: Workbook, path: Path) -> None:
    """Save with fixed timestamps so the same content gives the same bytes."""
    save_stable(wb, path, FIXED_TIME, "sample_sheets/make_tournament.py")


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def fmt(value: Fraction | int) -> str:
    value = Fraction(value)
    return f"{value.numerator:,}" if value.denominator == 1 else f"{float(value):,.2f}"


def print_features(tables: list[Table]) -> None:
    """The feature tables and the penalties, with each seat's expected result."""

    def show(title: str, table: Table) -> None:
        results = table_results(table)
        print(f"\n{title}: session {table.session}, table {table.number}")
        for seat in table.seats:
            result, place = results[seat.player]
            sub = f" ({seat.substituted})" if seat.substituted else ""
            print(f"  {seat.player + sub:<28} {seat.score:>7,}  place {place}  {fmt(result):>8}")

    def at(session: int, player: str) -> Table:
        return next(t for t in tables if t.session == session and player in t.players())

    show(f"(a) x: {SUB_X_PLAYER}'s substitute wins", at(SUB_X_SESSION, SUB_X_PLAYER))
    show(
        f"(a) start, (b): {WITHDRAWN}'s substitute wins",
        at(WITHDRAWN_WIN_SESSION, WITHDRAWN),
    )
    show(f"(b) {WITHDRAWN} withdrawn", at(SESSIONS, WITHDRAWN))
    show(f"(c) during: {ILL_PLAYER} fell ill", at(ILL_SESSION, ILL_PLAYER))
    tied = next(t for t in tables if len({s.score for s in t.seats}) < 4)
    show("(d) equal top scores", tied)
    show(f"(e) {LATE_PLAYER} {LATE_MINUTES} minutes late", at(LATE_SESSION, LATE_PLAYER))
    print("\nPenalties")
    for session, player, kind, points, minutes, note in PENALTIES:
        table = at(session, player).number
        cost = fmt(penalty_points(kind, points, minutes))
        print(f"  session {session} table {table:>2}  {player:<18} {kind:<17} {cost:>6}  {note}")


def main(argv: Sequence[str]) -> None:
    """Write tournament.xlsx, print the expected ranking, compare with the processor's."""
    tables = build(Random(SEED))
    check_tables(tables)
    lines = expected_standings(tables)
    check_features(tables, lines)
    save(tournament_workbook(tables), TOURNAMENT_XLSX)
    print(f"wrote {TOURNAMENT_XLSX.name}: {len(PLAYERS)} players, {len(tables)} tables")
    print_features(tables)
    print(f"\nExpected ranking ({TOURNAMENT}, ema2016)")
    for rank, line in enumerate(lines, start=1):
        sessions = " ".join(f"{fmt(s):>8}" for s in line.sessions)
        penalty = f"  penalties {fmt(line.penalties)}" if line.penalties else ""
        dq = "  disqualified" if line.disqualified else ""
        print(f"  {rank:>2} {line.player:<20} {fmt(line.points):>9}  {sessions}{penalty}{dq}")
    out_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_OUTPUT
    expected_games = [
        [*row[:5], datetime.combine(row[5], datetime.min.time())] for row in games_rows(tables)
    ]
    check_processor_output(out_dir, expected_games, lines)


if __name__ == "__main__":
    main(sys.argv)
