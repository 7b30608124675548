"""Generate the sample MCR tournament workbook (``mode: tournament``, ``game: MCR``).

Run ``python sample_sheets/make_mcr_tournament.py [OUTPUT_DIR]``. It writes
``sample_sheets/mcr_tournament.xlsx``: the "Aarhus MCR Cup 2026", 36 players in 9 teams of
four, 6 sessions of 9 tables, seated by the tool's own draw (rules/draw.py, seed
``SEED``, so no two players meet twice), with the sheets ``Settings``, ``Players`` (Team,
Country, EMA), ``Games`` (Session, Table, Player, Score, Substituted, Seat) and ``Penalties``.
Deterministic: the same bytes every time.

MCR game points add up to 0 at every table; table points 4 / 2 / 1 / 0 by placement, shared
on ties (rules.md 1.1). Deliberate features, each checked by :func:`check_features`:

(a) a table where two players tie for first (3 table points each);
(b) a substitute who plays a whole session (``start``) and wins the table: the replaced player
    gets 0 table points and 0 minipoints, the others 2, 1 and 0;
(c) a substitute who comes in ``during`` a session: the three others are placed 1st–3rd by
    their game points and get 4, 2 and 1;
(d) a penalty of 30 game points (``other``: a false mahjong), deducted from the minipoints
    total only (table points are never reduced).

With an output folder it also runs the tool on the workbook and compares every player's
table points and minipoints with its own computation (written out below, independently of
the tool's rules).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

from openpyxl import Workbook, load_workbook
from sample_io import save_stable, write_sheet

SEED = "Aarhus MCR Cup 2026"
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUTPUT = HERE / "mcr_tournament.xlsx"
FIXED_TIME = datetime(2026, 4, 1, 12, 0, 0)
CLUB = "Mahjong Danmark Aarhus"
TOURNAMENT = "Aarhus MCR Cup 2026"
SESSIONS = 6
TABLE_POINTS = (4, 2, 1, 0)
WINDS = ("E", "S", "W", "N")

FIRST = ["Anna", "Bo", "Cecilie", "Dan", "Emil", "Freja", "Gustav", "Hanne", "Ida"]
LAST = ["Berg", "Dahl", "Holm", "Juul"]
COUNTRIES = ["DNK", "DNK", "SWE", "DEU"]
PLAYERS = [f"{f} {last}" for last in LAST for f in FIRST]  # 36 names
TEAMS = {p: f"Team {i % 9 + 1}" for i, p in enumerate(PLAYERS)}

#: (session, table) of the features.
TIE_AT = (1, 1)
SUB_START_AT = (2, 3)  # the seat in wind East is substituted from the start, and wins
SUB_DURING_AT = (4, 5)  # the seat in wind South is substituted during the session
PENALTY = (3, "other", 30)  # session, kind, game points: given to the East player of table 2


def seating() -> list[list[tuple[str, str, str, str]]]:
    """The sessions' tables (winds E, S, W, N) from the tool's own draw."""
    sys.path.insert(0, str(ROOT))
    from rules.draw import Entrant, make_draw

    draw = make_draw([Entrant(p, TEAMS[p]) for p in PLAYERS], SESSIONS, SEED)
    assert draw.repeats == 0, draw.repeats
    return [list(session) for session in draw.sessions]


def scores_for(rng: Random, session: int, table: int) -> list[int]:
    """Four MCR game points adding up to 0, with the features' shapes."""
    if (session, table) == TIE_AT:
        return [24, 24, -16, -32]
    win = rng.choice([8, 10, 12, 16, 24, 32, 48, 64, 88])
    winner = rng.randrange(4)
    points = [-(win + 8) if i != winner else 3 * (win + 8) for i in range(4)]
    # a second hand moves some points between the others
    a, b = rng.sample([i for i in range(4) if i != winner], 2)
    swing = rng.choice([0, 8, 9, 16, 20])
    points[a] += swing
    points[b] -= swing
    if (session, table) == SUB_START_AT:
        points = [60, -10, -20, -30]  # the substitute (East) wins
    assert sum(points) == 0
    return points


def table_points(points: Sequence[int], counts: Sequence[bool]) -> list[Fraction]:
    """Independent computation: 4/2/1/0 among the seats that count (a ``during`` seat does
    not), shared equally on equal game points; a seat that does not count gets 0."""
    seats = [i for i in range(4) if counts[i]]
    places = TABLE_POINTS[: len(seats)]
    ordered = sorted(seats, key=lambda i: -points[i])
    result = [Fraction(0)] * 4
    k = 0
    while k < len(ordered):
        same = [i for i in ordered if points[i] == points[ordered[k]]]
        share = Fraction(sum(places[k : k + len(same)]), len(same))
        for i in same:
            result[i] = share
        k += len(same)
    return result


