"""CLI: the summary that ends a run, -v and --quiet, dates typed the Danish way, --roll-dice's
reminder and the workbook left open in Excel."""

import datetime as dt
from pathlib import Path

import openpyxl
import pytest

from mahjong_club.cli.process import build_parser
from mahjong_club.reading.cells import CellError, parse_date
from process import main
from tests.builders import assert_refused, sheet_rows, write_workbook

D = dt.date(2025, 9, 4)
GAMES_HEADER = ["Game", "Date", "Division", "Player", "Score", "Substituted"]


def league(date=D):
    """One riichi division where A and B, and C and D, are tied after every criterion."""
    return {
        "Settings": [["Key", "Value"], ["club", "Test club"]],
        "Players": [["Player", "Email", "Rating"]]
        + [[p, f"{p}@example.org", 1500] for p in "ABCD"],
        "Divisions": [["Division", "Game", "Level", "Player"]]
        + [["R1", "Riichi", 1, p] for p in "ABCD"],
        "Games": [
            GAMES_HEADER,
            [1, date, "R1", "A", 45000, None],
            [1, date, "R1", "B", 35000, None],
            [1, date, "R1", "C", 25000, None],
            [1, date, "R1", "D", 15000, None],
            [2, date, "R1", "B", 45000, None],
            [2, date, "R1", "A", 35000, None],
            [2, date, "R1", "D", 25000, None],
            [2, date, "R1", "C", 15000, None],
        ],
    }


def run(tmp_path, sheets, *extra):
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    return main([str(path), "--out", str(out), *extra]), out


# Dates: accepted row by row (ISO, Danish day first with -, / or ., with a time of day).
ACCEPTED = [
    ("2025-09-04", D),
    ("04-09-2025", D),
    ("4-9-2025", D),
    ("4/9/2025", D),
    ("04/09/2025", D),
    ("04.09.2025", D),
    ("4.9.2025", D),
    ("4/9-2025", D),
    ("04/09-2025", D),
    ("4/9-2025 19:30", D),
    (" 04-09-2025 ", D),
    ("04-09-2025 19:30", D),
    ("29.02.2024", dt.date(2024, 2, 29)),
    ("31-12-2025", dt.date(2025, 12, 31)),
]


@pytest.mark.parametrize(("text", "date"), ACCEPTED)
def test_dates_typed_the_danish_way_are_read(text, date):
    assert parse_date(text) == date


# Refused row by row: (text, what the message says).
REFUSED = [
    (
        "31-02-2025",
        "day 31 of month 2 of 2025, and there is no such day; write the date as"
        " year-month-day, like 2025-02-28",
    ),
    (
        "29.02.2025",
        "day 29 of month 2 of 2025, and there is no such day; write the date as"
        " year-month-day, like 2025-02-28",
    ),
    (
        "12/31/2025",
        "day 12 of month 31 of 2025, and there is no such day; write the date as"
        " year-month-day, like 2025-12-31",
    ),
    ("2025-13-01", "read year-month-day, there is no such day; did you mean 2025-01-13?"),
    ("2025-02-30", "read year-month-day, there is no such day; did you mean 2025-02-28?"),
    (
        "4/9/25",
        "a year of two digits (25) is not read, the century would be a guess; write the"
        " year in full, like 04/09/2025, or the date as year-month-day, like 2025-09-04",
    ),
    ("04.09.25", "write the year in full, like 04.09.2025"),
    (
        "31/2-2025",
        "day 31 of month 2 of 2025, and there is no such day; write the date as"
        " year-month-day, like 2025-02-28",
    ),
    ("4/9-25", "found '4/9-25'"),
    ("4-9-2025-1", "found '4-9-2025-1'"),
    (
        "4-9/2025",
        "like 2025-09-04 or 04-09-2025 (day first), or a real Excel date, found '4-9/2025'",
    ),
    ("2025/09/04", "found '2025/09/04'"),
    ("4 Septober 2025", "found '4 Septober 2025'"),  # "4 September 2025" is read (as written)
]


@pytest.mark.parametrize(("text", "said"), REFUSED)
def test_impossible_or_ambiguous_dates_are_refused(text, said):
    with pytest.raises(CellError, match="expected a date") as refused:
        parse_date(text)
    assert said in str(refused.value)


def test_a_danish_date_in_the_games_sheet(tmp_path, capsys):
    code, _out = run(tmp_path, league("04-09-2025"), "--roll-dice", "7")
    assert code == 0, capsys.readouterr().err
    assert "Results as of 2025-09-04 (the latest date in the workbook)" in capsys.readouterr().out


def test_an_impossible_date_in_a_sheet_is_located(tmp_path, capsys):
    sheets = league()
    sheets["Games"][5][1] = "31-09-2025"
    code, out = run(tmp_path, sheets)
    expected = [
        "Error: sheet 'Games', row 6, column 'Date': expected a date",
        "day 31 of month 9 of 2025, and there is no such day",
        "like 2025-09-30",
    ]
    assert_refused(code, capsys.readouterr().err, expected, out)


