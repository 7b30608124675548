"""``make golden``: rewrites only what changed, says so, and writes nothing when a run fails.

The runs themselves are replaced by fixed texts here, and the golden folder by a temporary one,
so these tests never touch tests/golden/.
"""

import pytest

from tests import golden_refresh
from tests.golden_outputs import SampleRunFailed


@pytest.fixture
def golden_dir(tmp_path, monkeypatch):
    folder = tmp_path / "golden"
    folder.mkdir()
    (folder / "same.csv").write_text("a,b\n", encoding="utf-8")
    (folder / "changed.csv").write_text("old\n", encoding="utf-8")
    (folder / "gone.csv").write_text("x\n", encoding="utf-8")
    monkeypatch.setattr(golden_refresh, "GOLDEN_DIR", folder)
    monkeypatch.setattr(golden_refresh, "GOLDENS", {"same.csv", "changed.csv", "new.csv"})
    return folder


def test_only_changed_files_are_written_and_listed(golden_dir, monkeypatch, capsys):
    made = {"same.csv": "a,b\n", "changed.csv": "new\n", "new.csv": "n\n"}
    monkeypatch.setattr(golden_refresh, "made_now", lambda: made)
    same_before = (golden_dir / "same.csv").stat().st_mtime_ns
    assert golden_refresh.main() == 0
    assert (golden_dir / "changed.csv").read_text(encoding="utf-8") == "new\n"
    assert (golden_dir / "new.csv").read_text(encoding="utf-8") == "n\n"
    assert (golden_dir / "same.csv").stat().st_mtime_ns == same_before
    printed = capsys.readouterr().out
    assert "Changed: tests/golden/changed.csv" in printed
    assert "New: tests/golden/new.csv" in printed
    assert "1 golden file(s) unchanged." in printed
    assert "no longer wanted): tests/golden/gone.csv" in printed
    assert "git diff tests/golden" in printed


def test_nothing_to_review_when_nothing_changed(golden_dir, monkeypatch, capsys):
    made = {"same.csv": "a,b\n", "changed.csv": "old\n"}
    monkeypatch.setattr(golden_refresh, "made_now", lambda: made)
    assert golden_refresh.main() == 0
    printed = capsys.readouterr().out
    assert "2 golden file(s) unchanged." in printed
    assert "Changed" not in printed and "git diff" not in printed


def test_a_failing_run_writes_nothing(golden_dir, monkeypatch, capsys):
    def failing():
        raise SampleRunFailed("season.xlsx: exit status 1\nError: sheet 'Games' ...")

    monkeypatch.setattr(golden_refresh, "made_now", failing)
    assert golden_refresh.main() == 1
    assert (golden_dir / "changed.csv").read_text(encoding="utf-8") == "old\n"
    assert not (golden_dir / "new.csv").exists()
    err = capsys.readouterr().err
    assert "no golden file was written" in err and "exit status 1" in err
