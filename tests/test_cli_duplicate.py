"""CLI: a duplicate workbook (Seating, Boards, IMP scale, Tiles) and its error paths."""

import copy

import pytest

from process import main
from tests.builders import assert_refused, write_workbook
from tests.builders import sheet_rows as rows

BOARDS_HEADER = [
    "Session",
    "Board",
    "Table",
    "Winner",
    "Hand value",
    "Discarder",
    "Last tile",
    "False mahjong",
    "False penalty",
    "Tiles",
]


def duplicate_sheets():
    seating = [["Session", "Table", "Seat", "Player"]]
    for table in (1, 2):
        for seat in "ESWN":
            seating.append([1, table, seat, f"{seat}{table}"])
    return {
        "Seating": seating,
        "Boards": [
            BOARDS_HEADER,
            [1, 1, 1, "E", 18, "N", None, None, None, None],
            [1, 1, 2, "E", 8, "N", None, None, None, None],
            [1, 2, 1, "S", 9, None, None, "W", 4, None],
            [1, 2, 2, "S,W", "10,12", "E", None, None, None, None],
        ],
    }


def run(tmp_path, sheets, *extra):
    path = write_workbook(tmp_path / "dup.xlsx", sheets)
    out = tmp_path / "out"
    return main([str(path), "--out", str(out), *extra]), out / "dup.xlsx"


def test_duplicate_sheets(tmp_path, capsys):
    code, out = run(tmp_path, duplicate_sheets())
    assert code == 0, capsys.readouterr().err
    dup = rows(out, "Duplicate")
    board1 = [(r["Table"], r["Seat"], r["Game points"], r["Average"], r["IMPs"]) for r in dup[:8]]
    # East: 42 and 32, average 37: +5 -> 2 IMPs and -5 -> -2; North -26 and -16: -10 -> -3
    assert board1 == [
        (1, "E", 42, 37, 2),
        (1, "S", -8, -8, 0),
        (1, "W", -8, -8, 0),
        (1, "N", -26, -21, -2),
        (2, "E", 32, 37, -2),
        (2, "S", -8, -8, 0),
        (2, "W", -8, -8, 0),
        (2, "N", -16, -21, 2),
    ]
    ranking = {r["Player"]: r for r in rows(out, "Duplicate ranking")}
    # W1: board 2 table 1: -11 vs average (-11 + 36) / 2 = 12.5 -> -23.5 -> -6; false MJ -4
    assert ranking["W1"]["IMPs"] == -6 - 4
    assert ranking["W1"]["False mahjong"] == -4
    assert ranking["E1"]["Boards"] == 2
    assert "provisional default" in ranking["E1"]["IMP scale"]
    assert "Duplicate ranking" in capsys.readouterr().out


def test_imp_scale_sheet_replaces_the_default(tmp_path, capsys):
    sheets = duplicate_sheets()
    sheets["IMP scale"] = [["IMPs", "Above"], [1, 2], [2, 4.5], [3, 20]]
    code, out = run(tmp_path, sheets)
    assert code == 0
    dup = rows(out, "Duplicate")
    assert [r["IMPs"] for r in dup[:1]] == [2]  # +5: above 2 and 4.5, not 20
    ranking = rows(out, "Duplicate ranking")
    assert ranking[0]["IMP scale"] == "the workbook's own IMP scale sheet"


def test_tiles_check_warns_about_a_wrong_hand_value(tmp_path, capsys):
    sheets = duplicate_sheets()
    sheets["Boards"][1][9] = "123m 456m 789m 123p EE"  # 21 fan, recorded 18
    sheets["Boards"][2][9] = "[123m] 345p 789s 11p 567s"  # All Chows 2: under 8 fan
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0
    assert "E's hand value is recorded as 18, but the tiles make 21 fan: Pure Straight 16" in err
    assert "a false Mahjong candidate" in err


def edit(sheets, sheet, row, column, value):
    sheets = copy.deepcopy(sheets)
    header = sheets[sheet][0]
    sheets[sheet][row][header.index(column)] = value
    return sheets


