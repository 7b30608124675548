"""What each email says, for every kind of workbook (issue 12): who gets one, and what is in it.

Every person with an address gets what concerns them: a division member their week (games
with results, movement, what decided their place, penalties, next games), a signed-up player
who is not in a division their place next season, tournament and Duplicate players their own
result and rank, the organiser a summary that starts with what needs action.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mahjong_club.capabilities import Options
from mahjong_club.mail.compose import Outgoing
from mahjong_club.pipeline import build_outputs, compute, read_workbook
from tests.builders import write_workbook
from tests.test_cli_errors import GAMES_HEADER, league

SAMPLES = Path(__file__).parent.parent / "sample_sheets"
D2 = dt.date(2025, 9, 11)


def outbox(path: Path, options: Options | None = None) -> list[Outgoing]:
    season, problems = read_workbook(path)
    return build_outputs(compute(season, problems, options or Options())).emails


def by_name(emails: list[Outgoing]) -> dict[str, tuple[str, str, str]]:
    """name -> (subject, text, html) of every email."""
    return {
        e.name: (
            e.subject,
            e.message.get_body(("plain",)).get_content(),  # type: ignore[union-attr]
            e.message.get_body(("html",)).get_content(),  # type: ignore[union-attr]
        )
        for e in emails
    }


@pytest.fixture(scope="module")
def season_emails() -> dict[str, tuple[str, str, str]]:
    return by_name(outbox(SAMPLES / "season.xlsx"))


def test_league_sample_everyone_with_an_address(season_emails):
    # 26 division members, 3 signed-up players who are in no division, the organiser
    assert len(season_emails) == 30
    for name in ("Jonas Petersen", "Marie Lefèvre", "Piotr Nowak"):
        subject, text, _ = season_emails[name]
        assert subject == "Mahjong Danmark København: your place next season"
        assert "Your division" not in text
    assert "- MCR 2: new player (rating 1000)" in season_emails["Jonas Petersen"][1]
    assert "Your place next season, if the season ended today:" in season_emails["Piotr Nowak"][1]


def test_league_player_week_penalty_and_next_games(season_emails):
    subject, text, html = season_emails["Jan Dyrberg"]
    assert subject == "Mahjong Danmark København: standings as of 8 January 2026"
    assert "Riichi 1: you are number 1 of 8 with 158,800 points." in text
    assert "= the same place as last week" in text
    assert "If the season ended today: winner (it can still change)" in text
    assert "Games +178,800 − penalties 20,000 = 158,800" in text
    assert "Your games this week (since 1 January 2026):" in text
    assert "- 8 January 2026, game 118 (Riichi 1): +20,800, place 1, with Emma Thorsen" in text
    assert "- 9 October 2025, game 39: chombo, 20,000 off the season total: Called ron" in text
    assert "- Riichi 1, game 41: with Yuki Tanaka, Åse Mølgaard, Mikkel Brandt" in text
    assert "<li>9 October 2025, game 39: chombo, 20,000 off the season total" in html
    # the personal part comes first, the division's table after it
    assert text.index("Your games this week") < text.index("Your division Riichi 1")


def test_league_player_movement_and_decided_by(season_emails):
    _, text, _ = season_emails["Hanna Eriksson"]
    assert "Riichi 2: you are number 4 of 7 with 11,600 points.\n▼1 since last week" in text
    assert "Behind the player above on: points" in text
    assert "played by a substitute" in text
    assert "Your attendance status: substitutable" in text


def test_no_link_without_site_url(season_emails):
    for _, text, html in season_emails.values():
        assert "results page" not in text and "http" not in text
        assert "<a " not in html


def test_organiser_summary_starts_with_actions(season_emails):
    subject, text, _ = season_emails["Organiser"]
    assert subject == "Mahjong Danmark København: results summary as of 8 January 2026"
    lines = text.splitlines()
    assert lines[2:4] == ["Needs your action:", "- 1 warning: see the Problems sheet"]
    action = text.index("Substitutable members")
    assert action < text.index("\nMCR 1\n") < text.index("Who gets an email:")
    assert "  - Hanna Eriksson: substitutable (5/19)" in text
    assert "- Jonas Petersen: jonas.petersen@example.org (place next season)" in text
    assert "- Jan Dyrberg: jan.dyrberg@example.org (weekly report)" in text


def test_tournament_sample_own_result_not_the_league_report():
    emails = by_name(outbox(SAMPLES / "tournament.xlsx"))
    assert len(emails) == 41  # 40 players and the organiser
    subject, text, _ = emails["Agnieszka Wójcik"]
    assert subject == "Copenhagen Riichi Open 2026: your result"
    assert "Copenhagen Riichi Open 2026: you are number 28 of 40 with −37,500 points." in text
    assert "- Session 5, table 6: +13,400, place 2 (total 5,500)" in text
    assert "- Session 7, table 2: −31,100, place 4 (total −37,500)" in text
    assert "attendance" not in text.lower() and "Your division" not in text
    assert "Karin Åström" not in text  # no 40-row table
    _, text, _ = emails["Anders Nygaard"]
    # a tournament's words (a trial's find: "game 2/10 … off the season total")
    assert "session 2, table 10: chombo, 20,000 off the total: Declared ron" in text
    assert "season total" not in text and "game 2/10" not in text
    assert "The sessions add up to" in text


def test_duplicate_sample_rank_imps_and_decided_by():
    emails = by_name(outbox(SAMPLES / "duplicate.xlsx"))
    assert len(emails) == 17  # 16 players and the organiser
    subject, text, _ = emails["Anna Lindqvist"]
    assert subject == "Mahjong Danmark København: your result"
    assert "Duplicate evening 2025-11-27: you are number 14= of 16 with −7 IMPs." in text
    assert "12 boards, 4 with positive IMPs" in text
    assert "Behind the player above on: boards with positive IMPs" in text
    assert "- Board 3 (session 1, table 4, N): +9 IMPs" in text
    _, text, _ = emails["Carlos Mendes"]
    assert "number 1 of 16 with +20 IMPs" in text
    assert "Ahead of the next player on: IMPs" in text
    organiser = emails["Organiser"][1]
    assert "- Carlos Mendes: carlos.mendes@example.org (their result)" in organiser


def danish_league(tmp_path: Path, **settings: object) -> Path:
    """Two weeks of a small Danish league: A drops after week two, with a penalty; F signs
    up for next season without being in a division."""
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], ["club", "Klubben"], ["language", "da"]]
    sheets["Settings"] += [[k, v] for k, v in settings.items()]
    sheets["Players"].append(["F", "f@example.org", 1400])
    sheets["Games"] += [
        [3, D2, "R1", "A", 15000, None],
        [3, D2, "R1", "B", 20000, None],
        [3, D2, "R1", "C", 55000, None],
        [3, D2, "R1", "E", 30000, None],
    ]
    sheets["Penalties"] = [["Game", "Player", "Kind", "Points"], [3, "A", "chombo", None]]
    sheets["Signups"] = [["Player", "Game"], *([p, "Riichi"] for p in "ABCDEF")]
    return write_workbook(tmp_path / "season.xlsx", sheets)


def test_danish_week_penalty_and_signup(tmp_path):
    emails = by_name(outbox(danish_league(tmp_path)))
    # the organiser's own is addressed in Danish too (a Danish trial's find: "To: Organiser")
    assert sorted(emails) == ["A", "Arrangør", "B", "C", "D", "E", "F"]
    subject, text, _ = emails["A"]
    assert subject == "Klubben: stilling pr. 11. september 2025"
    assert text.startswith("Hej A\n")
    assert "R1: du er nr. 4 af 5 med −22.700 point.\n▼3 siden sidste uge\n" in text
    assert "Dine spil i denne uge (siden 4. september 2025):" in text
    assert "- 11. september 2025, spil 3 (R1): −30.000, 4. plads, med B, C, E" in text
    assert "Spil −2.700 − straffe 20.000 = −22.700" in text
    assert "- 11. september 2025, spil 3: chombo, 20.000 trukket fra sæsonens total" in text
    assert "Du har ikke spillet i denne uge (siden 4. september 2025)." in emails["D"][1]
    assert "Vi ses ved bordet!" in text and "http" not in text
    subject, text, _ = emails["F"]
    assert subject == "Klubben: din plads i næste sæson"
    assert "Din plads i næste sæson, hvis sæsonen sluttede i dag:" in text
    assert "- Riichi 1: ny spiller (rating 1400)" in text
    assert "Tak for din tilmelding!" in text
    assert emails["Arrangør"][1].splitlines()[2] == "Kræver din handling:"


def test_site_url_gives_the_link(tmp_path):
    url = "https://club.example.org/results/"
    emails = by_name(outbox(danish_league(tmp_path, site_url=url)))
    _, text, html = emails["B"]
    assert f"Hele stillingen: {url}" in text
    assert f'<a href="{url}">' in html


def test_ties_awaiting_dice_are_the_organisers_action(tmp_path):
    sheets = league()
    sheets["Settings"].append(["season_complete", "yes"])
    sheets["Games"] = [
        GAMES_HEADER,
        *(
            [2, dt.date(2025, 9, 4), "M1", p, s, None]
            for p, s in [("A", 40), ("B", 10), ("C", 10), ("D", -60)]
        ),
    ]
    sheets["Divisions"] = [r for r in sheets["Divisions"] if r[0] != "R1"]
    emails = by_name(outbox(write_workbook(tmp_path / "season.xlsx", sheets)))
    text = emails["Organiser"][1]
    assert "- Ties that only dice can settle: roll and write the rolls in the Dice sheet:" in text
    assert "  - M1: B, C (round 1; still to roll: B, C)" in text
    assert text.index("Ties that only dice") < text.index("\nM1\n")


def test_composing_twice_gives_the_same_keys(tmp_path, monkeypatch):
    """Nothing run-dependent (the site's generation time) is in an email: nothing is resent."""
    for path in (SAMPLES / "season.xlsx", SAMPLES / "duplicate.xlsx", danish_league(tmp_path)):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
        first = [(e.to, e.key) for e in outbox(path)]
        monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
        second = [(e.to, e.key) for e in outbox(path)]
        assert first == second
        assert len({key for _, key in first}) == len(first)


def test_names_are_escaped_in_the_html_part(tmp_path):
    sheets = league()
    for table in ("Players", "Divisions", "Games"):
        sheets[table] = [[("<b>A" if c == "A" else c) for c in row] for row in sheets[table]]
    mails = by_name(outbox(write_workbook(tmp_path / "season.xlsx", sheets)))
    html = mails["B"][2]
    assert "&lt;b&gt;A" in html and "<b>A" not in html


def test_one_table_point_is_singular(tmp_path):
    """A season-end trial's find: "with 1 table points"."""
    emails = by_name(outbox(write_workbook(tmp_path / "season.xlsx", league())))
    text = emails["C"][1]
    assert "M1: you are number 3 of 4 with 1 table point." in text
    assert "with 4 table points." in emails["A"][1]
