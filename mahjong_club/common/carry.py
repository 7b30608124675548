"""The other command's outputs, kept through a run: the draw and the main command share an
output folder (``out/<workbook>/``), and each run shows only what it wrote.

A tournament's organiser draws the sessions (``mahjong-club draw``: the workbook with its
seating, ``report/draw*.html``, ``draw-seed.txt``), processes each session's scores (the
workbook, the standings site in ``report/``, ``outbox/``, the EMA export), and draws the next
Swiss session. Each run used to show only its own outputs, so processing the scores removed the
draw's seed: the next Swiss draw, finding none, made a new secret seed whose fingerprint nobody
had published, and the draw removed the standings site, the hall display and the emails. Now
each run brings the other command's outputs of the results shown into its new version folder
(hard links where the system allows), so the folder shows both; what a run writes itself wins.

    >>> draw_output("draw-seed.txt"), draw_output("report/draw-session-2.html")
    (True, True)
    >>> draw_output("report/index.html"), draw_output("outbox"), draw_output("report")
    (False, False, False)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from pathlib import Path, PurePosixPath

from mahjong_club.common.copies import copy_shown

#: The draw's secret seed, for the organiser to publish once the tournament is over.
SEED_FILE = "draw-seed.txt"
#: The folder of pages both commands write into.
REPORT = "report"

#: Whether the entry at this path (relative to the output folder, ``/`` between parts) is
#: carried into a run that did not write it.
Carry = Callable[[str], bool]


def draw_output(path: str) -> bool:
    """Whether ``path`` is one of the draw's outputs: its seed, and its pages in ``report/``
    (``draw.html``, ``draw-session-N.html``, ``draw-<player>.html``; the main command's pages
    never start so). The workbook both write is each run's own."""
    parts = PurePosixPath(path).parts
    if parts == (SEED_FILE,):
        return True
    return (
        len(parts) == 2
        and parts[0] == REPORT
        and parts[1].startswith("draw")
        and parts[1].endswith(".html")
    )


def main_output(path: str) -> bool:
    """Whether ``path`` is one of the main command's outputs: anything the draw does not make
    (the standings site, ``outbox/``, the exports, the hall display …) but a workbook, which
    is each run's own (another workbook's, written to the same folder, is not carried)."""
    parts = PurePosixPath(path).parts
    workbook = len(parts) == 1 and parts[0].casefold().endswith((".xlsx", ".xlsm"))
    return not draw_output(path) and not workbook


def carried_over(
    shown: Path | None,
    version: Path,
    carry: Carry,
    sources: Mapping[str, Path] | None = None,
    skip: Collection[str] = (),
) -> list[str]:
    """Bring into ``version`` every entry of the results ``shown`` (and of the folders in
    ``sources``, by their names: the organiser's own links) that ``version`` lacks and
    ``carry`` takes, looking inside the folders the run made and those it did not (a run
    without the site keeps the draw's pages); the names carried at the top. Nothing at the
    top called as in ``skip`` is looked at.

    A file the run wrote itself is never replaced; a link inside the results is not carried.
    """
    entries: dict[str, Path] = {}
    if shown is not None and shown.is_dir():
        real = Path(os.path.realpath(shown))
        entries = {entry.name: entry for entry in real.iterdir()}
    entries.update(sources or {})
    return [
        name
        for name in sorted(entries)
        if name not in skip and _carry(entries[name], version / name, name, carry)
    ]


def _carry(source: Path, there: Path, path: str, carry: Carry, exists: bool | None = None) -> bool:
    """Carry ``source`` (at ``path``) to ``there``, or what ``carry`` takes inside it; whether
    ``there`` is new. ``exists``: whether ``there`` exists, when the caller knows."""
    if source.is_symlink():
        return False
    if os.path.lexists(there) if exists is None else exists:  # the run's own: look inside
        if source.is_dir() and there.is_dir() and not there.is_symlink():
            _carry_inside(source, there, path, carry)
        return False
    if carry(path):
        copy_shown(source, there)
        return True
    if not source.is_dir():
        return False
    there.mkdir()  # a folder the run did not make: what it holds that is carried
    _carry_inside(source, there, path, carry, fresh=True)
    if any(there.iterdir()):
        return True
    there.rmdir()
    return False


def _carry_inside(
    source: Path, target: Path, prefix: str, carry: Carry, fresh: bool = False
) -> None:
    """Each entry of the folder ``source`` carried into ``target`` (``fresh``: made empty
    just now). The run's own names are listed once, not looked up one by one: a
    federation's site and outbox are 21,000 files."""
    own = set() if fresh else set(os.listdir(target))
    with os.scandir(source) as scan:
        entries = sorted(scan, key=lambda entry: entry.name)
    for entry in entries:
        mine, path = entry.name in own, f"{prefix}/{entry.name}"
        # a folder is looked into; a file the run wrote itself, or a link, is left as it is
        if entry.is_dir(follow_symlinks=False) or (
            not mine and not entry.is_symlink() and carry(path)
        ):
            _carry(Path(entry.path), target / entry.name, path, carry, exists=mine)
