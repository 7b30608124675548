"""The drop page's emails: who gets what (each previewable), and sending them.

Sending is ``--send``'s: the same SMTP settings and the same sent-ledger, so an email sent
from the drop page (or by ``--send``) is never sent again by either. The confirmation names
how many emails go to how many recipients before anything is sent.
"""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage
from typing import TYPE_CHECKING

from flask import Flask, Response
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import NotFound

from mahjong_club.mail.compose import Outgoing
from mahjong_club.serve.runs import RunResult, send, send_plan

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


def routes(app: Flask, pages: Pages, kept_run: Callable[[str], RunResult]) -> None:
    """The emails' list, each one's preview (text, and HTML in a sandbox), and sending."""

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

    @app.get("/<token>/run/<run_id>/send")
    def confirm(token: str, run_id: str) -> ResponseReturnValue:
        result = kept(run_id)
        plan = send_plan(result)
        return pages.render("send.html", run=result, url=pages.run_url(result), plan=plan)

    @app.post("/<token>/run/<run_id>/send")
    def send_now(token: str, run_id: str) -> ResponseReturnValue:
        result = kept(run_id)
        report, problems = send(result)
        out, err = report.lines() if report is not None else ([], problems)
        status = 409 if report is None else 200 if report.complete else 502
        return pages.render(
            "sent.html",
            status,
            run=result,
            url=pages.run_url(result),
            out=[pages.say(m) for m in out],
            err=[pages.say(m) for m in err],
        )
