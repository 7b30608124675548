"""A big site renders on two cores (a forked second process renders every other page): the
pages are exactly those of one process, in the same order, and the progress hears of each
page once; a child that fails leaves its pages to the parent."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest

from mahjong_club.pipeline import compute, read_workbook, site_view
from mahjong_club.site import render
from mahjong_club.site.render import PARALLEL_PAGES, default_workers, render_site

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
    """Templates fail in the forked child (``in_child``) or in this process."""
    parent = os.getpid()
    real = render.environment

    def environment(locale, autoescape=True):
        env = real(locale, autoescape)
        original = env.get_template

        def get_template(*args, **kwargs):
            if (os.getpid() != parent) == in_child:
                raise RuntimeError(message)
            return original(*args, **kwargs)

        env.get_template = get_template  # type: ignore[method-assign]
        return env

    monkeypatch.setattr(render, "environment", environment)


def test_a_failing_child_leaves_its_pages_to_the_parent(site, monkeypatch):
    break_templates(monkeypatch, in_child=True, message="the child breaks")
    two = render_site(site, workers=2)
    monkeypatch.undo()
    assert dict(two) == dict(render_site(site, workers=1))


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
