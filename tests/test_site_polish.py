"""The organiser's review of the site, on the three samples (fast HTML checks): the tournament
names its club and does not repeat its name, the Duplicate print line names the event and its
date, captions that repeat a heading are only for screen readers, Danish headers, dates and
badges, one score column for MCR games, the movement marks explained, and deductions with a
minus sign everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest

from process import main
from tests.test_site_events import tables

ROOT = Path(__file__).resolve().parent.parent
CLUB = "Mahjong Danmark København"


def run(out: Path, sample: str, language: str = "en") -> Path:
    source = ROOT / "sample_sheets" / f"{sample}.xlsx"
    if language != "en":
        book = openpyxl.load_workbook(source)
        for key, value in book["Settings"].iter_rows(min_row=2, max_col=2):
            if key.value == "language":
                value.value = language
        source = out / f"{sample}-{language}.xlsx"
        book.save(source)
    assert main([str(source), "--out", str(out / f"{sample}-{language}"), "--quiet"]) == 0
    return out / f"{sample}-{language}" / "report"


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("polish")
    return {
        "season": run(out, "season"),
        "season-da": run(out, "season", "da"),
        "tournament": run(out, "tournament"),
        "duplicate": run(out, "duplicate"),
    }


def html(report: Path, page: str) -> str:
    return (report / page).read_text(encoding="utf-8")


def print_head(text: str) -> str:
    found = re.search(r'<p class="print-head">(.*?)</p>', text)
    assert found, "no print line"
    return found.group(1)


def test_the_tournament_names_its_club_and_its_name_once(reports):
    page = html(reports["tournament"], "tournament.html")
    title = re.search(r"<title>(.*?)</title>", page)
    assert title and title.group(1) == f"Copenhagen Riichi Open 2026 — {CLUB}"
    assert print_head(page).startswith(f"{CLUB} · Copenhagen Riichi Open 2026 · ")
    assert f'<div class="meta">{CLUB} · ' in page
    player = html(reports["tournament"], "player-ase-molgaard.html")
    assert print_head(player).startswith(f"{CLUB} · Copenhagen Riichi Open 2026")


def test_the_duplicate_print_line_names_the_event_and_its_date(reports):
    for page in ("duplicate.html", "player-ase-molgaard.html"):
        line = print_head(html(reports["duplicate"], page))
        # the sample gives no as_of, so no date follows the event's name
        assert line.startswith("Duplicate evening 2025-11-27 · " + CLUB + " · "), line


def test_a_caption_that_repeats_the_heading_is_for_screen_readers_only(reports):
    for page in ("index.html", "division-riichi-1.html"):
        text = html(reports["season"], page)
        assert '<caption class="visually-hidden">Riichi 1</caption>' in text, page
    assert ".visually-hidden{position:absolute!important" in text


def test_danish_headers_dates_and_badges(reports):
    report = reports["season-da"]
    games = tables(report / "player-jan-dyrberg.html")
    assert games["Spil: Jan Dyrberg"][0] == [
        "Dato",
        "Spil",
        "Resultat",
        "Plads",
        "Pointtal",
        "Spillere",
        "Division",
    ]
    assert games["Straffe: Jan Dyrberg"][0][-1] == "Bemærkning"
    division = html(report, "division-riichi-1.html")
    assert ">Pointtal</th>" in division and ">Score<" not in division
    axis = re.findall(r'font-size="16" fill="#444">([^<]*)</text>', division)
    assert axis[-2:] == ["28. august 2025", "8. januar 2026"], axis
    assert not any(re.fullmatch(r"\d{4}-\d\d-\d\d", label) for label in axis)
    assert "opryknings\u00adkandidat" in html(report, "index.html")


def test_an_mcr_player_has_one_score_column(reports):
    games = tables(reports["season"] / "player-freja-winther.html")["Games: Freja Winther"]
    # Freja plays riichi and MCR: one column, the MCR games' minipoints in it
    assert games[0] == [
        "Date",
        "Game",
        "Result",
        "Place",
        "Score / minipoints",
        "Players",
        "Division",
    ]
    assert "Minipoints" not in games[0] and "Score" not in games[0]


def test_the_movement_marks_are_explained(reports):
    index = html(reports["season"], "index.html")
    assert index.count('class="note movement-legend"') == 5
    assert "▲ up and ▼ down that many places since last week; = the same place" in index
    player = html(reports["season"], "player-jan-dyrberg.html")
    assert re.search(
        r"Rank: <strong>1</strong> \(<span class=\"same\">= the same place as last week", player
    )


def test_deductions_have_a_minus_sign_in_the_tournament(reports):
    page = tables(reports["tournament"] / "tournament.html")
    penalties = page["Penalties"]
    assert penalties[0][:3] == ["Player", "Kind", "Points"]
    points = [row[2] for row in penalties[1:]]
    assert "−20,000" in points and all(p.startswith("−") or p == "0" for p in points), points
    ranking = page["Ranking: Copenhagen Riichi Open 2026"]
    assert "−20,000" in [row[-1] for row in ranking[1:]]


@pytest.mark.parametrize(
    ("report", "caption", "seats", "legend"),
    [
        (
            "season",
            "<caption>Session 20 November 2025, Hand 1 (round wind: East)</caption>",
            "<tr><td>E</td>",
            "<p>★ went Mah-Jong</p>",
        ),
        (
            "season-da",
            "<caption>Runde 20. november 2025, Hånd 1 (rundens vind: Øst)</caption>",
            "<tr><td>Ø</td>",
            "<p>★ gik Mah-Jong</p>",
        ),
    ],
)
def test_the_hands_page_speaks_the_club_s_language(reports, report, caption, seats, legend):
    """A phone trial: the hands page's sessions were ISO dates ("Session 2025-11-20"), the
    Danish page's winds English letters beside "Runde" and "(E)", and the ★ unexplained."""
    page = html(reports[report], "hands.html")
    assert caption in page and seats in page and legend in page
    assert "2025-11-20" not in page


def test_a_phone_shows_since_when_a_status_holds(reports):
    """A phone trial: on a phone the hidden Since column left a warned member beside one in
    good standing with the same count and no reason why; the date now goes with the status."""
    page = html(reports["season"], "attendance.html")
    shown = re.findall(r'<span class="advice">(.*?)</span></th>', page)
    flagged = [s for s in shown if "badge ok" not in s]
    assert flagged and all(" since " in s for s in flagged)
    assert not any(" since " in s for s in shown if "badge ok" in s)
