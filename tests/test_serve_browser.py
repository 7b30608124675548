"""The drop page end to end: ``mahjong-club serve`` started as the organiser starts it, driven
by a real headless Chromium: choose the sample with the file input (the page's script uploads
it with progress), see the standings, download the workbook and open it; drop a file on the
drop zone (a real ``drop`` event carrying the file); drop a damaged workbook and see the
located errors; do it all with JavaScript off (the plain form); send the emails to a real
SMTP server from the page, once; watch a big workbook's progress."""

from __future__ import annotations

import base64
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

from bench import bench_pipeline
from tests.browser import ARTIFACTS, require_browser, start_browser, stop_browser
from tests.builders import write_workbook
from tests.mail_server import addressed_to, servers
from tests.test_cli_errors import league, set_cell
from tests.test_mail import mail_sheets

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
    assert "1 error in broken.xlsx: nothing was made" in body
    assert "Error Games 4 Score" in body
    assert "Download the updated workbook" not in body


DROP_SCRIPT = """
const [name, base64] = arguments;
const bytes = Uint8Array.from(atob(base64), c => c.charCodeAt(0));
const file = new File([bytes], name, {type: arguments[2]});
const data = new DataTransfer();
data.items.add(file);
const zone = document.getElementById("zone");
for (const kind of ["dragenter", "dragover"]) {
  zone.dispatchEvent(new DragEvent(kind, {dataTransfer: data, bubbles: true, cancelable: true}));
}
const over = zone.classList.contains("over");
zone.dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
return over;
"""


def test_drag_and_drop_a_workbook_on_the_zone(server, browser):
    """The file arrives in a real ``drop`` event's DataTransfer, as from the file manager;
    the zone lights up while dragged over, and the page uploads it without a click."""
    url, _ = server
    browser.get(url)
    data = base64.b64encode((ROOT / "sample_sheets/season.xlsx").read_bytes()).decode()
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert browser.find_element("tag name", "html").get_attribute("class") == "js"
    assert browser.execute_script(DROP_SCRIPT, "season.xlsx", data, kind) is True
    wait_for(browser, lambda: "/run/" in browser.current_url)
    wait_for(
        browser, lambda: "Results of season.xlsx" in browser.find_element("tag name", "h1").text
    )
    body = browser.find_element("tag name", "body").text
    assert "Division Riichi 3" in body and "Camilla Juhl" in body


def test_with_javascript_off_the_plain_form_does_it_all(server, browser, tmp_path):
    url, _ = server
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get(url)
        # the page's own script marks <html class="js">: not run
        assert browser.find_element("tag name", "html").get_attribute("class") in ("", None)
        browser.find_element("id", "workbook").send_keys(str(ROOT / "sample_sheets/season.xlsx"))
        browser.find_element("name", "dice_seed").send_keys("2026")
        browser.find_element("id", "process").click()
        wait_for(browser, lambda: "Results of" in browser.find_element("tag name", "h1").text)
        body = browser.find_element("tag name", "body").text
        assert "Results of season.xlsx" in body and "Camilla Juhl" in body
        # a bad option: said on the form, nothing runs
        browser.get(url)
        browser.find_element("id", "workbook").send_keys(str(ROOT / "sample_sheets/season.xlsx"))
        browser.find_element("name", "dice_seed").send_keys("many")
        browser.find_element("id", "process").click()
        wait_for(browser, lambda: "many" in browser.find_element("tag name", "body").text)
        alert = browser.find_element("css selector", ".refusal").text
        assert alert == "the dice seed must be a whole number, not 'many'"
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_send_the_emails_from_the_page_to_a_real_server_once(server, browser, tmp_path):
    url, _ = server
    with servers() as start:
        inbox, port = start()
        path = write_workbook(tmp_path / "season.xlsx", mail_sheets(port))
        drop(browser, url, path)
        run_page = browser.current_url
        browser.find_element("id", "send").click()
        wait_for(browser, lambda: browser.find_element("id", "confirm").text)
        assert browser.find_element("id", "confirm").text == "Send 5 emails to 5 recipients?"
        browser.find_element("id", "send-yes").click()
        wait_for(browser, lambda: "Sending done" in browser.find_element("tag name", "h1").text)
        assert (
            "Emails sent: 5; already sent before: 0"
            in browser.find_element("tag name", "body").text
        )
        assert addressed_to(inbox) == [
            "a@example.org",
            "b@example.org",
            "d@example.org",
            "e@example.org",
            "organiser@example.org",
        ]
        # back, and again: nothing is sent twice
        browser.get(run_page + "send")
        body = browser.find_element("tag name", "body").text
        assert "Every email was sent before: there is nothing to send." in body
        assert browser.find_elements("id", "send-yes") == []
        # the confirmation posted once more (a double click, a resubmitted form)
        again = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0], {method: 'POST'}).then(r => r.text()).then(done);",
            run_page + "send",
        )
        assert "Emails sent: 0; already sent before: 5" in again
        assert len(inbox.messages) == 5


