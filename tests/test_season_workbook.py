"""Reading season workbooks as organisers write them, and the standings they give."""

import datetime as dt
from fractions import Fraction

import pytest

from mahjong_club.capabilities import Options
from mahjong_club.capabilities.standings import STANDINGS
from mahjong_club.pipeline import compute, read_workbook
from tests.builders import write_workbook
from tests.test_cli_errors import GAMES_HEADER, league

D = dt.date(2025, 9, 4)


def standings_of(tmp_path, sheets, seed=None):
    season, problems = read_workbook(write_workbook(tmp_path / "s.xlsx", sheets))
    assert not problems.errors, [str(p) for p in problems.errors]
    result = compute(season, problems, Options(dice_seed=seed)).result(STANDINGS)
    assert result is not None
    rows = {}
    for standing in result.standings:
        for row in standing.rows:
            rows[(standing.division.name, row.record.player)] = row
    return result, rows, problems


def test_danish_headers_case_insensitive_names_and_text_numbers(tmp_path):
    sheets = {
        " settings ": [["KEY", "value"], ["Start_Points", "25.000"]],
        "DIVISIONS": [["division", "Spil", "Niveau", "Spiller"]]
        + [["R1", " riichi ", 1, p] for p in "ABCD"],
        "games": [
            [],
            [None, "Spil", "Dato", "Division", "Spiller", "Point", "Substituted"],
            [None, 7, "2025-09-04", "R1", "A", "40 000", None],
            [None, 7, "2025-09-04", "R1", "B", "30,000", None],
            [],
            [None, 7, "2025-09-04", "R1", "C", "20.000", None],
            [None, 7, "2025-09-04", "R1", "D", "10000", "NO"],
        ],
    }
    result, rows, _ = standings_of(tmp_path, sheets)
    # start 25,000: 40,000 - 25,000 + 15,000 = 30,000
    assert rows[("R1", "A")].record.points == 30000
    assert rows[("R1", "D")].record.points == 10000 - 25000 - 15000
    assert result.standings[0].division.game.value == "Riichi"


@pytest.mark.parametrize("header", ["Erstattet", "Vikar", "Substitueret"])
def test_the_substituted_column_headed_in_danish_is_read(tmp_path, header):
    """A Danish organiser's trial: `Erstattet` over the Substituted column was not read, with
    no word, and a substituted member's game counted as her own (4th became 2nd)."""
    sheets = league()
    sheets["Games"][0][5] = header
    sheets["Games"][4][5] = "x"  # R1's game: D was substituted
    _, rows, problems = standings_of(tmp_path, sheets)
    record = rows[("R1", "D")].record
    assert record.points == -30000 and not record.results[0][1].played  # read as substituted
    assert not [p for p in problems.warnings if p.sheet == "Games"]


def test_penalties_and_nights_headed_in_danish_are_read(tmp_path):
    sheets = league()
    sheets["Penalties"] = [
        ["Spil", "Spiller", "Art", "Point", "Minutter", "Bemærkning"],
        [1, "A", "lateness", None, 3, "traffic"],
    ]
    _, rows, problems = standings_of(tmp_path, sheets)
    assert rows[("R1", "A")].record.points == 12300 + 15000 - 3000
    assert not [p for p in problems.warnings if p.sheet == "Penalties"]


def test_a_note_column_with_a_danish_name_beside_the_english_one_is_the_organisers(tmp_path):
    """A review's find: beside `Kind`, a note column headed `Type` (an alias then) was taken
    for Kind and the real Kind column for "a second 'Kind' column"."""
    sheets = league()
    sheets["Penalties"] = [
        ["Game", "Player", "Art", "Kind", "Points", "Note"],
        [1, "A", "verbal", "chombo", None, None],
    ]
    _, rows, problems = standings_of(tmp_path, sheets)
    assert rows[("R1", "A")].record.points == 12300 + 15000 - 20000  # the chombo, from Kind
    assert not [p for p in problems.warnings if p.sheet == "Penalties"]


def test_game_ids_as_text_and_numbers_are_one_id(tmp_path):
    sheets = league()
    sheets["Games"][1][0] = "1"  # text "1" and number 1 are the same game
    _, rows, _ = standings_of(tmp_path, sheets)
    assert rows[("R1", "A")].record.games == 1


