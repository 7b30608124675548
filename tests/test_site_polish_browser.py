"""The review's phone and print checks in a real Chromium: at 375 px a table that scrolls
sideways says so (a visible hint before it, since its heading), and printed at A4 width
(print media emulated at 794 px) no element is wider than the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from process import main
from tests.browser import require_browser, start_browser, stop_browser
from tests.test_site_polish import reports  # noqa: F401  (the module's sample sites)

ROOT = Path(__file__).resolve().parent.parent
PAGES = (
    ("duplicate", "duplicate.html"),
    ("duplicate", "player-ase-molgaard.html"),
    ("tournament", "tournament.html"),
    ("tournament", "tournament-seating.html"),
    ("tournament", "player-ase-molgaard.html"),
    ("season", "division-riichi-1.html"),
    ("season", "player-jan-dyrberg.html"),
    ("season", "attendance.html"),
    ("season", "hands.html"),
    ("season", "index.html"),
    ("season-da", "division-mcr-2.html"),
    ("season-da", "index.html"),
)

UNHINTED = """
const hinted = box => {
  for (let e = box.previousElementSibling; e; e = e.previousElementSibling) {
    if (e.classList.contains('hint')) return getComputedStyle(e).display !== 'none';
    if (/^H[1-3]$/.test(e.tagName)) return false;
  }
  return false;
};
return [...document.querySelectorAll('.scroll')]
  .filter(box => box.scrollWidth > box.clientWidth + 1 && !hinted(box))
  .map(box => box.querySelector('caption').textContent);
"""

TOO_WIDE = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > width + 1)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))
  .slice(0, 5);
"""

#: Number and date cells whose text takes more than one line (a phone trial's printout had
#: "117,00" over "0", 234 such cells on the tournament ranking).
SPLIT = """
return [...document.querySelectorAll('td.num, th.num, td.date, th.date')]
  .filter(c => c.offsetParent !== null && c.textContent.trim())
  .filter(c => {
    const r = document.createRange(); r.selectNodeContents(c);
    return new Set([...r.getClientRects()].map(x => Math.round(x.bottom))).size > 1;
  })
  .map(c => c.textContent.trim()).slice(0, 5);
"""


@pytest.fixture(scope="module")
def browser():
    require_browser()
    driver = start_browser(375, 900)
    yield driver
    stop_browser(driver)


def test_a_table_that_scrolls_sideways_says_so_on_a_phone(reports, browser):  # noqa: F811
    for sample, page in PAGES:
        browser.get((reports[sample] / page).as_uri())
        assert browser.execute_script(UNHINTED) == [], f"{sample} {page}"
    # the check has something to check: the Duplicate ranking does scroll on a phone
    browser.get((reports["duplicate"] / "duplicate.html").as_uri())
    assert browser.execute_script(
        "const b = document.querySelector('table.ranking').closest('.scroll');"
        "return b.scrollWidth > b.clientWidth"
    )


def test_the_attendance_row_fits_a_phone(reports, browser):  # noqa: F811
    browser.get((reports["season"] / "attendance.html").as_uri())
    box = browser.execute_script(
        "const b = document.querySelector('.scroll'); return [b.scrollWidth, b.clientWidth];"
    )
    assert box[0] <= box[1], box
    tallest = browser.execute_script(
        "return Math.max(...[...document.querySelectorAll('table.attendance tbody tr')]"
        ".map(r => r.getBoundingClientRect().height))"
    )
    assert tallest < 140, tallest


def test_every_page_prints_within_an_a4_width(reports, browser):  # noqa: F811
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 794, "height": 1123, "deviceScaleFactor": 1, "mobile": False},
    )
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        for sample, page in PAGES:
            browser.get((reports[sample] / page).as_uri())
            assert browser.execute_script(TOO_WIDE) == [], f"{sample} {page} printed"
            assert browser.execute_script(SPLIT) == [], f"{sample} {page}: a number split"
            shown = browser.execute_script(
                "return [...document.querySelectorAll('.hint, nav.pages')]"
                ".filter(e => getComputedStyle(e).display !== 'none').length"
            )
            assert shown == 0, f"{sample} {page}: a hint prints"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


@pytest.fixture
def phone():
    """A browser of its own at 375 px (the module's emulates print media in a test)."""
    require_browser()
    driver = start_browser(375, 900)
    yield driver
    stop_browser(driver)


def test_tonight_with_a_substitute_fits_a_phone(tmp_path, phone):
    """The proposal for 1 January has a substitute: the "Substitute for" column made the
    table wider than a 375 px phone (and no hint said so); there it now goes under the
    game's players."""
    sample = ROOT / "sample_sheets" / "season.xlsx"
    out = tmp_path / "out"
    assert main([str(sample), "--tonight", "2026-01-01", "--out", str(out), "--quiet"]) == 0
    browser = phone
    browser.get((out / "report" / "tonight.html").as_uri())
    box = browser.execute_script(
        "const b = document.querySelector('table.tonight').closest('.scroll');"
        "return [b.scrollWidth, b.clientWidth];"
    )
    assert box[0] <= box[1], box
    shown = browser.execute_script(
        "return [...document.querySelectorAll('table.tonight .more')]"
        ".filter(e => getComputedStyle(e).display !== 'none').map(e => e.textContent)"
    )
    assert shown == ["Substitute for: Hanna Eriksson"]
