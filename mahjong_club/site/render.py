"""Rendering the static HTML site (``report/``) with Jinja2.

One ``base.html`` with blocks, one child template per page; autoescape on and
``StrictUndefined``; every filter registered in :func:`environment`. The site is
self-contained (inline CSS, no external requests); the only script is the index's player
search, inline, and without it the index lists every player.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from mahjong_club.common.parallel import default_workers as parallel_workers
from mahjong_club.common.parallel import on_two_cores
from mahjong_club.common.text import ascii_fold
from mahjong_club.compute.attendance import MemberAttendance
from mahjong_club.site.locale import Locale, remembered
from mahjong_club.site.rows import GameRows
from mahjong_club.site.template_cache import template_cache
from mahjong_club.site.views import SiteView
from rules.model import PenaltyKind


def environment(locale: Locale, autoescape: bool = True) -> Environment:
    """The Jinja environment for one language, with every filter and global registered here."""
    env = Environment(
        loader=PackageLoader("templates", "."),
        autoescape=select_autoescape(["html"]) if autoescape else False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # the templates are the package's: no look at the disk per page
    )
    env.filters["num"] = _safe_numbers(locale) if autoescape else locale.number
    if autoescape:  # the HTML pages' two long tables (site/rows.py)
        env.globals["game_rows"] = GameRows(locale)
    env.filters["date"] = locale.date
    env.filters["moment"] = locale.moment
    env.filters["penalty_kind"] = lambda kind: locale.words(PenaltyKind(kind))
    env.filters["search_key"] = search_key
    env.filters["criterion"] = locale.criterion
    env.filters["status"] = locale.status
    env.filters["advice"] = locale.advice
    env.filters["words"] = locale.words
    env.filters["sentence"] = lambda text: f"{text[:1].upper()}{text[1:]}." if text else ""
    env.globals["t"] = locale.t
    env.globals["locale"] = locale
    env.globals["explain"] = lambda m: explain_status(m, locale)
    env.bytecode_cache = template_cache(env)  # compiled once, kept between runs
    return env


def _safe_numbers(locale: Locale) -> Callable[..., str]:
    """The ``num`` filter of the HTML pages: a number's text marked safe, once per value.

    A number's text is digits, separators and a sign, so escaping it changes nothing; marked
    safe once, the millions of numbers of a federation's site are not escaped one by one.

    >>> num = _safe_numbers(Locale("da"))
    >>> num(-1234567), num(Fraction(5, 2), True)
    (Markup('−1.234.567'), Markup('+2,50'))
    """
    known: dict[tuple[object, bool], str] = {}

    def num(value: int | Fraction | float | None, signed: bool = False) -> str:
        # digits, separators and a sign: nothing to escape
        return remembered(known, (value, signed), lambda: Markup(locale.number(value, signed)))

    return num


def search_key(name: str) -> str:
    """What the index's player search looks in: the name in lower case without accents
    (``søren østergaard``), and in plain ASCII (``soren ostergaard``). The script folds what
    is typed the same way (NFD, marks dropped, lower case), so ``Søren``, ``soren`` and
    ``SØR`` all find Søren Østergaard.

    >>> search_key("Åse  Mølgaard"), search_key("Jürgen Weiß")
    ('ase mølgaard|ase molgaard', 'jurgen weiß|jurgen weiss')
    """
    lower = unicodedata.normalize("NFD", name.lower())
    plain = "".join(c for c in lower if not unicodedata.category(c).startswith("M"))
    plain = re.sub(r"\s+", " ", unicodedata.normalize("NFC", plain)).strip()
    return f"{plain}|{ascii_fold(name)}"


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
    """The navigation: (file, label) of the index and of every page in the navigation."""
    t = site.locale.t
    pages = [("index.html", t("home"))]
    language = site.locale.language
    pages += [
        (p.file, p.label if isinstance(p.label, str) else p.label.text(language))
        for p in site.pages
        if p.in_navigation
    ]
    return pages


def searchable(site: SiteView) -> list[tuple[str, str]]:
    """(name, page) of every player the index's search finds, by name."""
    found = {p.name: p.slug + ".html" for p in site.players}
    for page in site.pages:
        if page.searchable and isinstance(page.label, str):
            found.setdefault(page.label, page.file)
    return sorted(found.items(), key=lambda item: (item[0].casefold(), item[0]))