def build() -> tuple[list[list[Any]], dict[str, tuple[Fraction, int]]]:
    """The ``Games`` rows and each player's expected (table points, minipoints)."""
    rng = Random(SEED)
    rows: list[list[Any]] = []
    totals: dict[str, tuple[Fraction, int]] = {p: (Fraction(0), 0) for p in PLAYERS}
    for s, session in enumerate(seating(), start=1):
        for t, table in enumerate(session, start=1):
            points = scores_for(rng, s, t)
            marks = [""] * 4
            if (s, t) == SUB_START_AT:
                marks[0] = "start"
            if (s, t) == SUB_DURING_AT:
                marks[1] = "during"
            counts = [mark != "during" for mark in marks]
            tp = table_points(points, counts)
            for i, player in enumerate(table):
                rows.append([s, t, player, points[i], marks[i] or None, WINDS[i]])
                if marks[i]:
                    continue  # the replaced player: 0 table points, 0 minipoints
                old_tp, old_mp = totals[player]
                totals[player] = (old_tp + tp[i], old_mp + points[i])
    return rows, totals


def penalised() -> str:
    """The player who gets the penalty: East of table 2 in the penalty's session."""
    return seating()[PENALTY[0] - 1][1][0]


def workbook(rows: list[list[Any]]) -> Workbook:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Settings"
    settings = [
        ("club", CLUB),
        ("tournament", TOURNAMENT),
        ("mode", "tournament"),
        ("game", "MCR"),
        ("language", "en"),
    ]
    write_sheet(ws, ("Key", "Value"), settings, (16, 32))
    players = [
        (p, TEAMS[p], COUNTRIES[i // 9], f"03{i + 1:06d}" if COUNTRIES[i // 9] == "DNK" else None)
        for i, p in enumerate(PLAYERS)
    ]
    write_sheet(
        wb.create_sheet("Players"),
        ("Player", "Team", "Country", "EMA"),
        players,
        (22, 10, 9, 11),
        text_columns=(4,),
    )
    write_sheet(
        wb.create_sheet("Games"),
        ("Session", "Table", "Player", "Score", "Substituted", "Seat"),
        rows,
        (9, 7, 22, 9, 12, 6),
    )
    session, kind, points = PENALTY
    write_sheet(
        wb.create_sheet("Penalties"),
        ("Session", "Table", "Player", "Kind", "Points", "Minutes", "Note"),
        [(session, 2, penalised(), kind, points, None, "False mahjong (8 points to each)")],
        (9, 7, 22, 16, 8, 9, 36),
    )
    wb.properties.title = f"{TOURNAMENT} (sample)"
    return wb


def check_features(rows: list[list[Any]], totals: dict[str, tuple[Fraction, int]]) -> None:
    """The features are in the workbook as described."""
    tie = [r for r in rows if (r[0], r[1]) == TIE_AT]
    assert [r[3] for r in tie][:2] == [24, 24]
    start = [r for r in rows if (r[0], r[1]) == SUB_START_AT]
    assert start[0][4] == "start" and start[0][3] == max(r[3] for r in start)
    during = [r for r in rows if (r[0], r[1]) == SUB_DURING_AT]
    assert during[1][4] == "during"
    assert all(sum(r[3] for r in rows if (r[0], r[1]) == (s, t)) == 0 for s, t, *_ in rows)
    assert len(totals) == 36


def compare(out_dir: Path, totals: dict[str, tuple[Fraction, int]]) -> None:
    """The tool's Standings against the expected totals (the penalty off the minipoints)."""
    book = load_workbook(out_dir / OUTPUT.name, read_only=True)
    sheet = book["Standings"]
    header = [c.value for c in next(sheet.iter_rows(max_row=1))]
    got = {}
    for row in sheet.iter_rows(min_row=2, values_only=True):
        record = dict(zip(header, row, strict=False))
        got[record["Player"]] = (Fraction(str(record["Points"])), record["Minipoints"])
    expected = dict(totals)
    tp, mp = expected[penalised()]
    expected[penalised()] = (tp, mp - PENALTY[2])
    for player, (tp, mp) in expected.items():
        assert abs(got[player][0] - tp) < Fraction(1, 100), (player, got[player], tp)
        assert got[player][1] == mp, (player, got[player], mp)


def save(wb: Workbook, path: Path) -> None:
    """Save with fixed timestamps so the same content gives the same bytes."""
    save_stable(wb, path, FIXED_TIME, "sample_sheets/make_mcr_tournament.py")


def main(argv: Sequence[str]) -> None:
    rows, totals = build()
    check_features(rows, totals)
    save(workbook(rows), OUTPUT)
    print(f"wrote {OUTPUT}")
    if argv:
        out_dir = Path(argv[0])
        sys.path.insert(0, str(ROOT))
        from mahjong_club.cli import main as tool

        code = tool([str(OUTPUT), "--out", str(out_dir), "-q"])
        assert code == 0, code
        compare(out_dir, totals)
        print(f"the tool's standings in {out_dir} match the expected totals")


if __name__ == "__main__":
    main(sys.argv[1:])
