"""The site's pages: escaping, strict templates, movement since last week, both languages."""

import datetime as dt
import email
import email.policy

import jinja2
import pytest

from mahjong_club.site.locale import Locale
from mahjong_club.site.render import environment
from process import main
from tests.builders import write_workbook
from tests.test_cli_errors import league

NAME = "<b>Ærø & Co</b>"


def build(tmp_path, sheets):
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 0
    return tmp_path / "out" / "report"


def test_a_player_name_with_markup_shows_literally(tmp_path):
    sheets = league()
    for sheet in ("Players", "Divisions", "Games"):
        for row in sheets[sheet]:
            for i, value in enumerate(row):
                if value == "A":
                    row[i] = NAME
    report = build(tmp_path, sheets)
    pages = {p.name: p.read_text(encoding="utf-8") for p in report.glob("*.html")}
    assert any("&lt;b&gt;Ærø &amp; Co&lt;/b&gt;" in html for html in pages.values())
    assert not any("<b>Ærø" in html for html in pages.values())
    player_pages = [name for name in pages if name.startswith("player-b-aero-co-b")]
    assert player_pages, sorted(pages)
    outbox = tmp_path / "out" / "outbox"
    assert outbox.is_dir()


def test_templates_are_strict():
    env = environment(Locale("en"))
    assert env.undefined is jinja2.StrictUndefined
    with pytest.raises(jinja2.UndefinedError, match="nothing_here"):
        env.from_string("{{ nothing_here }}").render()
    assert env.from_string("{{ '<x>' }}").render() == "&lt;x&gt;"


def test_movement_since_last_week(tmp_path):
    sheets = league()
    week2 = dt.date(2025, 9, 11)
    sheets["Games"] += [
        # a week later, D wins big and C loses: D climbs past C
        [3, week2, "R1", "D", 60000, None],
        [3, week2, "R1", "C", 10000, None],
        [3, week2, "R1", "B", 25000, None],
        [3, week2, "R1", "E", 25000, None],
    ]
    report = build(tmp_path, sheets)
    html = (report / "division-r1.html").read_text(encoding="utf-8")
    # last week: A, B, E (no games), C, D; now: D 1st ... C last
    assert "▲" in html and "▼" in html
    index = (report / "index.html").read_text(encoding="utf-8")
    assert "▲3" in index  # D from 5th to 2nd


def test_danish_site(tmp_path):
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], ["club", "Klubben"], ["language", "da"]]
    report = build(tmp_path, sheets)
    index = (report / "index.html").read_text(encoding="utf-8")
    assert '<html lang="da">' in index
    assert "Stilling" in index and "Resultater pr. 4. september 2025" in index
    assert "27.300" in index and "−24.000" in index
    division = (report / "division-r1.html").read_text(encoding="utf-8")
    assert "Afgjort af" in division and "point" in division


def test_warnings_reach_a_danish_club_in_danish(tmp_path, capsys):
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], ["club", "Klubben"], ["language", "da"]]
    sheets["Players"][1][1] = "not an address"
    out = build(tmp_path, sheets).parent
    # the terminal (and the Problems sheet) stay English; the organiser's email is Danish
    assert "does not look like an email address" in capsys.readouterr().err
    eml = next((out / "outbox").glob("*-organiser.eml")).read_bytes()
    message = email.message_from_bytes(eml, policy=email.policy.default)
    text = message.get_body(preferencelist=("plain",)).get_content()
    assert "Advarsel: ark 'Players', række 2, kolonne 'Email': 'not an address' ligner" in text


def test_english_site(tmp_path):
    report = build(tmp_path, league())
    index = (report / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in index
    assert "Results as of 4 September 2025" in index
    assert "27,300" in index


def test_pages_have_accessible_tables(tmp_path):
    report = build(tmp_path, league())
    pages = {p.name: p.read_text(encoding="utf-8") for p in report.glob("*.html")}
    assert "index.html" in pages and "division-r1.html" in pages, sorted(pages)
    assert sum("<thead>" in html for html in pages.values()) >= 2
    for name, html in pages.items():
        assert html.count("<table") == html.count("<caption"), name
        if "<thead>" in html:
            assert 'scope="col"' in html, name


def test_games_list_and_cross_table(tmp_path):
    report = build(tmp_path, league())
    html = (report / "division-r1.html").read_text(encoding="utf-8")
    assert "Results against each other" in html
    assert "42,300" in html and "+27,300" in html
    assert "<svg" in html and "<script" not in html


def test_disqualified_player_and_decided_by_wording(tmp_path):
    sheets = league()
    sheets["Penalties"] = [["Game", "Player", "Kind"], [1, "A", "disqualification"]]
    report = build(tmp_path, sheets)
    division = (report / "division-r1.html").read_text(encoding="utf-8")
    assert 'class="badge disqualified"' in division
    player_b = (report / "player-b.html").read_text(encoding="utf-8")
    assert "Ahead of the next player on: points" in player_b
    player_a = (report / "player-a.html").read_text(encoding="utf-8")
    assert "Behind the player above on: disqualification" in player_a
