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
from collections.abc import Callable
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
    (the standings site, ``outbox/``, the exports, the hall display …)."""
    return not draw_output(path)


def carried_over(shown: Path, version: Path, carry: Carry) -> list[str]:
    """Bring into ``version`` every entry of the results ``shown`` that ``version`` lacks and
    ``carry`` takes, looking inside the folders both have; the names carried at the top.

    A file the run wrote itself is never replaced; a link inside the results is not carried.
    """
    if not shown.is_dir():
        return []
    top: list[str] = []
    _walk(Path(os.path.realpath(shown)), version, "", carry, top)
    return top


def _walk(source: Path, target: Path, prefix: str, carry: Carry, top: list[str]) -> None:
    with os.scandir(source) as scan:
        entries = sorted(scan, key=lambda entry: entry.name)
    for entry in entries:
        path, there = prefix + entry.name, target / entry.name
        if os.path.lexists(there):
            if entry.is_dir(follow_symlinks=False) and there.is_dir() and not there.is_symlink():
                _walk(Path(entry.path), there, path + "/", carry, top)
            continue
        if entry.is_symlink() or not carry(path):
            continue
        copy_shown(Path(entry.path), there)
        if not prefix:
            top.append(entry.name)
