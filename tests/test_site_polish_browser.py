"""The review's phone and print checks in a real Chromium: at 375 px a table that scrolls
sideways says so (a visible hint before it, since its heading), and printed at A4 width
(print media emulated at 794 px) no element is wider than the page."""

from __future__ import annotations

import pytest

from tests.browser import require_browser, start_browser, stop_browser
from tests.test_site_polish import reports  # noqa: F401  (the module's sample sites)

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
            shown = browser.execute_script(
                "return [...document.querySelectorAll('.hint, nav.pages')]"
                ".filter(e => getComputedStyle(e).display !== 'none').length"
            )
            assert shown == 0, f"{sample} {page}: a hint prints"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
