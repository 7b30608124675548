"""The sample generators' own checks, run in CI, and the tool measured against them.

Each script in ``sample_sheets/`` asserts its workbook's features and computes the expected
results on its own (the season's standings and attendance by rules.md 1.1-1.4, the classical
hands, the tournament's standings by rules.md 4). Here the scripts build their workbooks into a
temporary folder (the committed samples are never rewritten), their checks run, the committed
samples must be exactly what they make (else: ``make sample``), and the tool's results on the
fresh workbooks must agree with the scripts' expectations.
"""

from __future__ import annotations

import importlib
import random
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mahjong_club.cli import main
from tests.builders import sheet_rows
from tests.golden_outputs import SAMPLES


def generator(name: str) -> ModuleType:
    """Import a sample script; they import ``sample_io`` from their own folder."""
    sys.path.insert(0, str(SAMPLES))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(SAMPLES))


def process(workbook: Path, out: Path) -> Path:
    """Run the tool on ``workbook`` into ``out``; the output folder."""
    assert main([str(workbook), "--out", str(out)]) == 0
    return out


# --- the season (make_sample.py) --------------------------------------------------------------


@pytest.fixture(scope="module")
def season(tmp_path_factory) -> dict[str, Any]:
    """make_sample.py's season, checked by the script (its ``build`` runs check_season,
    check_attendance and check_next_season; check_hands the Hands sheet) and written to a
    temporary folder, then processed by the tool."""
    ms = generator("make_sample")
    games, penalties, extras = ms.build()
    dealt = ms.deal_hands()
    scored = ms.check_hands(dealt, extras)
    folder = tmp_path_factory.mktemp("generated-season")
    ms.save(ms.season_workbook(games, penalties, extras, dealt), folder / "season.xlsx")
    ms.save(ms.template_workbook(), folder / "template.xlsx")
    out = process(folder / "season.xlsx", folder / "out")
    return {
        "module": ms,
        "games": games,
        "penalties": penalties,
        "extras": extras,
        "scored": scored,
        "folder": folder,
        "result": out / "season.xlsx",
    }


def test_the_committed_season_and_template_are_what_the_script_makes(season):
    for name in ("season.xlsx", "template.xlsx"):
        made = (season["folder"] / name).read_bytes()
        assert made == (SAMPLES / name).read_bytes(), f"{name}: run `make sample`"


def test_the_standings_are_the_scripts(season):
    ms = season["module"]
    written = sheet_rows(season["result"], "Standings")
    for division, kind, _, _ in ms.DIVISIONS:
        expected = ms.standings(division, season["games"], season["penalties"])
        got = [r for r in written if r["Division"] == division]
        assert [(r["Rank"], r["Player"], r["Decided by"] or "") for r in got] == [
            (row.rank, row.line.player, row.decided_by) for row in expected
        ], division
        for r, row in zip(got, expected, strict=True):
            line = row.line
            assert r["Points"] == pytest.approx(float(line.points)), (division, line.player)
            assert r["Games"] == line.games, (division, line.player)
            places = [r[k] for k in ("Firsts", "Seconds", "Thirds", "Fourths")]
            assert places == line.places, (division, line.player)
            if kind == ms.MCR:
                assert r["Minipoints"] == line.minipoints, (division, line.player)


def test_the_attendance_status_is_the_scripts(season):
    ms = season["module"]
    history = ms.check_attendance(season["games"], season["penalties"], season["extras"])
    expected = {
        player: (changes[-1].status, changes[-1].when) if changes else (ms.OK, "")
        for player, changes in history.items()
    }
    written = sheet_rows(season["result"], "Attendance status")
    # "Since" is a real date cell
    since = {r["Player"]: (r["Status"], r["Since"].date() if r["Since"] else "") for r in written}
    assert since == expected


def test_the_hand_scores_are_the_scripts(season):
    ms = season["module"]
    expected = [
        (s.hand.number, player, wind, s.scores[seat].score, s.net[seat], s.totals[player])
        for s in season["scored"]
        for wind, player in zip(ms.WIND_ORDER, s.hand.players, strict=True)
        for seat in [ms.Wind(wind)]
    ]
    written = sheet_rows(season["result"], "Hand scores")
    got = [
        (r["Hand"], r["Player"], r["Seat"], r["Score"], r["Settlement"], r["Running total"])
        for r in written
    ]
    assert got == expected


# --- the duplicate evening (make_duplicate.py) -----------------------------------------------


def test_duplicate_script_checks_and_the_tools_ranking(tmp_path):
    md = generator("make_duplicate")
    seating = md.make_seating(random.Random(md.SEED))
    rows = md.score_boards(md.table_plays(seating))
    md.check(seating, rows)
    md.save(md.duplicate_workbook(seating), tmp_path / "duplicate.xlsx")
    made = (tmp_path / "duplicate.xlsx").read_bytes()
    assert made == (SAMPLES / "duplicate.xlsx").read_bytes(), "run `make sample`"
    out = process(tmp_path / "duplicate.xlsx", tmp_path / "out")
    written = sheet_rows(out / "duplicate.xlsx", "Duplicate ranking")
    assert [(r["Rank"], r["Player"], r["IMPs"], r["Boards"]) for r in written] == [
        (r.rank, r.player, r.imps, r.boards) for r in md.rank_players(rows)
    ]
    boards = sheet_rows(out / "duplicate.xlsx", "Duplicate")
    assert sorted((r["Board"], r["Table"], r["Seat"], r["IMPs"]) for r in boards) == sorted(
        (int(r.board), int(r.table), r.seat, r.imps) for r in rows
    )


# --- the tournament (make_tournament.py) ------------------------------------------------------


def test_tournament_script_checks_and_the_tools_standings(tmp_path):
    mt = generator("make_tournament")
    tables = mt.build(random.Random(mt.SEED))
    mt.check_tables(tables)
    lines = mt.expected_standings(tables)
    mt.check_features(tables, lines)
    mt.save(mt.tournament_workbook(tables), tmp_path / "tournament.xlsx")
    made = (tmp_path / "tournament.xlsx").read_bytes()
    assert made == (SAMPLES / "tournament.xlsx").read_bytes(), "run `make sample`"
    out = process(tmp_path / "tournament.xlsx", tmp_path / "out")
    mt.compare_processor_output(out, lines)
    penalties = {
        r["Player"]: Fraction(r["Penalties"] or 0)
        for r in sheet_rows(out / "tournament.xlsx", "Standings")
    }
    assert penalties == {line.player: Fraction(line.penalties) for line in lines}
