"""CLI end to end: ``--make-schedule`` (the whole season, counting the games played) and
``--tonight DATE`` (rules.md 1.4), with their sheets, the setting and the error paths.

The workbook is tests/test_cli_season_end.py's: R1 (riichi) A to E, M1 (MCR) A to D, one
game played in each on 2025-09-04; C is substitutable from 2026-01-01.
"""

import datetime as dt
import itertools
from collections import Counter

from process import main
from tests.builders import assert_refused
from tests.builders import sheet_rows as rows
from tests.test_cli_season_end import THURSDAYS, run, season_sheets

HEADER = ["Division", "Game", "Player 1", "Player 2", "Player 3", "Player 4"]


def without_schedule(*settings):
    sheets = season_sheets()
    del sheets["Schedule"]
    sheets["Settings"] += [list(s) for s in settings]
    return sheets


def tables(plan, division):
    return [tuple(r[f"Player {k}"] for k in range(1, 5)) for r in plan if r["Division"] == division]


def test_make_schedule_plans_the_whole_season_counting_the_games_played(tmp_path, capsys):
    code, out = run(tmp_path, without_schedule(), "--make-schedule")
    assert code == 0, capsys.readouterr().err
    plan = rows(out, "Schedule")
    # M1 (four members) plays its foursome 3 times: the game played and 2 more.
    assert tables(plan, "M1") == [("A", "B", "C", "D")] * 3
    # R1 (five members) plays each foursome once: the played one (as seated) comes first.
    r1 = tables(plan, "R1")
    assert r1[0] == ("A", "B", "C", "D")
    assert sorted(frozenset(t) for t in r1) == sorted(
        frozenset(t) for t in itertools.combinations("ABCDE", 4)
    )
    assert [(r["Division"], r["Game"]) for r in plan] == [
        ("M1", 1), ("M1", 2), ("M1", 3), ("R1", 1), ("R1", 2), ("R1", 3), ("R1", 4), ("R1", 5)
    ]  # fmt: skip
    status = rows(out, "Schedule status")
    assert [(r["Division"], r["Game"], r["Status"], r["Played as game"]) for r in status] == [
        ("M1", 1, "played", 2), ("M1", 2, "remaining", None), ("M1", 3, "remaining", None),
        ("R1", 1, "played", 1), ("R1", 2, "remaining", None), ("R1", 3, "remaining", None),
        ("R1", 4, "remaining", None), ("R1", 5, "remaining", None),
    ]  # fmt: skip
    printed = capsys.readouterr().out
    assert "M1: 1 of 3 planned games played, 2 remaining" in printed
    assert "R1: 1 of 5 planned games played, 4 remaining" in printed


def test_the_made_schedule_is_read_back_without_warnings(tmp_path, capsys):
    code, out = run(tmp_path, without_schedule(), "--make-schedule")
    assert code == 0
    capsys.readouterr()
    again = tmp_path / "again"
    assert main([str(out), "--out", str(again)]) == 0
    captured = capsys.readouterr()
    assert "matches no planned game" not in captured.err
    assert rows(again / "season.xlsx", "Schedule status") == rows(out, "Schedule status")


def test_schedule_meetings_sets_how_often_pairs_meet(tmp_path, capsys):
    code, out = run(tmp_path, without_schedule(["schedule_meetings", 6]), "--make-schedule")
    assert code == 0, capsys.readouterr().err
    plan = rows(out, "Schedule")
    r1 = tables(plan, "R1")
    assert len(tables(plan, "M1")) == 6 and len(r1) == 10
    met = Counter(frozenset(p) for t in r1 for p in itertools.combinations(t, 2))
    assert set(met.values()) == {6}
    assert set(Counter(p for t in r1 for p in t).values()) == {8}


def test_schedule_meetings_must_be_a_positive_whole_number(tmp_path, capsys):
    code, out = run(tmp_path, without_schedule(["schedule_meetings", 0]), "--make-schedule")
    assert_refused(
        code,
        capsys.readouterr().err,
        ["sheet 'Settings', row 4, column 'Value'", "schedule_meetings:", "at least 1, found 0"],
        out,
    )


def test_schedule_meetings_must_be_a_number(tmp_path, capsys):
    code, out = run(tmp_path, without_schedule(["schedule_meetings", "often"]))
    assert_refused(
        code,
        capsys.readouterr().err,
        ["sheet 'Settings', row 4, column 'Value'", "schedule_meetings:", "'often'"],
        out,
    )


def tonight_sheets():
    """The last night: A, B and D on time, E late, a guest; C (substitutable) is absent."""
    sheets = season_sheets()
    attendance = sheets["Attendance"]
    attendance[3][-1] = None  # C
    attendance[5][-1] = "18:45"  # E, late: does not count, may play
    attendance.append(["Guest", *[None] * 19, "x"])
    return sheets


def test_tonight_sheet(tmp_path, capsys):
    night = THURSDAYS[-1].isoformat()
    day = dt.datetime.combine(THURSDAYS[-1], dt.time())  # a real date cell
    code, out = run(tmp_path, tonight_sheets(), "--tonight", night)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert [list(r.values()) for r in rows(out, "Tonight")] == [
        [day, "M1", 2, "A", "B", "C", "D", "C", "1 substitute needed"],
        [
            day, None, None, None, None, None, None, None,
            "present, not seated (the substitutes for 1 seat come from them): E, Guest",
        ],
    ]  # fmt: skip
    assert "M1, planned game 2: A, B, C (substitute needed), D" in captured.out


def test_tonight_with_a_plan_made_in_the_same_run(tmp_path, capsys):
    sheets = tonight_sheets()
    del sheets["Schedule"]
    night = THURSDAYS[-1].isoformat()
    code, out = run(tmp_path, sheets, "--make-schedule", "--tonight", night)
    assert code == 0, capsys.readouterr().err
    tonight = [r for r in rows(out, "Tonight") if r["Division"]]
    # The new plan has R1's foursome A, B, D, E, all present (E late): a game without a
    # substitute comes before M1's game with a substitute for C, which then cannot be seated.
    assert [
        (r["Division"], {r[f"Player {k}"] for k in range(1, 5)}, r["Substitute for"])
        for r in tonight
    ] == [("R1", set("ABDE"), "")]


def test_tonight_needs_a_schedule(tmp_path, capsys):
    sheets = season_sheets()
    del sheets["Schedule"]
    code, out = run(tmp_path, sheets, "--tonight")
    assert_refused(code, capsys.readouterr().err, ["--tonight needs a Schedule sheet"], out)
