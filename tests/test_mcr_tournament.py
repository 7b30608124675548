"""MCR tournaments (``mode: tournament``, ``game: MCR``): table points 4/2/1/0 shared on ties,
minipoints as the tie-break, substitutes, penalties off the minipoints, the pages and emails in
MCR words, and the 36-player sample checked against its own independent computation."""

from __future__ import annotations

import copy
import email
from email import policy
from fractions import Fraction
from pathlib import Path

import pytest

from process import main
from tests.builders import assert_refused, write_workbook
from tests.builders import sheet_rows as rows
from tests.test_sample_generators import generator

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Anna", "Bo", "Carl", "Dorte", "Eva", "Finn", "Gry", "Hans"]


def mcr(language: str = "en") -> dict:
    games = [["Session", "Table", "Player", "Score", "Substituted"]]
    seated = [
        # session 1: three tied for first at table 1 (7/3 each); table 2 plain
        (1, 1, "Anna", 20, None),
        (1, 1, "Bo", 20, None),
        (1, 1, "Carl", 20, None),
        (1, 1, "Dorte", -60, None),
        (1, 2, "Eva", 40, None),
        (1, 2, "Finn", 10, None),
        (1, 2, "Gry", -20, None),
        (1, 2, "Hans", -30, None),
        # session 2: Bo's substitute came in during play at table 1; table 2 plain
        (2, 1, "Anna", 8, None),
        (2, 1, "Eva", -16, None),
        (2, 1, "Bo", 32, "during"),
        (2, 1, "Finn", -24, None),
        (2, 2, "Carl", 24, None),
        (2, 2, "Gry", 8, None),
        (2, 2, "Dorte", -8, None),
        (2, 2, "Hans", -24, None),
    ]
    games += [list(row) for row in seated]
    return {
        "Settings": [
            ["Key", "Value"],
            ["club", "Testklub"],
            ["tournament", "MCR Test Cup"],
            ["mode", "tournament"],
            ["game", "MCR"],
            ["language", language],
        ],
        "Players": [["Player", "Email"]] + [[p, f"{p.lower()}@example.org"] for p in PLAYERS],
        "Games": games,
    }


def run(tmp_path: Path, sheets: dict) -> tuple[int, Path]:
    path = write_workbook(tmp_path / "cup.xlsx", sheets)
    out = tmp_path / "out"
    return main([str(path), "--out", str(out), "-q"]), out


def standings(out: Path) -> dict[str, dict]:
    return {r["Player"]: r for r in rows(out / "cup.xlsx", "Standings")}


@pytest.mark.parametrize(
    ("player", "table_points", "minipoints"),
    [
        # session 1: 7/3 for each of three tied firsts; session 2: Bo is substituted during
        # play, so the three others get 4/2/1 by their points (Anna 8, Eva −16, Finn −24)
        ("Anna", Fraction(7, 3) + 4, 28),
        ("Bo", Fraction(7, 3) + 0, 20),  # substituted: 0 table points, 0 minipoints
        ("Carl", Fraction(7, 3) + 4, 44),
        ("Dorte", Fraction(0) + 1, -68),
        ("Eva", Fraction(4) + 2, 24),
        ("Finn", Fraction(2) + 1, -14),
        ("Gry", Fraction(1) + 2, -12),
        ("Hans", Fraction(0) + 0, -54),
    ],
)
def test_table_points_with_shared_ties_and_a_substitute_during_play(
    tmp_path, player, table_points, minipoints
):
    code, out = run(tmp_path, mcr())
    assert code == 0
    row = standings(out)[player]
    assert abs(Fraction(str(row["Points"])) - table_points) < Fraction(1, 100)
    assert row["Minipoints"] == minipoints


def test_minipoints_break_a_tie_in_table_points(tmp_path):
    code, out = run(tmp_path, mcr())
    assert code == 0
    ranking = [r["Player"] for r in rows(out / "cup.xlsx", "Standings")]
    # Carl and Anna both 19/3 table points: Carl's 44 minipoints beat Anna's 28
    assert ranking[:2] == ["Carl", "Anna"]
    assert rows(out / "cup.xlsx", "Standings")[0]["Decided by"] == "minipoints"


