"""Compiled templates kept between runs (mahjong_club/site/template_cache.py): the pages and
emails are the same with a cache cold, warm, damaged or unwritable; a warm cache compiles
nothing; environments with other options never share code; an edited template is compiled
again."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import openpyxl
import pytest
from jinja2 import DictLoader, Environment
from jinja2.bccache import Bucket

from mahjong_club.mail.compose import compose
from mahjong_club.pipeline import compute, read_workbook, site_view
from mahjong_club.site import template_cache as template_cache_module
from mahjong_club.site.locale import Locale
from mahjong_club.site.render import environment, render_site
from mahjong_club.site.template_cache import (
    CACHE_ENV,
    TemplateCache,
    cache_folder,
    options_key,
    template_cache,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site():
    season, problems = read_workbook(ROOT / "sample_sheets" / "season.xlsx")
    return site_view(compute(season, problems))


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from here on."""
    names: list[str] = []
    real = Environment.compile

    def compile_(self, source, name=None, filename=None, raw=False, defer_init=False):
        names.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(Environment, "compile", compile_)
    return names


def outputs(site) -> tuple[dict[str, object], list[tuple[str, str, bytes]]]:
    """The site's pages and its emails (their text, without Date and Message-ID)."""
    pages = dict(render_site(site, workers=1))
    emails = []
    for email in compose(site, "organiser@example.org", workers=1):
        lines = [
            line
            for line in email.data.split(b"\n")
            if not line.startswith((b"Date: ", b"Message-ID: "))
        ]
        emails.append((email.to, email.subject, b"\n".join(lines)))
    return pages, emails


