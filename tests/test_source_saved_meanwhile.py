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
    assert "season.xlsx was saved again while it was being processed, so the results" in err
    assert "Nothing in" in err  # the previous results stay
    assert sheet_rows(out / "season.xlsx", "Standings") == before
    monkeypatch.undo()
    assert main([str(source), "--out", str(out), "-q"]) == 0  # the next run: the new file
    settings = sheet_rows(out / "season.xlsx", "Settings")
    assert {"Key": "club", "Value": "Saved meanwhile"} in settings