class RenderedPages(Mapping[str, str]):
    """The rendered pages, file name -> HTML, held compressed until they are written.

    A federation's site is half a gigabyte of HTML (11,000 pages), rendered before anything is
    written (a run writes all its outputs or none); held as text it would be most of the run's
    memory. Pages of HTML compress about tenfold at zlib's fastest level, and each is
    decompressed only when it is read (written to ``report/``, or looked at by a test).
    """

    def __init__(self) -> None:
        self._pages: dict[str, bytes] = {}

    def keep(self, file: str, packed: bytes) -> None:
        """Keep ``file``'s page, compressed already (zlib)."""
        self._pages[file] = packed

    def __getitem__(self, file: str) -> str:
        return zlib.decompress(self._pages[file]).decode("utf-8")

    def __iter__(self) -> Iterator[str]:
        return iter(self._pages)

    def __len__(self) -> int:
        return len(self._pages)

    def files(self) -> Mapping[str, bytes]:
        """The pages as their files hold them (UTF-8), each decompressed when read: written
        as they are, not decoded into text and encoded again (half a gigabyte at 1M rows)."""
        return _Packed(self._pages)


class _Packed(Mapping[str, bytes]):
    """Compressed files by name, each decompressed when read."""

    def __init__(self, packed: Mapping[str, bytes]) -> None:
        self._packed = packed

    def __getitem__(self, file: str) -> bytes:
        return zlib.decompress(self._packed[file])

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)


def page_files(pages: Mapping[str, str]) -> Mapping[str, str | bytes]:
    """``pages`` as :func:`~mahjong_club.common.files.write_tree` takes them: held compressed
    (:class:`RenderedPages`), their bytes as they are."""
    return pages.files() if isinstance(pages, RenderedPages) else pages


#: A site of this many pages or more is rendered on two cores (when the machine has two and
#: the process may fork): below it, starting the second process costs more than it saves.
PARALLEL_PAGES = 500


@dataclass(frozen=True)
class _Job:
    """One page to render: its file, its template and its own values."""

    file: str
    template: str
    context: Mapping[str, Any]


def render_site(
    site: SiteView, on_page: Callable[[str], None] | None = None, workers: int | None = None
) -> RenderedPages:
    """Every page of the site: file name -> HTML; ``on_page`` is told each page's file name
    before it is rendered (a federation's site has thousands: the run's progress).

    ``workers`` 2 renders every other page in a forked second process (the default for
    :data:`PARALLEL_PAGES` pages or more, see :func:`default_workers`); the pages are the
    same, in the same order, either way.
    """
    env = environment(site.locale)
    told = on_page or (lambda file: None)
    slugs = {p.name: p.slug for p in site.players}
    common: dict[str, Any] = {
        "site": site,
        "pages": pages_of(site),
        "slug_of": lambda name: slugs.get(name, "index"),
        "searchable": searchable(site),
    }
    jobs = [_Job("index.html", "index.html", {})]
    jobs += [_Job(page.file, page.template, page.context) for page in site.pages]

    def render(job: _Job) -> bytes:
        html = env.get_template(job.template).render(**common, **job.context)
        return zlib.compress(html.encode("utf-8"), 1)

    count = default_workers(len(jobs)) if workers is None else workers
    rendered = on_two_cores(jobs, render, lambda job: told(job.file), count)
    files = RenderedPages()
    for job, packed in zip(jobs, rendered, strict=True):
        files.keep(job.file, packed)
    return files


def default_workers(pages: int) -> int:
    """2 for a site of :data:`PARALLEL_PAGES` pages or more where the process may fork on two
    cores (:func:`~mahjong_club.common.parallel.default_workers`), else 1."""
    return parallel_workers(pages, PARALLEL_PAGES)
