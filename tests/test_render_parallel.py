"""A big site renders on two cores (a forked second process renders every other page): the
pages are exactly those of one process, in the same order, and the progress hears of each
page once; a child that fails leaves its pages to the parent."""

from __future__ import annotations

import os
import re
import signal
import threading
from pathlib import Path

import pytest
from jinja2 import Environment

from mahjong_club.common.files import TreeWriter
from mahjong_club.common.parallel import on_two_cores
from mahjong_club.mail import compose as compose_module
from mahjong_club.mail.compose import PARALLEL_EMAILS, compose
from mahjong_club.pipeline import compute, read_workbook, site_view
from mahjong_club.site import render
from mahjong_club.site.render import PARALLEL_PAGES, SitePages, default_workers, render_site

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX's")


@pytest.fixture(scope="module")
def site():
    season, problems = read_workbook(ROOT / "sample_sheets" / "season.xlsx")
    return site_view(compute(season, problems))


def test_two_processes_make_the_same_pages_in_the_same_order(site):
    told_one: list[str] = []
    told_two: list[str] = []
    one = render_site(site, told_one.append, workers=1)
    two = render_site(site, told_two.append, workers=2)
    assert list(two) == list(one)
    assert all(two[file] == one[file] for file in one)
    assert sorted(told_two) == sorted(told_one) == sorted(one)  # each page told once
    assert len(one) > 20


def break_templates(monkeypatch, in_child: bool, message: str) -> None:
    """Pages fail to render in the forked child (``in_child``) or in this process."""
    parent = os.getpid()
    real = render.environment

    def environment(locale, autoescape=True):
        env = real(locale, autoescape)
        original = env.get_template

        def get_template(*args, **kwargs):
            template = original(*args, **kwargs)
            real_render = template.render

            def failing(*args, **kwargs):
                if (os.getpid() != parent) == in_child:
                    raise RuntimeError(message)
                return real_render(*args, **kwargs)

            template.render = failing  # type: ignore[method-assign]
            return template

        env.get_template = get_template  # type: ignore[method-assign]
        return env

    monkeypatch.setattr(render, "environment", environment)


def test_a_failing_child_leaves_its_pages_to_the_parent(site, monkeypatch):
    break_templates(monkeypatch, in_child=True, message="the child breaks")
    two = render_site(site, workers=2)
    monkeypatch.undo()
    assert dict(two) == dict(render_site(site, workers=1))


