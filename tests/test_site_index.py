"""The index is the page players open first: every kind of workbook puts its results and a
player search there (a duplicate evening has no divisions: its ranking is on the index)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from process import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    out = tmp_path_factory.mktemp("index")
    for sample in ("season", "duplicate", "tournament"):
        source = ROOT / "sample_sheets" / f"{sample}.xlsx"
        assert main([str(source), "--out", str(out / sample), "--quiet"]) == 0
    return {sample: out / sample / "report" for sample in ("season", "duplicate", "tournament")}


def search_list(report: Path) -> dict[str, str]:
    html = (report / "index.html").read_text(encoding="utf-8")
    return dict(
        (name, href)
        for href, name in re.findall(r'<li data-key="[^"]*"><a href="([^"]+)">([^<]+)</a>', html)
    )


@pytest.mark.parametrize(
    ("sample", "players"), [("season", 26), ("duplicate", 16), ("tournament", 40)]
)
def test_the_search_finds_every_player_and_each_link_works(reports, sample, players):
    found = search_list(reports[sample])
    assert len(found) == players
    assert all((reports[sample] / href).is_file() for href in found.values())


def test_a_duplicate_evening_shows_its_ranking_on_the_index(reports):
    html = (reports["duplicate"] / "index.html").read_text(encoding="utf-8")
    assert '<a href="duplicate.html">Duplicate evening 2025-11-27</a>' in html
    rows = re.findall(
        r'<tr><td class="num">([^<]+)</td><th scope="row"><a href="([^"]+)">([^<]+)</a></th>'
        r'<td class="num">([^<]+)</td><td>([^<]*)</td></tr>',
        html,
    )
    assert len(rows) == 16
    assert rows[0] == ("1", "player-carlos-mendes.html", "Carlos Mendes", "+20", "IMPs")
    assert search_list(reports["duplicate"])["Carlos Mendes"] == "player-carlos-mendes.html"


def test_a_duplicate_index_is_an_overview_not_standings(reports):
    html = (reports["duplicate"] / "index.html").read_text(encoding="utf-8")
    assert "<h1>Overview</h1>" in html and "Standings" not in html
    assert html.count('href="duplicate.html"') == 3  # navigation, heading, every board


def test_pages_say_when_they_were_made(monkeypatch):
    """Now, in the machine's time zone; SOURCE_DATE_EPOCH (as the suite sets it) fixes it."""
    import datetime as dt

    from mahjong_club.site.build import generated_at

    assert generated_at() == dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    made = generated_at()
    assert made.tzinfo is not None
    assert abs(made - dt.datetime.now(dt.UTC)) < dt.timedelta(seconds=60)
