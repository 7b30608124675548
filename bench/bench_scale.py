"""Federation scale: a whole run on 10k, 100k and 1M ``Games`` rows, stage by stage, next to
the floor.

Usage::

    python bench/bench_scale.py                    # 10k and 100k rows (a few minutes)
    python bench/bench_scale.py --rows 1000000     # the federation's million (several minutes)
    python bench/bench_scale.py --rows 10000 --rows 100000 --repeat 3

For each size it builds (once, cached in ``bench/.cache/``) a league workbook like a
federation's history: ``rows / 100`` players in divisions of 10, half riichi and half MCR,
``rows / 4`` games over 50 club nights, an ``Attendance`` sheet (every player, every night)
and an email address for everyone. Then, each run in a fresh process:

* the **floor**: reading the ``Games`` sheet with fastexcel (whole-column typing,
  ``schema_sample_rows=None``) and copying the file's bytes, the least any tool that reads
  the games and writes a workbook back must do;
* the **run**: ``mahjong-club BIG.xlsx --out DIR -q`` (workbook, site and emails, the default
  options), with every step of its progress timed and the peak memory (resident set, VmHWM)
  of each stage; and the same with ``--no-site --no-email`` when the tool has those options.

It prints, per size, each stage's median time and peak memory, the total next to the floor
and their ratio, and between sizes how the cost grew (10× the rows should cost at most 11×
the time). Medians of ``--repeat`` runs: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import itertools
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CACHE = Path(__file__).resolve().parent / ".cache"
#: Bump when the built workbooks change, so cached ones are rebuilt.
BUILD_VERSION = 1
DIVISION_SIZE = 10
#: The slowest steps shown under each run (``--steps``).
STEPS_SHOWN = 12
NIGHTS = 50
SEASON_START = dt.date(2025, 8, 28)  # a Thursday


def players_for(rows: int) -> int:
    """The number of players for ``rows`` game rows: one per 100 rows, whole divisions, at
    least four divisions."""
    return max(4, rows // 100 // DIVISION_SIZE) * DIVISION_SIZE


def build(path: Path, rows: int) -> None:
    """The federation workbook of ``rows`` game rows (see the module's docstring).

    The small sheets come from openpyxl; ``Games`` and ``Attendance`` are spliced in by the
    tool's own sheet writer (openpyxl takes minutes for a million rows)."""
    import openpyxl
    from bench_pipeline import random_scores

    from mahjong_club.workbook.xlsx import ResultSheet, write_result_workbook

    rng = random.Random(rows)
    count = players_for(rows)
    names = [f"Player {i:06d}" for i in range(count)]
    divisions = count // DIVISION_SIZE
    nights = [SEASON_START + dt.timedelta(days=7 * n) for n in range(NIGHTS)]
    base = openpyxl.Workbook()
    settings = base.active
    assert settings is not None
    settings.title = "Settings"
    for row in (
        ("Key", "Value"),
        ("club", "Federation"),
        ("season", "2025/26"),
        ("season_start", SEASON_START),
        ("as_of", nights[-1]),
        ("mode", "league"),
        ("language", "en"),
        ("riichi_ruleset", "ema2016"),
        ("email_from", "results@example.org"),
    ):
        settings.append(row)
    players = base.create_sheet("Players")
    players.append(["Player", "Email"])
    for name in names:
        players.append([name, name.replace(" ", ".").lower() + "@example.org"])
    sheet = base.create_sheet("Divisions")
    sheet.append(["Division", "Game", "Level", "Player"])
    for d in range(divisions):
        game, level = ("Riichi", d // 2 + 1) if d % 2 == 0 else ("MCR", d // 2 + 1)
        for m in range(DIVISION_SIZE):
            sheet.append([f"{game} {level:04d}", game, level, names[d * DIVISION_SIZE + m]])
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "small.xlsx"
        base.save(small)
        games: list[list[Any]] = [["Game", "Date", "Division", "Player", "Score", "Substituted"]]
        for g in range(rows // 4):
            d = g % divisions
            game, level = ("Riichi", d // 2 + 1) if d % 2 == 0 else ("MCR", d // 2 + 1)
            night = nights[(g // divisions) % NIGHTS]
            seated = rng.sample(range(DIVISION_SIZE), 4)
            scores = random_scores(rng, game)
            for m, score in zip(seated, scores, strict=True):
                player = names[d * DIVISION_SIZE + m]
                games.append([g + 1, night, f"{game} {level:04d}", player, score, None])
        marks = ["x", "x", "x", "1", "18:25", "18:40", "late", None, None, None]
        attendance: list[list[Any]] = [["Player", *nights]]
        for name in names:
            attendance.append([name, *(rng.choice(marks) for _ in nights)])
        write_result_workbook(
            small, path, [ResultSheet("Games", games), ResultSheet("Attendance", attendance)]
        )


def workbook(rows: int) -> Path:
    """The cached workbook of ``rows`` game rows, built when missing."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"federation-{rows}-v{BUILD_VERSION}.xlsx"
    if not path.exists():
        started = time.perf_counter()
        build(path, rows)
        took = time.perf_counter() - started
        print(f"  built {path.name} ({path.stat().st_size / 1e6:.1f} MB) in {took:.0f} s")
    return path


# --- what runs in the child process -------------------------------------------------------


def peak_rss() -> int:
    """The process's peak resident set since the last reset, in bytes (Linux's VmHWM)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def reset_peak() -> None:
    """Start a new peak (Linux: writing 5 to clear_refs resets VmHWM)."""
    with contextlib.suppress(OSError), open("/proc/self/clear_refs", "w", encoding="ascii") as f:
        f.write("5")


def child_floor(path: Path) -> dict[str, float]:
    """Read ``Games`` with fastexcel into Arrow and copy the file's bytes."""
    import fastexcel

    started = time.perf_counter()
    reader = fastexcel.read_excel(str(path))
    games = reader.load_sheet_by_name("Games", schema_sample_rows=None).to_arrow()
    read = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copyfile(path, Path(tmp) / "copy.xlsx")
    total = time.perf_counter() - started
    assert games.num_rows > 0
    return {"read": read, "total": total, "peak": peak_rss()}


def child_run(path: Path, extra: list[str]) -> dict[str, Any]:
    """The real command line on ``path``, its progress steps timed, the peak memory of each
    stage recorded."""
    from mahjong_club import cli
    from mahjong_club.cli import ending, process
    from mahjong_club.common.progress import Progress, Step

    stages: dict[str, dict[str, float]] = {}
    current: list[Any] = [None, 0.0]  # stage, its start

    def close(now: float) -> None:
        if current[0] is not None:
            stage = stages.setdefault(current[0], {"time": 0.0, "peak": 0})
            stage["time"] += now - current[1]
            stage["peak"] = max(stage["peak"], peak_rss())

    steps: dict[str, float] = {}
    item: list[Any] = ["", 0.0]  # the step being done, its start

    def report(step: Step) -> None:
        now = time.perf_counter()
        if item[0]:
            steps[item[0]] = steps.get(item[0], 0.0) + now - item[1]
        name = str(step.item)
        # a page or an email is a step of its own: count them together
        name = "the pages, each rendered and written" if name.endswith(".html") else name
        item[0], item[1] = (f"{step.stage}: {name}" if name else ""), now
        if step.stage != current[0]:
            close(now)
            reset_peak()
            current[0], current[1] = step.stage, now

    @contextlib.contextmanager
    def shown(*_: object) -> Iterator[Progress]:
        yield Progress(report)

    process.progress_display.shown = shown  # type: ignore[assignment]
    ending.start()  # as the program: what the run made is not freed at its end (cli/ending)
    reset_peak()
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        current[0], current[1] = "start", started
        code = cli.main([str(path), "--out", str(Path(tmp) / "out"), "-q", *extra])
        end = time.perf_counter()
        close(end)
        total = end - started
    if code != 0:
        raise SystemExit(f"the run failed with exit status {code}")
    slowest = dict(sorted(steps.items(), key=lambda kv: -kv[1])[:STEPS_SHOWN])
    peak = max(s["peak"] for s in stages.values())
    # the second process that renders half the pages of a big site (its peak counts the
    # pages it shares with this one, unchanged since the fork, as its own)
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    return {"total": total, "stages": stages, "peak": peak, "child": child, "steps": slowest}


def child(argv: list[str]) -> None:
    """``--child floor PATH`` or ``--child run PATH [options]``: one measurement, as JSON."""
    kind, path = argv[0], Path(argv[1])
    result = child_floor(path) if kind == "floor" else child_run(path, argv[2:])
    print(json.dumps(result))
    if kind == "run":  # the process ends as the program's does
        from mahjong_club.cli import ending

        ending.end(0)


# --- the parent: runs children, prints the table --------------------------------------------


def measure(kind: str, path: Path, extra: list[str]) -> dict[str, Any]:
    """One measurement in a fresh process (its memory is the run's own)."""
    command = [sys.executable, __file__, "--child", kind, str(path), *extra]
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The median total, peak and stage times of several runs (the slowest steps: the
    first run's)."""
    stages = {name for run in runs for name in run.get("stages", {})}
    return {
        "steps": runs[0].get("steps", {}),
        "total": statistics.median(r["total"] for r in runs),
        "peak": statistics.median(r["peak"] for r in runs),
        "child": statistics.median(r.get("child", 0) for r in runs),
        "stages": {
            name: {
                "time": statistics.median(r["stages"].get(name, {}).get("time", 0) for r in runs),
                "peak": statistics.median(r["stages"].get(name, {}).get("peak", 0) for r in runs),
            }
            for name in stages
        },
    }


ORDER = ["start", "read", "compute", "build", "render", "write", "send"]


def report(rows: int, floor: dict[str, Any], runs: dict[str, dict[str, Any]], steps: bool) -> None:
    """Print one size's table."""
    print(f"\n{rows:,} game rows ({players_for(rows):,} players, {NIGHTS} nights)")
    print(f"  floor (fastexcel Games + file copy): {floor['total']:.2f} s, "
          f"{floor['peak'] / 1e9:.2f} GB")  # fmt: skip
    for label, run in runs.items():
        ratio = run["total"] / floor["total"]
        print(f"  {label}: {run['total']:.2f} s = {ratio:.2f}x the floor, "
              f"peak {run['peak'] / 1e9:.2f} GB (the second process's: "
              f"{run['child'] / 1e9:.2f} GB)")  # fmt: skip
        for name in sorted(run["stages"], key=lambda s: ORDER.index(s) if s in ORDER else 99):
            stage = run["stages"][name]
            print(f"    {name:<8} {stage['time']:8.2f} s  {stage['peak'] / 1e9:6.2f} GB")
        if steps:
            print("    slowest steps:")
            for name, took in run["steps"].items():
                print(f"      {took:8.2f} s  {name}")


def growth(results: dict[int, dict[str, dict[str, Any]]]) -> None:
    """How the cost grew between consecutive sizes, stage by stage."""
    sizes = sorted(results)
    for small, big in itertools.pairwise(sizes):
        factor = big / small
        a, b = results[small]["default"], results[big]["default"]
        print(f"\n{small:,} -> {big:,} rows ({factor:.0f}x): total {b['total'] / a['total']:.1f}x")
        for name in sorted(b["stages"], key=lambda s: ORDER.index(s) if s in ORDER else 99):
            before = a["stages"].get(name, {}).get("time", 0)
            if before > 0.01:
                print(f"    {name:<8} {b['stages'][name]['time'] / before:6.1f}x")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, action="append", help="game rows (repeatable)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per measurement (median)")
    parser.add_argument("--steps", action="store_true", help="show the slowest steps too")
    args = parser.parse_args()
    sizes = args.rows or [10_000, 100_000]
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; medians of {args.repeat}")
    variants = {"default": [], "workbook only (--no-site --no-email)": ["--no-site", "--no-email"]}
    results: dict[int, dict[str, dict[str, Any]]] = {}
    for rows in sizes:
        path = workbook(rows)
        floor = median_of([measure("floor", path, []) for _ in range(args.repeat)])
        runs = {
            label: median_of([measure("run", path, extra) for _ in range(args.repeat)])
            for label, extra in variants.items()
        }
        report(rows, floor, runs, args.steps)
        results[rows] = runs
    growth(results)


if __name__ == "__main__":
    main()