def test_a_big_workbook_shows_its_progress_then_its_results(server, browser, tmp_path):
    """A workbook that takes longer than the page waits: the working page with its stages,
    updated by the event stream, then the results by themselves."""
    url, _ = server
    path = tmp_path / "big.xlsx"
    # big enough to be working for several seconds with every stage long enough to be seen
    # working (120,000 rows once went by between two looks in CI, read to results)
    bench_pipeline.build(path, 240_000)
    browser.get_log("browser")  # what earlier tests left (their refusals' 400 and 422)
    browser.get(url)
    browser.find_element("id", "workbook").send_keys(str(path))
    browser.find_element("id", "process").click()
    wait_for(browser, lambda: "Working on big.xlsx" in browser.find_element("tag name", "h1").text)
    (ARTIFACTS / "screens").mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "screens" / "drop-page-working-1000.png"))
    seen = set()

    def results_or_progress() -> bool:
        heading = browser.find_element("tag name", "h1").text
        if heading.startswith("Working on"):
            for item in browser.find_elements("css selector", "#stages li"):
                seen.add((item.get_attribute("data-stage"), item.get_attribute("class")))
            return False
        return heading == "Results of big.xlsx"

    wait_for(browser, results_or_progress, 300)
    assert any(state == "now" for _, state in seen), seen  # a stage was seen in progress
    body = browser.find_element("tag name", "body").text
    assert "Standings preview" in body
    logged = browser.get_log("browser")
    errors = [e for e in logged if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
    assert errors == [], errors


def test_the_problems_and_the_emails_fit_a_phone(server, tmp_path):
    """An organiser's find: on a 375 px phone the problems table was 429 px wide (the
    problem's words in a 110 px column, partly off the screen, no hint), and the emails
    list 701 px; each row is now a block of lines."""
    require_browser()
    phone = start_browser(375, 800)
    try:
        sheets = set_cell(league(), "Games", 3, 4, "lots")
        body = drop(phone, url=server[0], path=write_workbook(tmp_path / "b.xlsx", sheets))
        assert "lots" in body
        assert phone.execute_script(FITS) == [], "problems"
        # a phone trial: the heading is off screen there, so "Games 4 Score" said nothing of
        # what 4 and Score are; the row and column say so on a phone
        row = phone.execute_script(
            "return document.querySelector('table.problems tbody tr').innerText"
        )
        assert "row 4" in " ".join(row.split()) and "column Score" in " ".join(row.split())
        drop(phone, url=server[0], path=ROOT / "sample_sheets" / "season.xlsx")
        phone.get(phone.current_url + "emails/")
        assert phone.execute_script(FITS) == [], "emails"
    finally:
        stop_browser(phone)


FITS = """
return [...document.querySelectorAll('.scroll')]
  .filter(box => box.scrollWidth > box.clientWidth + 1)
  .map(box => box.querySelector('table').className + ' ' + box.scrollWidth);
"""


def test_sigterm_stops_it_cleanly(server):
    _, process = server
    process.send_signal(signal.SIGTERM)
    out, _ = process.communicate(timeout=20)
    assert process.returncode == 0
    assert "The drop page stopped." in out
