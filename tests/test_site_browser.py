"""The site in a real headless browser at phone size: texts, console, overflow, screenshots."""

from pathlib import Path

import pytest

from process import main
from tests.browser import ARTIFACTS, require_browser, start_browser, stop_browser

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    out = tmp_path_factory.mktemp("sites")
    assert (
        main([str(ROOT / "sample_sheets/season.xlsx"), "--out", str(out / "season"), "--tonight"])
        == 0
    )
    assert main([str(ROOT / "sample_sheets/duplicate.xlsx"), "--out", str(out / "duplicate")]) == 0
    assert (
        main([str(ROOT / "sample_sheets/tournament.xlsx"), "--out", str(out / "tournament")]) == 0
    )
    return out


@pytest.fixture(scope="module")
def browser():
    require_browser()
    driver = start_browser(375, 800)
    yield driver
    stop_browser(driver)


PAGES = [
    ("season", "index.html", ["Riichi 3", "Camilla Juhl", "MCR 1"]),
    ("season", "division-riichi-3.html", ["Nikolaj Holm", "dice", "Points over the season"]),
    ("season", "division-mcr-2.html", ["Rasmus Kjeldsen", "head-to-head"]),
    ("season", "player-hanna-eriksson.html", ["substitutable", "Hanna Eriksson"]),
    ("season", "attendance.html", ["Line Sørensen", "warning"]),
    ("season", "tonight.html", ["Tonight"]),
    ("season", "next-season.html", ["winner of division 1"]),
    ("season", "hands.html", ["thirteen orphans", "Chen Wei"]),
    ("duplicate", "duplicate.html", ["Carlos Mendes", "IMPs"]),
    ("tournament", "tournament.html", ["Karin Åström", "Session 5", "Björn Sjöberg"]),
    ("tournament", "player-jurgen-weiss.html", ["Jürgen Weiß"]),
]


@pytest.mark.parametrize(("site", "page", "texts"), PAGES)
def test_page_in_a_phone_sized_browser(sites, browser, site, page, texts):
    path = sites / site / "report" / page
    assert path.is_file(), page
    browser.get(path.as_uri())
    body = browser.find_element("tag name", "body").text
    for text in texts:
        assert text in body, f"{text!r} missing on {page}"
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], errors
    width = browser.execute_script("return window.innerWidth")
    assert width == 375
    scroll = browser.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"{page} overflows horizontally: {scroll}px > {width}px"
    external = browser.execute_script(
        "return [...document.querySelectorAll('[src],[href]')]"
        ".map(e => e.getAttribute('src') || e.getAttribute('href'))"
        ".filter(u => /^(https?:)?\\/\\//.test(u))"
    )
    assert external == [], f"{page} makes external requests: {external}"
    ARTIFACTS.mkdir(exist_ok=True)
    assert browser.save_screenshot(str(ARTIFACTS / f"{site}-{page}.png"))


def test_every_link_points_to_a_page_that_exists(sites):
    import re

    for site in ("season", "duplicate", "tournament"):
        report = sites / site / "report"
        pages = sorted(report.glob("*.html"))
        assert pages, f"{site}: no pages"
        links = [
            (page.name, href)
            for page in pages
            for href in re.findall(r'href="([^"#]+)"', page.read_text(encoding="utf-8"))
        ]
        assert links, f"{site}: no links between pages"
        for name, href in links:
            assert (report / href).is_file(), f"{name} links to missing {href}"
