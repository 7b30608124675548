"""The tournament and Duplicate pages in a real Chromium at a phone's 375 px: the page never
scrolls sideways (wide tables scroll inside their own box), and every ranking row shows its
rank, player and points (IMPs) without scrolling."""

from __future__ import annotations

from pathlib import Path

import pytest

from process import main
from tests.browser import ARTIFACTS, require_browser, start_browser, stop_browser

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 375

PAGES = [
    ("tournament", "tournament.html", 40),
    ("tournament", "tournament-seating.html", 0),
    ("tournament", "player-benoit-lefevre.html", 0),
    ("tournament", "player-bjorn-sjoberg.html", 0),
    ("duplicate", "duplicate.html", 16),
    ("duplicate", "player-mette-dahl.html", 0),
]

#: Elements outside a scroll box that reach past the window's right edge.
OVERFLOWING = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll('body *')]
  .filter(e => !e.closest('.scroll') && e.getBoundingClientRect().right > width + 1)
  .map(e => e.tagName + ': ' + Math.round(e.getBoundingClientRect().right) + 'px');
"""

#: Each ranking row's first three cells (rank, player, points) and where they are.
RANKING_CELLS = """
return [...document.querySelectorAll('table.ranking tbody tr')].map(tr =>
  [...tr.children].slice(0, 3).map(c => {
    const r = c.getBoundingClientRect();
    return [c.innerText.trim(), r.left, r.right, r.width];
  }));
"""


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    out = tmp_path_factory.mktemp("event-sites")
    for sample in ("tournament", "duplicate"):
        source = ROOT / "sample_sheets" / f"{sample}.xlsx"
        assert main([str(source), "--out", str(out / sample), "--quiet"]) == 0
    return out


@pytest.fixture(scope="module")
def browser():
    require_browser()
    driver = start_browser(WIDTH, 800)
    yield driver
    stop_browser(driver)


@pytest.mark.parametrize(("site", "page", "ranked"), PAGES)
def test_event_page_at_375_px(sites, browser, site, page, ranked):
    path = sites / site / "report" / page
    assert path.is_file(), page
    browser.get(path.as_uri())
    assert browser.execute_script("return window.innerWidth") == WIDTH
    scroll = browser.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= WIDTH, f"{page} scrolls sideways: {scroll}px"
    assert browser.execute_script(OVERFLOWING) == [], page
    rows = browser.execute_script(RANKING_CELLS)
    assert len(rows) == ranked, page
    for cells in rows:
        assert len(cells) == 3, cells
        for content, left, right, width in cells:
            assert content and width > 0, cells
            assert left >= 0 and right <= WIDTH, f"{page}: {cells} not all on screen"
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], errors
    ARTIFACTS.mkdir(exist_ok=True)
    assert browser.save_screenshot(str(ARTIFACTS / f"events-{site}-{page}.png"))


def test_the_ranking_shows_every_player_with_points(sites, browser):
    browser.get((sites / "tournament" / "report" / "tournament.html").as_uri())
    rows = browser.execute_script(RANKING_CELLS)
    first = [c[0] for c in rows[0]]
    last = [c[0].split("\n")[0] for c in rows[-1]]
    assert first == ["1", "Søren Østergaard", "117,000"]
    assert last == ["40", "Björn Sjöberg", "11,000"]
    browser.get((sites / "duplicate" / "report" / "duplicate.html").as_uri())
    rows = browser.execute_script(RANKING_CELLS)
    assert [c[0] for c in rows[0]] == ["1", "Carlos Mendes", "+20"]


def test_a_drawn_session_fits_a_phone(tmp_path, browser):
    """A phone trial: a drawn session's West and North were cut off mid-name at 375 px, with
    no hint to swipe; on a phone each table is now a block of four lines, wind by wind."""
    from process import main as cli
    from tests.builders import write_workbook

    names = [
        f"{first} {last}"
        for first in ("Søren", "Annemette")
        for last in ("Østergaard", "Rasmussen-Kjærgaard", "Holm", "Bæk")
    ]
    book = write_workbook(
        tmp_path / "cup.xlsx",
        {
            "Settings": [["Key", "Value"], ["mode", "tournament"], ["tournament", "Cup"]],
            "Players": [["Player"], *[[n] for n in names]],
        },
    )
    assert (
        cli(["draw", str(book), "--sessions", "2", "--seed", "x", "--out", str(tmp_path / "o")])
        == 0
    )
    for page in ("draw.html", "draw-session-1.html"):
        browser.get((tmp_path / "o" / "report" / page).as_uri())
        cut = browser.execute_script(
            "return [...document.querySelectorAll('table.draw td')]"
            ".filter(c => c.getBoundingClientRect().right > window.innerWidth + 1).length"
        )
        assert cut == 0, page
        first = browser.execute_script("return document.querySelector('table.draw td').innerText")
        assert first.startswith("East: "), first
