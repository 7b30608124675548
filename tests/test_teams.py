"""The team ranking (rules/teams.py and the ``teams`` capability): worked examples row by row,
its tie-breakers, the ``Teams`` sheet, the page, the EMA export's ``Team`` column, and the
warning for teams of different sizes."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from process import main
from rules.teams import Member, rank_teams, sizes_differ
from tests.builders import sheet_rows as rows
from tests.builders import write_workbook
from tests.test_tournament import tournament


def m(player: str, team: str, points, rank: int, minipoints=None) -> Member:
    return Member(player, team, points, minipoints, rank)


@pytest.mark.parametrize(
    ("members", "expected"),
    [
        pytest.param(
            [
                m("A", "X", 40_000, 1),
                m("B", "X", -10_000, 4),
                m("C", "Y", 20_000, 2),
                m("D", "Y", 5_000, 3),
            ],
            [(1, "X", 30_000, "points"), (2, "Y", 25_000, "")],
            id="points decide",
        ),
        pytest.param(
            [
                m("A", "X", 42_300, 1),
                m("B", "X", -12_000, 4),
                m("C", "Y", 20_000, 2),
                m("D", "Y", 10_300, 3),
            ],
            [(1, "X", 30_300, "best member"), (2, "Y", 30_300, "")],
            id="equal points: the best-placed member",
        ),
        pytest.param(
            [
                m("A", "Nord", 10, 1),
                m("B", "Nord", -10, 4),
                m("C", "Syd", 0, 2),
                m("D", "Syd", 0, 2),
            ],
            [(1, "Nord", 0, "best member"), (2, "Syd", 0, "")],
            id="a shared individual rank",
        ),
        pytest.param(
            [m("A", "Syd", 10, 1), m("B", "Nord", 10, 1), m("C", "Øst", -20, 3)],
            [(1, "Nord", 10, "tied"), (1, "Syd", 10, "tied"), (3, "Øst", -20, "")],
            id="still tied: shared rank, listed by name",
        ),
        pytest.param(
            [m("A", "X", 5, 1), m("B", "", 100, 2), m("C", "Y", 1, 3)],
            [(1, "X", 5, "points"), (2, "Y", 1, "")],
            id="players without a team are not in it",
        ),
    ],
)
def test_riichi_team_ranking(members, expected):
    got = [(t.rank, t.team, t.points, t.decided_by) for t in rank_teams(members)]
    assert got == expected


def test_mcr_table_points_then_minipoints():
    members = [
        m("A", "X", Fraction(7, 3), 1, 40),
        m("B", "X", Fraction(2, 3), 4, -40),
        m("C", "Y", 2, 2, 30),
        m("D", "Y", 1, 3, 10),
        m("E", "Z", 2, 2, -5),
        m("F", "Z", 1, 5, -10),
    ]
    got = [(t.rank, t.team, t.points, t.minipoints, t.decided_by) for t in rank_teams(members)]
    assert got == [
        (1, "Y", 3, 40, "minipoints"),
        (2, "X", 3, 0, "minipoints"),
        (3, "Z", 3, -15, ""),
    ]


def test_sizes_differ():
    ranking = rank_teams([m("A", "X", 1, 1), m("B", "X", 1, 2), m("C", "Y", 1, 3)])
    assert sizes_differ(ranking) == (1, 2)
    assert sizes_differ(rank_teams([m("A", "X", 1, 1), m("C", "Y", 1, 3)])) is None


def with_teams(sheets: dict, teams: dict[str, str]) -> dict:
    sheets = copy.deepcopy(sheets)
    players = sheets["Players"]
    players[0] = [*players[0], "Team"]
    for row in players[1:]:
        row.append(teams.get(row[0]))
    return sheets


TEAMS_OF_TWO = {
    "Anna Holm": "Nord",
    "Bo Berg": "Nord",
    "Carl de Vries": "Syd",
    "Dorte Ek": "Syd",
    "Eva Lund": "Øst",
    "Finn Juul": "Øst",
    "Gry Mo": "Vest",
    "Hans Ulv": "Vest",
}


def run(tmp_path, sheets):
    path = write_workbook(tmp_path / "open.xlsx", sheets)
    out = tmp_path / "out"
    return main([str(path), "--out", str(out)]), out


def test_the_teams_sheet_page_and_ema_column(tmp_path, capsys):
    code, out = run(tmp_path, with_teams(tournament(), TEAMS_OF_TWO))
    assert code == 0
    standings = {r["Player"]: r for r in rows(out / "open.xlsx", "Standings")}
    teams = rows(out / "open.xlsx", "Teams")
    assert list(teams[0]) == ["Rank", "Team", "Points", "Members", "Decided by"]
    for team in teams:  # a team's points are its members' points
        members = [p for p, t in TEAMS_OF_TWO.items() if t == team["Team"]]
        assert team["Points"] == sum(standings[p]["Points"] for p in members)
        for p in members:
            assert f"{p} ({standings[p]['Rank']})" in team["Members"]
    assert [t["Points"] for t in teams] == sorted((t["Points"] for t in teams), reverse=True)
    page = (out / "report" / "teams.html").read_text(encoding="utf-8")
    assert "Nord" in page and "Members (rank)" in page
    assert 'href="teams.html"' in (out / "report" / "index.html").read_text(encoding="utf-8")
    ema = rows(out / "open.xlsx", "EMA results")
    assert list(ema[0])[-1] == "Team"
    assert {r["Team"] for r in ema} == {"Nord", "Syd", "Øst", "Vest"}
    assert "teams have" not in capsys.readouterr().err  # equal teams: no size warning


def test_teams_of_different_sizes_are_a_warning(tmp_path, capsys):
    teams = dict(TEAMS_OF_TWO, **{"Hans Ulv": "Nord"})
    code, _ = run(tmp_path, with_teams(tournament(), teams))
    assert code == 0
    assert (
        "Warning: sheet 'Players', column 'Team': the teams have 1 to 3 players: the team"
        " ranking adds up every member's points, so a bigger team has more to add"
    ) in capsys.readouterr().err


def test_no_team_column_no_team_ranking(tmp_path):
    code, out = run(tmp_path, tournament())
    assert code == 0
    assert "Teams" not in __import__("openpyxl").load_workbook(out / "open.xlsx").sheetnames
    assert not (out / "report" / "teams.html").exists()
    assert "Team" not in rows(out / "open.xlsx", "EMA results")[0]
