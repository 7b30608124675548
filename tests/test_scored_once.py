"""Each game is scored once per run: last week's standings (the ± column) reuse this week's
scored games. The ranks are exactly those of scoring every game again."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_club.common.problems import Problems
from mahjong_club.compute.standings import compute_standings, previous_ranks
from mahjong_club.pipeline import read_workbook
from rules import mcr, riichi, standings

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("sample", ["season.xlsx", "tournament.xlsx", "mcr_tournament.xlsx"])
def test_last_weeks_ranks_are_those_of_scoring_again(sample, monkeypatch):
    season, problems = read_workbook(ROOT / "sample_sheets" / sample)
    assert not problems.errors
    scored = []
    for module in (mcr, riichi):
        name = "score_mcr_game" if module is mcr else "score_riichi_game"
        real = getattr(standings, name)

        def counting(*args, real=real, **kwargs):
            scored.append(args[0].id)
            return real(*args, **kwargs)

        monkeypatch.setattr(standings, name, counting)
    result = compute_standings(season, Problems(), None)
    assert len(scored) == len(set(scored)) == len(season.games)  # each game once
    monkeypatch.undo()
    assert result.previous_ranks == previous_ranks(season, result.new_dice)
