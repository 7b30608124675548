"""The drop page end to end: ``mahjong-club serve`` started as the organiser starts it, driven
by a real headless Chromium: drop the sample through the file input (the page's script uploads
it with progress), see the standings, download the workbook and open it; drop a damaged
workbook and see the located errors."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import openpyxl
import pytest

from tests.browser import require_browser, start_browser, stop_browser
from tests.builders import write_workbook
from tests.test_cli_errors import league, set_cell

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The drop page in its own process: (its address, the process)."""
    data = tmp_path_factory.mktemp("data")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MAHJONG_CLUB_DATA": str(data)}
    process = subprocess.Popen(
        [sys.executable, "-m", "mahjong_club", "serve", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    url = process.stdout.readline().strip()
    assert "The drop page is running" in first
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{32}/", url), url
    yield url, process
    if process.poll() is None:
        process.kill()
        process.wait(10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    require_browser()
    driver = start_browser(1000, 900)
    downloads = tmp_path_factory.mktemp("downloads")
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    driver.downloads = downloads
    yield driver
    stop_browser(driver)


def wait_for(browser, condition, seconds: float = 60):
    """Poll until ``condition()`` is true (the run takes a few seconds)."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        try:
            if condition():
                return
        except Exception:  # the page is being replaced
            pass
        time.sleep(0.2)
    raise AssertionError(browser.find_element("tag name", "body").text[:2000])


def drop(browser, url: str, path: Path) -> str:
    """Open the drop page, choose ``path`` in its file input, process: the result's text."""
    browser.get(url)
    browser.find_element("id", "workbook").send_keys(str(path))
    browser.find_element("id", "process").click()
    wait_for(browser, lambda: "/run/" in browser.current_url)
    wait_for(browser, lambda: browser.find_element("tag name", "h1").text)
    return browser.find_element("tag name", "body").text


def test_a_request_without_the_token_is_refused(server):
    url, _ = server
    origin = url.split("/", 3)[:3]
    for path in ("/", "/nope/"):
        with pytest.raises(urllib.error.HTTPError, match="403"):
            urllib.request.urlopen("/".join(origin) + path, timeout=10)


def test_drop_the_sample_see_the_standings_download_the_workbook(server, browser):
    url, _ = server
    body = drop(browser, url, ROOT / "sample_sheets/season.xlsx")
    assert "Results of season.xlsx" in body
    assert "Standings preview" in body and "Division Riichi 3" in body
    assert "Camilla Juhl" in body
    browser.find_element("id", "download").click()
    target = browser.downloads / "season.xlsx"
    wait_for(browser, target.is_file, 30)
    book = openpyxl.load_workbook(target)
    assert "Standings" in book.sheetnames
    browser.find_element("id", "open-site").click()
    wait_for(browser, lambda: "/site/index.html" in browser.current_url)
    assert "Camilla Juhl" in browser.find_element("tag name", "body").text
    # the browser's own /favicon.ico request has no token: 403, as every such request
    logged = browser.get_log("browser")
    errors = [e for e in logged if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
    assert errors == [], errors


def test_drop_a_damaged_workbook_see_the_located_errors(server, browser, tmp_path):
    path = write_workbook(tmp_path / "broken.xlsx", set_cell(league(), "Games", 3, 4, "lots"))
    body = drop(browser, url=server[0], path=path)
    assert "1 error(s) in broken.xlsx: nothing was made" in body
    assert "Error Games 4 Score" in body
    assert "Download the updated workbook" not in body


def test_sigterm_stops_it_cleanly(server):
    _, process = server
    process.send_signal(signal.SIGTERM)
    out, _ = process.communicate(timeout=20)
    assert process.returncode == 0
    assert "The drop page stopped." in out
