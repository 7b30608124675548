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


@pytest.fixture(autouse=True, scope="session")
def _private_cache_folder(tmp_path_factory: pytest.TempPathFactory):
    """The suite keeps compiled templates in a folder of its own, never in the real home
    (shared by its tests; those of the cache itself use their own)."""
    import os

    before = os.environ.get("MAHJONG_CLUB_CACHE")
    os.environ["MAHJONG_CLUB_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        os.environ.pop("MAHJONG_CLUB_CACHE", None)
    else:
        os.environ["MAHJONG_CLUB_CACHE"] = before


@pytest.fixture(autouse=True, scope="session")
def _fixed_generation_time():
    """Pages say when they were made: the suite fixes that moment (as a reproducible build
    does) so that two runs of one workbook give the same files, in this process and in the
    programs it starts; tests of the clock itself remove it."""
    import os

    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = "1767225600"  # 2026-01-01 00:00 UTC
    yield
    if before is None:
        os.environ.pop("SOURCE_DATE_EPOCH", None)
    else:
        os.environ["SOURCE_DATE_EPOCH"] = before