def test_a_penalty_comes_off_the_minipoints_only(tmp_path):
    sheets = mcr()
    sheets["Penalties"] = [
        ["Session", "Table", "Player", "Kind", "Points", "Minutes", "Note"],
        [2, 2, "Carl", "other", 30, None, "false mahjong"],
    ]
    code, out = run(tmp_path, sheets)
    assert code == 0
    carl = standings(out)["Carl"]
    assert abs(Fraction(str(carl["Points"])) - Fraction(19, 3)) < Fraction(1, 100)
    assert carl["Minipoints"] == 44 - 30
    page = (out / "report" / "tournament.html").read_text(encoding="utf-8")
    assert "from the minipoints" in page and "after uma" not in page
    # An organiser's trial: the table points' running totals on Carl's page and in his
    # email had the 30 minipoints taken off them (7/3, then 19/3 - 30 = -71/3)
    (line,) = [r for r in rows(out / "cup.xlsx", "Penalty list") if r["Player"] == "Carl"]
    assert line["Deducted"] == "from the minipoints"
    mine = (out / "report" / "player-carl.html").read_text(encoding="utf-8")
    assert "−" not in mine.split("<tbody>")[1].split("</tbody>")[0]  # no negative total
    text = (
        email.message_from_bytes(
            next((out / "outbox").glob("*-player-carl.eml")).read_bytes(), policy=policy.default
        )
        .get_body(("plain",))
        .get_content()
    )
    assert "(total 6.33)" in text, text
    assert "number 2 of 8 with 6.33 table points and 14 minipoints." in text  # the tie-break
    summary = next((out / "outbox").glob("*-organiser.eml")).read_text(encoding="utf-8")
    assert "after uma" not in summary and "from the minipoints" in summary.replace("=\n", "")


def test_scores_that_do_not_add_up_to_zero_are_located(tmp_path, capsys):
    sheets = copy.deepcopy(mcr())
    sheets["Games"][4][3] = -50  # Dorte: the table adds up to 10
    path = write_workbook(tmp_path / "cup.xlsx", sheets)
    code = main([str(path), "--out", str(tmp_path / "out")])
    assert_refused(
        code,
        capsys.readouterr().err,
        [
            "sheet 'Games', row 2, column 'Score': the four scores at table 1 of session 1"
            " (rows 2, 3, 4, 5) add up to 10; they must add up to 0 (MCR game points are"
            " zero-sum)"
        ],
        tmp_path / "out",
    )


def test_a_bad_game_setting(tmp_path, capsys):
    sheets = copy.deepcopy(mcr())
    sheets["Settings"][5][1] = "bridge"
    path = write_workbook(tmp_path / "cup.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "sheet 'Settings', row 6, column 'Value'" in err and "'bridge'" in err


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Table points", "Minipoints"]),
        ("da", ["Bordpoint", "Minipoint"]),
    ],
)
def test_pages_and_emails_speak_mcr(tmp_path, language, words):
    code, out = run(tmp_path, mcr(language))
    assert code == 0
    page = (out / "report" / "tournament.html").read_text(encoding="utf-8")
    for word in words:
        assert word in page
    assert "uma" not in page.lower().replace("minipoint", "")
    anna = next(p for p in (out / "outbox").iterdir() if "anna" in p.name)
    message = email.message_from_bytes(anna.read_bytes(), policy=policy.default)
    text = message.get_body(preferencelist=("plain",)).get_content()
    unit = "table points" if language == "en" else "bordpoint"
    assert unit in text


def test_the_36_player_sample_matches_its_own_computation(tmp_path):
    """The script's own checks, the committed sample is what it makes, and the tool's
    standings agree with the script's independent computation."""
    mt = generator("make_mcr_tournament")
    generated, totals = mt.build()
    mt.check_features(generated, totals)
    mt.save(mt.workbook(generated), tmp_path / "mcr_tournament.xlsx")
    made = (tmp_path / "mcr_tournament.xlsx").read_bytes()
    assert made == (ROOT / "sample_sheets" / "mcr_tournament.xlsx").read_bytes(), "make sample"
    assert main([str(tmp_path / "mcr_tournament.xlsx"), "--out", str(tmp_path / "o"), "-q"]) == 0
    mt.compare(tmp_path / "o", totals)
    assert len(rows(tmp_path / "o" / "mcr_tournament.xlsx", "Standings")) == 36


