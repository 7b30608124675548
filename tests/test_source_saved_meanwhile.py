"""The workbook saved again while a run processes it (an interrupted-runs trial's find): the
updated copy was made of the new file's sheets beside results computed from the old one, and
shown, status 0. Now the run notices (the file is not the one it read: another inode, size
or time) and shows nothing; the next run reads the new file."""

from __future__ import annotations

import os

from mahjong_club.cli import main
from mahjong_club.cli import process as process_module
from tests.builders import sheet_rows, write_workbook
from tests.test_cli_errors import league


def test_a_workbook_saved_again_during_the_run_is_not_mixed_in(tmp_path, capsys, monkeypatch):
    source = write_workbook(tmp_path / "season.xlsx", league())
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out), "-q"]) == 0
    before = sheet_rows(out / "season.xlsx", "Standings")
    changed = league()
    changed["Settings"][1] = ["club", "Saved meanwhile"]
    real = process_module.build_outputs

    def saved_meanwhile(*args, **kwargs):
        built = real(*args, **kwargs)
        newer = write_workbook(tmp_path / "newer.xlsx", changed)
        os.replace(newer, source)  # as Excel and LibreOffice save: a new file in one step
        return built

    monkeypatch.setattr(process_module, "build_outputs", saved_meanwhile)
    assert main([str(source), "--out", str(out)]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "season.xlsx was saved again (or removed) while it was being processed" in err
    assert "Nothing in" in err  # the previous results stay
    assert sheet_rows(out / "season.xlsx", "Standings") == before
    monkeypatch.undo()
    assert main([str(source), "--out", str(out), "-q"]) == 0  # the next run: the new file
    settings = sheet_rows(out / "season.xlsx", "Settings")
    assert {"Key": "club", "Value": "Saved meanwhile"} in settings


def test_a_workbook_cut_short_or_removed_during_the_run_is_said_so(tmp_path, capsys, monkeypatch):
    """It was "Internal error: BadZipFile('File is not a zip file')" (an interrupted-runs
    trial's find)."""
    source = write_workbook(tmp_path / "season.xlsx", league())
    real = process_module.build_outputs
    for damage in ("truncate", "remove"):
        data = source.read_bytes()

        def damaged(*args, damage=damage, data=data, **kwargs):
            built = real(*args, **kwargs)
            if damage == "truncate":
                with open(source, "r+b") as file:  # in place: the same file, cut short
                    file.truncate(len(data) // 2)
            else:
                source.unlink()
            return built

        monkeypatch.setattr(process_module, "build_outputs", damaged)
        out = tmp_path / damage
        assert main([str(source), "--out", str(out)]) == 1
        err = " ".join(capsys.readouterr().err.split())
        assert "Internal error" not in err
        assert "season.xlsx was saved again (or removed) while it was being processed" in err
        assert not (out / "season.xlsx").exists()
        source.write_bytes(data)
