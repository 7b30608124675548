"""The site's navigation stays the same size however many divisions there are: up to
``NAVIGATION_DIVISIONS`` every page links every division and the index shows their
standings; above it the navigation links the index, which lists the divisions."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from mahjong_club.site.views import NAVIGATION_DIVISIONS
from process import main
from tests.builders import write_workbook


def league(tmp_path: Path, divisions: int) -> Path:
    """``divisions`` riichi divisions of four players, one game each."""
    members = [["Division", "Game", "Level", "Player"]]
    games = [["Game", "Date", "Division", "Player", "Score", "Substituted"]]
    for d in range(1, divisions + 1):
        name = f"Riichi {d:02d}"
        players = [f"P{d:02d}-{m}" for m in range(4)]
        members += [[name, "Riichi", d, p] for p in players]
        scores = (45000, 35000, 25000, 15000)
        games += [
            [d, dt.date(2025, 9, 4), name, p, s, None] for p, s in zip(players, scores, strict=True)
        ]
    sheets = {
        "Settings": [["Key", "Value"], ["club", "Federation"], ["season", "2025/26"],
                     ["season_start", dt.date(2025, 8, 28)], ["as_of", dt.date(2025, 9, 4)],
                     ["mode", "league"]],
        "Divisions": members,
        "Games": games,
    }  # fmt: skip
    return write_workbook(tmp_path / "league.xlsx", sheets)


def site(tmp_path: Path, divisions: int) -> Path:
    out = tmp_path / "out"
    assert main([str(league(tmp_path, divisions)), "--out", str(out), "-q"]) == 0
    return out / "report"


def navigation(page: Path) -> list[str]:
    html = page.read_text(encoding="utf-8")
    nav = re.search(r'<nav class="pages"[^>]*>(.*?)</nav>', html, re.S)
    assert nav is not None
    return re.findall(r'<a href="([^"]+)">', nav.group(1))


def test_up_to_the_limit_every_page_links_every_division(tmp_path):
    report = site(tmp_path, NAVIGATION_DIVISIONS)
    links = navigation(report / "player-p01-0.html")
    divisions = [link for link in links if link.startswith("division-")]
    assert len(divisions) == NAVIGATION_DIVISIONS
    index = (report / "index.html").read_text(encoding="utf-8")
    assert index.count('<table class="standings">') == NAVIGATION_DIVISIONS
    assert 'class="divisions"' not in index


@pytest.mark.parametrize("count", [NAVIGATION_DIVISIONS + 1, 60])
def test_above_it_the_index_lists_the_divisions_and_the_navigation_stays_small(tmp_path, count):
    report = site(tmp_path, count)
    links = navigation(report / "player-p01-0.html")
    assert links[0] == "index.html"
    assert not [link for link in links if link.startswith("division-")]
    assert navigation(report / "division-riichi-05.html") == links  # the same on every page
    index = (report / "index.html").read_text(encoding="utf-8")
    listed = re.search(r'<ul class="divisions">(.*?)</ul>', index, re.S)
    assert listed is not None
    hrefs = re.findall(r'<a href="([^"]+)">Riichi (\d\d)</a>', listed.group(1))
    assert [int(n) for _, n in hrefs] == list(range(1, count + 1))
    for href, _ in hrefs:
        assert (report / href).is_file()
    assert '<span class="note">1 P01-0</span>' in listed.group(1)  # each division's leader
    assert '<table class="standings">' not in index
    sizes = {len(navigation(page)) for page in report.glob("player-*.html")}
    assert sizes == {len(links)}
