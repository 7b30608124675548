"""While a run works: its page shows how far it has come, and follows it until it ends.

The run's page waits up to :data:`WAIT` seconds for the run to end (a club's workbook takes
less, so its results come straight away); a longer run gets the *working* page: the five
stages (reading, computing, preparing, making the pages and emails, writing), the one in
progress with its step, and a bar.

- With JavaScript the page listens to ``events`` (Server-Sent Events): whenever the run
  reports a step, the stages' list as it is now (rendered here, from the same template) and
  the bar's value are sent (steps that come faster than the page listens are taken together);
  when the run ends the page reloads itself and shows the results.
- Without JavaScript the page refreshes itself every :data:`REFRESH` seconds (a ``<meta
  http-equiv="refresh">`` inside ``<noscript>``) until the results are there.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flask import Flask, Response
from flask.typing import ResponseReturnValue

from mahjong_club.common.progress import Stage, Step
from mahjong_club.serve.runs import SHOWN_STAGES, RunProgress, RunResult

if TYPE_CHECKING:
    from mahjong_club.serve.app import Pages

#: How long a run's page waits for the run to end before it shows the working page (seconds).
WAIT = 1.0
#: Without JavaScript, the working page reloads itself this often (seconds).
REFRESH = 2
#: An event stream with nothing new sends a comment this often, so a closed tab is noticed.
HEARTBEAT = 15.0


@dataclass(frozen=True)
class StageView:
    """One stage as the working page lists it."""

    key: Stage
    state: str  # "done", "now" or "waiting"
    done: int = 0
    total: int = 0
    item: str = ""


def stage_views(
    steps: dict[Stage, Step], language: str, shown: tuple[Stage, ...] = SHOWN_STAGES
) -> list[StageView]:
    """Each ``shown`` stage with its state: done, in progress (with its step) or waiting.

    A stage is done when its last step was reported, or when a later stage has started.
    """
    views: list[StageView] = []
    started = [key for key in shown if key in steps]
    last = shown.index(started[-1]) if started else -1
    for index, key in enumerate(shown):
        step = steps.get(key)
        if step is None:
            views.append(StageView(key, "done" if index < last else "waiting"))
        elif step.finished or index < last:
            views.append(StageView(key, "done", step.total, step.total))
        else:
            item = step.item if isinstance(step.item, str) else step.item.render(language)
            views.append(StageView(key, "now", step.done, step.total, item))
    return views


def percent(views: list[StageView]) -> int:
    """How far the run has come, each stage counting the same (0 to 100).

    >>> percent([StageView("read", "done"), StageView("compute", "now", 1, 4),
    ...          StageView("build", "waiting"), StageView("render", "waiting"),
    ...          StageView("write", "waiting")])
    25
    """
    share = 0.0
    for view in views:
        if view.state == "done":
            share += 1
        elif view.state == "now" and view.total:
            share += view.done / view.total
    return int(100 * share / len(views)) if views else 0


def working_page(
    pages: Pages,
    title: str,
    progress: RunProgress,
    shown: tuple[Stage, ...],
    url: str,
) -> Response:
    """The working page (status 202: accepted, not yet done) of the work that reports to
    ``progress``; its stages are ``shown``; its events are at ``url + "events"``."""
    views = stage_views(progress.snapshot(), pages.locale.language, shown)
    return pages.render(
        "working.html",
        202,
        title=title,
        events=url + "events",
        stages=views,
        percent=percent(views),
        refresh=REFRESH,
    )


def routes(app: Flask, pages: Pages, kept_run: Callable[[str], RunResult]) -> None:
    """The run's event stream: its progress as it happens, until it ends."""

    @app.get("/<token>/run/<run_id>/events")
    def events(token: str, run_id: str) -> ResponseReturnValue:
        return event_stream(pages, kept_run(run_id).progress, SHOWN_STAGES)


def event_stream(pages: Pages, progress: RunProgress, shown: tuple[Stage, ...]) -> Response:
    """The Server-Sent Events of ``progress``, until the work ends."""
    return Response(
        _stream(pages, progress, shown),
        content_type="text/event-stream; charset=utf-8",
        headers={"X-Accel-Buffering": "no"},
    )


def _stream(pages: Pages, progress: RunProgress, shown: tuple[Stage, ...]) -> Iterator[str]:
    """``data: {"html": …, "percent": …, "ended": …}`` for every change, then the end."""
    template = pages.env.get_template("serve/_stages.html")
    seen = -1
    while True:
        changes, steps, ended = progress.wait(seen, HEARTBEAT)
        if changes == seen and not ended:
            yield ": working\n\n"
            continue
        seen = changes
        views = stage_views(steps, pages.locale.language, shown)
        html = template.render(stages=views)
        data = {"html": html, "percent": 100 if ended else percent(views), "ended": ended}
        yield f"data: {json.dumps(data)}\n\n"
        if ended:
            return
