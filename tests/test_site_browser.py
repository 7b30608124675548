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


# --- Phone first (issue 12): the league sample's every page at 375 px ------------------------

#: Where a standings row's rank, player, points and deciding fact are (the fact cell also
#: carries the status badges on a phone).
ROW_PARTS = """
return [...document.querySelectorAll('table.standings tbody tr')].map(tr => {
  const head = [...tr.closest('table').querySelectorAll('thead th')]
    .map(th => th.textContent.trim());
  const cells = [...tr.children];
  const points = cells[head.findIndex(h => /oint/.test(h))];
  const parts = {rank: cells[0], player: tr.querySelector('th a'), points: points,
                 fact: tr.querySelector('td.fact')};
  const out = {row: tr.querySelector('th a').textContent};
  for (const [name, el] of Object.entries(parts)) {
    const box = el.getBoundingClientRect();
    out[name] = [Math.round(box.left), Math.round(box.right), Math.round(box.width),
                 el.textContent.trim()];
  }
  const badge = tr.querySelector('td.fact .badge');
  out.badge = badge ? [badge.getBoundingClientRect().right, badge.offsetParent !== null] : null;
  return out;
});
"""


def league_pages(sites) -> list[str]:
    return sorted(p.name for p in (sites / "season" / "report").glob("*.html"))


@pytest.fixture(scope="module")
def danish_site(tmp_path_factory):
    """The league sample in Danish (longer words: "nedrykningskandidat", "Placering")."""
    import openpyxl

    out = tmp_path_factory.mktemp("danish")
    book = openpyxl.load_workbook(ROOT / "sample_sheets/season.xlsx")
    for row in book["Settings"].iter_rows():
        if row[0].value == "language":
            row[1].value = "da"
    book.save(out / "season.xlsx")
    assert main([str(out / "season.xlsx"), "--out", str(out / "season")]) == 0
    return out / "season" / "report"


@pytest.mark.parametrize("language", ["en", "da"])
def test_standings_rows_fit_a_phone(sites, danish_site, browser, language):
    report = sites / "season" / "report" if language == "en" else danish_site
    pages = ["index.html", *(p for p in league_pages(sites) if p.startswith("division-"))]
    assert len(pages) >= 6
    for page in pages:
        browser.get((report / page).as_uri())
        rows = browser.execute_script(ROW_PARTS)
        assert rows, page
        for row in rows:
            for part in ("rank", "player", "points", "fact"):
                left, right, width, _ = row[part]
                assert left >= 0 and right <= 375, f"{page}: {row['row']} {part} at {left}..{right}"
                assert width > 0, f"{page}: {row['row']} {part} hidden"
            assert row["points"][3], f"{page}: {row['row']} has no points"
            if row["badge"] is not None:
                assert row["badge"][0] <= 375 and row["badge"][1], f"{page}: {row['row']} badge"
        # the secondary columns collapse into the small line under the name
        hidden = browser.execute_script(
            "return [...document.querySelectorAll('table.standings .sec')]"
            ".every(e => getComputedStyle(e).display === 'none')"
        )
        assert hidden, page


def test_no_page_of_the_league_overflows_a_phone(sites, browser):
    report = sites / "season" / "report"
    for page in league_pages(sites):
        browser.get((report / page).as_uri())
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= 375, f"{page} overflows: {scroll}px"
        # a table wider than its box says so: a visible hint comes before it
        unexplained = browser.execute_script(
            """
            const hints = [...document.querySelectorAll('.hint')]
              .filter(h => h.offsetParent !== null);
            return [...document.querySelectorAll('.scroll')]
              .filter(box => box.scrollWidth > box.clientWidth + 1)
              .filter(box => !hints.some(h =>
                 h.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING))
              .map(box => box.querySelector('caption').textContent);
            """
        )
        assert unexplained == [], f"{page}: wide tables without a hint: {unexplained}"
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == [], (page, errors)


@pytest.mark.parametrize("width", [375, 1280])
def test_screenshots_of_every_page_kind(sites, browser, width):
    kinds = {
        "season": [
            "index.html",
            "division-riichi-1.html",
            "division-mcr-1.html",
            "player-jan-dyrberg.html",
            "attendance.html",
            "tonight.html",
            "next-season.html",
            "hands.html",
        ],
        "duplicate": ["index.html", "duplicate.html"],
        "tournament": ["index.html", "tournament.html", "player-jurgen-weiss.html"],
    }
    ARTIFACTS.mkdir(exist_ok=True)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    try:
        for site, pages in kinds.items():
            for page in pages:
                browser.get((sites / site / "report" / page).as_uri())
                assert browser.execute_script("return window.innerWidth") == width
                if site == "season" or page == "index.html":
                    scroll = browser.execute_script("return document.documentElement.scrollWidth")
                    assert scroll <= width, f"{site}/{page} overflows at {width}px: {scroll}px"
                shot = ARTIFACTS / f"{site}-{page}-{width}.png"
                assert browser.save_screenshot(str(shot))
    finally:
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 375, "height": 800, "deviceScaleFactor": 1, "mobile": True},
        )


