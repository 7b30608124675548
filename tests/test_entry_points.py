"""The installed ``mahjong-club`` command, ``python process.py`` and ``python -m mahjong_club``
are one program: the same outputs, the same text, the same version."""

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_sheets" / "duplicate.xlsx"
COMMAND = Path(sys.executable).parent / "mahjong-club"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
# `make` installs the project into the venv; CI must never skip the command's test.
needs_command = pytest.mark.skipif(
    not COMMAND.exists() and not os.environ.get("CI"),
    reason="the project is not installed in this venv (run make)",
)


def run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)


def stable(eml: bytes) -> str:
    """An email without what differs between two runs (date, id, MIME boundary)."""
    text = eml.decode()
    text = re.sub(r"(?m)^(Date|Message-ID): .*$", r"\1: -", text)
    return re.sub(r"={15}\d+==", "=boundary=", text)


def shown_files(folder: Path) -> list[Path]:
    """The files an organiser sees in an output folder: through its links, without ``.runs``."""
    found = []
    for root, dirs, names in os.walk(folder, followlinks=True):
        dirs[:] = [d for d in dirs if d != ".runs"]
        found += [Path(root, name).relative_to(folder) for name in names]
    return sorted(found)


@needs_command
def test_the_command_and_process_py_give_the_same_results(tmp_path: Path):
    by_command = run([str(COMMAND), str(SAMPLE), "--out", str(tmp_path / "a")], tmp_path)
    by_script = run(
        [sys.executable, str(ROOT / "process.py"), str(SAMPLE), "--out", str(tmp_path / "b")],
        tmp_path,
    )
    assert (by_command.returncode, by_script.returncode) == (0, 0), by_command.stderr
    assert by_command.stdout.replace("/a/", "/b/") == by_script.stdout
    assert by_command.stderr == by_script.stderr
    a, b = tmp_path / "a", tmp_path / "b"
    files_a = shown_files(a)
    assert files_a == shown_files(b)
    assert {"duplicate.xlsx", "report/index.html", "report/duplicate.html"} <= {
        str(f) for f in files_a
    }
    for name in files_a:
        if name.suffix == ".eml":
            assert stable((a / name).read_bytes()) == stable((b / name).read_bytes())
        else:
            assert (a / name).read_bytes() == (b / name).read_bytes(), name


@needs_command
@pytest.mark.parametrize(
    "argv",
    [
        [str(COMMAND), "--version"],
        [sys.executable, "-m", "mahjong_club", "--version"],
        [sys.executable, str(ROOT / "process.py"), "--version"],
    ],
    ids=["mahjong-club", "python -m mahjong_club", "process.py"],
)
def test_version_is_the_project_version(argv: list[str], tmp_path: Path):
    result = run(argv, tmp_path)
    assert result.returncode == 0
    assert result.stdout.split()[-1] == VERSION


def test_help_names_the_command_and_its_examples(tmp_path: Path):
    result = run([sys.executable, "-m", "mahjong_club", "--help"], tmp_path)
    assert result.returncode == 0
    assert "example:" in result.stdout
    assert "score-hand" in result.stdout
