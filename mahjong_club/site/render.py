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
from pathlib import Path
from typing import Any, TypeVar

from jinja2 import (
    Environment,
    PackageLoader,
    StrictUndefined,
    TemplateError,
    pass_context,
    select_autoescape,
)
from jinja2.runtime import Context
from markupsafe import Markup

from mahjong_club.common.files import TreeWriter, write_tree
from mahjong_club.common.order import display_order
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
    ours: dict[str, Callable[..., Any]] = {
        "num": _safe_numbers(locale) if autoescape else locale.number,
        "date": locale.date,
        "label": locale.label,
        "wind": locale.wind,
        "moment": locale.moment,
        "penalty_kind": lambda kind: locale.words(PenaltyKind(kind)),
        "search_key": search_key,
        "criterion": locale.criterion,
        "status": locale.status,
        "advice": locale.advice,
        "words": locale.words,
        "sentence": lambda text: f"{text[:1].upper()}{text[1:]}." if text else "",
    }
    for name, function in ours.items():  # worked out as pages are rendered (_at_render)
        env.filters[name] = _at_render(function)
    if autoescape:  # the HTML pages' two long tables (site/rows.py)
        env.globals["game_rows"] = GameRows(locale)
    env.globals["t"] = locale.t
    env.globals["locale"] = locale
    env.globals["explain"] = lambda m, final=False: explain_status(m, locale, final=final)
    env.bytecode_cache = template_cache(env)  # compiled once, kept between runs
    return env


