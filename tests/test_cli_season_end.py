"""CLI: attendance, schedule, next season and tonight, with their error and warning paths."""

import datetime as dt

import pytest

from process import main
from tests.builders import assert_refused, write_workbook
from tests.builders import sheet_rows as rows
from tests.test_cli_errors import league

START = dt.date(2025, 8, 28)
THURSDAYS = [START + dt.timedelta(weeks=k) for k in range(20)]


def season_sheets():
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], ["season_start", START], ["as_of", THURSDAYS[-1]]]
    sheets["Nights"] = [["Date", "Regular", "Note"]] + [
        [d, "no" if k == 9 else "yes", None] for k, d in enumerate(THURSDAYS)
    ]
    marks = {
        "A": ["x"] * 20,
        "B": ["18:25"] * 10 + ["ja"] * 10,
        "C": ["x", "late", "sen", "18:45", None, "0", "no", "nej", "-"] + [None] * 11,
        "D": ["1", "yes"] * 10,
        "E": [True] * 20,
    }
    sheets["Attendance"] = [["Player", *THURSDAYS]] + [[p, *m] for p, m in marks.items()]
    sheets["Schedule"] = [
        ["Division", "Game", "Player 1", "Player 2", "Player 3", "Player 4"],
        ["R1", 1, "A", "B", "C", "D"],
        ["R1", 2, "A", "B", "C", "E"],
        ["R1", 3, "B", "C", "D", "E"],
        ["M1", 1, "A", "B", "C", "D"],
        ["M1", 2, "A", "B", "C", "D"],
    ]
    return sheets


def run(tmp_path, sheets, *extra):
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    return main([str(path), "--out", str(out), *extra]), out / "season.xlsx"


def test_attendance_status_sheet(tmp_path, capsys):
    code, out = run(tmp_path, season_sheets())
    assert code == 0, capsys.readouterr().err
    status = {r["Player"]: r for r in rows(out, "Attendance status")}
    # 19 regular nights up to as_of (one non-regular); A and C are in two divisions.
    a, c, e = status["A"], status["C"], status["E"]
    assert (a["Divisions"], a["Required"], a["Regular nights"], a["Attended"]) == (2, "2/3", 19, 19)
    assert (a["Status"], a["Since"]) == ("ok", None)
    # C came on time once: warning at the 2025-12-11 check, substitutable at 2026-01-01.
    # dates are real date cells
    since = dt.datetime(2026, 1, 1)
    assert (c["Attended"], c["Status"], c["Since"]) == (1, "substitutable", since)
    assert e["Divisions"] == 1 and e["Required"] == "2/5" and e["Status"] == "ok"
    assert c["Next check"] == dt.datetime(2026, 1, 22)
    assert c["Advice"].startswith("cannot pass the 2026-01-22 check")


def test_schedule_status_and_unplanned_games(tmp_path, capsys):
    code, out = run(tmp_path, season_sheets())
    assert code == 0
    plan = rows(out, "Schedule status")
    assert [(r["Division"], r["Game"], r["Status"]) for r in plan] == [
        ("R1", 1, "played"),
        ("R1", 2, "remaining"),
        ("R1", 3, "remaining"),
        ("M1", 1, "played"),
        ("M1", 2, "remaining"),
    ]
    assert "R1: 1 of 3 planned games played, 2 remaining" in capsys.readouterr().out


def test_tonight_proposes_games_and_substitutes(tmp_path, capsys):
    sheets = season_sheets()
    # Only A, B, D, E are here on the last night; C (substitutable) is absent.
    sheets["Attendance"][3][-1] = None
    code, out = run(tmp_path, sheets, "--tonight")
    assert code == 0, capsys.readouterr().err
    tonight = rows(out, "Tonight")
    games = [(r["Division"], r["Game"], r["Substitute for"]) for r in tonight if r["Division"]]
    # Neither division has a full game without C. MCR comes first in ladder order: M1 game 2
    # (A, B, C, D) with a substitute for C; R1 then has no game whose other members are free.
    assert games == [("M1", 2, "C")]
    assert "substitute needed" in capsys.readouterr().out


