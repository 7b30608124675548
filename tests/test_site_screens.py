"""Every kind of page of the three samples, at a phone's 375 px and a laptop's 1280 px, in a
real Chromium: the page never scrolls sideways (wide tables scroll inside their own box), and a
full-page screenshot of each is kept in test-artifacts/screens/ for review."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from process import main
from tests.browser import ARTIFACTS, require_browser, start_browser, stop_browser

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ("season", "duplicate", "tournament")
WIDTHS = (375, 1280)
SCREENS = ARTIFACTS / "screens"


def kind_of(page: str) -> str:
    """``player-jan-de-vries.html`` is a ``player`` page; ``index.html`` an ``index`` page."""
    stem = page.removesuffix(".html")
    return stem.split("-", 1)[0] if stem.startswith(("player-", "division-")) else stem


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    out = tmp_path_factory.mktemp("screens")
    for sample in SAMPLES:
        extra = ["--tonight"] if sample == "season" else []
        source = ROOT / "sample_sheets" / f"{sample}.xlsx"
        assert main([str(source), "--out", str(out / sample), "--quiet", *extra]) == 0
    return out


def page_kinds(report: Path) -> dict[str, Path]:
    """One page of every kind (the first by name), e.g. the first player page."""
    kinds: dict[str, Path] = {}
    for page in sorted(report.glob("*.html")):
        kinds.setdefault(kind_of(page.name), page)
    return kinds


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda w: f"{w}px")
def browser(request):
    require_browser()
    driver = start_browser(request.param, 900)
    driver.width = request.param  # type: ignore[attr-defined]
    yield driver
    stop_browser(driver)


OVERFLOWING = """
const width = document.documentElement.clientWidth;
const scrollBox = e => e.closest('.scroll');
return [...document.querySelectorAll('body *')]
  .filter(e => !scrollBox(e) && e.getBoundingClientRect().right > width + 1)
  .map(e => e.tagName + (e.className ? '.' + e.className : '') + ': '
       + Math.round(e.getBoundingClientRect().right) + 'px')
  .slice(0, 5);
"""


def full_page_png(driver) -> bytes:
    """A screenshot of the whole page, not just the window."""
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}
    )
    return base64.b64decode(shot["data"])


@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_every_kind_of_page_fits_the_screen(sites, browser, sample):
    kinds = page_kinds(sites / sample / "report")
    assert {"index", "player"} <= kinds.keys() or sample == "duplicate", sorted(kinds)
    SCREENS.mkdir(parents=True, exist_ok=True)
    width = browser.width
    for kind, page in kinds.items():
        browser.get(page.as_uri())
        assert browser.execute_script("return window.innerWidth") == width
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= width, f"{sample} {page.name} scrolls sideways at {width}px ({scroll}px)"
        outside = browser.execute_script(OVERFLOWING)
        assert outside == [], f"{sample} {page.name} at {width}px: wider than the screen: {outside}"
        png = full_page_png(browser)
        assert png.startswith(b"\x89PNG"), page.name
        (SCREENS / f"{sample}-{kind}-{width}.png").write_bytes(png)


def test_the_page_kinds_are_named_as_expected():
    assert [kind_of(p) for p in ("index.html", "player-a-b.html", "division-mcr-1.html")] == [
        "index",
        "player",
        "division",
    ]
    assert re.fullmatch(r"next-season", kind_of("next-season.html"))
