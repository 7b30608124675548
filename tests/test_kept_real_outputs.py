"""Real files and folders under the outputs' names are never deleted (an interrupted-runs
trial's find): a real `report/` holding the organiser's `notes.txt`, or a file of theirs
with the updated workbook's name, was taken into a version folder silently, and the next
run removed that version: the files were gone for good. They are now kept in
`.runs/kept-…`, which no run removes, and the run says where."""

from __future__ import annotations

from pathlib import Path

from mahjong_club.cli import main
from tests.builders import write_workbook
from tests.test_cli_errors import league


def kept_files(out: Path) -> dict[str, str]:
    return {
        str(p.relative_to(out / ".runs")).split("/", 1)[1]: p.read_text()
        for p in (out / ".runs").glob("kept-*/**/*")
        if p.is_file()
    }


def test_the_organisers_files_under_the_outputs_names_are_kept(tmp_path, capsys):
    source = write_workbook(tmp_path / "season.xlsx", league())
    out = tmp_path / "docs"
    (out / "report").mkdir(parents=True)
    (out / "report" / "notes.txt").write_text("my notes")
    (out / "outbox").mkdir()
    (out / "outbox" / "sponsor.eml").write_text("draft")
    (out / "season.xlsx").write_text("mine")
    for _ in range(3):  # the run after the first used to remove them
        assert main([str(source), "--out", str(out)]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert kept_files(out) == {
        "report/notes.txt": "my notes",
        "outbox/sponsor.eml": "draft",
        "season.xlsx": "mine",
    }
    assert f"Kept: {out / 'report'} was a real file or folder, not the tool's link" in said
    assert said.count("Kept: ") == 3  # said once, by the run that found them
    assert (out / "report").is_symlink() and (out / "season.xlsx").is_symlink()


def test_a_real_report_folder_a_run_without_the_site_retires_is_kept(tmp_path, capsys):
    source = write_workbook(tmp_path / "season.xlsx", league())
    out = tmp_path / "out"
    (out / "report").mkdir(parents=True)
    (out / "report" / "notes.txt").write_text("my notes")
    assert main([str(source), "--out", str(out), "--no-site", "--no-email"]) == 0
    assert not (out / "report").exists()  # no site beside this week's workbook
    assert kept_files(out) == {"report/notes.txt": "my notes"}
    assert "Kept: " in capsys.readouterr().out


def test_a_workbook_saved_over_the_link_is_kept_and_a_copy_of_the_results_is_not(tmp_path, capsys):
    """Excel saving the organiser's typed-in changes over `out/season.xlsx` (the link) makes
    it a real file with other bytes: kept. A real `report/` holding exactly what the results
    show (a copy that followed the links) is the tool's own: not kept, nothing said."""
    import shutil

    source = write_workbook(tmp_path / "season.xlsx", league())
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out), "-q"]) == 0
    (out / "season.xlsx").unlink()
    (out / "season.xlsx").write_bytes(b"PK typed in Excel")
    shown = (out / "report").resolve()
    (out / "report").unlink()
    shutil.copytree(shown, out / "report")
    assert main([str(source), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert kept_files(out) == {"season.xlsx": "PK typed in Excel"}
    assert said.count("Kept: ") == 1
