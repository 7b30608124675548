"""CLI: the Hands sheet (a hand-scoring workbook) and the score-hand calculator."""

import copy

import openpyxl
import pytest

from process import main
from tests.builders import assert_refused, write_workbook
from tests.builders import sheet_rows as rows

HEADER = [
    "Session",
    "Hand",
    "Round",
    "Player",
    "Seat",
    "Mahjong",
    "Sets",
    "Flowers",
    "Seasons",
    "Self-drawn",
    "Loose tile",
    "Last tile",
    "Limit",
]


def hands_sheet():
    """rules.md's worked example as hand 1, then a hand without a winner."""
    return {
        "Hands": [
            HEADER,
            [1, 1, "E", "Erik", "E", None, "[EEE]", None, None, None, None, None, None],
            [
                1,
                1,
                "E",
                "Sol",
                "S",
                "x",
                "RRR [555s] 345m 678p 99p",
                None,
                None,
                "x",
                None,
                None,
                None,
            ],
            [1, 1, "E", "Vera", "W", None, "2222m", "3", None, None, None, None, None],
            [1, 1, "E", "Nils", "N", None, None, None, None, None, None, None, None],
            [1, 2, "E", "Erik", "E", None, "[777s]", None, None, None, None, None, None],
            [1, 2, "E", "Sol", "S", None, None, None, "1 2", None, None, None, None],
            [1, 2, "E", "Vera", "W", None, None, None, None, None, None, None, None],
            [1, 2, "E", "Nils", "N", None, "NNN", None, None, None, None, None, None],
        ]
    }


def run(tmp_path, sheets, *extra):
    path = write_workbook(tmp_path / "evening.xlsx", sheets)
    out = tmp_path / "out"
    return main([str(path), "--out", str(out), *extra]), out / "evening.xlsx"


def test_a_hands_only_workbook_gets_hand_scores(tmp_path, capsys):
    code, out = run(tmp_path, hands_sheet(), "-v")
    assert code == 0, capsys.readouterr().err
    scores = rows(out, "Hand scores")
    first = [
        (r["Player"], r["Points"], r["Doubles"], r["Score"], r["Settlement"]) for r in scores[:4]
    ]
    assert first == [
        ("Erik", 4, 2, 16, -104),
        ("Sol", 32, 1, 64, 256),
        ("Vera", 20, 0, 20, -36),
        ("Nils", 0, 0, 0, -116),
    ]
    # hand 2 has no winner: nothing is settled; running totals carry on
    second = [(r["Player"], r["Score"], r["Settlement"], r["Running total"]) for r in scores[4:]]
    assert second == [
        ("Erik", 2, 0, -104),
        ("Sol", 8, 0, 256),
        ("Vera", 0, 0, -36),
        ("Nils", 16, 0, -116),
    ]
    assert "concealed pung of red dragons 8" in scores[1]["Breakdown"]
    assert scores[1]["Breakdown"].endswith("32 × 2 = 64")
    assert set(openpyxl.load_workbook(out).sheetnames) == {"Hands", "Hand scores", "Problems"}
    printed = capsys.readouterr().out
    assert "S Sol Mah-Jong: concealed pung of red dragons 8" in printed  # -v: every hand


def test_without_v_the_hands_are_in_short(tmp_path, capsys):
    code, _out = run(tmp_path, hands_sheet())
    assert code == 0, capsys.readouterr().err
    printed = capsys.readouterr().out
    assert "Mah-Jong" not in printed and "hand 1 (round E)" not in printed
    assert "Hands: 2 hands in 1 session; every hand's breakdown is in the Hand scores" in printed
    assert "  Session 1, totals: Erik -104, Sol +256, Vera -36, Nils -116\n" in printed


def edit(sheets, row, column, value):
    sheets = copy.deepcopy(sheets)
    sheets["Hands"][row][HEADER.index(column)] = value
    return sheets


