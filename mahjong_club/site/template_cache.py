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
  of the source with the code and compiles again when they differ (an edited template).
- The code also depends on the environment's options (HTML escaping above all: the pages
  escape every value, the emails' text parts do not): each set of options, with the tool's,
  Jinja's and Python's versions, has keys of its own (:func:`options_key`), so an
  environment never loads code compiled for another.
- It never depends on the language or the tool's words: Jinja works out a filter on a
  literal (``"tied"|criterion``) while compiling and keeps the words in the code, so every
  filter of the tool's is one Jinja leaves to the render
  (:func:`~mahjong_club.site.render.environment`; a Danish run's words would otherwise
  show on the next English run's pages).
- Its files are run as code, so the folder is used only when it is the user's own and no
  one else may write in it (on systems with owners), and a file only when it is a plain
  file (not a link, a pipe or a device) of at most :data:`MAX_FILE_BYTES` holding code.
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
import stat
import sys
import types
from collections.abc import Mapping
from pathlib import Path

import jinja2
import platformdirs
from jinja2 import Environment, FileSystemBytecodeCache
from jinja2.bccache import Bucket

from mahjong_club import __version__

#: Where the compiled templates are kept, when set (made absolute against the current folder).
CACHE_ENV = "MAHJONG_CLUB_CACHE"
#: A cache file larger than this is not read (a template's compiled code is a few kilobytes).
MAX_FILE_BYTES = 4_000_000
#: A cache file is opened without following a link and without waiting on a pipe.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def cache_folder(environ: Mapping[str, str] = os.environ) -> Path | None:
    """The folder of compiled templates: ``templates`` in ``MAHJONG_CLUB_CACHE`` when set,
    else in the user's cache folder; None when the user has no home folder to keep it in
    (a service account without one: the platform's answer is then not a full path)."""
    given = environ.get(CACHE_ENV, "").strip()
    try:
        if given:
            base = Path(given).expanduser().absolute()
        else:
            base = platformdirs.user_cache_path("mahjong-club", appauthor=False)
    except (OSError, RuntimeError):  # "~someone" with no such user: no home folder known
        return None
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
        __version__,
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
        """The compiled code when a plain file of at most :data:`MAX_FILE_BYTES` has it (not
        a link, a pipe, a device or a folder: opening a pipe would wait for ever), and it is
        code; else nothing, and the template is compiled anew."""
        try:
            fd = os.open(self._get_cache_filename(bucket), _READ_FLAGS)
        except OSError:
            return
        try:
            info = os.fstat(fd)
            if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_FILE_BYTES:
                with os.fdopen(os.dup(fd), "rb") as file:
                    bucket.load_bytecode(file)
        except Exception:  # a damaged or unreadable file only means compiling again
            bucket.reset()
        finally:
            os.close(fd)
        code: object = bucket.code
        if code is not None and not isinstance(code, types.CodeType):
            bucket.reset()  # the right header over something that is not compiled code

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
        info = folder.stat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or not _private(info):
        return None
    return TemplateCache(folder, options_key(env))


def _private(info: os.stat_result) -> bool:
    """True when only this user can put files in the folder of ``info``: theirs, and not
    writable by the group or others (the cache's files are run as code). Where there are no
    such owners (Windows), True."""
    if not hasattr(os, "getuid"):
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
