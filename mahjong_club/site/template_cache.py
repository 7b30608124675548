"""The pages' and emails' templates compiled once, not at every run.

Jinja turns each template into Python code and compiles it before its first use: for a
club's season that was about two thirds of the run's own work after Python starts (0.24 s of
0.36 s, measured with ``/usr/bin/time``). The compiled code is kept in the user's cache
folder (``MAHJONG_CLUB_CACHE`` when set, else the platform's, from ``platformdirs``:
``~/.cache/mahjong-club`` on Linux, ``~/Library/Caches/mahjong-club`` on macOS,
``%LOCALAPPDATA%\\mahjong-club\\Cache`` on Windows), in its ``templates`` folder, and the next
run loads it.

What makes this safe:

- A template's compiled code is used only for the very same source: Jinja keeps a checksum
  of the source with the code and compiles again when they differ (an edited template, a new
  version of the tool).
- The code also depends on the environment's options (HTML escaping above all: the pages
  escape every value, the emails' text parts do not): each set of options, with Jinja's and
  Python's versions, has keys of its own (:func:`options_key`), so an environment never loads
  code compiled for another.
- The cache can only make a run faster, never stop it: a folder that cannot be made or
  written to, a file that cannot be read, or one that is damaged (cut short, not Jinja's)
  means the template is compiled as without a cache. Files are replaced whole (written
  aside, then renamed), so two runs at once never read half a file.

    >>> cache_folder({CACHE_ENV: "club-cache"}) == Path.cwd() / "club-cache" / "templates"
    True
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from collections.abc import Mapping
from pathlib import Path

import jinja2
import platformdirs
from jinja2 import Environment, FileSystemBytecodeCache
from jinja2.bccache import Bucket

#: Where the compiled templates are kept, when set (made absolute against the current folder).
CACHE_ENV = "MAHJONG_CLUB_CACHE"


def cache_folder(environ: Mapping[str, str] = os.environ) -> Path | None:
    """The folder of compiled templates: ``templates`` in ``MAHJONG_CLUB_CACHE`` when set,
    else in the user's cache folder; None when the user has no home folder to keep it in
    (a service account without one: the platform's answer is then not a full path)."""
    given = environ.get(CACHE_ENV, "").strip()
    if given:
        base = Path(given).expanduser().absolute()
    else:
        base = platformdirs.user_cache_path("mahjong-club", appauthor=False)
    return base / "templates" if base.is_absolute() else None


def options_key(env: Environment) -> str:
    """What the compiled code of ``env``'s templates depends on besides their source, as a
    short key: Jinja's and Python's versions and every option that changes the code.

    >>> from jinja2 import Environment
    >>> options_key(Environment(autoescape=True)) == options_key(Environment(autoescape=False))
    False
    """
    escapes = env.autoescape if isinstance(env.autoescape, bool) else env.autoescape("x.html")
    options = (
        jinja2.__version__,
        sys.implementation.cache_tag,
        escapes,
        env.autoescape("x.txt") if callable(env.autoescape) else escapes,
        env.trim_blocks,
        env.lstrip_blocks,
        env.keep_trailing_newline,
        env.newline_sequence,
        env.block_start_string,
        env.block_end_string,
        env.variable_start_string,
        env.variable_end_string,
        env.comment_start_string,
        env.comment_end_string,
        env.line_statement_prefix,
        env.line_comment_prefix,
        env.optimized,
        env.finalize is not None,
        sorted(env.extensions),
    )
    return hashlib.sha256(repr(options).encode()).hexdigest()[:16]


class TemplateCache(FileSystemBytecodeCache):
    """Jinja's file cache of compiled templates, for one set of options (``key``), that
    never stops a run (see the module)."""

    def __init__(self, folder: Path, key: str) -> None:
        super().__init__(str(folder), f"{key}-%s.jinja")
        self.key = key

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        """The template's own key: its name (the folder holds one package's templates)."""
        return hashlib.sha256(name.encode()).hexdigest()[:24]

    def load_bytecode(self, bucket: Bucket) -> None:
        """The compiled code when a readable file has it; else nothing (compiled anew)."""
        try:
            super().load_bytecode(bucket)
        except Exception:  # a damaged or unreadable file only means compiling again
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        """The compiled code kept for the next run, when the folder can take it."""
        with contextlib.suppress(OSError):  # a full disk, a read-only folder: compiled again
            super().dump_bytecode(bucket)


def template_cache(env: Environment, folder: Path | None = None) -> TemplateCache | None:
    """A cache of ``env``'s compiled templates in ``folder`` (by default
    :func:`cache_folder`), or None when there is no such folder or it cannot be made."""
    folder = folder or cache_folder()
    if folder is None:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    if not folder.is_dir():
        return None
    return TemplateCache(folder, options_key(env))
