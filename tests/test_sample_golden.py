"""The samples end to end: golden result sheets, re-processing, untouched organiser parts.

The golden files in tests/golden/ are only compared here. After an intended change, rewrite
them with ``make golden`` (``python -m tests.golden_refresh``) and review
``git diff tests/golden`` before committing.
"""

import csv
import hashlib
import io
import zipfile

import openpyxl
import pytest

from process import main
from tests.golden_outputs import (
    GOLDEN_DIR,
    GOLDENS,
    RUNS,
    checked_in,
    golden_text,
    run_sample,
    sheet_as_csv,
)

SAMPLE = RUNS["season"].workbook
RESULT_SHEETS = {
    "Standings",
    "Attendance status",
    "Schedule status",
    "Next season",
    "Hand scores",
    "Problems",
}
# xl/styles.xml: the result sheets' styles are appended (tests/test_styled_sheets.py)
CHANGED_PARTS = {
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "[Content_Types].xml",
    "xl/styles.xml",
}


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    """Each run of :data:`RUNS`, made once for the module: its output folder, by run."""
    made = {}

    def output(key):
        if key not in made:
            before = hashlib.sha256(RUNS[key].workbook.read_bytes()).hexdigest()
            made[key] = run_sample(RUNS[key], tmp_path_factory.mktemp(key))
            assert hashlib.sha256(RUNS[key].workbook.read_bytes()).hexdigest() == before
        return made[key]

    return output


@pytest.mark.parametrize("golden", sorted(GOLDENS))
def test_output_matches_the_golden_file(outputs, golden):
    run = RUNS[GOLDENS[golden]]
    actual = golden_text(run, outputs(GOLDENS[golden]), golden)
    assert actual == checked_in(golden), (
        f"{golden} differs from what the tool makes now; if the change is intended, run"
        " `make golden` and review `git diff tests/golden`"
    )


def test_every_golden_file_is_made_by_a_run():
    assert sorted(p.name for p in GOLDEN_DIR.iterdir()) == sorted(GOLDENS)


@pytest.fixture(scope="module")
def processed(outputs):
    return outputs("season") / "season.xlsx"


def test_sample_attendance_highlights(processed):
    rows = list(csv.DictReader(io.StringIO(sheet_as_csv(processed, "Attendance status"))))
    status = {r["Player"]: (r["Status"], r["Since"][:10]) for r in rows}  # a real date
    assert status["Hanna Eriksson"] == ("substitutable", "2026-01-01")
    assert status["Magnus Friis"] == ("substitutable", "2026-01-01")
    assert status["Line Sørensen"] == ("warning", "2026-01-01")
    assert status["Rasmus Kjeldsen"] == ("ok", "2026-01-01")
    assert status["Kasper Vestergaard"] == ("ok", "")
    assert {r["Regular nights"] for r in rows} == {"19"}


def test_sample_highlights(processed):
    rows = list(csv.DictReader(io.StringIO(sheet_as_csv(processed, "Standings"))))
    by_player = {(r["Division"], r["Player"]): r for r in rows}
    # Riichi 3: Nikolaj Holm and Ida Kjær are level on everything; round 2 of the dice decides.
    nikolaj = by_player[("Riichi 3", "Nikolaj Holm")]
    assert (nikolaj["Rank"], nikolaj["Decided by"], nikolaj["Points"]) == ("2", "dice", "59400")
    assert by_player[("Riichi 3", "Ida Kjær")]["Rank"] == "3"
    # MCR 2: Rasmus Kjeldsen beats Line Sørensen on head-to-head.
    rasmus = by_player[("MCR 2", "Rasmus Kjeldsen")]
    assert (rasmus["Rank"], rasmus["Decided by"]) == ("4", "head-to-head")
    # Games = Firsts + Seconds + Thirds + Fourths for everyone.
    for r in rows:
        places = sum(int(r[k]) for k in ("Firsts", "Seconds", "Thirds", "Fourths"))
        assert int(r["Games"]) == places


def test_organiser_parts_are_byte_identical(processed):
    with zipfile.ZipFile(SAMPLE) as src, zipfile.ZipFile(processed) as dst:
        dst_names = set(dst.namelist())
        for name in src.namelist():
            if name in CHANGED_PARTS:
                continue
            assert name in dst_names, name
            assert src.read(name) == dst.read(name), name
    book = openpyxl.load_workbook(processed)
    original = openpyxl.load_workbook(SAMPLE)
    assert book.sheetnames[: len(original.sheetnames)] == original.sheetnames
    assert set(book.sheetnames) - set(original.sheetnames) == RESULT_SHEETS


def test_processing_the_output_again_gives_identical_result_sheets(processed, tmp_path):
    assert main([str(processed), "--out", str(tmp_path)]) == 0
    again = tmp_path / "season.xlsx"
    for name in RESULT_SHEETS:
        assert sheet_as_csv(again, name) == sheet_as_csv(processed, name)
    assert openpyxl.load_workbook(again).sheetnames == openpyxl.load_workbook(processed).sheetnames


