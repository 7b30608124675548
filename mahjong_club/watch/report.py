"""The problems report of a workbook the watch could not publish: ``INBOX/problems/<name>.txt``
and ``.html``, the same lines the CLI prints, errors first.

Each report is replaced by the workbook's next run and removed once the workbook is good again;
both files are written atomically, so a synced folder never carries half a report.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from mahjong_club.common.files import write_text_atomic
from mahjong_club.common.text import safe_file_name
from mahjong_club.messages import watch as texts
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.terminal import counted
from mahjong_club.watch.run import Outcome

#: The report's folder inside the watched folder (never watched itself).
PROBLEMS = "problems"
#: The HTML report's template (standalone: it is not a page of the site).
TEMPLATE = "watch_problems.html"


def report_paths(inbox: Path, source: Path) -> tuple[Path, Path]:
    """``INBOX/problems/<name>.txt`` and ``.html`` for the workbook ``source``."""
    stem = safe_file_name(source.stem, fallback="workbook")
    folder = inbox / PROBLEMS
    return folder / f"{stem}.txt", folder / f"{stem}.html"


def _moment(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M:%S")


def summary(outcome: Outcome) -> Message:
    """'2 errors in season.xlsx; nothing was published, and the previous results stay. …'"""
    errors = counted(outcome.errors, texts.ERRORS)
    return say(texts.REPORT_SUMMARY, errors=errors, name=outcome.source.name)


def report_text(outcome: Outcome, saved: float, read: float) -> str:
    """The text report: when the workbook was saved and read, each line, then the summary."""
    head = say(texts.REPORT_SAVED, saved=_moment(saved), read=_moment(read))
    lines = [str(say(texts.REPORT_TITLE, name=outcome.source.name)), str(head), ""]
    lines += [line.text for line in outcome.lines]
    lines += ["", str(summary(outcome))]
    return "\n".join(lines) + "\n"


def report_html(outcome: Outcome, saved: float, read: float) -> str:
    """The same report as a page (no script, no external request)."""
    env = Environment(
        loader=PackageLoader("templates", "."),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.get_template(TEMPLATE).render(
        title=str(say(texts.REPORT_TITLE, name=outcome.source.name)),
        saved=str(say(texts.REPORT_SAVED, saved=_moment(saved), read=_moment(read))),
        lines=outcome.lines,
        summary=str(summary(outcome)),
    )


def write_report(inbox: Path, outcome: Outcome, saved: float, read: float) -> Path:
    """Write (or replace) the workbook's report; returns the text report's path."""
    text, html = report_paths(inbox, outcome.source)
    write_text_atomic(html, report_html(outcome, saved, read))
    write_text_atomic(text, report_text(outcome, saved, read))
    return text


def remove_report(inbox: Path, source: Path) -> None:
    """The workbook is good again: its report goes."""
    for path in report_paths(inbox, source):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