ERRORS = [
    pytest.param(
        edit(hands_sheet(), 3, "Sets", "22m3p"),
        ["row 4, column 'Sets'", "'22m3p' is not a set"],
        id="not a set",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Sets", "891m"),
        ["row 4, column 'Sets'", "without wrapping", "891m"],
        id="wrapping chow",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Sets", "[ESW]"),
        ["row 4, column 'Sets'", "not chows"],
        id="chow of honours",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Sets", "556m"),
        ["row 4, column 'Sets'", "identical tiles"],
        id="mixed pung",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Sets", "2222m 222m"),
        ["row 4, column 'Sets'", "more than four 2m in one hand"],
        id="five in a hand",
    ),
    pytest.param(
        edit(hands_sheet(), 2, "Sets", "RRR 22m"),
        ["row 3, column 'Sets'", "winner's sets do not make a complete hand"],
        id="winner not complete",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Sets", "[RRRR]"),
        ["row 2, column 'Sets'", "more than four R on the table"],
        id="five on the table",
    ),
    pytest.param(
        edit(edit(hands_sheet(), 1, "Mahjong", "x"), 1, "Sets", "[EEE] 234s 567s 789p HH"),
        ["row 3, column 'Mahjong'", "two winners"],
        id="two winners",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Seat", "E"),
        ["row 4, column 'Seat'", "seat E is taken twice"],
        id="seat twice",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Seat", "X"),
        ["row 4, column 'Seat'", "expected a wind"],
        id="not a seat",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Flowers", "5"),
        ["row 4, column 'Flowers'", "numbers 1 to 4"],
        id="flower 5",
    ),
    pytest.param(
        edit(hands_sheet(), 1, "Flowers", "3"),
        ["row 4, column 'Flowers'", "flower 3 is also held"],
        id="flower twice",
    ),
    pytest.param(
        edit(hands_sheet(), 2, "Limit", "lucky seven"),
        ["row 3, column 'Limit'", "not a limit hand"],
        id="unknown limit",
    ),
    pytest.param(
        edit(hands_sheet(), 4, "Hand", 9),
        ["column 'Hand'", "has 3 rows"],
        id="hand without four rows",
    ),
    # A classical organiser's trial: a Limit name the tiles do not make scored 500 silently
    pytest.param(
        edit(hands_sheet(), 2, "Limit", "four winds"),
        ["row 3, column 'Limit'", "Limit says 'four winds', but the sets do not make that hand"],
        id="limit the tiles do not make",
    ),
    # ... a second winner whose own row was also wrong was said only on the next run
    pytest.param(
        edit(edit(hands_sheet(), 1, "Mahjong", "x"), 1, "Sets", "[EEEE]"),
        ["row 2, column 'Sets'", "row 3, column 'Mahjong'", "two winners"],
        id="two winners, one incomplete",
    ),
    # ... a player twice and a round wind apart were said on the hand's first row
    pytest.param(
        edit(hands_sheet(), 3, "Player", "Erik"),
        ["row 4, column 'Player'", "'Erik' sits twice"],
        id="player twice",
    ),
    pytest.param(
        edit(hands_sheet(), 3, "Round", "S"),
        ["row 4, column 'Round'", "different round winds (E, S)"],
        id="round wind apart",
    ),
    # ... flowers "1,3" typed in Danish Excel (the number 1.3) were "expected a whole number"
    pytest.param(
        edit(hands_sheet(), 3, "Flowers", 1.3),
        ["row 4, column 'Flowers'", "found the number 1.3: Excel took the numbers for a decimal"],
        id="flowers as a decimal",
    ),
    # ... a limit of 0 or -5 settled every hand at it
    pytest.param(
        {**hands_sheet(), "Settings": [["Key", "Value"], ["limit", -5]]},
        ["row 2, column 'Value'", "a whole number of points, at least 1", "found -5"],
        id="limit below 1",
    ),
]


@pytest.mark.parametrize(("sheets", "expected"), ERRORS)
def test_hands_errors(tmp_path, capsys, sheets, expected):
    code, out = run(tmp_path, sheets)
    assert_refused(code, capsys.readouterr().err, expected, out)