def _level_session(session: int, scores: tuple[int | None, ...] = (0, 0, 0, 0)) -> list[list]:
    """Session ``session`` with everyone at both tables on ``scores`` (None: not yet played)."""
    return [
        [session, table, player, score, None]
        for table, four in ((1, PLAYERS[:4]), (2, PLAYERS[4:]))
        for player, score in zip(four, scores, strict=True)
    ]


@pytest.mark.parametrize(
    ("sessions", "warned"),
    [
        # session 2 drawn and not played yet: the tie may settle itself
        ([(1, (0, 0, 0, 0)), (2, (None,) * 4)], "are tied after every criterion; if they still"),
        # every session played (or a tournament typed without a draw): roll now
        ([(1, (0, 0, 0, 0)), (2, (0, 0, 0, 0))], "are still tied after every criterion; roll"),
    ],
)
def test_a_tie_awaits_dice_after_the_last_session(tmp_path, capsys, sessions, warned):
    """An MCR organiser's trial: after session 1 of 5 the run said to roll dice now. (Not
    'Needs your action' once every session has its scores: a tournament typed without a
    draw has no planned sessions, so that would be said after every session; a review.)"""
    sheets = mcr()
    sheets["Games"] = sheets["Games"][:1] + [r for s in sessions for r in _level_session(*s)]
    path = write_workbook(tmp_path / "cup.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 0
    said = capsys.readouterr()
    assert warned in " ".join(said.err.split())
    assert "Anna, Bo, Carl, Dorte" not in said.out.split("Needs your action:")[-1]


def test_an_unscored_session_before_a_scored_one_is_warned_of(tmp_path, capsys):
    """An MCR organiser's trial: session 1's scores all left out while session 2's were typed
    gave a ranking of session 2 alone and emails naming session 1 as the next game, silently."""
    sheets = mcr()
    sheets["Games"] = sheets["Games"][:1] + _level_session(1, (None,) * 4) + _level_session(2)
    path = write_workbook(tmp_path / "cup.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert (
        "sheet 'Games', row 2, column 'Score': session 1 has no scores, but session 2 has:" in err
    )


def test_season_complete_is_ignored_in_a_tournament(tmp_path, capsys):
    """An MCR organiser's trial: season_complete in a tournament gave its ranking a league's
    statuses ('winner', 'relegation candidate') on the public pages."""
    sheets = mcr()
    sheets["Settings"].append(["season_complete", "yes"])
    path = write_workbook(tmp_path / "cup.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "column 'Value': season_complete is a league's setting" in err
    assert {r["Status"] for r in rows(tmp_path / "out" / "cup.xlsx", "Standings")} == {""}
    page = (tmp_path / "out" / "report" / "index.html").read_text(encoding="utf-8")
    assert "relegation candidate</span>" not in page and "winner</span>" not in page


def test_an_mcr_organiser_s_slips_are_understood(tmp_path, capsys):
    """An MCR organiser's trial: scores typed with a word processor's dash (–16) were
    refused while U+2212 was taken, and two substitutes coming in during play at one table
    (rules.md describes one) passed without a word."""
    sheets = mcr()
    sheets["Games"][10][3] = "–16"  # Eva, session 2: an en dash
    sheets["Games"][12][4] = "during"  # Finn came in during play too, beside Bo
    path = write_workbook(tmp_path / "cup.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "2 substitutes came in during play at table 1 of session 2" in err
    eva = standings(tmp_path / "out")["Eva"]
    assert eva["Minipoints"] == 40 - 16


def test_a_riichi_tournament_of_mcr_scores_asks_for_the_game_setting(tmp_path, capsys):
    """An MCR organiser's trial: without `game: MCR` every table was 'must add up to
    120,000', and nothing named the setting."""
    sheets = mcr()
    sheets["Settings"] = [r for r in sheets["Settings"] if r[0] != "game"]
    sheets["Games"] = sheets["Games"][:9]  # session 1: both tables add up to 0
    path = write_workbook(tmp_path / "cup.xlsx", sheets)
    code = main([str(path), "--out", str(tmp_path / "out")])
    assert_refused(
        code,
        capsys.readouterr().err,
        ["row 2, column 'Score'", "is 'game' MCR missing from Settings?"],
        tmp_path / "out",
    )