ERRORS = [
    pytest.param(
        edit(duplicate_sheets(), "Boards", 1, "Hand value", 6),
        ["sheet 'Boards', row 2, column 'Hand value'", "at least 8 fan"],
        id="hand value under 8",
    ),
    pytest.param(
        edit(duplicate_sheets(), "Boards", 4, "Hand value", "10"),
        ["row 5, column 'Hand value'", "2 winners but 1 hand value"],
        id="winners and hand values differ",
    ),
    pytest.param(
        edit(duplicate_sheets(), "Boards", 1, "Discarder", "E"),
        ["row 2, column 'Discarder'", "E is both the discarder and a winner"],
        id="discarder is a winner",
    ),
    pytest.param(
        edit(duplicate_sheets(), "Seating", 1, "Seat", "X"),
        ["sheet 'Seating', row 2, column 'Seat'", "expected a wind"],
        id="seat letter",
    ),
    pytest.param(
        edit(duplicate_sheets(), "Boards", 1, "Winner", "Q"),
        ["sheet 'Boards', row 2, column 'Winner'", "expected a wind"],
        id="winner seat letter",
    ),
    pytest.param(
        edit(duplicate_sheets(), "Seating", 5, "Player", "E1"),
        ["sheet 'Seating', row 6, column 'Player'", "'E1' is seated twice in session 1"],
        id="player seated twice",
    ),
    pytest.param(
        edit(duplicate_sheets(), "Boards", 2, "Table", 3),
        ["row 3, column 'Table'", "no seating for table 3 in session 1"],
        id="table without seating",
    ),
    pytest.param(
        edit(duplicate_sheets(), "Boards", 3, "False penalty", 5),
        ["row 4, column 'False penalty'", "4 or 8 IMPs"],
        id="false penalty",
    ),
    pytest.param(
        edit(duplicate_sheets(), "Boards", 4, "Discarder", None),
        ["row 5, column 'Discarder'", "several winners can only win on one discard"],
        id="two winners self-drawn",
    ),
]


@pytest.mark.parametrize(("sheets", "expected"), ERRORS)
def test_duplicate_errors(tmp_path, capsys, sheets, expected):
    code, out = run(tmp_path, sheets)
    assert_refused(code, capsys.readouterr().err, expected, out)


def test_warnings_for_a_missing_table_and_an_unusual_value(tmp_path, capsys):
    sheets = duplicate_sheets()
    del sheets["Boards"][2]  # board 1 not played at table 2
    sheets["Boards"][1][4] = 200
    code, _out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert "board 1 of session 1 was not played at every table (the tables without it: 2)" in err
    assert "a hand value of 200 fan is unusual" in err


def test_the_last_tile_bonus_counts_for_the_eight_fan_minimum(tmp_path, capsys):
    sheets = edit(
        edit(duplicate_sheets(), "Boards", 3, "Hand value", 4), "Boards", 3, "Last tile", "x"
    )
    sheets = edit(sheets, "Boards", 3, "False mahjong", None)
    sheets = edit(sheets, "Boards", 3, "False penalty", None)
    code, out = run(tmp_path, sheets)
    assert code == 0, capsys.readouterr().err
    board2 = [r for r in rows(out, "Duplicate") if r["Board"] == 2 and r["Table"] == 1]
    # 4 + 8 = 12 fan self-drawn: +36, the others -(4 + 8) = -12
    assert [r["Game points"] for r in board2] == [-12, 36, -12, -12]


def test_tiles_check_on_the_last_tile_and_with_a_kong_written_last(tmp_path, capsys):
    plain = "[234m] [555s] [678p] WW 789m"  # no fan of its own: a would-be Chicken Hand
    sheets = duplicate_sheets()
    # Board 1, table 1: East on North's discard, the last tile: Last Tile Claim 8 = 0 + 8.
    sheets = edit(sheets, "Boards", 1, "Hand value", 0)
    sheets = edit(sheets, "Boards", 1, "Last tile", "x")
    sheets = edit(sheets, "Boards", 1, "Tiles", plain)
    # Board 1, table 2: the concealed kong written last (it used to crash the run): 22 fan.
    sheets = edit(sheets, "Boards", 2, "Hand value", 22)
    sheets = edit(sheets, "Boards", 2, "Tiles", "123m 456m 789m EE 5555p")
    # Board 2, table 1: South self-drawn on the last tile, Self-Drawn kept: 1 + 8, not 8.
    sheets = edit(sheets, "Boards", 3, "Hand value", 1)
    sheets = edit(sheets, "Boards", 3, "Last tile", "x")
    sheets = edit(sheets, "Boards", 3, "Tiles", plain)
    # Board 2, table 2: an exposed set where the winning tile should be, for South.
    sheets = edit(sheets, "Boards", 4, "Tiles", "EE 123m 456m 789m [123p]; " + plain)
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0, err
    assert [line for line in err.splitlines() if line.startswith("Warning")] == [
        "Warning: sheet 'Boards', row 4, column 'Hand value': S's hand value is recorded as 1"
        " (+ 8 for the last tile = 9), but the tiles make 8 fan on the last tile:"
        " Last Tile Draw 8",
        "Warning: sheet 'Boards', row 5, column 'Tiles': S's hand 'EE 123m 456m 789m [123p]':"
        " write the winning tile last, in a concealed group (not in brackets)",
        "Warning: sheet 'Boards', row 5, column 'Hand value': W's hand value is recorded as 12,"
        " but the tiles make 8 fan: Chicken Hand 8",
    ]
    problems = rows(out, "Problems")
    assert [(p["Row"], p["Column"]) for p in problems] == [
        (4, "Hand value"),
        (5, "Tiles"),
        (5, "Hand value"),
    ]
    board1 = [r for r in rows(out, "Duplicate") if r["Board"] == 1 and r["Table"] == 1]
    # 0 + 8 fan on North's discard: East +32, North -16
    assert [r["Game points"] for r in board1] == [32, -8, -8, -16]