def test_tonight_refuses_a_night_without_attendance(tmp_path, capsys):
    code, out = run(tmp_path, season_sheets(), "--tonight", "2026-02-05")
    assert code == 1
    assert "no Attendance column for 2026-02-05" in capsys.readouterr().err
    assert not out.exists()


def test_make_schedule_writes_a_balanced_plan(tmp_path, capsys):
    sheets = season_sheets()
    del sheets["Schedule"]
    code, out = run(tmp_path, sheets, "--make-schedule")
    assert code == 0, capsys.readouterr().err
    plan = rows(out, "Schedule")
    assert len([r for r in plan if r["Division"] == "R1"]) == 5  # 5 members: every foursome
    assert len([r for r in plan if r["Division"] == "M1"]) == 3  # 1 played + 2: 3 games of four


def test_make_schedule_refuses_when_a_schedule_exists(tmp_path, capsys):
    code, _ = run(tmp_path, season_sheets(), "--make-schedule")
    assert code == 1
    assert "already has a Schedule sheet" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("complete", "heading"),
    [
        ("yes", "Next season:\n"),
        ("no", "Next season, if the season ended today (season_complete is not yes):\n"),
    ],
)
def test_the_terminal_says_whether_next_season_is_final(tmp_path, capsys, complete, heading):
    """With a Signups sheet next season is made mid-season too: as the site and the emails
    do, the terminal says its places are as if the season ended today."""
    sheets = season_sheets()
    sheets["Settings"].append(["season_complete", complete])
    sheets["Signups"] = [["Player", "Game"]] + [[p, "riichi"] for p in "ABCD"]
    code, _ = run(tmp_path, sheets)
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert heading in printed.out
    assert printed.out.count("Next season") == 1


def test_a_new_player_missing_from_players_is_warned_of_at_their_signups_row(tmp_path, capsys):
    sheets = season_sheets()
    sheets["Signups"] = [["Player", "Game"]] + [[p, "riichi"] for p in ["A", "B", "Nova", "C"]]
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert (
        "Warning: sheet 'Signups', row 4, column 'Player': new Riichi player 'Nova' is not in"
        " the Players sheet (placed last, no rating)"
    ) in err


def test_next_season_from_signups(tmp_path, capsys):
    sheets = season_sheets()
    sheets["Settings"].append(["season_complete", "yes"])
    sheets["Players"].append(["Nova", "nova@example.org", 1700])
    sheets["Signups"] = (
        [["Player", "Game"]]
        + [[p, "riichi"] for p in ["A", "B", "C", "D", "Nova"]]
        + [[p, "MCR"] for p in "ABCD"]
    )
    code, out = run(tmp_path, sheets)
    assert code == 0, capsys.readouterr().err
    nxt = rows(out, "Next season")
    riichi = [(r["Level"], r["Player"]) for r in nxt if r["Game"] == "Riichi"]
    assert riichi == [(1, "A"), (1, "B"), (1, "C"), (1, "D"), (1, "Nova")]
    reasons = {r["Player"]: r["Reason"] for r in nxt if r["Game"] == "Riichi"}
    assert reasons["Nova"] == "new player (rating 1700)"
    assert reasons["A"] == "winner of division 1, stays at the top"
    standings = rows(out, "Standings")
    assert [r["Status"] for r in standings if r["Division"] == "R1"] == [
        "winner",
        "",
        "",
        "relegation candidate",
        "relegation candidate",
    ]


ERRORS = [
    pytest.param(
        ("Attendance", 2, 4, "maybe"),
        [
            "sheet 'Attendance', row 3, column '2025-09-18 (E)'",
            "expected x, 1, yes or ja",
            "'maybe'",
        ],
        id="unknown attendance mark",
    ),
    pytest.param(
        ("Signups", 1, 1, "Go"),
        ["sheet 'Signups', row 2, column 'Game'", "expected the game type"],
        id="signup with an unknown game",
    ),
]