def test_cold_warm_and_without_a_cache_give_the_same_site_and_emails(
    site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiles: list[str]
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(CACHE_ENV, str(blocked))  # the folder cannot be made: no cache
    without = outputs(site)
    assert compiles and not list(tmp_path.glob("**/*.jinja"))
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    compiles.clear()
    cold = outputs(site)
    compiled_cold = sorted(set(compiles))
    kept = list((tmp_path / "cache" / "templates").glob("*.jinja"))
    assert len(kept) >= len(compiled_cold) > 10
    compiles.clear()
    warm = outputs(site)
    assert compiles == []  # every template loaded, none compiled
    assert cold == without
    assert warm == without
    assert len(without[0]) > 20 and len(without[1]) > 20


def test_html_and_text_environments_never_share_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the same template, escaping in one environment and not in the other, one cache folder
    source = {"note.html": "<p>{{ name }}</p>"}
    html = Environment(loader=DictLoader(source), autoescape=True)
    text = Environment(loader=DictLoader(source), autoescape=False)
    assert options_key(html) != options_key(text)
    for env in (html, text, html, text):
        env.bytecode_cache = template_cache(env, tmp_path)
        env.cache = None  # no memory between the rounds: each loads from the folder
        escaped = env.get_template("note.html").render(name="<b>Bo</b>")
        expected = "<p>&lt;b&gt;Bo&lt;/b&gt;</p>" if env is html else "<p><b>Bo</b></p>"
        assert escaped == expected
    assert len(list(tmp_path.glob("*.jinja"))) == 2


def test_the_pages_and_emails_environments_have_different_keys() -> None:
    locale = Locale("en")
    assert options_key(environment(locale)) != options_key(environment(locale, autoescape=False))
    assert options_key(environment(locale)) == options_key(environment(Locale("da")))


def test_an_edited_template_is_compiled_again(tmp_path: Path, compiles: list[str]) -> None:
    for body, expected in (
        ("v1 {{ x }}", "v1 7"),
        ("v2 {{ x }}!", "v2 7!"),
        ("v1 {{ x }}", "v1 7"),
    ):
        env = Environment(loader=DictLoader({"t.txt": body}))
        env.bytecode_cache = template_cache(env, tmp_path)
        assert env.get_template("t.txt").render(x=7) == expected
    assert compiles == ["t.txt", "t.txt", "t.txt"]  # each source differs from the one kept


@pytest.mark.parametrize(
    "damage",
    [b"", b"garbage", b"half", None],
    ids=["empty", "not-jinja", "cut-short", "a-folder"],
)
def test_a_damaged_cache_file_is_compiled_anew(
    tmp_path: Path, compiles: list[str], damage: bytes | None
) -> None:
    def render() -> str:
        env = Environment(loader=DictLoader({"t.txt": "hello {{ x }}"}))
        env.bytecode_cache = template_cache(env, tmp_path)
        return env.get_template("t.txt").render(x="Bo")

    assert render() == "hello Bo"
    (kept,) = tmp_path.glob("*.jinja")
    if damage is None:
        kept.unlink()
        kept.mkdir()
    else:
        whole = kept.read_bytes()
        kept.write_bytes(whole[: len(whole) // 2] if damage == b"half" else damage)
    assert render() == "hello Bo"
    assert compiles == ["t.txt", "t.txt"]


def test_a_file_that_cannot_be_read_only_means_compiling(
    tmp_path: Path, compiles: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_disk(*args: object) -> None:
        raise OSError(5, "Input/output error")

    for attempt in range(2):
        if attempt:
            monkeypatch.setattr("jinja2.bccache.Bucket.load_bytecode", broken_disk)
        env = Environment(loader=DictLoader({"t.txt": "hi {{ x }}"}))
        env.bytecode_cache = template_cache(env, tmp_path)
        assert env.get_template("t.txt").render(x=1) == "hi 1"
    assert compiles == ["t.txt", "t.txt"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_cache_folder_only_means_compiling(tmp_path: Path, compiles: list[str]) -> None:
    tmp_path.chmod(0o500)
    try:
        for _ in range(2):
            env = Environment(loader=DictLoader({"t.txt": "hi"}))
            env.bytecode_cache = template_cache(env, tmp_path)
            assert env.get_template("t.txt").render() == "hi"
    finally:
        tmp_path.chmod(0o700)
    assert compiles == ["t.txt", "t.txt"]


def test_a_failing_write_only_means_compiling(
    tmp_path: Path, compiles: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tempfile.NamedTemporaryFile", full_disk)
    env = Environment(loader=DictLoader({"t.txt": "hi"}))
    cache = template_cache(env, tmp_path)
    assert isinstance(cache, TemplateCache)
    env.bytecode_cache = cache
    assert env.get_template("t.txt").render() == "hi"
    assert compiles == ["t.txt"]
    assert list(tmp_path.iterdir()) == []


def test_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert cache_folder({CACHE_ENV: " here "}) == tmp_path / "here" / "templates"
    assert cache_folder({CACHE_ENV: "~/c"}) == Path.home() / "c" / "templates"
    default = cache_folder({})
    assert default is not None and default.name == "templates"
    assert "mahjong-club" in default.parts
    # no home folder (a service account without one): no cache rather than a folder in ./~
    monkeypatch.setenv("HOME", "")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(
        "platformdirs.user_cache_path", lambda *a, **k: Path("~/.cache/mahjong-club")
    )
    assert cache_folder({}) is None
    monkeypatch.delenv(CACHE_ENV)
    assert template_cache(Environment()) is None
    assert not (tmp_path / "~").exists()
    made = template_cache(Environment(), tmp_path / "new" / "templates")
    assert made is not None and (tmp_path / "new" / "templates").is_dir()
    assert (tmp_path / "new" / "templates").stat().st_mode & 0o077 == 0  # the user's own


# --- what a review found: the language, hostile files, hostile folders ------------------


def rendered(source: Path) -> tuple[dict[str, object], list[tuple[str, str, bytes]]]:
    season, problems = read_workbook(source)
    return outputs(site_view(compute(season, problems)))


def test_a_danish_run_never_leaves_its_words_for_an_english_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = ROOT / "sample_sheets" / "tournament.xlsx"
    danish = tmp_path / "tournament-da.xlsx"
    book = openpyxl.load_workbook(english)
    for key, value in book["Settings"].iter_rows(min_row=2):
        if key.value == "language":
            value.value = "da"
    book.save(danish)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "fresh"))
    alone = rendered(english)
    assert any("disqualified" in str(page) for page in alone[0].values())
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "shared"))
    rendered(danish)
    assert rendered(english) == alone


def test_the_tools_filters_are_left_to_the_render() -> None:
    for autoescape in (True, False):
        env = environment(Locale("da"), autoescape)
        ours = [name for name, f in env.filters.items() if f.__module__.startswith("mahjong_club")]
        assert len(ours) == 12  # num, date, label, wind, moment, penalty_kind …
        for name in ours:
            code = env.compile('{{ "tied"|' + name + " }}", raw=True)
            assert f"environment.filters['{name}']" in code  # looked up as the page renders


def cached_once(folder: Path) -> tuple[Path, Environment]:
    """A template compiled once into ``folder``; its cache file."""
    env = Environment(loader=DictLoader({"t.txt": "hi {{ x }}"}))
    env.bytecode_cache = template_cache(env, folder)
    assert env.get_template("t.txt").render(x=1) == "hi 1"
    (kept,) = folder.glob("*.jinja")
    return kept, env


def render_again(folder: Path) -> str:
    env = Environment(loader=DictLoader({"t.txt": "hi {{ x }}"}))
    env.bytecode_cache = template_cache(env, folder)
    return env.get_template("t.txt").render(x=2)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes are POSIX's")
def test_a_pipe_in_place_of_a_cache_file_does_not_stop_the_run(
    tmp_path: Path, compiles: list[str]
) -> None:
    kept, _ = cached_once(tmp_path)
    kept.unlink()
    os.mkfifo(kept)

    class Waited(BaseException):  # not an OSError, which the cache takes as "compile"
        pass

    def waited(signum: int, frame: object) -> None:
        raise Waited

    before = signal.signal(signal.SIGALRM, waited)
    signal.alarm(20)  # a run waiting on the pipe for ever fails the test instead
    try:
        assert render_again(tmp_path) == "hi 2"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    assert compiles == ["t.txt", "t.txt"]


def test_the_right_header_over_something_else_than_code_is_compiled_anew(
    tmp_path: Path, compiles: list[str]
) -> None:
    kept, env = cached_once(tmp_path)
    source = "hi {{ x }}"
    bucket = Bucket(env, "t", env.bytecode_cache.get_source_checksum(source))
    bucket.code = 42  # type: ignore[assignment]
    with open(kept, "wb") as out:
        bucket.write_bytecode(out)
    assert render_again(tmp_path) == "hi 2"
    assert compiles == ["t.txt", "t.txt"]


def test_a_link_or_a_huge_file_in_place_of_a_cache_file_is_not_read(
    tmp_path: Path, compiles: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    kept, _ = cached_once(tmp_path / "cache")
    elsewhere = tmp_path / "elsewhere.jinja"
    kept.rename(elsewhere)
    kept.symlink_to(elsewhere)
    assert render_again(tmp_path / "cache") == "hi 2"  # compiled: the link not followed
    kept.unlink()
    kept.write_bytes(elsewhere.read_bytes())
    monkeypatch.setattr(template_cache_module, "MAX_FILE_BYTES", len(elsewhere.read_bytes()) - 1)
    assert render_again(tmp_path / "cache") == "hi 2"
    assert compiles == ["t.txt", "t.txt", "t.txt"]


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners are POSIX's")
def test_a_folder_others_may_write_in_is_not_used(tmp_path: Path) -> None:
    folder = tmp_path / "shared" / "templates"
    folder.mkdir(parents=True)
    folder.chmod(0o775)
    assert template_cache(Environment(), folder) is None
    folder.chmod(0o757)
    assert template_cache(Environment(), folder) is None
    folder.chmod(0o755)  # the user's own, read by others: used
    assert template_cache(Environment(), folder) is not None
    if os.geteuid() == 0:  # only root can give a folder away
        os.chown(folder, 4242, 4242)
        folder.chmod(0o700)
        assert template_cache(Environment(), folder) is None


def test_a_home_folder_that_cannot_be_known() -> None:
    assert cache_folder({CACHE_ENV: "~no-such-user-here/x"}) is None