def _at_render(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` as a filter Jinja calls when a page is rendered, never when the template
    is compiled. Jinja works out a filter on a literal (``"tied"|criterion``) once, while
    compiling, and keeps the words in the compiled code; that code is kept between runs
    (:mod:`~mahjong_club.site.template_cache`), so a Danish run's words would show on the next
    English run's pages. A filter given the render's context is never worked out early."""

    @pass_context
    def at_render(context: Context, *args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)

    return at_render


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
    ``SØR`` all find Søren Østergaard; with Danish letters also as Danes write them without
    (å aa, ø oe, æ ae), so ``aase`` finds Åse.

    >>> search_key("Åse  Mølgaard"), search_key("Jürgen Weiß")
    ('ase mølgaard|ase molgaard|aase moelgaard', 'jurgen weiß|jurgen weiss')
    """
    lower = unicodedata.normalize("NFD", name.lower())
    plain = "".join(c for c in lower if not unicodedata.category(c).startswith("M"))
    plain = re.sub(r"\s+", " ", unicodedata.normalize("NFC", plain)).strip()
    keys = [plain, ascii_fold(name)]
    danish = unicodedata.normalize("NFC", name.lower()).translate(DANISH_LETTERS)
    if danish != name.lower():
        keys.append(ascii_fold(danish))
    return "|".join(keys)


#: Danish letters as written without them (``Aase``, ``Moelgaard``).
DANISH_LETTERS = str.maketrans({"å": "aa", "ø": "oe", "æ": "ae"})


def explain_status(member: MemberAttendance, locale: Locale, *, final: bool = False) -> str:
    """A plain explanation of a warning or substitutable status; once the season is complete
    (``final``) in the past, without the check to come or how to stop being substitutable."""
    if member.status.value == "ok":
        return ""
    return locale.t(
        f"status_{'final' if final else 'explain'}_{member.status.value}",
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
    language = site.locale.language  # the reader's alphabet (Danish: æ, ø, å after z)
    return sorted(found.items(), key=lambda item: display_order(item[0], language))


class RenderedPages(Mapping[str, str]):
    """Rendered pages, file name -> HTML, held compressed (:func:`render_site`).

    A run renders its pages into their files (:class:`SitePages`); pages held in memory (the
    tests, the site's look compared page by page) are kept compressed, as HTML compresses
    about tenfold at zlib's fastest level, and each is decompressed only when it is read.
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


R = TypeVar("R")

#: A site of this many pages or more is rendered on two cores (when the machine has two and
#: the process may fork): below it, starting the second process costs more than it saves.
PARALLEL_PAGES = 500


@dataclass(frozen=True)
class _Job:
    """One page to render: its file, its template and its own values."""

    file: str
    template: str
    context: Mapping[str, Any]


class SitePages(Mapping[str, str]):
    """The site's pages, file name -> HTML, each rendered when it is written (or read).

    A federation's site is half a gigabyte of HTML in 11,000 files. Rendered first and held
    until written, every page was compressed (to keep the memory) and decompressed again,
    and the second process's half came back through a pickle. :meth:`write` renders each
    page straight into its file in the run's new version folder, which is shown only when
    the whole run is written (:func:`~mahjong_club.common.publish.publish`), so a run still
    writes all its outputs or none. Reading one page (the tests) renders that page alone.
    """

    def __init__(self, site: SiteView) -> None:
        self._site = site
        self._jobs = [_Job("index.html", "index.html", {})]
        self._jobs += [_Job(page.file, page.template, page.context) for page in site.pages]
        self._by_file = {job.file: job for job in self._jobs}
        self._made: tuple[Environment, dict[str, Any]] | None = None

    def __getitem__(self, file: str) -> str:
        return self._render(self._by_file[file])

    def __iter__(self) -> Iterator[str]:
        return (job.file for job in self._jobs)

    def __len__(self) -> int:
        return len(self._jobs)

    def write(
        self, folder: Path, on_page: Callable[[str], None] | None = None, workers: int | None = None
    ) -> None:
        """Render every page into its file in ``folder``; ``on_page`` is told each page's file
        name before it is rendered. ``workers`` 2 renders and writes every other page in a
        forked second process (the default for :data:`PARALLEL_PAGES` pages or more, see
        :func:`default_workers`); a page the child did not finish is made here."""
        # One by one: rendering keeps both cores busy, and what a page's file costs here is
        # the system's time on a core (creating it, copying its bytes), which threads would
        # only share out (docs/performance.md, item 31).
        writer = TreeWriter(folder, threads=1)

        def made(job: _Job) -> None:
            writer.write(job.file, self._render(job).encode("utf-8"))

        self._each(made, on_page, workers)

    def check(
        self, on_page: Callable[[str], None] | None = None, workers: int | None = None
    ) -> None:
        """Render every page and keep none (a dry run: a page that cannot be rendered stops
        it as it would stop the run that writes it)."""

        def made(job: _Job) -> None:
            self._render(job)

        self._each(made, on_page, workers)

    def rendered(
        self, on_page: Callable[[str], None] | None = None, workers: int | None = None
    ) -> RenderedPages:
        """Every page rendered and held compressed (:class:`RenderedPages`), as :meth:`write`
        would write them."""

        def packed(job: _Job) -> bytes:
            return zlib.compress(self._render(job).encode("utf-8"), 1)

        done = self._each(packed, on_page, workers)
        files = RenderedPages()
        for job, page in zip(self._jobs, done, strict=True):
            files.keep(job.file, page)
        return files

    def _each(
        self,
        work: Callable[[_Job], R],
        on_page: Callable[[str], None] | None,
        workers: int | None,
    ) -> list[R]:
        """``work`` of every page, in the pages' order, ``on_page`` told each page's file
        name first; on two cores for a big site (:func:`default_workers`), what both
        processes need made before the fork."""
        told = on_page or (lambda file: None)
        count = default_workers(len(self._jobs)) if workers is None else workers
        if count > 1:
            self._before_fork()
        return on_two_cores(self._jobs, work, lambda job: told(job.file), count)

    def _render(self, job: _Job) -> str:
        """One page's HTML."""
        env, common = self._prepared()
        return env.get_template(job.template).render(**common, **job.context)

    def _prepared(self) -> tuple[Environment, dict[str, Any]]:
        """The environment and the pages' common values, made once: before a second process
        is forked, so that both have them without making them twice."""
        if self._made is None:
            site = self._site
            slugs = {p.name: p.slug for p in site.players}
            common: dict[str, Any] = {
                "site": site,
                "pages": pages_of(site),
                "slug_of": lambda name: slugs.get(name, "index"),
                "searchable": searchable(site),
            }
            self._made = environment(site.locale), common
        return self._made

    def _before_fork(self) -> None:
        """What both processes need, made here once: the environment and common values, and
        every page template loaded (or compiled), with what they extend and include."""
        env, _ = self._prepared()
        for name in env.list_templates(filter_func=_page_template):
            try:
                env.get_template(name)
            except TemplateError:  # a stray file (an editor's lock): only its use would fail
                continue


def _page_template(name: str) -> bool:
    """True for a template of the site's pages (not an email's or the drop page's, nor a
    hidden file)."""
    hidden = name.rpartition("/")[2].startswith(".")
    return name.endswith(".html") and not name.startswith(("email/", "serve/")) and not hidden


def render_site(
    site: SiteView, on_page: Callable[[str], None] | None = None, workers: int | None = None
) -> RenderedPages:
    """Every page of the site: file name -> HTML, held compressed; ``on_page`` is told each
    page's file name before it is rendered (:meth:`SitePages.rendered`).

    ``workers`` 2 renders every other page in a forked second process (the default for
    :data:`PARALLEL_PAGES` pages or more, see :func:`default_workers`); the pages are the
    same, in the same order, either way.
    """
    return SitePages(site).rendered(on_page, workers)


def write_pages(
    folder: Path, pages: Mapping[str, str], on_page: Callable[[str], None] | None = None
) -> None:
    """Write ``pages`` into ``folder``: the site's (:class:`SitePages`) each rendered into its
    file, pages held compressed (:class:`RenderedPages`) as their bytes, any others as text."""
    if isinstance(pages, SitePages):
        pages.write(folder, on_page)
    elif isinstance(pages, RenderedPages):
        write_tree(folder, pages.files())
    else:
        write_tree(folder, pages)


def default_workers(pages: int) -> int:
    """2 for a site of :data:`PARALLEL_PAGES` pages or more where the process may fork on two
    cores (:func:`~mahjong_club.common.parallel.default_workers`), else 1."""
    return parallel_workers(pages, PARALLEL_PAGES)
