"""A run of the command line pauses the cyclic garbage collector and turns it back on after,
also when the run fails; a caller that had it off keeps it off."""

import gc
from pathlib import Path

from mahjong_club.cli import process
from process import main

SEASON = Path(__file__).resolve().parents[1] / "sample_sheets" / "season.xlsx"


def test_the_collector_is_off_during_a_run_and_on_after(tmp_path, monkeypatch):
    seen = []
    real = process.compute

    def compute(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(process, "compute", compute)
    assert gc.isenabled()
    assert main([str(SEASON), "--out", str(tmp_path / "out"), "-q"]) == 0
    assert seen == [False]
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # what the run froze is the collector's again


def test_a_failing_run_turns_it_back_on(tmp_path, monkeypatch, capsys):
    def compute(*args, **kwargs):
        raise RuntimeError("the tool itself fails")

    monkeypatch.setattr(process, "compute", compute)
    assert main([str(SEASON), "--out", str(tmp_path / "out"), "-q"]) != 0
    assert "Internal error: RuntimeError('the tool itself fails')" in capsys.readouterr().err
    assert gc.isenabled()


def test_a_caller_with_the_collector_off_keeps_it_off(tmp_path):
    gc.disable()
    try:
        assert main([str(SEASON), "--out", str(tmp_path / "out"), "-q"]) == 0
        assert not gc.isenabled()
    finally:
        gc.enable()
