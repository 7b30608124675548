"""The drop page while a run works: the working page (stages, the step in progress, a bar; it
refreshes itself without JavaScript), the event stream (every step, then the end), and the
results once the run has ended. The run is held at a known step so the page is seen working."""

from __future__ import annotations

import json
import threading
import time

import pytest

from mahjong_club.common.progress import Progress, Step
from mahjong_club.messages.core import say
from mahjong_club.messages.progress import PROGRESS
from mahjong_club.serve import runs as runs_module
from mahjong_club.serve.app import create_app
from mahjong_club.serve.runs import Runs
from mahjong_club.serve.working import StageView, percent, stage_views
from tests.builders import write_workbook
from tests.mail_server import addressed_to, servers
from tests.test_mail import mail_sheets
from tests.test_serve import SAMPLE, TOKEN, text_of, upload


class Gate:
    """Holds a run when it starts computing ``held`` until :meth:`open`."""

    def __init__(self, held: str) -> None:
        self.held = held
        self.reached = threading.Event()
        self.opened = threading.Event()

    def open(self) -> None:
        self.opened.set()


@pytest.fixture
def gate(monkeypatch):
    gate = Gate("attendance")

    class Held(Progress):
        def doing(self, item=""):
            super().doing(item)
            if item == gate.held:
                gate.reached.set()
                assert gate.opened.wait(60), "the test never opened the gate"

    monkeypatch.setattr(runs_module, "Progress", Held)
    yield gate
    gate.open()


@pytest.fixture
def client(tmp_path):
    runs = Runs(tmp_path / "runs")
    yield create_app(TOKEN, runs, wait=0.05).test_client()
    runs.clear()


def finished(client, url: str, seconds: float = 180):
    """GET ``url`` until it is no longer the working page (202): the answer."""
    until = time.monotonic() + seconds
    answer = client.get(url)
    while answer.status_code == 202:
        assert time.monotonic() < until, "the work did not end"
        answer = client.get(url)
    return answer


def started(client, gate) -> str:
    response = upload(client, SAMPLE.read_bytes())
    assert response.status_code == 303
    assert gate.reached.wait(60)
    return response.headers["Location"]


def test_a_working_run_shows_its_stages_and_refreshes_without_javascript(client, gate):
    url = started(client, gate)
    page = client.get(url)
    assert page.status_code == 202
    text = text_of(page)
    assert "Working on season.xlsx…" in text
    assert "✓ Reading and checking the workbook (done)" in text
    assert "▶ Computing the standings and the rest: attendance · step 2 of 7" in text
    assert "· Preparing the result sheets and the site" in text
    assert "· Making the emails" in text
    assert "· Writing the results and the site's pages" in text
    html = page.get_data(as_text=True)
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in html
    assert '<progress id="progress" max="100" value="22">' in html  # (1 + 1/7) / 5
    assert f'new EventSource("{url}events")' in html
    # nothing to download yet
    assert client.get(f"{url}workbook/season.xlsx").status_code == 404
    assert client.get(f"{url}emails/").status_code == 404
    gate.open()
    done = finished(client, url)
    assert done.status_code == 200
    assert "Results of season.xlsx" in text_of(done)


def events_of(stream) -> list[dict]:
    return [json.loads(line[6:]) for line in stream.split("\n") if line.startswith("data: ")]


def test_the_event_stream_sends_the_latest_state_as_it_changes_then_the_end(client, gate):
    url = started(client, gate)
    response = client.get(f"{url}events", buffered=False)
    assert response.status_code == 200
    assert response.content_type == "text/event-stream; charset=utf-8"
    chunks = iter(response.response)
    first = events_of(_text(next(chunks)))
    assert len(first) == 1 and first[0]["ended"] is False
    assert "attendance" in first[0]["html"] and "step 2 of 7" in first[0]["html"]
    assert first[0]["percent"] == 22
    gate.open()
    rest = events_of("".join(_text(chunk) for chunk in chunks))
    assert rest[-1]["ended"] is True and rest[-1]["percent"] == 100
    assert all(not event["ended"] for event in rest[:-1])
    assert [e["percent"] for e in rest] == sorted(e["percent"] for e in rest)  # only forward
    assert "✓" in rest[-1]["html"] and "▶" not in rest[-1]["html"]
    response.close()
    assert client.get(url).status_code == 200


