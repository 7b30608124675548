"""The drop page's Flask application: every page and download, each behind the token.

Every request's path starts with the random token (``/<token>/…``); one without it, or with
another, gets 403, whatever it asks for (compared in constant time). Pages are rendered with
the site's own Jinja environment (:func:`~mahjong_club.site.render.environment`: autoescape,
``StrictUndefined``) from ``templates/serve/``, which extend the site's ``base.html``.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask, Response, redirect, request, send_file, send_from_directory
from flask.typing import ResponseReturnValue
from jinja2 import Environment
from werkzeug.exceptions import HTTPException, NotFound, RequestEntityTooLarge

from mahjong_club.common.problems import Problem
from mahjong_club.messages import hostile as hostile_texts
from mahjong_club.messages import reading as reading_texts
from mahjong_club.messages.core import Message, say
from mahjong_club.messages.serve import SERVE
from mahjong_club.serve import emails, working
from mahjong_club.serve.runs import (
    SHOWN_STAGES,
    RunResult,
    Runs,
    looks_like_xlsx,
    parse_options,
    site_zip,
)
from mahjong_club.site.locale import Locale
from mahjong_club.site.render import environment

#: The largest upload the drop page takes (a season's workbook is well under 5 MB).
MAX_MEGABYTES = 50
#: The most problems a page lists, as on the terminal; one more line says how many more.
SHOWN_PROBLEMS = 200
#: Sent with every answer: no caching, no referrer (the token stays in this tab), no sniffing.
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",
}


@dataclass(frozen=True)
class Header:
    """What the site's ``base.html`` shows in its header, for the drop page."""

    club: str
    host: str = ""
    season: str = ""
    as_of: None = None
    generated: None = None


class Pages:
    """Renders the drop page's templates in one language, with links under the token."""

    def __init__(self, token: str, language: str) -> None:
        self.token = token
        self.locale = Locale(language)
        self.env: Environment = environment(self.locale)
        self.env.globals.update(w=self.w, say=self.say, kind_of=self.kind_of, listed=self.listed)

    def w(self, key: str, **values: object) -> str:
        """The drop page's string ``key`` in the page's language."""
        return say(SERVE[key], **values).render(self.locale.language)

    def say(self, message: Message) -> str:
        """A catalogue message in the page's language."""
        return message.render(self.locale.language)

    def kind_of(self, problem: Problem) -> str:
        """ "Error" or "Warning", as the command line labels a problem."""
        label = (
            reading_texts.PROBLEM_ERROR
            if problem.severity == "error"
            else (reading_texts.PROBLEM_WARNING)
        )
        return label.text(self.locale.language)

    def listed(self, problems: list[Problem]) -> tuple[list[Problem], str]:
        """The first :data:`SHOWN_PROBLEMS` problems, and "and 799,801 more" (or "")."""
        more = len(problems) - SHOWN_PROBLEMS
        return problems[:SHOWN_PROBLEMS], self.say(
            say(hostile_texts.MORE_PROBLEMS, count=more)
        ) if more > 0 else ""

    @property
    def home(self) -> str:
        """The drop page's address (without host)."""
        return f"/{self.token}/"

    def run_url(self, result: RunResult, part: str = "") -> str:
        """The address of a run's page or of one of its parts."""
        return f"/{self.token}/run/{result.id}/{part}"

    def render(self, template: str, status: int = 200, **context: Any) -> Response:
        """The page ``serve/<template>`` as an HTML answer."""
        header = Header(self.w("app_name"))
        html = self.env.get_template(f"serve/{template}").render(
            site=header,
            pages=[(self.home, self.w("drop_another"))],
            home=self.home,
            say=self.say,
            **context,
        )
        return Response(html, status, content_type="text/html; charset=utf-8")

    def message(self, title: str, lines: list[str], status: int) -> Response:
        """A page with a title and a few sentences (a refusal, an error)."""
        return self.render("message.html", status, title=title, lines=lines)


