"""Compiled templates kept between runs (mahjong_club/site/template_cache.py): the pages and
emails are the same with a cache cold, warm, damaged or unwritable; a warm cache compiles
nothing; environments with other options never share code; an edited template is compiled
again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jinja2 import DictLoader, Environment

from mahjong_club.mail.compose import compose
from mahjong_club.pipeline import compute, read_workbook, site_view
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
