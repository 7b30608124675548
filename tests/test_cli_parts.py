"""CLI: ``--no-site`` and ``--no-email``, the run that writes fewer outputs.

Whatever is left out, what is written is exactly what the full run writes: the same workbook,
the same exports, the same pages, the same emails. An earlier run's ``report``/``outbox``
does not stay beside the new workbook (two weeks' results side by side would mislead).
"""

import os
import zipfile
from pathlib import Path

import pytest

from mahjong_club.common import publish
from process import main

ROOT = Path(__file__).resolve().parents[1]
SEASON = ROOT / "sample_sheets" / "season.xlsx"
TOURNAMENT = ROOT / "sample_sheets" / "tournament.xlsx"


def members(workbook: Path) -> dict[str, bytes]:
    """Every part of a workbook by name (a zip's own timestamps aside)."""
    with zipfile.ZipFile(workbook) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its relative path."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def without_stamps(files: dict[str, bytes]) -> dict[str, bytes]:
    """Emails without their ``Date`` and ``Message-ID`` headers (new for every run)."""
    return {
        name: b"\n".join(
            line for line in data.split(b"\n") if not line.startswith((b"Date: ", b"Message-ID: "))
        )
        for name, data in files.items()
    }


def shown(out: Path) -> list[str]:
    """What the organiser sees in the output folder (the tool's own ``.runs`` aside)."""
    return sorted(entry.name for entry in out.iterdir() if entry.name != ".runs")


@pytest.fixture(scope="module")
def full(tmp_path_factory) -> Path:
    """The sample season processed with every output."""
    out = tmp_path_factory.mktemp("full") / "out"
    assert main([str(SEASON), "--out", str(out), "-q"]) == 0
    return out


def test_workbook_only_writes_the_same_workbook_and_nothing_else(tmp_path, full, capsys):
    out = tmp_path / "out"
    assert main([str(SEASON), "--out", str(out), "--no-site", "--no-email"]) == 0
    assert shown(out) == ["season.xlsx"]
    assert members(out / "season.xlsx") == members(full / "season.xlsx")
    printed = capsys.readouterr().out
    assert "No site this run (--no-site): the output folder has no report/" in printed
    assert "No emails this run (--no-email): the output folder has no outbox/" in printed
    assert "emails not sent" not in printed


def test_no_site_writes_the_same_emails(tmp_path, full, capsys):
    out = tmp_path / "out"
    assert main([str(SEASON), "--out", str(out), "--no-site"]) == 0
    assert shown(out) == ["outbox", "season.xlsx"]
    assert without_stamps(tree(out / "outbox")) == without_stamps(tree(full / "outbox"))
    assert len(tree(out / "outbox")) == 30
    printed = capsys.readouterr().out
    assert "30 emails not sent, only written to" in printed


def test_no_email_writes_the_same_site(tmp_path, full):
    out = tmp_path / "out"
    assert main([str(SEASON), "--out", str(out), "--no-email", "-q"]) == 0
    assert shown(out) == ["report", "season.xlsx"]
    assert tree(out / "report") == tree(full / "report")
    assert "index.html" in tree(out / "report")


def test_the_exports_are_written_without_site_and_emails(tmp_path):
    full, alone = tmp_path / "full", tmp_path / "alone"
    assert main([str(TOURNAMENT), "--out", str(full), "-q"]) == 0
    assert main([str(TOURNAMENT), "--out", str(alone), "-q", "--no-site", "--no-email"]) == 0
    csvs = [name for name in shown(full) if name.endswith(".csv")]
    assert csvs, "the tournament sample has its EMA export"
    assert shown(alone) == sorted([*csvs, "tournament.xlsx"])
    for name in csvs:
        assert (alone / name).read_bytes() == (full / name).read_bytes()


def test_an_earlier_runs_site_and_emails_go(tmp_path, full):
    out = tmp_path / "out"
    assert main([str(SEASON), "--out", str(out), "-q"]) == 0
    assert shown(out) == ["outbox", "report", "season.xlsx"]
    assert main([str(SEASON), "--out", str(out), "-q", "--no-site", "--no-email"]) == 0
    assert shown(out) == ["season.xlsx"]
    assert not os.path.lexists(out / "report") and not os.path.lexists(out / "outbox")
    assert main([str(SEASON), "--out", str(out), "-q"]) == 0
    assert shown(out) == ["outbox", "report", "season.xlsx"]
    assert tree(out / "report") == tree(full / "report")


def test_without_links_an_earlier_runs_site_and_emails_go_too(tmp_path, monkeypatch):
    """On a disk without symbolic links (a FAT stick) the outputs are real folders."""
    monkeypatch.setattr(publish, "_links_work", lambda _runs: False)
    out = tmp_path / "out"
    assert main([str(SEASON), "--out", str(out), "-q"]) == 0
    assert (out / "report").is_dir() and not (out / "report").is_symlink()
    assert main([str(SEASON), "--out", str(out), "-q", "--no-site"]) == 0
    assert shown(out) == ["outbox", "season.xlsx"]
    assert main([str(SEASON), "--out", str(out), "-q", "--no-email"]) == 0
    assert shown(out) == ["report", "season.xlsx"]


def test_a_real_site_folder_of_an_earlier_version_goes(tmp_path, full):
    """Written before 0.3 (or copied over the link): a real ``report`` folder is a site of
    an earlier run all the same."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "report").mkdir()
    (out / "report" / "index.html").write_text("last week", encoding="utf-8")
    assert main([str(SEASON), "--out", str(out), "-q", "--no-site", "--no-email"]) == 0
    assert shown(out) == ["season.xlsx"]


def test_the_organisers_own_site_link_is_left_alone(tmp_path):
    """A ``report`` that is the organiser's link (to a web server's folder) is theirs: a run
    without the site neither empties nor removes it."""
    web = tmp_path / "www"
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(web, out / "report")
    assert main([str(SEASON), "--out", str(out), "-q"]) == 0
    published = tree(web)
    assert "index.html" in published
    assert main([str(SEASON), "--out", str(out), "-q", "--no-site"]) == 0
    assert (out / "report").is_symlink() and os.readlink(out / "report") == str(web)
    assert tree(web) == published


def test_a_dry_run_without_site_and_emails_writes_nothing(tmp_path, capsys):
    out = tmp_path / "out"
    argv = [str(SEASON), "--out", str(out), "--dry-run", "--no-site", "--no-email"]
    assert main(argv) == 0
    assert not out.exists()
    assert "Chen Wei" in capsys.readouterr().out


def test_send_without_emails_is_a_usage_error(tmp_path, capsys):
    out = tmp_path / "out"
    assert main([str(SEASON), "--out", str(out), "--send", "--no-email"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage:")
    assert "Error: --send sends the emails this run writes: it does not go with --no-email" in err
    assert not out.exists()


def test_help_names_both_options(capsys):
    with pytest.raises(SystemExit, match="0"):
        main(["--help"])
    text = capsys.readouterr().out
    assert "--no-site" in text and "--no-email" in text
    assert "history.xlsx --no-site --no-email" in text
