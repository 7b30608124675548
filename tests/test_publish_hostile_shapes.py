"""common.publish against shapes of the output folder made by hand or by copy tools: a real
folder where a link was, the tool's own ``.runs`` copied with links followed, a full disk under
the organiser's web root, a run killed during the adoption of real folders. All made for real."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mahjong_club.cli.failures import explain_os_error
from mahjong_club.common import publish
from mahjong_club.common.publish import MARKER, RUNS
from process import main
from tests.test_output_failures import mounted_tmpfs, refused, shown, source  # noqa: F401
from tests.test_publish import NAMES, builder, expected
from tests.test_publish import shown as shown_text


def test_a_refused_web_root_after_a_real_outbox_changes_nothing(
    source: Path,  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "vr"
    assert main([str(source), "--out", str(out)]) == 0
    (out / "outbox").unlink()  # the outbox link made a real folder by hand
    subprocess.run(["cp", "-r", str(out / RUNS / "current" / "outbox"), str(out)], check=True)
    docs = tmp_path / "www3" / "docs"
    docs.mkdir(parents=True)
    (docs / "mine.txt").write_text("x")
    (out / "report").unlink()  # ln -sfn www3/docs vr/report
    os.symlink(docs, out / "report")
    before = shown(out)
    err = refused([str(source), "--out", str(out)], capsys)
    assert "which holds files this tool did not write" in err
    assert f"Nothing in {out} was changed: it still holds the previous results." in err
    assert shown(out) == before  # the workbook above all: still there, the same bytes
    assert (out / "season.xlsx").read_bytes().startswith(b"PK")
    assert not (out / "outbox").is_symlink()  # not even adopted: the refusal came first
    assert os.listdir(docs) == ["mine.txt"]


def test_adoption_copies_what_links_show_never_the_links(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("old"))
    (out / "outbox").unlink()
    (out / "outbox").mkdir()
    (out / "outbox" / "001-organiser.eml").write_text("mail old")
    publish.publish(out, NAMES, builder("new"))
    assert shown_text(out) == expected("new")
    found = os.listdir(out / RUNS)
    versions = [v for v in found if v not in ("current", "lock") and not v.startswith("kept-")]
    assert len(versions) == 3  # the first run's, the adoption's snapshot and this run's
    # the real folder held what the results showed (a copy's): nothing of anyone's to keep
    assert not [v for v in found if v.startswith("kept-")]
    for version in versions:
        for name in NAMES:
            assert not (out / RUNS / version / name).is_symlink()
    snapshots = [
        v for v in versions if (out / RUNS / v / "season.xlsx").read_text() == "workbook old"
    ]
    assert len(snapshots) == 2


KILLED_BEFORE_THE_SWITCH = """
    import os, signal, sys
    from pathlib import Path
    from mahjong_club.common import publish
    from tests.test_publish import NAMES, builder
    real_replace, switches = os.replace, []

    def replace(src, dst):
        if Path(dst).name == "current":
            switches.append(src)
            if len(switches) == 2:  # the adoption's switch was the first: the run's is next
                os.kill(os.getpid(), signal.SIGKILL)
        real_replace(src, dst)

    os.replace = replace
    publish.publish(Path(sys.argv[1]), NAMES, builder("new"))
"""


def test_a_run_killed_just_before_the_switch_after_an_adoption(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("old"))
    (out / "outbox").unlink()
    (out / "outbox").mkdir()
    (out / "outbox" / "001-organiser.eml").write_text("mail old")
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(KILLED_BEFORE_THE_SWITCH), str(out)],
        cwd=Path(__file__).parent.parent,
        check=False,
    )
    assert done.returncode == -9
    assert shown_text(out) == expected("old")  # the workbook too, through the new snapshot
    assert all((out / name).is_symlink() for name in NAMES)
    publish.publish(out, NAMES, builder("next"))
    assert shown_text(out) == expected("next")


def test_an_output_folder_copied_with_links_followed_runs_again(tmp_path: Path) -> None:
    vp, vq = tmp_path / "vp", tmp_path / "vq"
    publish.publish(vp, NAMES, builder("one"))
    subprocess.run(["cp", "-rL", str(vp), str(vq)], check=True)
    assert (vq / RUNS / "current").is_dir() and not (vq / RUNS / "current").is_symlink()
    publish.publish(vq, NAMES, builder("two"))
    assert shown_text(vq) == expected("two")
    assert (vq / RUNS / "current").is_symlink()
    assert all((vq / name).is_symlink() for name in NAMES)
    publish.publish(vq, NAMES, builder("three"))
    assert shown_text(vq) == expected("three")
    assert len(os.listdir(vq / RUNS)) == 4  # current, lock, the previous and this run: the
    # copy's real files held what its results showed, so nothing was kept


def test_only_current_a_real_folder_still_shows_the_results(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("one"))
    current = out / RUNS / "current"
    version = out / RUNS / os.readlink(current)
    current.unlink()
    subprocess.run(["cp", "-r", str(version), str(current)], check=True)
    seen = []
    publish.publish(
        out, NAMES, lambda folder: (seen.append(shown_text(out)), builder("two")(folder))
    )
    assert seen == [expected("one")]  # the links through current showed the same throughout
    assert shown_text(out) == expected("two")


def test_a_folder_where_the_lock_goes_is_taken_away(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("one"))
    (out / RUNS / "lock").unlink()
    (out / RUNS / "lock" / "inner").mkdir(parents=True)
    publish.publish(out, NAMES, builder("two"))
    assert shown_text(out) == expected("two")
    assert (out / RUNS / "lock").is_file()


def test_a_file_where_the_versions_go_is_named(
    source: Path,  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "vt"
    out.mkdir()
    (out / RUNS).write_text("not a folder")
    err = refused([str(source), "--out", str(out)], capsys)
    assert err.startswith(f"Error: {out / RUNS} is a file, but the results need a folder there;")
    assert (out / RUNS).read_text() == "not a folder"


def test_the_tools_own_paths_are_named_as_they_are(tmp_path: Path) -> None:
    out = tmp_path / "vt"
    for path in (out / RUNS / "lock", out / RUNS / "current"):
        exc = IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        assert (
            explain_os_error(exc, out).render("en") == f"{path} cannot be written: Is a directory"
        )
    page = IsADirectoryError(errno.ENOSPC, "No space", str(out / RUNS / "2026-x" / "report" / "a"))
    assert str(out / "report" / "a") in explain_os_error(page, out).render("en")


def test_a_full_disk_under_a_linked_web_root_is_one_sentence(
    source: Path,  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "out"
    with mounted_tmpfs(tmp_path / "www", "size=1m") as www:
        (www / "club").mkdir()
        out.mkdir()
        os.symlink(www / "club", out / "report")
        assert main([str(source), "--out", str(out)]) == 0
        before, pages = shown(out), sorted(os.listdir(www / "club"))
        assert MARKER in pages
        with contextlib.suppress(OSError), open(www / "filler", "wb") as fill:
            while True:  # until the disk is full
                fill.write(b"\0" * 4096)
                fill.flush()
        err = refused([str(source), "--out", str(out)], capsys)
        lines = err.splitlines()
        assert lines[0].startswith(f"Error: the disk is full: {www / 'club'}/")
        assert lines[0].endswith(" could not be written; free some space and run again")
        assert lines[1:] == [f"Nothing in {out} was changed: it still holds the previous results."]
        assert ".tmp" not in err and "(" not in err
        assert shown(out) == before
        assert sorted(os.listdir(www)) == ["club", "filler"]  # no half-built folder beside it
