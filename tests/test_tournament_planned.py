"""A tournament's sessions not yet played (the draw's plan): a session whose scores are all
blank is read as planned seats (with the optional ``Seat`` column's winds), not as games; a
blank score in a played session is still an error."""

from __future__ import annotations

import copy

from mahjong_club.common.problems import Problems
from mahjong_club.model import PlannedSeat
from mahjong_club.pipeline import read_workbook
from tests.builders import assert_refused, write_workbook
from tests.test_tournament import run, standings, tournament

SESSION_3 = [
    (1, "Anna Holm", "E"),
    (1, "Carl de Vries", "S"),
    (1, "Eva Lund", "W"),
    (1, "Gry Mo", "N"),
    (2, "Bo Berg", "E"),
    (2, "Dorte Ek", "S"),
    (2, "Finn Juul", "W"),
    (2, "Hans Ulv", "N"),
]


def with_session_3(winds: bool = True) -> dict:
    sheets = copy.deepcopy(tournament())
    games = sheets["Games"]
    games[0] = [*games[0], "Seat"]
    for row in games[1:]:
        row.append(None)
    for table, player, wind in SESSION_3:
        games.append([3, table, player, None, None, wind if winds else None])
    return sheets


def read(tmp_path, sheets) -> tuple[list[PlannedSeat], Problems]:
    season, problems = read_workbook(write_workbook(tmp_path / "open.xlsx", sheets))
    return season.planned, problems


def test_a_session_without_scores_is_the_plan_not_games(tmp_path):
    planned, problems = read(tmp_path, with_session_3())
    assert problems.errors == []
    assert planned == [PlannedSeat("3", str(t), p, w) for t, p, w in SESSION_3]


def test_the_plan_does_not_change_the_ranking(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    code, out = run(tmp_path / "a", tournament())
    assert code == 0
    before = standings(out)
    code, out = run(tmp_path / "b", with_session_3())
    assert code == 0
    assert standings(out) == before


def test_winds_are_optional(tmp_path):
    planned, problems = read(tmp_path, with_session_3(winds=False))
    assert problems.errors == []
    assert [seat.wind for seat in planned] == [""] * 8


def test_a_forgotten_score_in_a_played_session_is_still_an_error(tmp_path, capsys):
    sheets = with_session_3()
    for row in sheets["Games"][1:]:
        if row[0] == 2 and row[1] == 2:  # table 2 of session 2: scores forgotten
            row[3] = None
    code, out = run(tmp_path, sheets)
    assert_refused(
        code,
        capsys.readouterr().err,
        ["Games", "row 14", "this row is partly filled in: the score is missing"],
        out,
    )


def test_a_planned_table_of_three_is_an_error(tmp_path, capsys):
    sheets = with_session_3()
    sheets["Games"] = [r for r in sheets["Games"] if r[:3] != [3, 2, "Hans Ulv"]]
    code, out = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1 and not out.exists()
    assert "session 3 has no row for Hans Ulv" in err
    assert "table 2 of session 3 has 3 seats (rows 22, 23, 24); a table has four" in err


def test_a_withdrawn_player_s_planned_seat_shows_the_substitute(tmp_path):
    """Bo Berg withdraws: his session 3 row is marked Substituted (start) before it is
    played. The hall display names his seat with "(substitute)" (a substitute sits there),
    in the tables and in "find your table", and his email names no next game."""
    import email
    import email.policy

    sheets = with_session_3()
    for row in sheets["Games"]:
        if row[0] == 3 and row[2] == "Bo Berg":
            row[4] = "start"
    addresses = {"Bo Berg": "bo@example.org", "Anna Holm": "anna@example.org"}
    sheets["Players"] = [[r[0], addresses.get(r[0], r[1]), *r[2:]] for r in sheets["Players"]]
    sheets["Settings"].append(["email_from", "organiser@example.org"])
    planned, problems = read(tmp_path, sheets)
    assert problems.errors == []
    assert [s.player for s in planned if s.substitute] == ["Bo Berg"]
    code, out = run(tmp_path, sheets)
    assert code == 0
    display = (out / "report" / "display.html").read_text(encoding="utf-8")
    assert "<strong>2</strong> · E Bo Berg (substitute) · S Dorte Ek" in display
    assert "<span>Bo Berg (substitute)</span>" in display
    assert "<span>Anna Holm</span>" in display

    def text(slug: str) -> str:
        (path,) = (out / "outbox").glob(f"*{slug}*.eml")
        parsed = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        body = parsed.get_body(("plain",))  # type: ignore[attr-defined]
        return str(body.get_content())

    assert "Your next game: session 3, table 1, seat E." in text("anna-holm")
    assert "Your next game" not in text("bo-berg")