def test_columns_after_the_nights_are_kept_and_ignored_with_a_warning(tmp_path, capsys):
    # workbook.md: a column whose header is not a date is not a night.
    (tmp_path / "plain").mkdir()
    code, plain = run(tmp_path / "plain", season_sheets())
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    sheets = season_sheets()
    sheets["Attendance"][0] += ["Total", "Note", "Email"]
    for k, row in enumerate(sheets["Attendance"][1:], start=1):
        row += [20 - k, "regular", f"p{k}@example.org"]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    for header, letter in (("Total", "V"), ("Note", "W"), ("Email", "X")):
        assert (
            f"Warning: sheet 'Attendance', row 1, column '{header} ({letter})': not a night:"
            f" its header is not a date ('{header}'), so the column is ignored"
        ) in err
    assert rows(out, "Attendance status") == rows(plain, "Attendance status")


def test_a_mistyped_night_header_is_noticed(tmp_path, capsys):
    sheets = season_sheets()
    sheets["Attendance"][0][3] = "Week 3"  # the night of 2025-09-11
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert (
        "Warning: sheet 'Attendance', row 1, column 'Week 3 (D)': not a night: its header is"
        " not a date ('Week 3')"
    ) in err
    # The club night of that date now has no column: said too.
    assert "sheet 'Nights', row 4, column 'Date'" in err
    assert "Week 3" in " ".join(r["Message"] for r in rows(out, "Problems"))


@pytest.mark.parametrize(
    ("header", "said"),
    [
        ("2025-09-32", "read year-month-day, there is no such day; did you mean 2025-09-30?"),
        ("31-09-2025", "read day first, that is day 31 of month 9 of 2025, and there is no"),
        ("11/9/25", "a year of two digits (25) is not read, the century would be a guess"),
    ],
)
def test_an_impossible_date_heading_a_night_is_an_error(tmp_path, capsys, header, said):
    """workbook.md: a day that does not exist is an error in the Attendance header too; as a
    warning the night's marks were dropped and the statuses changed (an organiser's helper
    found the advice in a player's email changed with exit 0)."""
    sheets = season_sheets()
    sheets["Attendance"][0][3] = header  # the night of 2025-09-11
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(code, err, [f"sheet 'Attendance', row 1, column '{header} (D)': ", said], out)
    assert "not a night" not in err


def test_a_night_before_the_season_start_is_a_warning(tmp_path, capsys):
    """A night's column with its year mistyped (2024 for 2025, a Thursday too) falls before
    the season start and never counts: said, as a game before the start is."""
    sheets = season_sheets()
    sheets["Attendance"][0][3] = dt.date(2024, 9, 12)  # the night of 2025-09-11
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert (
        "Warning: sheet 'Attendance', row 1, column '2024-09-12 (D)': the night 2024-09-12 is"
        " before the season start 2025-08-28, so its column never counts; is a year wrong?"
    ) in err


def test_a_night_heading_that_is_no_thursday_names_its_cell(tmp_path, capsys):
    sheets = season_sheets()
    sheets["Attendance"][0][3] = dt.date(2025, 9, 12)  # a Friday
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert (
        "Warning: sheet 'Attendance', row 1, column '2025-09-12 (D)': 2025-09-12 is a Friday,"
        " not a Thursday"
    ) in err


@pytest.mark.parametrize(("edit", "expected"), ERRORS)
def test_season_end_errors(tmp_path, capsys, edit, expected):
    sheets = season_sheets()
    sheets["Signups"] = [["Player", "Game"], ["A", "Riichi"]] + [[p, "Riichi"] for p in "BCD"]
    sheet, row, col, value = edit
    sheets[sheet][row][col] = value
    code, out = run(tmp_path, sheets)
    assert_refused(code, capsys.readouterr().err, expected, out)