def test_riichi_penalties_after_uma_do_not_change_placements(tmp_path):
    sheets = league()
    sheets["Penalties"] = [
        ["Game", "Player", "Kind", "Points", "Minutes", "Note"],
        [1, "A", "chombo", None, None, "default 20,000"],
        [1, "B", "lateness", None, 4, "4 minutes: 4,000"],
        [1, "C", "obstruction", "8,000", None, None],
    ]
    _, rows, _ = standings_of(tmp_path, sheets)
    a, b, c = (rows[("R1", p)].record for p in "ABC")
    assert a.points == 27300 - 20000 and a.places == (1, 0, 0, 0)
    assert b.points == 6500 - 4000 and b.places == (0, 1, 0, 0)
    assert c.points == -9800 - 8000
    assert a.penalty_points == 20000
    # Highest single game still sees the game result without the penalty.
    assert max(r.points for _, r in a.results) == 27300


def test_ema_revised_deducts_point_penalties_at_once(tmp_path):
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], ["riichi_ruleset", "ema-revised"]]
    # B (31,500) is 8 minutes late: 23,500 at once, below C's 25,200, so B drops to 3rd.
    sheets["Penalties"] = [["Game", "Player", "Kind", "Minutes"], [1, "B", "lateness", 8]]
    _, rows, _ = standings_of(tmp_path, sheets)
    b, c = rows[("R1", "B")].record, rows[("R1", "C")].record
    assert b.places == (0, 0, 1, 0) and c.places == (0, 1, 0, 0)
    assert b.points == 23500 - 30000 - 10000
    assert c.points == 25200 - 30000 + 10000
    assert b.penalty_points == 0  # not deducted a second time


def test_lateness_over_ten_minutes_needs_a_substitute_and_costs_no_points(tmp_path):
    sheets = league()
    sheets["Penalties"] = [["Game", "Player", "Kind", "Minutes"], [1, "B", "lateness", 11]]
    _season, problems = read_workbook(write_workbook(tmp_path / "late.xlsx", sheets))
    assert [str(p) for p in problems.errors] == [
        "Error: sheet 'Penalties', row 2, column 'Minutes': 11 minutes late: more than 10"
        " minutes means a substitute plays that session; mark the seat substituted"
    ]
    sheets["Games"][2][5] = "x"  # B's seat was played by a substitute
    _, rows, _ = standings_of(tmp_path, sheets)
    # B gets the substitute's result, and no lateness points
    assert rows[("R1", "B")].record.points == -30000
    assert rows[("R1", "B")].record.penalty_points == 0


def test_mcr_penalty_comes_off_minipoints_not_table_points(tmp_path):
    sheets = league()
    sheets["Penalties"] = [["Game", "Player", "Kind", "Points"], [2, "A", "other", 30]]
    _, rows, _ = standings_of(tmp_path, sheets)
    a = rows[("M1", "A")].record
    assert (a.points, a.minipoints) == (4, 10)


def test_disqualified_player_goes_to_the_bottom(tmp_path):
    sheets = league()
    sheets["Penalties"] = [["Game", "Player", "Kind"], [None, "E", "disqualification"]]
    result, _rows, _ = standings_of(tmp_path, sheets)
    r1 = next(s for s in result.standings if s.division.name == "R1")
    assert [r.record.player for r in r1.rows] == ["A", "B", "C", "D", "E"]
    assert r1.rows[3].decided_by == "disqualification"


def test_settings_uma_and_table_points(tmp_path):
    sheets = league()
    sheets["Settings"] = [
        ["Key", "Value"],
        ["uma", "20000, 10000, -10000, -20000"],
        ["mcr_table_points", "4,2,1,0"],
    ]
    _, rows, _ = standings_of(tmp_path, sheets)
    assert rows[("R1", "A")].record.points == 12300 + 20000
    sheets["Settings"] = [["Key", "Value"], ["uma", "15,5,-5,-15"], ["mcr_table_points", "6;3;1;0"]]
    _, rows, _ = standings_of(tmp_path, sheets)
    assert rows[("R1", "A")].record.points == 27300
    assert rows[("M1", "A")].record.points == 6


OLD_UMA = (
    "uma 15000,5000,-5000,-15000 is the ema2016 ruleset's, but riichi_ruleset is ema-revised"
    " (whose uma is 30000,10000,-10000,-30000); the uma setting wins: leave it empty to play"
    " ema-revised's"
)


