"""Rewrite the golden files from the samples: ``make golden`` (``python -m tests.golden_refresh``).

Runs the tool on every sample (:data:`tests.golden_outputs.RUNS`) and writes each golden file
whose content changed, then lists what changed. Nothing is written when a run fails. The tests
never write golden files: after an intended change, run this, review ``git diff tests/golden``
and commit the files with the change.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

from mahjong_club.common.files import write_text_atomic
from tests.golden_outputs import GOLDEN_DIR, GOLDENS, RUNS, SampleRunFailed, produce, run_sample


def made_now() -> dict[str, str]:
    """Every golden file as the current code makes it (the tool's own output kept quiet)."""
    texts: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="golden-") as tmp:
        for key, run in RUNS.items():
            printed = io.StringIO()
            try:
                with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                    out = run_sample(run, Path(tmp) / key)
            except SampleRunFailed as failure:
                raise SampleRunFailed(f"{failure}\n{printed.getvalue()}") from None
            texts.update(produce(run, out))
    return texts


def refresh() -> dict[str, list[str]]:
    """Write the golden files that differ; the names by outcome (changed, new, unchanged,
    and files in tests/golden/ that no run makes any more)."""
    outcome: dict[str, list[str]] = {"changed": [], "new": [], "unchanged": [], "stale": []}
    for name, text in made_now().items():
        path = GOLDEN_DIR / name
        before = path.read_text(encoding="utf-8") if path.exists() else None
        if before == text:
            outcome["unchanged"].append(name)
            continue
        write_text_atomic(path, text)
        outcome["new" if before is None else "changed"].append(name)
    outcome["stale"] = sorted(p.name for p in GOLDEN_DIR.iterdir() if p.name not in GOLDENS)
    return outcome


def main() -> int:
    try:
        outcome = refresh()
    except SampleRunFailed as failure:
        print(f"A sample did not process, no golden file was written:\n{failure}", file=sys.stderr)
        return 1
    for label, key in (("Changed", "changed"), ("New", "new")):
        for name in outcome[key]:
            print(f"{label}: tests/golden/{name}")
    print(f"{len(outcome['unchanged'])} golden file(s) unchanged.")
    for name in outcome["stale"]:
        print(f"Not made by any run (delete it if it is no longer wanted): tests/golden/{name}")
    if outcome["changed"] or outcome["new"]:
        print("Review the differences with `git diff tests/golden` before committing them.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