def test_fewer_than_four_signups_for_a_game_is_an_error(tmp_path, capsys):
    sheets = season_sheets()
    sheets["Signups"] = [["Player", "Game"], ["A", "Riichi"], ["B", "Riichi"], ["C", "MCR"]] + [
        [p, "MCR"] for p in "ABD"
    ]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1
    assert "Riichi: 2 players signed up; a division needs at least 4" in err
    assert not out.exists()


def test_warnings_for_odd_nights_and_members(tmp_path, capsys):
    sheets = season_sheets()
    sheets["Nights"].append([dt.date(2025, 11, 15), "yes", "Saturday tournament"])
    sheets["Attendance"].append(["Stranger", *["x"] * 20])
    # A third division for A (a second riichi division): allowed, with a warning.
    sheets["Divisions"] += [["R2", "Riichi", 2, p] for p in ["A", "Q1", "Q2", "Q3"]]
    sheets["Players"] += [[f"Q{i}", None, None] for i in range(1, 4)]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert "2025-11-15 is a Saturday, not a Thursday" in err
    assert "'Stranger' has attendance recorded but is in no division" in err
    assert "'A' plays in 3 divisions (R1, M1, R2)" in err
    problems = rows(out, "Problems")
    assert any("not a Thursday" in r["Message"] for r in problems)
    status = {r["Player"]: r for r in rows(out, "Attendance status")}
    assert (status["A"]["Divisions"], status["A"]["Required"]) == (3, "2/3")


def test_substituted_member_who_was_not_substitutable_is_a_warning(tmp_path, capsys):
    sheets = season_sheets()
    sheets["Games"][2][5] = "x"  # B (Games row 3), always on time, marked substituted
    code, _out = run(tmp_path, sheets)
    assert code == 0
    err = capsys.readouterr().err
    assert "row 3, column 'Substituted': 'B' is marked substituted in game '1'" in err
    assert "on 2025-09-04 but was not substitutable" in err


def test_a_misspelt_attendance_name_gets_a_suggestion(tmp_path, capsys):
    sheets = season_sheets()
    del sheets["Schedule"]
    sheets["Divisions"] = [
        r if r[3] != "E" else [r[0], r[1], r[2], "Søren Østergaard"] for r in sheets["Divisions"]
    ]
    sheets["Games"] = [
        r if r[3] != "E" else [*r[:3], "Søren Østergaard", *r[4:]] for r in sheets["Games"]
    ]
    sheets["Players"].append(["Søren Østergaard", None, None])
    sheets["Attendance"][5][0] = "Soren Ostergaard"
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert "'Soren Ostergaard' has attendance recorded but is in no division; did you mean" in err
    assert "'Søren Østergaard' has no row in the Attendance sheet" in err
    assert "did you mean 'Soren Ostergaard'" in err


def test_a_game_before_the_season_start_is_a_warning(tmp_path, capsys):
    sheets = season_sheets()
    for row in sheets["Games"][5:9]:
        row[1] = dt.date(2024, 9, 4)  # the MCR game: a year typo
    code, _ = run(tmp_path, sheets)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "1 game dated before the season start 2025-08-28" in captured.err
    assert "game '2' on 2024-09-04" in captured.err
    assert "Results as of 2026-01-08 (the as_of setting)" in captured.out


def test_a_game_before_the_season_start_is_a_warning_without_attendance_too(tmp_path, capsys):
    """A newcomer's trial: without an Attendance sheet the check did not run, and a game
    typed a year early counted silently (missing from "this week" and misplaced on the
    chart)."""
    sheets = season_sheets()
    sheets.pop("Attendance", None)
    for row in sheets["Games"][5:9]:
        row[1] = dt.date(2024, 9, 4)
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert "1 game dated before the season start 2025-08-28 (game '2' on 2024-09-04)" in err
    assert err.count("dated before the season start") == 1


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "1 game dated before the season start 2025-08-28 (game '2' on 2024-09-04)"),
        (
            "da",
            "1 spil er dateret før sæsonstarten 28. august 2025 (spil '2' den 4. september 2024)",
        ),
    ],
)
def test_the_problems_sheet_speaks_the_workbook_s_language(tmp_path, capsys, language, message):
    """A Danish club's Problems sheet says its warnings in Danish, as its site and emails do
    (the terminal stays English)."""
    sheets = season_sheets()
    sheets["Settings"].append(["language", language])
    for row in sheets["Games"][5:9]:
        row[1] = dt.date(2024, 9, 4)  # the MCR game: a year typo
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    said = [p["Message"] for p in rows(out, "Problems")]
    assert any(message in (m or "") for m in said), said
    assert "1 game dated before the season start 2025-08-28 (game '2'" in err