def files_in(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its relative name, and its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


@pytest.mark.parametrize("workers", [1, 2])
def test_pages_rendered_into_their_files_are_the_pages_rendered_in_memory(
    site, tmp_path, workers, monkeypatch
):
    held = render_site(site, workers=1)
    log = tmp_path / "writers.log"
    real_write = TreeWriter.write

    def write(self, name, content):  # which process wrote which page (appended, both)
        with open(log, "a") as out:
            out.write(f"{os.getpid()} {name}\n")
        real_write(self, name, content)

    monkeypatch.setattr(TreeWriter, "write", write)
    compiled = tmp_path / "compiled.log"
    real_compile = Environment.compile

    def compile_(self, source, name=None, *args, **kwargs):  # which process compiled what
        with open(compiled, "a") as out:
            out.write(f"{os.getpid()} {name}\n")
        return real_compile(self, source, name, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", compile_)
    monkeypatch.setenv("MAHJONG_CLUB_CACHE", str(tmp_path / "no-cache-yet"))
    told: list[str] = []
    pages = SitePages(site)
    assert list(pages) == list(held) and len(pages) == len(held)
    pages.write(tmp_path / "report", told.append, workers=workers)
    written = files_in(tmp_path / "report")
    assert written == {file: held[file].encode("utf-8") for file in held}
    assert sorted(told) == sorted(held)  # each page told once
    assert told[0] == "index.html"
    assert pages["index.html"] == held["index.html"]  # a page read alone is the same page
    by_process: dict[str, list[str]] = {}
    for line in log.read_text().splitlines():
        pid, name = line.split(" ", 1)
        by_process.setdefault(pid, []).append(name)
    files = list(held)
    if workers == 1:
        assert by_process == {str(os.getpid()): files}
    else:  # the child rendered and wrote every other page itself
        assert by_process.pop(str(os.getpid())) == files[0::2]
        assert list(by_process.values()) == [files[1::2]]
    assert {p.stat().st_mode & 0o777 for p in (tmp_path / "report").rglob("*.html")} == {0o644}
    # every template compiled once, here, before the second process began
    names = [line.split(" ", 1) for line in compiled.read_text().splitlines()]
    assert {pid for pid, _ in names} == {str(os.getpid())}
    assert len(names) == len({name for _, name in names}) > 5


@pytest.mark.parametrize(
    ("name", "loaded"),
    [
        ("player.html", True),
        ("player/attendance.html", True),
        ("index/teams_link.html", True),
        ("email/player.html", False),
        ("email/sections/attendance.html", False),
        ("serve/run.html", False),
        (".#division.html", False),  # an editor's lock
        ("player/.#attendance.html", False),
        ("_events_style.css", False),
    ],
)
def test_the_templates_loaded_before_the_second_process_begins(name, loaded):
    assert render._page_template(name) is loaded


def test_a_stray_template_that_cannot_be_loaded_stops_nothing(site, tmp_path, monkeypatch):
    from jinja2 import Environment as Env

    real = Env.list_templates
    monkeypatch.setattr(
        Env, "list_templates", lambda self, *a, **k: [*real(self, *a, **k), "stray.html"]
    )
    SitePages(site).write(tmp_path / "report", workers=2)
    assert files_in(tmp_path / "report") == {
        f: page.encode("utf-8") for f, page in render_site(site, workers=1).items()
    }


def test_pages_a_failing_child_did_not_write_are_written_here(site, tmp_path, monkeypatch):
    held = dict(render_site(site, workers=1))
    break_templates(monkeypatch, in_child=True, message="the child breaks")
    SitePages(site).write(tmp_path / "report", workers=2)
    assert files_in(tmp_path / "report") == {f: page.encode("utf-8") for f, page in held.items()}


def test_a_page_that_cannot_be_written_stops_the_writing_naming_its_file(site, tmp_path):
    report = tmp_path / "report"
    blocked = sorted(SitePages(site))[-1]  # a page the child writes, or this process
    (report / blocked).mkdir(parents=True)  # a folder where the page's file must go
    with pytest.raises(OSError, match=re.escape(blocked.rsplit("/", 1)[-1])):
        SitePages(site).write(report, workers=2)


def test_two_cores_only_for_a_big_site_in_a_process_without_other_threads(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert default_workers(PARALLEL_PAGES - 1) == 1
    assert default_workers(PARALLEL_PAGES) == (2 if threading.active_count() == 1 else 1)
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert default_workers(PARALLEL_PAGES) == 1
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert default_workers(PARALLEL_PAGES * 10) == 1


def test_an_error_in_the_parent_stops_the_child_too(site, monkeypatch):
    break_templates(monkeypatch, in_child=False, message="the parent breaks")
    children: list[int] = []
    real_fork = os.fork

    def fork():
        pid = real_fork()
        if pid:
            children.append(pid)
        return pid

    killed: list[tuple[int, int]] = []
    real_kill = os.kill

    def kill(pid, sig):
        killed.append((pid, sig))
        real_kill(pid, sig)

    monkeypatch.setattr(os, "fork", fork)
    monkeypatch.setattr(os, "kill", kill)
    with pytest.raises(RuntimeError, match="the parent breaks"):
        render_site(site, workers=2)
    assert len(children) == 1
    assert killed == [(children[0], signal.SIGKILL)]  # not left rendering on its own
    with pytest.raises(ChildProcessError, match="No child process"):
        os.waitpid(children[0], os.WNOHANG)  # stopped and reaped: nothing left behind


def test_the_odd_items_are_done_by_a_second_process_in_the_items_order():
    told: list[int] = []
    done = on_two_cores(list(range(7)), lambda n: (n, os.getpid()), told.append, workers=2)
    assert [n for n, _ in done] == list(range(7))
    parent = os.getpid()
    assert {pid for n, pid in done if n % 2 == 0} == {parent}
    assert len({pid for n, pid in done if n % 2 == 1} - {parent}) == 1
    assert sorted(told) == list(range(7))  # each item told once


def stamped(data: bytes) -> tuple[bytes, bytes]:
    """An email without its Date and Message-ID (new for every email), and its Message-ID."""
    lines = data.split(b"\n")
    ids = [line for line in lines if line.startswith(b"Message-ID: ")]
    rest = [line for line in lines if not line.startswith((b"Date: ", b"Message-ID: "))]
    return b"\n".join(rest), ids[0]


def test_two_processes_make_the_same_emails_in_the_same_order(site):
    one = compose(site, "organiser@example.org", workers=1)
    two = compose(site, "organiser@example.org", workers=2)
    assert [e.filename for e in two] == [e.filename for e in one]
    assert len(one) > 20
    for a, b in zip(one, two, strict=True):
        assert (a.to, a.name, a.subject, a.key, a.legacy_key) == (
            b.to,
            b.name,
            b.subject,
            b.key,
            b.legacy_key,
        )
        assert (a.sender, a.recipient, a.problem) == (b.sender, b.recipient, b.problem)
        assert stamped(a.data)[0] == stamped(b.data)[0]
    ids = [stamped(e.data)[1] for e in one + two]
    assert len(set(ids)) == len(ids)  # every Message-ID its own, whichever process made it


def test_a_failing_child_leaves_its_emails_to_the_parent(site, monkeypatch):
    break_templates(monkeypatch, in_child=True, message="the child breaks")
    monkeypatch.setattr(compose_module, "environment", render.environment)
    two = compose(site, "organiser@example.org", workers=2)
    monkeypatch.undo()
    one = compose(site, "organiser@example.org", workers=1)
    assert [stamped(e.data)[0] for e in two] == [stamped(e.data)[0] for e in one]


def test_emails_on_two_cores_only_from_a_size(monkeypatch):
    assert PARALLEL_EMAILS == 500
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    forked: list[int] = []
    real_fork = os.fork
    monkeypatch.setattr(os, "fork", lambda: forked.append(1) or real_fork())
    season, problems = read_workbook(ROOT / "sample_sheets" / "season.xlsx")
    small = site_view(compute(season, problems))
    compose(small, "organiser@example.org")
    assert forked == []  # 31 emails: one process