def visible_players(browser) -> list[str]:
    return browser.execute_script(
        "return [...document.querySelectorAll('#player-list li')]"
        ".filter(li => li.offsetParent !== null).map(li => li.textContent.trim())"
    )


def test_the_search_box_finds_a_player(sites, browser):
    from selenium.webdriver.common.keys import Keys

    index = sites / "season" / "report" / "index.html"
    browser.get(index.as_uri())
    box = browser.find_element("id", "find")
    assert box.is_displayed()
    assert visible_players(browser) == []  # nothing typed: the list waits
    box.send_keys("sor")
    assert visible_players(browser) == ["Line Sørensen", "Søren Østergaard"]
    box.clear()
    box.send_keys("ØSTER")
    assert visible_players(browser) == ["Søren Østergaard"]
    box.clear()
    box.send_keys("zzz")
    assert visible_players(browser) == []
    assert browser.find_element("id", "find-none").is_displayed()
    box.clear()
    box.send_keys("jan dy", Keys.ENTER)
    assert browser.current_url.endswith("/player-jan-dyrberg.html")
    # A phone trial: "Søren" and Enter opened Line Sørensen's page (the first by name);
    # a name beginning so comes first, and Danes' "aa" finds an Å
    for typed, page in (("Søren", "soren-ostergaard"), ("aase", "ase-molgaard")):
        browser.get(index.as_uri())
        browser.find_element("id", "find").send_keys(typed, Keys.ENTER)
        assert browser.current_url.endswith(f"/player-{page}.html"), typed
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == [], errors


def test_without_javascript_every_player_is_a_link(sites, browser):
    index = sites / "season" / "report" / "index.html"
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get(index.as_uri())
        players = visible_players(browser)
        pages = list((sites / "season" / "report").glob("player-*.html"))
        assert len(players) == len(pages) == 26 and "Jan Dyrberg" in players
        assert not browser.find_element("id", "find-form").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


@pytest.fixture(scope="module")
def complete_site(tmp_path_factory):
    """The league sample with ``season_complete: yes``."""
    import openpyxl

    out = tmp_path_factory.mktemp("complete")
    book = openpyxl.load_workbook(ROOT / "sample_sheets/season.xlsx")
    for row in book["Settings"].iter_rows():
        if row[0].value == "season_complete":
            row[1].value = "yes"
    book.save(out / "season.xlsx")
    assert main([str(out / "season.xlsx"), "--out", str(out / "season")]) == 0
    return out / "season" / "report"


def test_provisional_label_until_the_season_is_complete(sites, complete_site, browser):
    running = sites / "season" / "report"
    for page, text in [
        ("index.html", "Promotion and relegation if the season ended today"),
        ("division-riichi-1.html", "Promotion and relegation if the season ended today"),
        ("next-season.html", "If the season ended today"),
    ]:
        browser.get((running / page).as_uri())
        assert text in browser.find_element("tag name", "body").text, page
        browser.get((complete_site / page).as_uri())
        body = browser.find_element("tag name", "body").text
        assert "season ended today" not in body, page
    browser.get((running / "index.html").as_uri())
    badge = browser.find_element("css selector", "td.fact .badge.relegation-candidate")
    assert badge.is_displayed() and badge.text == "relegation candidate*"
    browser.get((complete_site / "index.html").as_uri())
    badge = browser.find_element("css selector", "td.fact .badge.relegation-candidate")
    assert badge.is_displayed() and badge.text == "relegation candidate"


def test_penalties_shown(sites, browser):
    report = sites / "season" / "report"
    browser.get((report / "player-jan-dyrberg.html").as_uri())
    body = browser.find_element("tag name", "body").text
    assert "Games +178,800 − penalties 20,000 = 158,800" in body
    row = browser.find_element("css selector", "table.penalties tbody tr")
    assert row.text.startswith("9 October 2025 39 chombo −20,000")
    browser.get((report / "index.html").as_uri())
    line = browser.find_element("xpath", "//th[a='Jan Dyrberg']/span[@class='more']")
    assert line.is_displayed() and "Penalties −20,000" in line.text
    browser.get((report / "division-mcr-1.html").as_uri())
    body = browser.find_element("tag name", "body").text
    assert "Repeatedly drew out of turn" in body and "the minipoint total" in body


def test_a_printed_page_names_the_club_season_and_date(sites, browser):
    browser.get((sites / "season" / "report" / "division-riichi-1.html").as_uri())
    head = browser.find_element("css selector", ".print-head")
    assert not head.is_displayed()
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert head.is_displayed()
        assert head.text.startswith(
            "Mahjong Danmark København · Season 2025/26 · Results as of 8 January 2026"
            " · Page made on"
        )
        assert not browser.find_element("css selector", "header.site").is_displayed()
        assert browser.find_element("css selector", "footer.site").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