def create_app(
    token: str,
    runs: Runs,
    language: str = "en",
    max_mb: int = MAX_MEGABYTES,
    wait: float = working.WAIT,
) -> Flask:
    """The drop page for ``token``; uploads are processed in ``runs``. A run's page waits up
    to ``wait`` seconds for the run to end before it shows the run's progress instead."""
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = max_mb * 1024 * 1024
    pages = Pages(token, language)
    expected = token.encode()

    @app.before_request
    def check_token() -> ResponseReturnValue | None:
        given = request.path.split("/")[1].encode("utf-8", "replace")
        if not hmac.compare_digest(given, expected):
            return pages.message(pages.w("app_name"), [pages.w("forbidden")], 403)
        return None

    @app.after_request
    def add_headers(response: Response) -> Response:
        response.headers.update(HEADERS)
        return response

    @app.errorhandler(RequestEntityTooLarge)
    def too_big(_: HTTPException) -> ResponseReturnValue:
        problem = pages.w("too_big", limit=max_mb)
        return pages.render("drop.html", 413, problems=[problem], form={})

    @app.errorhandler(Exception)
    def internal(exc: Exception) -> ResponseReturnValue:
        if isinstance(exc, HTTPException):
            return exc
        app.logger.exception("internal error")
        return pages.message(pages.w("app_name"), [pages.w("internal", error=repr(exc))], 500)

    _drop_routes(app, pages, runs, max_mb)
    _run_routes(app, pages, runs, wait)
    working.routes(app, pages, lambda run_id: _kept(runs, run_id, pages.locale.language))
    emails.routes(app, pages, lambda run_id: _kept(runs, run_id, pages.locale.language), wait)
    return app


def _kept(runs: Runs, run_id: str, language: str = "en") -> RunResult:
    """The kept run ``run_id``; 404 (saying why) when it is not kept."""
    result = runs.get(run_id)
    if result is None:
        raise NotFound(say(SERVE["gone"], count=runs.kept).render(language))
    return result


def _drop_routes(app: Flask, pages: Pages, runs: Runs, max_mb: int) -> None:
    """The drop page, and the upload it posts."""

    @app.get("/<token>/")
    @app.get("/<token>/index.html")
    def drop(token: str) -> ResponseReturnValue:
        return pages.render("drop.html", problems=[], form={}, max_mb=max_mb)

    @app.post("/<token>/run")
    def upload(token: str) -> ResponseReturnValue:
        form = request.form
        options, problems = parse_options(
            "tonight" in form,
            form.get("tonight_date", ""),
            form.get("dice_seed", ""),
            "make_schedule" in form,
        )
        texts = [pages.say(p) for p in problems]
        file = request.files.get("workbook")
        name = Path(file.filename).name if file is not None and file.filename else ""
        data = file.read() if file is not None and name else b""
        if not name:
            texts.insert(0, pages.w("no_file"))
        elif not looks_like_xlsx(name, data[:4]):
            texts.insert(0, pages.w("not_xlsx", name=name))
        if texts or options is None:
            return pages.render("drop.html", 400, problems=texts, form=form, max_mb=max_mb)
        result = runs.start(name, data, options)
        return redirect(pages.run_url(result), 303)


def _run_routes(app: Flask, pages: Pages, runs: Runs, wait: float) -> None:
    """A run's results page and its downloads: the workbook, the site, the site's zip."""

    @app.get("/<token>/run/<run_id>/")
    def results(token: str, run_id: str) -> ResponseReturnValue:
        result = _kept(runs, run_id, pages.locale.language)
        if not result.progress.wait_end(wait):
            title = pages.w("working_title", name=result.name)
            return working.working_page(
                pages, title, result.progress, SHOWN_STAGES, pages.run_url(result)
            )
        status = 200 if result.ok else 422
        return pages.render("results.html", status, run=result, url=pages.run_url(result))

    @app.get("/<token>/run/<run_id>/workbook/<name>")
    def workbook(token: str, run_id: str, name: str) -> ResponseReturnValue:
        result = _kept(runs, run_id, pages.locale.language)
        if result.written is None or name != result.written.workbook.name:
            raise NotFound()
        return send_file(result.written.workbook, as_attachment=True, download_name=name)

    @app.get("/<token>/run/<run_id>/export/<name>")
    def export(token: str, run_id: str, name: str) -> ResponseReturnValue:
        """A file written beside the workbook (a tournament's EMA submission)."""
        result = _kept(runs, run_id, pages.locale.language)
        written = result.written
        paths = {path.name: path for path, _ in written.exports} if written is not None else {}
        if name not in paths:
            raise NotFound()
        return send_file(paths[name], as_attachment=True, download_name=name)

    @app.get("/<token>/run/<run_id>/site/<path:file>")
    def site(token: str, run_id: str, file: str) -> ResponseReturnValue:
        result = _kept(runs, run_id, pages.locale.language)
        if result.written is None or result.written.report is None:
            raise NotFound()
        return send_from_directory(result.written.report, file)

    @app.get("/<token>/run/<run_id>/site.zip")
    def zipped(token: str, run_id: str) -> ResponseReturnValue:
        result = _kept(runs, run_id, pages.locale.language)
        if result.written is None or result.written.report is None:
            raise NotFound()
        name = f"{result.written.workbook.stem}-site.zip"
        return Response(
            site_zip(result.written.report),
            content_type="application/zip",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )
