"""What 11,000 page files cost beside their content: a page per player against a page per
division (issue 15 asks to choose with the numbers), and the same files written one by one
against on threads (``common/file_threads``).

Usage: ``python bench/bench_files.py [--megabytes 510] [--players 10000] [--per-page 10]
[--repeat 3]``

A federation's site at 1,000,000 rows is about 510 MB of HTML: 10,000 player pages of about
46 KB and 1,000 division pages. Put a division's players on its own page (a section each) and
the same bytes go into 1,000 files instead of 11,000. This writes both shapes, of the same
total size, with the tool's own writer (``TreeWriter``, then ``fsync_tree``: what a run does
with its pages) into a temporary folder on the output's disk, and prints the medians; the
page per player one by one (as a run writes its pages, rendering on both cores) and on
threads (as it writes its outbox's emails, held ready, with a core free). Rendering is left
out: the same sections are rendered either way.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from mahjong_club.common.files import WRITE_THREADS, TreeWriter, fsync_tree


def pages(count: int, total: int) -> dict[str, bytes]:
    """``count`` pages adding up to ``total`` bytes (random bytes: nothing to compress)."""
    size = total // count
    body = os.urandom(size)
    return {f"page-{n:05d}.html": body for n in range(count)}


def timed_write(files: dict[str, bytes], where: Path, threads: int) -> float:
    """Seconds to write ``files`` into a new folder under ``where`` (on ``threads`` threads)
    and flush them."""
    os.sync()  # start from a clean page cache: the disk's write-back is not the other shape's
    with tempfile.TemporaryDirectory(dir=where) as folder:
        started = time.perf_counter()
        with TreeWriter(Path(folder) / "report", threads) as writer:
            for name, content in files.items():
                writer.write(name, content)
        fsync_tree(Path(folder) / "report")
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=int, default=510, help="the site's size")
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--per-page", type=int, default=10, help="players per division")
    parser.add_argument("--repeat", type=int, default=3, help="runs per shape (median)")
    parser.add_argument("--where", type=Path, default=Path("bench/.cache"), help="the disk")
    args = parser.parse_args()
    args.where.mkdir(parents=True, exist_ok=True)
    total = args.megabytes * 1_000_000
    divisions = args.players // args.per_page
    many, few = args.players + divisions + 1, divisions + 1
    shapes = {  # label: (files, threads)
        f"a page per player ({many:,} files)": (many, 1),
        f"a page per division ({few:,} files)": (few, 1),
        f"a page per player, on {WRITE_THREADS} threads": (many, WRITE_THREADS),
    }
    print(f"{args.megabytes} MB of pages, medians of {args.repeat}")
    made = {count: pages(count, total) for count in (many, few)}
    times: dict[str, list[float]] = {label: [] for label in shapes}
    for _ in range(args.repeat):  # the shapes in turn, so that none has the quieter disk
        for label, (count, threads) in shapes.items():
            times[label].append(timed_write(made[count], args.where, threads))
    medians = {label: statistics.median(runs) for label, runs in times.items()}
    for label, median in medians.items():
        print(f"  {label}: {median:.2f} s")
    one_by_one, divisions_only, threaded = medians.values()
    extra = one_by_one - divisions_only
    print(f"  the extra files cost {extra:.2f} s ({one_by_one / divisions_only:.2f}x)")
    print(f"  on threads: {threaded:.2f} s ({threaded / one_by_one:.2f} of one by one)")


if __name__ == "__main__":
    main()
