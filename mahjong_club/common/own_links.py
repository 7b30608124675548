"""The organiser's own links among the outputs: ``report`` -> a web server's folder.

Such a link stays a link; the folder it points to is replaced whole by the run's new one
(:func:`refresh_target`), provided it is empty or was written by the tool (it holds
:data:`MARKER`), so that a link to the wrong folder never deletes anyone's files.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

from mahjong_club.common.copies import copy_tree
from mahjong_club.common.files import fsync_file, fsync_tree, remove_tree, swap_in, temp_name
from mahjong_club.messages import output as texts
from mahjong_club.messages.core import Message, say

#: The file that marks a folder outside the output folder as the tool's to replace.
MARKER = ".mahjong-club"
MARKER_TEXT = "Written by mahjong-club: every run replaces this folder whole.\n"


class OutputRefused(Exception):
    """The outputs cannot go where the output folder says (a catalogue message says why)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.render("en"))
        self.message = message


def refresh_target(link: Path, staged: Path) -> None:
    """Give the file or folder that the organiser's ``link`` points to the new ``staged`` one.

    A folder is replaced whole (:func:`swap_in`): only one that is empty or holds
    :data:`MARKER`, so that a link to the wrong folder never deletes anyone's files.
    """
    target = Path(os.path.realpath(link))
    with contextlib.suppress(OSError):
        for left in target.parent.iterdir():
            if left.name.startswith(f".{target.name}.") and left.name.endswith(".tmp"):
                remove_tree(left)  # a killed run's
    build = target.with_name(temp_name(target.name))
    try:
        if staged.is_dir():
            check_replaceable(target, link)
            copy_tree(staged, build, shutil.copyfile)
            (build / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
            fsync_tree(build)
            swap_in(build, target)
        else:
            shutil.copyfile(staged, build)
            fsync_file(build)
            os.replace(build, target)
    except OSError as exc:
        remove_tree(build)
        raise _as_target(exc, build, target) from exc
    except BaseException:
        remove_tree(build)
        raise


def _as_target(exc: OSError, build: Path, target: Path) -> OSError:
    """``exc`` naming the file where it will be (``/var/www/club/p1.html``), not in ``build``."""
    named = exc.filename2 or exc.filename
    if exc.errno is None or not named or not Path(named).is_relative_to(build):
        return exc
    return type(exc)(exc.errno, exc.strerror, str(target / Path(named).relative_to(build)))


def check_replaceable(target: Path, link: Path) -> None:
    """Refuse to replace ``target`` (the folder the organiser's ``link`` points to) unless it
    is empty or holds :data:`MARKER`; a file is never replaced by a folder."""
    if not target.exists():
        return
    if not target.is_dir():
        raise OutputRefused(say(texts.LINK_TO_A_FILE, link=link, target=target))
    found = {e.name for e in target.iterdir()}
    if found and MARKER not in found:
        raise OutputRefused(say(texts.LINK_TO_FOREIGN_FOLDER, link=link, target=target))
