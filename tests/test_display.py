"""The hall's display (``display.html``): the next session's seating from the draw's plan, the
ranking, the countdown to ``next_session_start``, the final ranking once everything is played,
the setting's validation, and the page in a real Chromium at projector sizes."""

from __future__ import annotations

import datetime as dt
import re
import time
from pathlib import Path

import openpyxl
import pytest

from process import main
from tests.browser import ARTIFACTS, require_browser, start_browser, stop_browser

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_sheets" / "tournament.xlsx"


def with_session_5_to_play(tmp_path: Path, start: str | None) -> Path:
    """The sample with session 5's scores blank (still to play) and ``next_session_start``."""
    book = openpyxl.load_workbook(SAMPLE)
    games = book["Games"]
    header = [c.value for c in games[1]]
    session, score, sub = (header.index(h) for h in ("Session", "Score", "Substituted"))
    for row in games.iter_rows(min_row=2):
        if row[session].value == 5:
            row[score].value = None
            row[sub].value = None
    penalties = book["Penalties"]
    for row in list(penalties.iter_rows(min_row=2)):
        if row[0].value == 5:  # a penalty of a session not played yet cannot be
            for cell in row:
                cell.value = None
    if start is not None:
        book["Settings"].append(["next_session_start", start])
    path = tmp_path / "open.xlsx"
    book.save(path)
    return path


def run(tmp_path: Path, source: Path) -> Path:
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out), "-q"]) == 0
    return out / "report" / "display.html"


def text_of(html: str) -> str:
    html = re.sub(r"<script.*?</script>|<style.*?</style>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_next_session_seating_the_ranking_and_the_start(tmp_path):
    html = run(tmp_path, with_session_5_to_play(tmp_path, "14:30")).read_text(encoding="utf-8")
    text = text_of(html)
    assert "Next: session 5" in text
    assert '<meta http-equiv="refresh" content="60">' in html
    assert 'data-start="14:30"' in html and "Starts at 14:30" in text
    where = re.search(r'<ul class="columns" id="where">(.*?)</ul>', html, re.S)
    assert where is not None
    players = re.findall(r"<li><span>([^<]+)</span>", where.group(1))
    assert len(players) == 40
    assert players == sorted(players, key=str.casefold)  # what players look for: their name
    tables = re.findall(r"<div><strong>(\d+)</strong>", html)
    assert tables == [str(n) for n in range(1, 11)]
    ranking = re.search(r'<ol class="columns" id="ranking-list">(.*?)</ol>', html, re.S)
    assert ranking is not None and ranking.group(1).count("<li>") == 40
    assert "http://" not in html and "https://" not in html


def test_every_session_played_shows_the_final_ranking(tmp_path):
    html = run(tmp_path, SAMPLE).read_text(encoding="utf-8")
    text = text_of(html)
    assert "Every session is played: the final ranking" in text
    assert 'id="countdown"' not in html and "Next: session" not in text


@pytest.mark.parametrize(
    ("value", "shown"),
    [("9:05", "09:05"), ("2026-03-14 14:30", "2026-03-14T14:30")],
)
def test_start_forms(tmp_path, value, shown):
    html = run(tmp_path, with_session_5_to_play(tmp_path, value)).read_text(encoding="utf-8")
    assert f'data-start="{shown}"' in html


def test_a_start_that_is_no_time_is_a_located_error(tmp_path, capsys):
    source = with_session_5_to_play(tmp_path, "after lunch")
    assert main([str(source), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "sheet 'Settings', row " in err and "column 'Value'" in err
    assert "next_session_start is a time (14:30) or a date and time (2026-03-14 14:30), not" in err
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def display(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("display")
    soon = (dt.datetime.now() + dt.timedelta(minutes=42)).strftime("%Y-%m-%d %H:%M")
    return run(tmp_path, with_session_5_to_play(tmp_path, soon))


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_display_in_chromium_at_projector_sizes(display, width, height):
    require_browser()
    browser = start_browser(width, height)
    try:
        browser.get(display.as_uri())
        box = browser.find_element("id", "countdown")
        first = box.text
        assert re.fullmatch(r"Starts in (41|42):\d\d", first), first
        time.sleep(2.2)
        assert box.text != first  # it counts down
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == [], errors
        assert browser.execute_script("return window.innerWidth") == width
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert scroll <= width, f"overflows: {scroll}px > {width}px"
        loaded = browser.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)"
        )
        assert loaded == []  # nothing fetched: no network needed
        size = browser.execute_script(
            "return parseFloat(getComputedStyle(document.querySelector('#where li')).fontSize)"
        )
        assert size >= 20  # readable from the back of the room
        ARTIFACTS.mkdir(exist_ok=True)
        assert browser.save_screenshot(str(ARTIFACTS / f"display-{width}x{height}.png"))
    finally:
        stop_browser(browser)