def gap_sheets():
    """Two MCR divisions (5 and 6 members), Rr and Ss without games; 15 sign up for next
    season: three divisions of five."""
    day = dt.date(2025, 9, 4)
    one, two = ["Aa", "Bb", "Cc", "Dd", "Xx"], ["Ee", "Ff", "Gg", "Hh", "Rr", "Ss"]
    games = [
        (1, "MCR 1", [("Aa", 30), ("Bb", 10), ("Cc", -10), ("Dd", -30)]),
        (2, "MCR 2", [("Ee", 30), ("Ff", 10), ("Gg", -10), ("Hh", -30)]),
        (3, "MCR 2", [("Hh", 30), ("Gg", 10), ("Ee", -10), ("Ff", -30)]),
    ]
    return {
        "Settings": [["Key", "Value"], ["club", "Gap"], ["season_complete", "yes"]],
        "Divisions": [["Division", "Game", "Level", "Player"]]
        + [["MCR 1", "MCR", 1, p] for p in one]
        + [["MCR 2", "MCR", 2, p] for p in two],
        "Games": [["Game", "Date", "Division", "Player", "Score", "Substituted"]]
        + [[n, day, d, p, s, None] for n, d, seated in games for p, s in seated],
        "Signups": [["Player", "Game"]]
        + [[p, "MCR"] for p in [*one, *two, "N1", "N2", "N3", "N4"]],
    }


def test_a_tie_next_seasons_divisions_split_is_warned_of_and_marked(tmp_path, capsys):
    """A season-end trial's find: Rr and Ss (no games) tied 5= in the lowest of two
    divisions, both relegation candidates; three divisions of five next season put one of
    them in division 2 and one in division 3 by their names' order, with no word of dice, and
    their reasons said nothing of the tie."""
    sheets = gap_sheets()
    code, out = run(tmp_path, sheets)
    assert code == 0
    err = " ".join(capsys.readouterr().err.split())
    assert (
        "MCR 2: Rr, Ss are tied at rank 5 and next season's divisions split them (divisions"
        " 2, 3: the order by name decides for now); roll the dice to decide"
    ) in err
    reasons = {r["Player"]: r["Reason"] for r in rows(out, "Next season")}
    tie = "relegation candidate of division 2 (rank 5=, a tie the dice have not settled)"
    assert reasons["Rr"] == f"{tie}, kept: a place was free"
    assert reasons["Ss"] == f"{tie}, relegated"


def test_a_member_of_two_divisions_shows_the_place_their_reason_names(tmp_path, capsys):
    """A season-end trial's find: Rune, in divisions 2 and 3 of one game, had the reason of
    his place in division 2 beside the previous division and rank of division 3."""
    sheets = gap_sheets()
    sheets["Divisions"].append(["MCR 2", "MCR", 2, "Aa"])  # Aa: winner of MCR 1, 5= in MCR 2
    code, out = run(tmp_path, sheets)
    assert code == 0, capsys.readouterr().err
    (aa,) = [r for r in rows(out, "Next season") if r["Player"] == "Aa"]
    assert aa["Reason"] == "winner of division 1, stays at the top"
    assert (aa["Previous division"], aa["Previous rank"]) == ("MCR 1", 1)
    err = " ".join(capsys.readouterr().err.split())
    # Aa's place came from MCR 1: their tie in MCR 2 splits only Rr and Ss
    assert "divisions split them (divisions 2, 3:" in err and "(divisions 1," not in err


