"""Rendering the static HTML site (``report/``) with Jinja2.

One ``base.html`` with blocks, one child template per page; autoescape on and
``StrictUndefined``; every filter registered in :func:`environment`. The site is
self-contained (inline CSS, no scripts, no external requests).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from fractions import Fraction
from itertools import groupby
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from mahjong_club.compute.season import MemberAttendance
from mahjong_club.site.locale import Locale
from mahjong_club.site.views import SiteView


def environment(locale: Locale, autoescape: bool = True) -> Environment:
    """The Jinja environment for one language, with every filter and global registered here."""
    env = Environment(
        loader=PackageLoader("templates", "."),
        autoescape=select_autoescape(["html"]) if autoescape else False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )

    def num(value: int | Fraction | float | None, signed: bool = False) -> str:
        return locale.number(value, signed)

    env.filters["num"] = num
    env.filters["date"] = locale.date
    env.filters["criterion"] = locale.criterion
    env.filters["status"] = locale.status
    env.filters["advice"] = locale.advice
    env.filters["phrase"] = locale.phrase
    env.filters["sentence"] = lambda text: f"{text[:1].upper()}{text[1:]}." if text else ""
    env.globals["t"] = locale.t
    env.globals["locale"] = locale
    env.globals["explain"] = lambda m: explain_status(m, locale)
    return env


def explain_status(member: MemberAttendance, locale: Locale) -> str:
    """A plain explanation of a warning or substitutable status."""
    if member.status.value == "ok":
        return ""
    return locale.t(
        f"status_explain_{member.status.value}",
        attended=member.attended,
        regular=member.regular,
        required=f"{member.required.numerator}/{member.required.denominator}",
        since=locale.date(member.since),
    )


def pages_of(site: SiteView) -> list[tuple[str, str]]:
    """The navigation: (file, label) of every page the site has."""
    t = site.locale.t
    pages = [("index.html", t("home"))]
    pages += [(f"{d.slug}.html", d.name) for d in site.divisions]
    result = site.result
    if result.attendance is not None:
        pages.append(("attendance.html", t("attendance")))
    if result.tonight is not None:
        pages.append(("tonight.html", t("tonight")))
    if result.next_season is not None:
        pages.append(("next-season.html", t("next_season")))
    if result.hands:
        pages.append(("hands.html", t("hands")))
    if result.duplicate is not None:
        pages.append(("duplicate.html", t("duplicate")))
    if result.tournament is not None:
        pages.append(("tournament.html", t("tournament")))
    return pages


def render_site(site: SiteView) -> dict[str, str]:
    """Every page of the site: file name -> HTML."""
    env = environment(site.locale)
    slugs = {p.name: p.slug for p in site.players}
    common: dict[str, Any] = {
        "site": site,
        "pages": pages_of(site),
        "slug_of": lambda name: slugs.get(name, "index"),
    }
    files: dict[str, str] = {}

    def page(name: str, template: str, **extra: Any) -> None:
        files[name] = env.get_template(template).render(**common, **extra)

    page("index.html", "index.html")
    for division in site.divisions:
        page(f"{division.slug}.html", "division.html", division=division)
    for player in site.players:
        page(f"{player.slug}.html", "player.html", player=player)
    result = site.result
    if result.attendance is not None:
        page("attendance.html", "attendance.html", attendance=result.attendance)
    if result.tonight is not None:
        page("tonight.html", "tonight.html", tonight=result.tonight)
    if result.next_season is not None:
        page("next-season.html", "next_season.html", next_season=result.next_season)
    if result.hands:
        groups = [
            (key, list(rows))
            for key, rows in groupby(result.hands, key=lambda r: (r.session, r.hand))
        ]
        page("hands.html", "hands.html", hand_groups=groups)
    if result.duplicate is not None:
        boards = [
            (key, list(rows))
            for key, rows in groupby(result.duplicate.rows, key=lambda r: (r.session, r.board))
        ]
        page("duplicate.html", "duplicate.html", duplicate=result.duplicate, board_groups=boards)
    if result.tournament is not None and site.divisions:
        division = site.divisions[0]
        sessions = [
            (session, [g for g in division.games if g.session == session])
            for session in result.tournament.sessions
        ]
        page(
            "tournament.html",
            "tournament.html",
            tournament=result.tournament,
            division=division,
            sessions=sessions,
        )
    return files


def write_tree(target: Path, files: dict[str, str | bytes]) -> None:
    """Write a folder of files atomically: build it beside ``target``, then swap it in.

    A crash leaves either the old folder or the new one, never a half-written mix.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        for name, content in files.items():
            path = build / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        os.chmod(build, 0o755)
        old = None
        if target.exists():
            old = target.with_name(f".{target.name}-old-{os.getpid()}")
            os.replace(target, old)
        os.replace(build, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise


def write_site(
    site: SiteView, target: Path, render: Callable[[SiteView], dict[str, str]] = render_site
) -> list[str]:
    """Render and write the site into ``target``; returns the page names."""
    files = render(site)
    write_tree(target, dict(files))
    return sorted(files)