@pytest.mark.parametrize(
    ("ruleset", "uma", "warned"),
    [
        ("ema-revised", "15000,5000,-5000,-15000", OLD_UMA),  # the template's old line
        ("ema-revised", "15,5,-5,-15", OLD_UMA),
        (
            "ema2016",
            "30000,10000,-10000,-30000",
            "uma 30000,10000,-10000,-30000 is the ema-revised ruleset's, but riichi_ruleset is"
            " ema2016 (whose uma is 15000,5000,-5000,-15000); the uma setting wins: leave it"
            " empty to play ema2016's",
        ),
        ("ema-revised", "30000,10000,-10000,-30000", None),  # the ruleset's own: no word
        ("ema-revised", "20000,10000,-10000,-20000", None),  # the club's own choice
        (None, "15000,5000,-5000,-15000", None),
    ],
)
def test_an_uma_left_from_another_ruleset_is_warned_of(tmp_path, ruleset, uma, warned):
    """A tournament trial's find: the template filled in ema2016's uma, so a workbook made
    from it and switched to ema-revised kept ema2016's uma, silently."""
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], ["uma", uma]]
    if ruleset is not None:
        sheets["Settings"].append(["riichi_ruleset", ruleset])
    _, rows, problems = standings_of(tmp_path, sheets)
    said = [(p.row, p.text()) for p in problems.warnings if p.sheet == "Settings"]
    assert said == ([] if warned is None else [(2, warned)])  # the uma line, as Excel shows it
    first = int(uma.split(",")[0]) * (1000 if len(uma.split(",")[0]) < 4 else 1)
    assert rows[("R1", "A")].record.points == 12300 + first  # the setting still wins


def test_three_way_tie_in_mcr_is_seven_thirds(tmp_path):
    sheets = league()
    sheets["Games"] = [
        GAMES_HEADER,
        *[[3, D, "M1", p, s, None] for p, s in zip("ABCD", (10, 10, 10, -30), strict=True)],
    ]
    _, rows, _ = standings_of(tmp_path, sheets)
    assert rows[("M1", "A")].record.points == Fraction(7, 3)
    assert rows[("M1", "A")].rank == 1 and rows[("M1", "A")].decided_by == "tied"


def test_unresolved_tie_warns_and_seeded_dice_settle_it(tmp_path):
    sheets = league()
    sheets["Games"] = [GAMES_HEADER]  # nobody has played: everyone tied
    _result, rows, problems = standings_of(tmp_path, sheets)
    assert {r.decided_by for r in rows.values()} == {"tied"}
    # but nobody is told to roll dice before anyone has played
    assert not [p for p in problems.warnings if p.sheet == "Dice"]
    played = [
        [1, row[1], "R1", p, s, None]
        for row, p, s in zip(
            league()["Games"][1:5], "ABCD", (35000, 35000, 30000, 20000), strict=True
        )
    ]
    sheets["Games"] = [GAMES_HEADER, *played]  # A and B share first place: tied after all
    _result, rows, problems = standings_of(tmp_path, sheets)
    warning = next(p for p in problems.warnings if p.sheet == "Dice" and "R1" in p.text())
    assert "R1: A, B are still tied" in warning.text() and "round 1" in warning.text()
    sheets["Games"] = [GAMES_HEADER]
    result2, rows2, problems2 = standings_of(tmp_path, sheets, seed=7)
    assert "tied" not in {r.decided_by for r in rows2.values()}
    assert not [p for p in problems2.warnings if p.sheet == "Dice"]
    assert {r.round for r in result2.new_dice} >= {1}
    # The same seed rolls the same dice.
    result3, _, _ = standings_of(tmp_path, sheets, seed=7)
    assert result3.new_dice == result2.new_dice


@pytest.mark.parametrize(
    ("complete", "statuses"),
    [
        ("no", ["", "", "", "", ""]),
        ("yes", ["winner", "", "", "relegation candidate", "relegation candidate"]),
    ],
)
def test_status_column(tmp_path, complete, statuses):
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], ["season_complete", complete]]
    result, _, _ = standings_of(tmp_path, sheets)
    r1 = next(s for s in result.standings if s.division.name == "R1")
    assert [result.statuses.get(("R1", r.record.player), "") for r in r1.rows] == statuses
