"""A run's outputs put in place all at once: an output folder shows the previous complete results
or the new complete results, never a mixture and never nothing (see docs/guarantees.md).

An output folder after a run::

    season.xlsx   -> .runs/current/season.xlsx
    report        -> .runs/current/report
    outbox        -> .runs/current/outbox
    .runs/current -> 20260108-193000-3f2a1c        the results shown
    .runs/20260108-193000-3f2a1c/                  this run: season.xlsx, report/, outbox/ …
    .runs/20260101-192812-77b0e4/                  the previous run, removed by the next one
    .runs/lock

A run writes everything into a new version folder in ``.runs``; only when it is complete and
on disk does one rename switch ``current`` to it: that rename is the moment the results change,
for every output at once. The names the organiser opens are links through ``current`` that
never change. A run that is killed leaves its unfinished version folder, which the next run
removes (runs of one folder take turns: ``.runs/lock``).

- An output whose name is the organiser's own link (``report`` -> a web server's folder) stays a
  link; the folder it points to is replaced whole just before the switch (:func:`swap_in`),
  provided it is empty or was written by the tool (it holds :data:`MARKER`).
- Real files and folders under the outputs' names (written by the tool before 0.3, saved
  over a link, or made by a copy that followed the links) are first taken into a version
  folder unchanged, then become links; a real folder at ``.runs/current`` becomes a version.
- On a file system without symbolic links (FAT, Windows without the right) the outputs are
  replaced one by one, the workbook first; :class:`PartlyReplaced` says when that stopped
  half-way.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from mahjong_club.common.carry import Carry, carried_over
from mahjong_club.common.copies import copy_shown, link_or_copy, same_content
from mahjong_club.common.files import (
    fsync_folder,
    fsync_tree,
    is_temp_of,
    remove_tree,
    swap_in,
    temp_name,
)
from mahjong_club.common.own_links import MARKER as MARKER
from mahjong_club.common.own_links import OutputRefused as OutputRefused
from mahjong_club.common.own_links import check_replaceable, refresh_target

#: The folder of the versions, inside the output folder.
RUNS = ".runs"
#: The link in :data:`RUNS` to the version shown.
CURRENT = "current"
LOCK = "lock"
#: What a real file or folder under an output's name is kept in (``.runs/kept-…``).
KEPT = "kept-"

#: Writes a run's outputs into the (new, empty) folder it is given.
Build = Callable[[Path], None]


class PartlyReplaced(OSError):
    """Replacing the outputs one by one (no links) stopped after some were replaced."""


def publish(
    out_dir: Path,
    names: Sequence[str],
    build: Build,
    retired: Sequence[str] = (),
    carry: Carry | None = None,
) -> list[Path]:
    """Write the outputs called ``names`` with ``build`` and show them in ``out_dir`` at once
    (with the other command's outputs shown now that ``carry`` takes, :mod:`.carry`); the real
    files and folders found under the outputs' names, kept (:func:`_adopt`).

    On any error nothing the organiser sees has changed (but see :class:`PartlyReplaced`) and
    the unfinished version is removed; a killed run's is removed by the next run. The outputs
    called ``retired`` (an earlier run's that this run does not make) go once the new results
    show (:func:`_retire`)."""
    out_dir = Path(out_dir)
    runs = out_dir / RUNS
    runs.mkdir(parents=True, exist_ok=True)
    with _locked(runs):
        _repair_current(runs)
        _clean(out_dir, runs, names)
        version = _new_version(runs)
        try:
            switch, kept, carried = _prepare(out_dir, version, names, build, carry, retired)
        except BaseException:
            remove_tree(version)
            for entry in runs.iterdir():
                if is_temp_of(entry.name, CURRENT):
                    remove_tree(entry)  # the switch that did not happen
            raise
        if switch is not None:
            os.replace(switch, runs / CURRENT)  # the moment the results change
            fsync_folder(runs)
            _tidy(out_dir, [*names, *carried])
        retired = [name for name in retired if name not in carried]  # it holds the other's
        return kept + _retire(out_dir, retired, runs if switch is not None else None)


@contextlib.contextmanager
def _locked(runs: Path) -> Iterator[None]:
    """Runs writing to one output folder take turns (no lock where ``fcntl`` is missing)."""
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    lock = runs / LOCK
    if lock.is_dir() and not lock.is_symlink():
        remove_tree(lock)  # a copy tool's shape of the tool's own lock: nobody can hold it
    with open(lock, "ab") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released by the system if the run is killed
        yield


def link_text(name: str) -> str:
    """What the link called ``name`` in the output folder points to."""
    return os.path.join(RUNS, CURRENT, name)


def _is_ours(entry: Path) -> bool:
    return entry.is_symlink() and os.readlink(entry) == link_text(entry.name)


def current_version(runs: Path) -> str | None:
    """The name of the version folder shown, or None."""
    try:
        name = os.readlink(runs / CURRENT)
    except OSError:
        return None
    return name if os.sep not in name and (runs / name).is_dir() else None


def _repair_current(runs: Path) -> None:
    """Make ``current`` a link again when a copy that followed links (``cp -rL``, a sync tool)
    made it a real folder (or a file): the folder becomes a version, shown the same throughout."""
    current = runs / CURRENT
    if current.is_symlink() or not os.path.lexists(current):
        return
    if not current.is_dir():
        remove_tree(current)  # a file shows nothing through the links anyway
        return
    version = _new_version(runs)
    version.rmdir()
    copy_shown(current, version)
    fsync_tree(version)
    swap_in(_new_link(current, version.name, folder=True), current)


def _clean(out_dir: Path, runs: Path, names: Sequence[str]) -> None:
    """Remove what killed runs left: every version but the one shown, temporaries."""
    keep = {current_version(runs), CURRENT, LOCK}
    for entry in runs.iterdir():
        if entry.name not in keep and not entry.name.startswith(KEPT):
            remove_tree(entry)
    for entry in out_dir.iterdir():
        if any(is_temp_of(entry.name, name) for name in names):
            remove_tree(entry)


def _new_version(runs: Path) -> Path:
    """A new, empty version folder: ``20260108-193000-3f2a1c`` (sorts by time)."""
    while True:
        folder = runs / f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
        with contextlib.suppress(FileExistsError):
            folder.mkdir()
            return folder


def _links_work(runs: Path) -> bool:
    """Whether this file system (and this user) can make symbolic links."""
    probe = runs / temp_name("probe")
    try:
        os.symlink(CURRENT, probe)
    except NotImplementedError:
        return False
    except OSError as exc:
        if exc.errno in _FULL:  # no room for even a link: a full disk, not a disk without links
            raise
        return False
    probe.unlink()
    return True


#: A file system out of room (blocks or inodes) or over its quota.
_FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


def _new_link(path: Path, text: str, folder: bool) -> Path:
    """A new link to ``text`` beside ``path``, to be renamed over it (or over an entry of
    another folder of the same file system whose links ``text`` is written for). ``folder``:
    whether it leads to a folder (Windows makes file and folder links differently)."""
    link = path.with_name(temp_name(path.name))
    os.symlink(text, link, target_is_directory=folder)
    return link


def _prepare(
    out_dir: Path,
    version: Path,
    names: Sequence[str],
    build: Build,
    carry: Carry | None,
    retired: Sequence[str],
) -> tuple[Path | None, list[Path], list[str]]:
    """Everything up to the switch; the new ``current`` link to rename into place (None when
    the outputs were replaced one by one instead), what :func:`_adopt` kept, and the names of
    the other command's outputs carried."""
    build(version)
    runs = version.parent
    carried = [] if carry is None else _carry_in(out_dir, version, names, retired, carry)
    names = [*names, *carried]
    fsync_tree(version)
    if not _links_work(runs):
        _replace_one_by_one(out_dir, version, names)
        return None, [], carried
    for name in names:  # everything that can refuse, before anything changes
        entry = out_dir / name
        if entry.is_symlink() and not _is_ours(entry) and (version / name).is_dir():
            check_replaceable(Path(os.path.realpath(entry)), entry)
    kept = _adopt(out_dir, runs, names)
    switch = _new_link(runs / CURRENT, version.name, folder=True)
    for name in names:  # the organiser's links first: a refusal leaves everything as it was
        entry = out_dir / name
        if entry.is_symlink() and not _is_ours(entry):
            refresh_target(entry, version / name)
    for name in names:
        if not os.path.lexists(out_dir / name):
            folder = (version / name).is_dir()
            os.symlink(link_text(name), out_dir / name, target_is_directory=folder)
    fsync_folder(out_dir)
    return switch, kept, carried


def _carry_in(
    out_dir: Path, version: Path, names: Sequence[str], retired: Sequence[str], carry: Carry
) -> list[str]:
    """Bring the other command's outputs shown now into ``version`` (:mod:`.carry`); the names
    carried at the top. Through the organiser's own link (``report`` -> a web server's folder)
    what it shows is looked at, and one a run leaves alone (retired) is not; without links
    (or before the first run) only the outputs' own folders, as nothing else is replaced."""
    wanted = [*names, *retired]
    own = {n for n in wanted if (out_dir / n).is_symlink() and not _is_ours(out_dir / n)}
    sources = {
        n: Path(os.path.realpath(out_dir / n)) for n in own if n in names and (out_dir / n).is_dir()
    }
    if os.path.lexists(version.parent / CURRENT):
        return carried_over(version.parent / CURRENT, version, carry, sources, own - set(sources))
    real = [n for n in wanted if (out_dir / n).is_dir() and not (out_dir / n).is_symlink()]
    return carried_over(None, version, carry, {**{n: out_dir / n for n in real}, **sources})


def _tidy(out_dir: Path, names: Sequence[str]) -> None:
    """After the switch: the links to outputs this run did not make go (they point nowhere)."""
    with contextlib.suppress(OSError):
        for entry in out_dir.iterdir():
            if entry.name not in names and _is_ours(entry) and not entry.exists():
                entry.unlink()


def _retire(out_dir: Path, retired: Sequence[str], runs: Path | None) -> list[Path]:
    """The outputs an earlier run made and this one does not (a run without the site): gone,
    so the folder never shows last week's site beside this week's workbook; what was kept. A
    link of the organiser's own (``report`` -> a web server's folder) stays; a real folder
    (no links on this disk: ``runs`` None, the tool's own) goes, or where the tool makes
    links (written before 0.3, copied over a link, the organiser's) is kept in ``runs``."""
    gone, kept, folder = False, [], None
    for name in retired:
        entry = out_dir / name
        if not os.path.lexists(entry) or (entry.is_symlink() and not _is_ours(entry)):
            continue
        if runs is not None and not entry.is_symlink():
            folder = folder or _keep_folder(runs)
            kept.append(folder / name)
            os.rename(entry, kept[-1])
        else:
            remove_tree(entry)
        gone = True
    if gone:
        fsync_folder(out_dir)
    return kept


def _keep_folder(runs: Path) -> Path:
    """A new folder for the real files and folders under the outputs' names that a run
    replaces: ``.runs/kept-<time>`` (never removed by a run)."""
    folder = runs / f"{KEPT}{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
    folder.mkdir()
    return folder


# Real files and folders under the outputs' names ------------------------------------------------


def _adopt(out_dir: Path, runs: Path, names: Sequence[str]) -> list[Path]:
    """Turn real files and folders under the outputs' names into links, showing the same;
    where each real one is kept (``.runs/kept-…``: it may be the organiser's own, such as a
    workbook saved over the link, and is never removed by a run).

    A version folder gets what the output folder shows now (the real entries, and what the
    links show, as real files), ``current`` switches to it once it is complete and on disk, then
    each real entry is replaced by its link: at every moment, also when the run is killed, the
    organiser sees the same files. Whatever can refuse the run is checked before this.
    """
    real = [n for n in names if (out_dir / n).exists() and not (out_dir / n).is_symlink()]
    if not real:
        return []
    shown_now = runs / CURRENT  # the results shown (a copy's real files may match them)
    before = Path(os.path.realpath(shown_now)) if os.path.lexists(shown_now) else None
    snapshot = _new_version(runs)
    shown = [e for e in out_dir.iterdir() if e.name in real or (_is_ours(e) and e.exists())]
    for entry in shown:
        copy_shown(entry, snapshot / entry.name)
    fsync_tree(snapshot)
    for entry in shown:  # never switch to a folder that lacks what is shown
        copied = snapshot / entry.name
        if copied.is_symlink() or not copied.exists():
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(entry))
    os.replace(_new_link(runs / CURRENT, snapshot.name, folder=True), runs / CURRENT)
    fsync_folder(runs)
    kept, keeping = [], None
    for name in real:
        entry, keep = out_dir / name, None
        if before is None or not same_content(entry, before / name):  # else: a copy's
            keeping = keeping or _keep_folder(runs)
            keep = keeping / name
            kept.append(keep)
        folder = entry.is_dir()
        link = _new_link(runs / name, link_text(name), folder)  # in .runs: no temporary in sight
        if folder:
            swap_in(link, entry, keep)  # the link in the folder's place, the folder kept
        else:
            if keep is not None:
                link_or_copy(str(entry), str(keep))
            os.replace(link, entry)
    return kept


# Without symbolic links ---------------------------------------------------------------------------


def _replace_one_by_one(out_dir: Path, version: Path, names: Sequence[str]) -> None:
    """Move each output into place, in the order given (the workbook first: the file most
    likely to be locked, by Excel, fails before anything changed)."""
    for done, name in enumerate(names):
        entry, staged = out_dir / name, version / name
        try:
            if entry.is_symlink() and not _is_ours(entry):
                refresh_target(entry, staged)
            elif staged.is_dir():
                if entry.is_symlink() or (entry.exists() and not entry.is_dir()):
                    entry.unlink()  # a link of an earlier run, or a file in the way
                swap_in(staged, entry)
            else:
                os.replace(staged, entry)
        except OSError as exc:
            if not done:
                raise
            raise PartlyReplaced(exc.errno, exc.strerror, exc.filename) from exc
    remove_tree(version)