def test_winner_only_marks_on_a_non_winner_are_a_warning(tmp_path, capsys):
    code, _out = run(tmp_path, edit(hands_sheet(), 1, "Self-drawn", "x"))
    assert code == 0
    assert "Self-drawn is marked for 'Erik', who did not go Mah-Jong" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("sheets", "said"),
    [
        pytest.param(
            edit(hands_sheet(), 2, "Mahjong", None),
            "row 3, column 'Mahjong': Sol's sets make a complete hand, but nobody in hand 1",
            id="complete hand without Mahjong",
        ),
        pytest.param(
            edit(hands_sheet(), 2, "Loose tile", "x"),
            "row 3, column 'Loose tile': Loose tile is marked, but Sol's sets have no kong",
            id="loose tile without a kong",
        ),
        pytest.param(
            {
                **edit(hands_sheet(), 2, "Player", "Sool"),
                "Players": [["Player"], ["Erik"], ["Sol"], ["Vera"], ["Nils"]],
            },
            "row 3, column 'Player': 'Sool' is not in the Players sheet (did you mean 'Sol'?)",
            id="player not in Players",
        ),
    ],
)
def test_what_an_organiser_may_have_meant_is_a_warning(tmp_path, capsys, sheets, said):
    """A classical organiser's trial: each of these was scored without a word (a complete
    hand settled as a washout, a loose tile with no kong, 'Sool' a fifth player)."""
    code, _out = run(tmp_path, sheets)
    assert code == 0
    assert said in " ".join(capsys.readouterr().err.split())


def test_limit_setting_caps_scores(tmp_path):
    sheets = hands_sheet()
    sheets["Settings"] = [["Key", "Value"], ["limit", 50]]
    code, out = run(tmp_path, sheets)
    assert code == 0
    assert [r["Score"] for r in rows(out, "Hand scores")[:4]] == [16, 50, 20, 0]


def test_calculator_prints_the_breakdown(capsys):
    code = main(
        ["score-hand", "RRR [555s] 123m 678p 99p", "--seat", "S", "--round", "E", "--self-drawn"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert (
        "concealed pung of red dragons 8; exposed pung of 5 bamboo 2; Mah-Jong 20; self-drawn 2"
        in out
    )
    assert "Score: 64" in out


@pytest.mark.parametrize(
    ("argv", "score"),
    [
        (["19m19p19sESWNRGHH", "--seat", "W"], 500),
        (["[EEE]", "--not-winner"], 16),
        (["123m 456m 789m 123p EE", "--seat", "E", "--round", "E", "--double-wind-pair", "2"], 22),
        (["RRR GGG HHH 123m 99m", "--limit", "1000"], 1000),
    ],
)
def test_calculator_options(capsys, argv, score):
    assert main(["score-hand", *argv]) == 0
    assert f"Score: {score}" in capsys.readouterr().out


def test_calculator_rejects_bad_notation(capsys):
    assert main(["score-hand", "123m 891m"]) == 1
    assert "891m" in capsys.readouterr().err


def test_the_calculator_is_as_strict_as_the_workbook(capsys):
    """A classical organiser's trial: `--limit -5` scored every hand -5, and `--loose-tile`
    without a kong and `--not-winner --self-drawn` passed without a word."""
    from mahjong_club.cli.score_hand import main as score_hand

    with pytest.raises(SystemExit, match="2"):  # argparse's status for a bad option
        score_hand(["[555s]", "--limit", "-5"])
    assert "at least 1" in capsys.readouterr().err
    assert score_hand(["123m 456m 789m 234p 55s", "--loose-tile"]) == 0
    assert "--loose-tile without a kong" in capsys.readouterr().err
    assert score_hand(["[555s]", "--not-winner", "--self-drawn"]) == 0
    assert "--self-drawn only counts for the winner" in capsys.readouterr().err
