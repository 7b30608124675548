"""The drop page's emails: who gets what (each previewable), and sending them.

Sending is ``--send``'s: the same SMTP settings and the same sent-ledger, so an email sent
from the drop page (or by ``--send``) is never sent again by either. The confirmation names
how many emails go to how many recipients before anything is sent. The confirmation's post
is answered with a redirect to the report (post, redirect, get): reloading the report never
posts again.
"""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage
from typing import TYPE_CHECKING

from flask import Flask, Response, redirect
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import NotFound

from mahjong_club.mail.compose import Outgoing
from mahjong_club.serve import working
from mahjong_club.serve.runs import RunResult, send_plan, start_sending

if TYPE_CHECKING:
    from mahjong_club.serve.app import Pages

#: An email's HTML part is shown in a sandboxed frame: no script, nothing fetched.
EMAIL_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def body(message: EmailMessage, kind: str) -> str:
    """The email's ``plain`` or ``html`` part ("" when it has none)."""
    part = message.get_body(preferencelist=(kind,))
    if part is None or part.get_content_subtype() != kind:
        return ""
    content: str = part.get_content()
    return content


def _email(result: RunResult, number: int) -> Outgoing:
    """The run's email ``number`` (counting from 1); 404 when there is none."""
    if not 1 <= number <= len(result.emails):
        raise NotFound()
    return result.emails[number - 1]


def routes(app: Flask, pages: Pages, kept_run: Callable[[str], RunResult], wait: float) -> None:
    """The emails' list, each one's preview (text, and HTML in a sandbox), and sending (in a
    thread of its own: the page shows its progress, as a run's page does)."""

    def kept(run_id: str) -> RunResult:
        result = kept_run(run_id)
        if not result.ok:  # a run with errors made no emails
            raise NotFound()
        return result

    @app.get("/<token>/run/<run_id>/emails/")
    def emails(token: str, run_id: str) -> ResponseReturnValue:
        result = kept(run_id)
        url = pages.run_url(result)
        return pages.render("emails.html", run=result, url=url, emails=result.emails)

    @app.get("/<token>/run/<run_id>/emails/<int:number>")
    def email(token: str, run_id: str, number: int) -> ResponseReturnValue:
        result = kept(run_id)
        item = _email(result, number)
        text = body(item.message, "plain")
        return pages.render(
            "email.html",
            run=result,
            url=pages.run_url(result),
            item=item,
            text=text,
            number=number,
        )

    @app.get("/<token>/run/<run_id>/emails/<int:number>/html")
    def email_html(token: str, run_id: str, number: int) -> ResponseReturnValue:
        item = _email(kept(run_id), number)
        html = body(item.message, "html")
        headers = {"Content-Security-Policy": EMAIL_POLICY}
        return Response(html, content_type="text/html; charset=utf-8", headers=headers)

    _send_routes(app, pages, kept, wait)


def _send_routes(app: Flask, pages: Pages, kept: Callable[[str], RunResult], wait: float) -> None:
    """The confirmation, sending (in a thread) and its report (or its progress)."""

    @app.get("/<token>/run/<run_id>/send")
    def confirm(token: str, run_id: str) -> ResponseReturnValue:
        result = kept(run_id)
        plan = send_plan(result)
        return pages.render("send.html", run=result, url=pages.run_url(result), plan=plan)

    @app.post("/<token>/run/<run_id>/send")
    def send_now(token: str, run_id: str) -> ResponseReturnValue:
        result = kept(run_id)
        start_sending(result)
        return redirect(pages.run_url(result, "sent"), 303)

    @app.get("/<token>/run/<run_id>/sent")
    def sent(token: str, run_id: str) -> ResponseReturnValue:
        result = kept(run_id)
        sending = result.sending
        if sending is None:  # nothing was sent yet: the confirmation first
            return redirect(pages.run_url(result, "send"), 303)
        url = pages.run_url(result)
        if not sending.progress.wait_end(wait):
            title = pages.w("sending_title")
            return working.working_page(pages, title, sending.progress, ("send",), url + "sent/")
        report = sending.report
        out, err = report.lines(page=True) if report is not None else ([], sending.problems)
        notes = report.reminders(page=True) if report is not None else []
        status = 409 if report is None else 200 if report.complete else 502
        return pages.render(
            "sent.html",
            status,
            run=result,
            url=url,
            out=[pages.say(m) for m in out],
            err=[pages.say(m) for m in err],
            notes=[pages.say(m) for m in notes],
            finished=report is not None and not (report.stopped or report.unsent),
        )

    @app.get("/<token>/run/<run_id>/sent/events")
    def sent_events(token: str, run_id: str) -> ResponseReturnValue:
        sending = kept(run_id).sending
        if sending is None:
            raise NotFound()
        return working.event_stream(pages, sending.progress, ("send",))