def test_after_the_season_the_emails_look_back_only(tmp_path, capsys):
    """A Danish organiser's trial: with season_complete, every player's email still listed
    the planned games left to play and the advice for an attendance check after the season."""
    import email
    from email import policy

    sheets = season_sheets()
    code, out = run(tmp_path, sheets)
    assert code == 0
    before = (out.parent / "outbox" / "001-player-a.eml").read_bytes()
    text = email.message_from_bytes(before, policy=policy.default).get_body(("plain",))
    assert "Still to play on the schedule" in text.get_content()
    assert "to pass the" in text.get_content() or "even without coming" in text.get_content()
    for page in ("attendance.html", "player-a.html"):
        html = (out.parent / "report" / page).read_text(encoding="utf-8")
        assert "to pass the" in html or "even without coming" in html, page
    sheets["Settings"].append(["season_complete", "yes"])
    code, out = run(tmp_path, sheets)
    assert code == 0
    after = (out.parent / "outbox" / "001-player-a.eml").read_bytes()
    content = email.message_from_bytes(after, policy=policy.default).get_body(("plain",))
    assert "Still to play on the schedule" not in content.get_content()
    assert "to pass the" not in content.get_content()  # no advice for a check to come
    assert "even without coming" not in content.get_content()
    for page in ("attendance.html", "player-a.html"):  # nor on the site (a review's find)
        html = (out.parent / "report" / page).read_text(encoding="utf-8")
        assert "to pass the" not in html and "even without coming" not in html, page


def test_after_the_season_the_organiser_sees_no_check_to_come(tmp_path, capsys):
    """After season_complete the terminal, the organiser's email, the Attendance status sheet
    and the 'needs your action' list still gave advice for a check after the season and
    asked about substitutable members no game is left for (noticed at stop 31)."""
    import email
    from email import policy

    sheets = season_sheets()
    code, out = run(tmp_path, sheets)
    assert code == 0
    before = capsys.readouterr().out
    line = next(x for x in before.splitlines() if x.strip().startswith("C: substitutable"))
    assert "needs 2/3); cannot pass the 2026-01-22 check" in line
    assert "- substitutable (attended too few" in before  # the organiser's action list
    (c,) = [r for r in rows(out, "Attendance status") if r["Player"] == "C"]
    assert c["Next check"] is not None and c["Advice"]

    sheets["Settings"].append(["season_complete", "yes"])
    code, out = run(tmp_path, sheets)
    assert code == 0
    after = capsys.readouterr().out
    line = next(x for x in after.splitlines() if x.strip().startswith("C: substitutable"))
    assert line.rstrip().endswith("needs 2/3)"), line  # status and count, no advice
    assert "- substitutable (" not in after
    (c,) = [r for r in rows(out, "Attendance status") if r["Player"] == "C"]
    assert c["Status"] == "substitutable"
    assert [c[k] for k in ("Next check", "Coming nights", "Must attend", "Advice")] == [None] * 4
    organiser = sorted((out.parent / "outbox").glob("*-organiser.eml"))[0]
    body = email.message_from_bytes(organiser.read_bytes(), policy=policy.default)
    text = body.get_body(("plain",)).get_content()
    # whole lines (a review: the text email ran the members' lines together)
    assert "Attendance:\n- C: substitutable (1/19)\n" in text and "to pass the" not in text
    # a workbook without `club` is headed as the subject is, not "Summary for the organiser: ,"
    assert text.startswith("Summary for the organiser: Mahjong, 8 January 2026")
    assert "even without coming" not in text and "Nothing needs your action" in text
    player_c = next((out.parent / "outbox").glob("*-player-c.eml"))
    mine = email.message_from_bytes(player_c.read_bytes(), policy=policy.default)
    words = " ".join(mine.get_body(("plain",)).get_content().split())
    assert "you were substitutable" in words and "stop being substitutable" not in words