def _text(chunk: bytes | str) -> str:
    return chunk.decode() if isinstance(chunk, bytes) else chunk


def test_a_failure_of_the_tool_itself_ends_the_run_with_a_message(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(runs_module, "compute", broken)
    response = upload(client, SAMPLE.read_bytes())
    page = finished(client, response.headers["Location"])
    assert page.status_code == 422
    assert "Internal error: RuntimeError('a bug')" in text_of(page)


def step(stage, done, total, item=""):
    return Step(stage, say(PROGRESS["compute"]), done, total, item)


@pytest.mark.parametrize(
    ("steps", "states"),
    [
        ({}, ["waiting", "waiting", "waiting", "waiting", "waiting"]),
        (
            {"read": step("read", 0, 12, "Settings")},
            ["now", "waiting", "waiting", "waiting", "waiting"],
        ),
        ({"read": step("read", 12, 12)}, ["done", "waiting", "waiting", "waiting", "waiting"]),
        # a stage that started means every earlier one is done, finished or not
        (
            {"read": step("read", 5, 12), "build": step("build", 1, 5)},
            ["done", "done", "now", "waiting", "waiting"],
        ),
        ({"write": step("write", 5, 5)}, ["done", "done", "done", "done", "done"]),
    ],
)
def test_stage_states(steps, states):
    assert [view.state for view in stage_views(steps, "en")] == states


def test_a_step_s_words_are_in_the_page_s_language():
    steps = {"read": step("read", 1, 12, say(PROGRESS["formulas"]))}
    (now, *_) = stage_views(steps, "da")
    assert now == StageView("read", "now", 1, 12, "kontrollerer formlernes værdier")


def test_percent_counts_each_stage_the_same():
    assert percent(stage_views({}, "en")) == 0
    assert percent(stage_views({"write": step("write", 5, 5)}, "en")) == 100
    assert percent(stage_views({"build": step("build", 1, 2)}, "en")) == 50  # (2 + 1/2) / 5


def test_sending_shows_its_progress_and_a_reload_never_sends_again(client, monkeypatch, tmp_path):
    monkeypatch.setenv("MAHJONG_CLUB_DATA", str(tmp_path / "data"))
    gate = Gate("d@example.org")

    class Held(Progress):
        def doing(self, item=""):
            super().doing(item)
            if item == gate.held:
                gate.reached.set()
                assert gate.opened.wait(60), "the test never opened the gate"

    with servers() as start:
        inbox, port = start()
        path = write_workbook(tmp_path / "season.xlsx", mail_sheets(port))
        url = upload(client, path.read_bytes()).headers["Location"]
        assert finished(client, url).status_code == 200
        monkeypatch.setattr(runs_module, "Progress", Held)
        try:
            posted = client.post(f"{url}send")
            assert posted.status_code == 303 and posted.headers["Location"] == f"{url}sent"
            assert gate.reached.wait(60)
            page = client.get(f"{url}sent")
            assert page.status_code == 202
            text = text_of(page)
            assert "Sending the emails…" in text
            assert "▶ Sending the emails: d@example.org · step 3 of 5" in text
            assert f'new EventSource("{url}sent/events")' in page.get_data(as_text=True)
            # asked again while sending: the same sending, not a second one
            assert client.post(f"{url}send").headers["Location"] == f"{url}sent"
        finally:
            gate.open()
        report = finished(client, f"{url}sent")
        assert report.status_code == 200
        assert "Emails sent: 5; already sent before: 0" in text_of(report)
        assert "Emails sent: 5" in text_of(client.get(f"{url}sent"))  # a reload: a GET
        assert len(inbox.messages) == 5
        assert sorted(addressed_to(inbox)) == addressed_to(inbox)


def test_the_report_page_before_any_sending_goes_to_the_confirmation(client):
    url = upload(client, SAMPLE.read_bytes()).headers["Location"]
    assert finished(client, url).status_code == 200
    answer = client.get(f"{url}sent")
    assert answer.status_code == 303 and answer.headers["Location"] == f"{url}send"
    assert client.get(f"{url}sent/events").status_code == 404