def test_a_seated_name_the_players_sheet_lacks_is_warned_of(tmp_path, capsys):
    """A Duplicate organiser's trial: `Zoe` typed for `Ib` in Seating was a player of her
    own, who won the evening, without a word (a league's Divisions warns of the same)."""
    sheets = duplicate_sheets()
    sheets["Players"] = [["Player"]] + [[f"{seat}{t}"] for t in (1, 2) for seat in "ESWN"]
    sheets["Seating"][3][3] = "W 1"  # for W1
    code, _ = run(tmp_path, sheets)
    err = " ".join(capsys.readouterr().err.split())
    assert code == 0, err
    assert (
        "Warning: sheet 'Seating', row 4, column 'Player': 'W 1' is not in the Players sheet"
        " (did you mean 'W1'?"
    ) in err
    assert err.count("is not in the Players sheet") == 1
    del sheets["Players"]  # without a Players sheet the seating is the list of players
    assert run(tmp_path, sheets)[0] == 0
    assert "Players sheet" not in capsys.readouterr().err


def test_a_trailing_separator_in_tiles_is_no_hand(tmp_path, capsys):
    """A Duplicate organiser's trial: "… ;" (a separator after the last hand) counted as one
    more hand ("2 hands in Tiles but 1 winner") and nothing was checked."""
    sheets = duplicate_sheets()
    sheets["Boards"][1][9] = "123m 456m 789m 123p EE ;"  # 21 fan, recorded 18
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 0
    assert "E's hand value is recorded as 18, but the tiles make 21 fan" in err
    assert "hands in Tiles" not in err


def test_an_empty_false_penalty_and_a_last_tile_without_a_winner_are_said_plainly(tmp_path, capsys):
    """A Duplicate organiser's trial: an empty False penalty beside a false Mahjong said
    "found None"; Last tile marked on a board without a winner was ignored without a word."""
    sheets = duplicate_sheets()
    sheets["Boards"][3] = [1, 2, 1, None, None, None, "x", "W", None, None]
    code, out = run(tmp_path, sheets)
    err = " ".join(capsys.readouterr().err.split())
    assert_refused(
        code,
        err,
        [
            "sheet 'Boards', row 4, column 'False penalty': a false Mahjong costs 4 or 8 IMPs;"
            " the False penalty is empty",
            "Warning: sheet 'Boards', row 4, column 'Last tile': Last tile is marked but the"
            " board has no winner, so it is ignored (is the row right?)",
        ],
        out.parent,
    )
    assert "None" not in err


def test_a_title_above_the_boards_header_is_one_error(tmp_path, capsys):
    """A Duplicate organiser's trial: a title row above the Boards header gave its own error
    and then "nothing to process: the workbook has … no 'Seating' and 'Boards' sheets",
    listing both sheets among its sheets."""
    sheets = duplicate_sheets()
    sheets["Boards"] = [["Evening of 4 September"], [], *sheets["Boards"]]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert_refused(code, err, ["sheet 'Boards', row 1"], out.parent)
    assert "nothing to process" not in err and "1 error in" in err


@pytest.mark.parametrize(
    ("scale", "expected"),
    [
        (
            [[1, 2], [2, 4], [3, 30], [4, 25]],  # row 5's threshold is below row 4's
            "sheet 'IMP scale', row 5, column 'Above': the IMP scale: each threshold must be"
            " larger than the one for one IMP less",
        ),
        (
            [[1, 2], [2, 4], [4, 9]],  # no 3 IMPs
            "sheet 'IMP scale', row 4, column 'IMPs': the IMP scale: the IMPs must be 1, 2, 3,",
        ),
        (
            [[2, 4], [1, -1]],  # a negative threshold, rows out of order
            "sheet 'IMP scale', row 3, column 'Above': the IMP scale: each threshold",
        ),
    ],
)
def test_an_unusable_imp_scale_names_the_row_at_fault(tmp_path, capsys, scale, expected):
    """A Duplicate organiser's trial: these errors named no row, and the column 'IMPs' for
    a threshold."""
    sheets = duplicate_sheets()
    sheets["IMP scale"] = [["IMPs", "Above"], *scale]
    code, out = run(tmp_path, sheets)
    assert_refused(code, " ".join(capsys.readouterr().err.split()), [expected], out.parent)
