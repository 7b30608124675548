"""A run killed at any moment (kill -9) leaves the previous complete results or the new ones.

Real processes on the sample season: the output folder holds the results of one workbook, a run
of another (the same season, another club name and language, so every output differs) is
killed, and the folder must then show exactly the one or the other, with a workbook that opens.
Two ways of choosing the moment: random delays (``kill -9``), and every renaming step of the
run in turn (the process ends itself there with ``os._exit``, as abruptly as a kill).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_sheets" / "season.xlsx"
# A run that ends itself right after its N-th renaming step (a rename, replace or new link).
CRASHING_RUN = """
import os, sys
limit, calls = int(sys.argv[1]), 0
def crashing(real):
    def step(*args, **kwargs):
        global calls
        done = real(*args, **kwargs)
        calls += 1
        if calls == limit:
            os._exit(137)
        return done
    return step
for name in ("rename", "replace", "symlink"):
    setattr(os, name, crashing(getattr(os, name)))
sys.path.insert(0, sys.argv[2])
from process import main
sys.exit(main(sys.argv[3:]))
"""

Signature = dict[str, bytes]


def stable(eml: bytes) -> bytes:
    """An email without what differs between two runs (date, id, MIME boundary)."""
    text = re.sub(rb"(?m)^(Date|Message-ID): .*$", rb"\1: -", eml)
    return re.sub(rb"={15}\d+==", b"=boundary=", text)


def signature(out: Path) -> Signature:
    """What the organiser sees in ``out``: every file through the links, without ``.runs``."""
    seen = {}
    for root, dirs, names in os.walk(out, followlinks=True):
        dirs[:] = [d for d in dirs if d != ".runs"]
        for name in names:
            path = Path(root, name)
            data = path.read_bytes()
            seen[str(path.relative_to(out))] = stable(data) if name.endswith(".eml") else data
    return seen


def command(source: Path, out: Path) -> list[str]:
    return [sys.executable, str(ROOT / "process.py"), str(source), "--out", str(out)]


def run(source: Path, out: Path) -> None:
    subprocess.run(command(source, out), check=True, capture_output=True)


@pytest.fixture(scope="module")
def seasons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Signature]]:
    """The two workbooks (both called season.xlsx) and the complete results of each."""
    base = tmp_path_factory.mktemp("seasons")
    old = base / "old" / "season.xlsx"
    old.parent.mkdir()
    shutil.copy(SAMPLE, old)
    new = base / "new" / "season.xlsx"
    new.parent.mkdir()
    book = openpyxl.load_workbook(SAMPLE)
    for key, value in book["Settings"].iter_rows(min_row=2):
        if key.value == "club":
            value.value = "Mahjong Ærø"
        if key.value == "language":
            value.value = "da"
    book.save(new)
    found = {}
    for tag, source in (("old", old), ("new", new)):
        run(source, base / f"{tag}-results")
        found[tag] = (source, signature(base / f"{tag}-results"))
    assert found["old"][1] != found["new"][1]
    assert found["old"][1].keys() >= {"season.xlsx", "report/index.html"}
    return found


def check(out: Path, seasons: dict[str, tuple[Path, Signature]]) -> str:
    """Which complete results ``out`` shows ('old' or 'new'); fails on anything else."""
    seen = signature(out)
    tag = next((t for t, (_, complete) in seasons.items() if seen == complete), None)
    assert tag is not None, f"a mixture: {sorted(seen)}"
    openpyxl.load_workbook(out / "season.xlsx", read_only=True).close()
    return tag


def assert_tidy(out: Path) -> None:
    """After a complete run: no temporaries, only the shown and the previous version (and
    what a run kept of real files under the outputs' names)."""
    assert sorted(n for n in os.listdir(out) if n.startswith(".")) == [".runs"]
    found = os.listdir(out / ".runs")
    versions = [n for n in found if n not in ("current", "lock") and not n.startswith("kept-")]
    assert len(versions) <= 2 and not any(n.startswith(".") for n in versions)


def started_writing(out: Path, process: subprocess.Popen[bytes]) -> None:
    """Wait until ``process`` starts writing its version folder (or ends)."""
    before = set(os.listdir(out / ".runs"))
    deadline = time.monotonic() + 30
    while process.poll() is None and time.monotonic() < deadline:
        if set(os.listdir(out / ".runs")) - before:
            return
        time.sleep(0.0005)


def kill_trials(out: Path, seasons: dict[str, tuple[Path, Signature]], trials: int) -> list[str]:
    """Start runs into ``out`` and kill -9 them at random moments; the results each shows.

    Every other run is killed at a random moment of its whole course, the others at a random
    moment after they started writing (the writing is a few hundredths of a second of it).
    """
    seed = os.environ.get("KILL_SEED", str(time.time_ns()))
    print(f"KILL_SEED={seed}")  # shown when the test fails: run again with it to repeat
    rng = random.Random(seed)
    start = time.monotonic()
    run(seasons["old"][0], out)
    duration = time.monotonic() - start
    shown = []
    for trial in range(trials):
        other = "new" if check(out, seasons) == "old" else "old"
        process = subprocess.Popen(
            command(seasons[other][0], out), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        if trial % 2:
            started_writing(out, process)
            time.sleep(rng.uniform(0, 0.15))
        else:
            time.sleep(rng.uniform(0.3, 1.1) * duration)
        process.kill()  # SIGKILL: kill -9
        process.wait(timeout=60)
        shown.append(check(out, seasons))
    return shown


def test_a_run_killed_at_random_moments(seasons, tmp_path: Path) -> None:
    out = tmp_path / "out"
    kill_trials(out, seasons, trials=6)
    run(seasons["new"][0], out)  # the next run cleans up what the killed ones left
    assert check(out, seasons) == "new"
    assert_tidy(out)


@pytest.mark.slow
def test_many_runs_killed_at_random_moments(seasons, tmp_path: Path) -> None:
    out = tmp_path / "out"
    kill_trials(out, seasons, trials=16)
    run(seasons["old"][0], out)
    assert check(out, seasons) == "old"
    assert_tidy(out)


def crash_at_every_step(out: Path, prepare, seasons) -> list[str]:
    """Run the new season into ``out`` (made ready by ``prepare()`` each time), ending the
    process right after its 1st, 2nd … renaming step until a run completes; the results each
    shows."""
    shown = []
    for step in range(1, 200):
        prepare()
        argv = [sys.executable, "-c", CRASHING_RUN, str(step), str(ROOT)]
        argv += [str(seasons["new"][0]), "--out", str(out)]
        done = subprocess.run(argv, capture_output=True, check=False)
        shown.append(check(out, seasons))
        if done.returncode == 0:
            return shown
        assert done.returncode == 137, done.stderr.decode()
    raise AssertionError("the run never completed")


def test_a_run_ended_at_each_renaming_step(seasons, tmp_path: Path) -> None:
    out, saved = tmp_path / "out", tmp_path / "saved"
    run(seasons["old"][0], saved)

    def prepare() -> None:
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(saved, out, symlinks=True)

    shown = crash_at_every_step(out, prepare, seasons)
    # ended before the switch: the old results; right after it (and when done): the new
    assert shown == ["old"] * (len(shown) - 2) + ["new", "new"]
    assert_tidy(out)


@pytest.mark.slow
def test_results_of_the_tool_before_0_3_ended_at_each_step(seasons, tmp_path: Path) -> None:
    # the old layout: real files and folders, which the run first turns into links
    out = tmp_path / "out"
    run(seasons["old"][0], tmp_path / "mails")
    outbox = tmp_path / "mails" / "outbox"

    def prepare() -> None:
        shutil.rmtree(out, ignore_errors=True)
        for name, data in seasons["old"][1].items():
            if not name.endswith(".eml"):
                (out / name).parent.mkdir(parents=True, exist_ok=True)
                (out / name).write_bytes(data)
        shutil.copytree(outbox, out / "outbox")

    shown = crash_at_every_step(out, prepare, seasons)
    assert shown[-1] == "new" and "old" in shown
    assert_tidy(out)