@pytest.mark.parametrize("text", ["04-09-2025", "4/9/2025", "04.09.2025", "2025-09-04"])
def test_tonight_takes_a_danish_date(text):
    assert build_parser().parse_args(["season.xlsx", "--tonight", text]).tonight == D


@pytest.mark.parametrize(
    ("text", "said"),
    [("31-02-2025", "like 2025-02-28"), ("4/9/25", "a year of two digits"), ("soon", "'soon'")],
)
def test_tonight_refuses_an_impossible_date(tmp_path, capsys, text, said):
    path = write_workbook(tmp_path / "season.xlsx", league())
    with pytest.raises(SystemExit, match="2"):
        main([str(path), "--out", str(tmp_path / "out"), "--tonight", text])
    err = capsys.readouterr().err
    assert "argument --tonight: expected a date" in err and said in err
    assert not (tmp_path / "out").exists()


def test_the_summary_says_what_was_written_and_what_needs_doing(tmp_path, capsys):
    """During the season ties awaiting dice are warnings (the Problems sheet), not actions."""
    code, out = run(tmp_path, league())
    assert code == 0
    printed = capsys.readouterr().out
    summary = printed[printed.index(f"Wrote {out / 'season.xlsx'}") :].splitlines()
    assert summary == [
        f"Wrote {out / 'season.xlsx'}",
        f"Wrote 6 pages to {out / 'report'} (open index.html)",
        f"Wrote 5 emails to {out / 'outbox'}",
        f"2 warnings — see the Problems sheet of {out / 'season.xlsx'}",
        "Needs your action:",
        f"  - 4 emails not sent, only written to {out / 'outbox'}: run again with --send to send"
        " them",
        # the fifth: the organiser's own, to nobody (both trials counted 5 written, 4 unsent)
        f"  - your summary ({out / 'outbox' / '005-organiser.eml'}) goes to nobody: put your"
        " address in email_from in the Settings sheet to get it by email with the others",
    ]


def test_at_the_end_of_the_season_ties_awaiting_dice_are_actions(tmp_path, capsys):
    """A, B tie for row 1 (winner or not: the dice decide it, listed first); C, D tie for
    rows 3 and 4, both relegation candidates (the dice decide only their order)."""
    sheets = league()
    sheets["Settings"].append(["season_complete", "yes"])
    code, out = run(tmp_path, sheets)
    assert code == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[printed.index("Needs your action:") + 1 :] == [
        "  - R1: the dice decide promotion or relegation between A, B; roll two dice (round 1)"
        " for A, B and record the rolls in the Dice sheet (or run with --roll-dice SEED)",
        "  - R1: C, D are still tied after every criterion; roll two dice (round 1) for C, D and"
        " record the rolls in the Dice sheet (or have the tool roll them: --roll-dice SEED, or"
        " the drop page's dice seed)",
        f"  - 4 emails not sent, only written to {out / 'outbox'}: run again with --send to send"
        " them",
        f"  - your summary ({out / 'outbox' / '005-organiser.eml'}) goes to nobody: put your"
        " address in email_from in the Settings sheet to get it by email with the others",
    ]


def test_next_season_names_a_tied_rank_as_the_standings_show_it(tmp_path, capsys):
    """An organiser's find: with a tie the dice have not settled, the Next season sheet said
    "rank 3" (the row the order took) beside a previous rank of 2, and called one of two
    players tied for first "winner"; both now read as the standings show them."""
    sheets = league()
    sheets["Settings"].append(["season_complete", "yes"])
    code, out = run(tmp_path, sheets)
    assert code == 0, capsys.readouterr().err
    book = openpyxl.load_workbook(out / "season.xlsx")
    reasons = {
        r[2]: (r[3], r[5]) for r in book["Next season"].iter_rows(min_row=2, values_only=True)
    }
    tied = "rank 1= of division 1 (a tie the dice have not settled)"
    assert reasons["A"] == (f"{tied}, stays at the top", 1)
    assert reasons["B"] == (f"{tied}, stays", 1)


def test_verbose_lists_every_email(tmp_path, capsys):
    code, _out = run(tmp_path, league(), "-v")
    assert code == 0
    assert "  001-player-a.eml: A@example.org — " in capsys.readouterr().out


def test_roll_dice_says_to_copy_the_rolls(tmp_path, capsys):
    code, out = run(tmp_path, league(), "--roll-dice", "7")
    assert code == 0
    printed = capsys.readouterr().out
    assert "No warnings.\n" in printed
    assert (
        f"  - the dice rolled this run (4 rolls) are in the Dice sheet of {out / 'season.xlsx'}:"
        f" copy them into the Dice sheet of your own workbook {tmp_path / 'season.xlsx'}, or they"
        " do not count next time\n"
    ) in printed
    assert [r["Player"] for r in sheet_rows(out / "season.xlsx", "Dice")] == ["A", "B", "C", "D"]


