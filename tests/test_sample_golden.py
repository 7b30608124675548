"""The sample season end to end: golden Standings, re-processing, untouched organiser parts.

Regenerate the golden file after an intended change with:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_sample_golden.py
"""

import csv
import hashlib
import io
import os
import zipfile
from pathlib import Path

import openpyxl
import pytest

from process import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_sheets" / "season.xlsx"
GOLDEN_DIR = ROOT / "tests" / "golden"
GOLDEN = GOLDEN_DIR / "sample_standings.csv"
RESULT_SHEETS = {
    "Standings",
    "Attendance status",
    "Schedule status",
    "Next season",
    "Hand scores",
    "Problems",
}
CHANGED_PARTS = {"xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml"}


def sheet_as_csv(path: Path, name: str) -> str:
    book = openpyxl.load_workbook(path, read_only=True)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for row in book[name].iter_rows(values_only=True):
        writer.writerow(["" if v is None else v for v in row])
    book.close()
    return buffer.getvalue()


@pytest.fixture(scope="module")
def processed(tmp_path_factory):
    out = tmp_path_factory.mktemp("sample")
    before = hashlib.sha256(SAMPLE.read_bytes()).hexdigest()
    assert main([str(SAMPLE), "--out", str(out)]) == 0
    assert hashlib.sha256(SAMPLE.read_bytes()).hexdigest() == before
    return out / "season.xlsx"


def assert_golden(actual: str, name: str) -> None:
    """``actual`` equals the checked-in golden file (rewritten first with UPDATE_GOLDEN=1)."""
    golden = GOLDEN_DIR / name
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(actual, encoding="utf-8")
    assert actual == golden.read_text(encoding="utf-8")


def test_standings_match_golden(processed):
    assert_golden(sheet_as_csv(processed, "Standings"), GOLDEN.name)


@pytest.mark.parametrize(
    ("sheet", "golden"),
    [
        ("Attendance status", "sample_attendance_status.csv"),
        ("Schedule status", "sample_schedule_status.csv"),
        ("Next season", "sample_next_season.csv"),
        ("Problems", "sample_problems.csv"),
        ("Hand scores", "sample_hand_scores.csv"),
    ],
)
def test_result_sheets_match_golden(processed, sheet, golden):
    assert_golden(sheet_as_csv(processed, sheet), golden)


def test_sample_attendance_highlights(processed):
    rows = list(csv.DictReader(io.StringIO(sheet_as_csv(processed, "Attendance status"))))
    status = {r["Player"]: (r["Status"], r["Since"]) for r in rows}
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


def test_tonight_on_the_sample(tmp_path):
    assert main([str(SAMPLE), "--out", str(tmp_path), "--tonight", "2026-01-01"]) == 0
    actual = sheet_as_csv(tmp_path / "season.xlsx", "Tonight")
    assert_golden(actual, "sample_tonight_2026-01-01.csv")
    rows = list(csv.DictReader(io.StringIO(actual)))
    substituted = {r["Substitute for"] for r in rows if r["Substitute for"]}
    # Only members substitutable on 2026-01-01 (after that night's check) are replaced.
    assert substituted <= {"Hanna Eriksson", "Magnus Friis", "Hanna Eriksson, Magnus Friis"}


DUPLICATE = ROOT / "sample_sheets" / "duplicate.xlsx"


@pytest.fixture(scope="module")
def duplicate_out(tmp_path_factory):
    out = tmp_path_factory.mktemp("duplicate")
    assert main([str(DUPLICATE), "--out", str(out)]) == 0
    return out / "duplicate.xlsx"


@pytest.mark.parametrize(
    ("sheet", "golden"),
    [
        ("Duplicate", "duplicate_boards.csv"),
        ("Duplicate ranking", "duplicate_ranking.csv"),
        ("Problems", "duplicate_problems.csv"),
    ],
)
def test_duplicate_sample_matches_golden(duplicate_out, sheet, golden):
    assert_golden(sheet_as_csv(duplicate_out, sheet), golden)


def test_duplicate_sample_highlights(duplicate_out):
    boards = list(csv.DictReader(io.StringIO(sheet_as_csv(duplicate_out, "Duplicate"))))
    board7 = {r["IMPs"] for r in boards if r["Board"] == "7"}
    assert board7 == {"0"}  # the same result at every table
    problems = sheet_as_csv(duplicate_out, "Problems")
    assert "recorded as 22, but the tiles make 24 fan" in problems


TOURNAMENT = ROOT / "sample_sheets" / "tournament.xlsx"


@pytest.fixture(scope="module")
def tournament_out(tmp_path_factory):
    out = tmp_path_factory.mktemp("tournament")
    assert main([str(TOURNAMENT), "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize(
    ("sheet", "golden"),
    [
        ("Standings", "tournament_standings.csv"),
        ("Penalty list", "tournament_penalties.csv"),
        ("EMA results", "tournament_ema_results.csv"),
    ],
)
def test_tournament_sample_matches_golden(tournament_out, sheet, golden):
    assert_golden(sheet_as_csv(tournament_out / "tournament.xlsx", sheet), golden)


def test_tournament_ema_csv_matches_golden(tournament_out):
    actual = (tournament_out / "ema-results.csv").read_text(encoding="utf-8")
    assert_golden(actual, "tournament_ema_results_export.csv")
    rows = list(csv.DictReader(io.StringIO(actual)))
    assert len(rows) == 40
    assert rows[-1]["Last name"] == "Sjöberg"  # disqualified: ranked last
    assert all(r["EMA number"] == "" or len(r["EMA number"]) == 8 for r in rows)


def test_tournament_points_add_up(tournament_out):
    rows = list(
        csv.DictReader(io.StringIO(sheet_as_csv(tournament_out / "tournament.xlsx", "Standings")))
    )
    for r in rows:
        sessions = sum(float(r[f"Session {n}"]) for n in range(1, 6))
        penalty = float(r["Penalties"] or 0)
        assert sessions - penalty == float(r["Points"]), r["Player"]
