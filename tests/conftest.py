"""Test settings shared by the whole suite."""

import pytest
from hypothesis import HealthCheck, settings

# A shared machine can be slow now and then: judge the properties, not the timing.
settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.load_profile("default")


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Every test keeps the sent-ledger in a folder of its own, never in the real home."""
    monkeypatch.setenv("MAHJONG_CLUB_DATA", str(tmp_path_factory.mktemp("data")))