def test_roll_dice_records_rolls_in_the_dice_sheet(tmp_path):
    # Remove the sample's recorded rolls: the pair is then tied until dice are rolled.
    from tests.builders import write_workbook

    book = openpyxl.load_workbook(SAMPLE)
    sheets = {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in book.worksheets}
    sheets["Dice"] = sheets["Dice"][:1]
    path = write_workbook(tmp_path / "nodice.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "tied")]) == 0
    tied = list(
        csv.DictReader(io.StringIO(sheet_as_csv(tmp_path / "tied/nodice.xlsx", "Standings")))
    )
    pair = [r for r in tied if r["Player"] in ("Nikolaj Holm", "Ida Kjær")]
    assert [(r["Rank"], r["Decided by"]) for r in pair] == [("2", "tied"), ("2", "tied")]
    problems = sheet_as_csv(tmp_path / "tied/nodice.xlsx", "Problems")
    assert "roll two dice (round 1) for Ida Kjær, Nikolaj Holm" in problems

    assert main([str(path), "--out", str(tmp_path / "rolled"), "--roll-dice", "5"]) == 0
    out = tmp_path / "rolled/nodice.xlsx"
    dice = list(csv.DictReader(io.StringIO(sheet_as_csv(out, "Dice"))))
    assert {r["Player"] for r in dice} == {"Nikolaj Holm", "Ida Kjær"}
    assert all(2 <= int(r["Roll"]) <= 12 for r in dice)
    rolled = list(csv.DictReader(io.StringIO(sheet_as_csv(out, "Standings"))))
    pair = [r for r in rolled if r["Player"] in ("Nikolaj Holm", "Ida Kjær")]
    assert [r["Rank"] for r in pair] == ["2", "3"]
    assert pair[0]["Decided by"] == "dice"
    # The recorded rolls reproduce the result without rolling again.
    assert main([str(out), "--out", str(tmp_path / "again")]) == 0
    assert sheet_as_csv(tmp_path / "again/nodice.xlsx", "Standings") == sheet_as_csv(
        out, "Standings"
    )


def test_tonight_on_the_sample(outputs):
    rows = list(
        csv.DictReader(io.StringIO(sheet_as_csv(outputs("tonight") / "season.xlsx", "Tonight")))
    )
    substituted = [
        name for r in rows if r["Substitute for"] for name in r["Substitute for"].split(", ")
    ]
    # Hanna Eriksson and Magnus Friis are substitutable on 2026-01-01 (after that night's
    # check). Riichi 2's games 22 (Hanna) and 23 (Magnus) share Julie and Chen; both have
    # played 4 Riichi 2 games in person, so by name Hanna is substituted, once: game 21
    # would need her a second time.
    assert substituted == ["Hanna Eriksson"]


@pytest.fixture(scope="module")
def duplicate_out(outputs):
    return outputs("duplicate") / "duplicate.xlsx"


def test_duplicate_sample_highlights(duplicate_out):
    boards = list(csv.DictReader(io.StringIO(sheet_as_csv(duplicate_out, "Duplicate"))))
    board7 = {r["IMPs"] for r in boards if r["Board"] == "7"}
    assert board7 == {"0"}  # the same result at every table
    problems = sheet_as_csv(duplicate_out, "Problems")
    assert "recorded as 22, but the tiles make 24 fan" in problems


@pytest.fixture(scope="module")
def tournament_out(outputs):
    return outputs("tournament")


def test_tournament_ema_csv_highlights(tournament_out):
    actual = (tournament_out / "Copenhagen-Riichi-Open-2026-EMA.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(actual)))
    assert len(rows) == 40
    assert rows[-1]["Last name"] == "SJÖBERG"  # disqualified: ranked last
    # the tournament's facts on every row, and its MERS weight: 2 days + 0 (40 players)
    # + 0.5 (9 countries) + 0 (open)
    facts = {(r["Tournament"], r["Participants"], r["Date"], r["City"], r["Rules"], r["Days"],
              r["MERS weight"]) for r in rows}  # fmt: skip
    assert facts == {
        ("Copenhagen Riichi Open 2026", "40", "2026-03-14", "Copenhagen", "Riichi", "2", "2.5")
    }
    assert len({r["Country"] for r in rows}) == 9
    assert {r["Table points"] for r in rows} == {"1"}  # riichi: 1, the points as the score
    assert {r["EMA member"] for r in rows} == {"0", "1"}
    # every player has an eight-digit EMA number but one, who has none yet
    assert sorted(len(r["EMA number"]) for r in rows) == [0] + [8] * 39
    assert all(r["EMA number"].isdigit() for r in rows if r["EMA number"])


def test_tournament_points_add_up(tournament_out):
    rows = list(
        csv.DictReader(io.StringIO(sheet_as_csv(tournament_out / "tournament.xlsx", "Standings")))
    )
    assert len(rows) == 40
    for r in rows:
        sessions = sum(float(r[f"Session {n}"]) for n in range(1, 8))
        penalty = float(r["Penalties"] or 0)
        assert sessions - penalty == float(r["Points"]), r["Player"]