def test_roll_dice_in_a_dry_run(tmp_path, capsys):
    code, out = run(tmp_path, league(), "--roll-dice", "7", "--dry-run")
    assert code == 0
    printed = capsys.readouterr().out
    assert "the dice rolled this run (4 rolls) are shown above but not written" in printed
    assert not out.exists()


def test_roll_dice_when_no_tie_needs_them(tmp_path, capsys):
    sheets = league()
    sheets["Games"] = sheets["Games"][:5]
    code, _out = run(tmp_path, sheets, "--roll-dice", "7")
    assert code == 0
    printed = capsys.readouterr().out
    assert "--roll-dice: no tie needed the dice; nothing was rolled\n" in printed
    assert "Needs your action:\n  - 4 emails not sent" in printed


OPEN_IN_EXCEL = (
    "Warning: season.xlsx is open in Excel: unsaved changes are not included (save it and run"
    " again; if Excel is not running, delete the leftover file ~$season.xlsx)"
)


def test_a_workbook_open_in_excel_is_a_warning(tmp_path, capsys):
    (tmp_path / "~$season.xlsx").write_bytes(b"\x0bOrganiser")
    code, out = run(tmp_path, league(), "--roll-dice", "7")
    assert code == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [OPEN_IN_EXCEL]
    assert f"1 warning — see the Problems sheet of {out / 'season.xlsx'}" in captured.out
    problems = sheet_rows(out / "season.xlsx", "Problems")
    assert [p["Message"] for p in problems] == [OPEN_IN_EXCEL.split(": ", 1)[1]]


def test_a_workbook_open_in_libreoffice_is_a_warning(tmp_path, capsys):
    (tmp_path / ".~lock.season.xlsx#").write_text("Organiser,host,...", encoding="utf-8")
    code, _out = run(tmp_path, league(), "--roll-dice", "7", "--dry-run")
    assert code == 0
    assert "season.xlsx is open in LibreOffice" in capsys.readouterr().err


def test_another_workbooks_lock_file_is_not_a_warning(tmp_path, capsys):
    (tmp_path / "~$other.xlsx").write_bytes(b"x")
    code, _out = run(tmp_path, league(), "--roll-dice", "7")
    assert code == 0
    assert capsys.readouterr().err == ""


def test_quiet_prints_nothing_but_writes_everything(tmp_path, capsys):
    (tmp_path / "~$season.xlsx").write_bytes(b"x")  # a warning, which --quiet does not print
    code, out = run(tmp_path, league(), "--quiet")
    assert code == 0
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "")
    assert (out / "season.xlsx").is_file() and (out / "report" / "index.html").is_file()
    assert len(sheet_rows(out / "season.xlsx", "Problems")) == 3  # open in Excel, dice needed twice


def test_quiet_dry_run_prints_only_what_would_be_written(tmp_path, capsys):
    code, out = run(tmp_path, league(), "--quiet", "--dry-run")
    assert code == 0
    captured = capsys.readouterr()
    assert captured.out == f"Dry run: nothing written (would write {out / 'season.xlsx'}).\n"
    assert captured.err == ""
    assert not out.exists()


def test_quiet_still_prints_errors_only(tmp_path, capsys):
    (tmp_path / "~$season.xlsx").write_bytes(b"x")
    sheets = league()
    sheets["Games"][3][4] = "lots"
    code, out = run(tmp_path, sheets, "-q")
    captured = capsys.readouterr()
    assert captured.out == ""
    assert_refused(code, captured.err, ["row 4, column 'Score'", "'lots'"], out)
    assert "Warning" not in captured.err


def test_quiet_and_verbose_together_are_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit, match="2"):
        main([str(tmp_path / "season.xlsx"), "-q", "-v"])
    assert "not allowed with argument" in capsys.readouterr().err


def test_an_export_is_named_in_words(tmp_path, capsys):
    source = Path(__file__).resolve().parent.parent / "sample_sheets" / "tournament.xlsx"
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert (
        f"Wrote {out / 'Copenhagen-Riichi-Open-2026-EMA.csv'} (the EMA results export)" in printed
    )
    assert "Entry(" not in printed


def test_with_email_from_the_summary_has_its_address(tmp_path, capsys):
    sheets = league()
    sheets["Settings"].append(["email_from", "organiser@example.org"])
    code, out = run(tmp_path, sheets)
    assert code == 0
    printed = capsys.readouterr().out
    assert "goes to nobody" not in printed
    assert f"  - 5 emails not sent, only written to {out / 'outbox'}" in printed
