"""A real headless browser for the site tests: Debian's chromium driven by chromedriver."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")


def require_browser() -> None:
    """Skip locally without chromium; CI installs it, so there a missing browser fails."""
    if CHROMIUM and CHROMEDRIVER:
        return
    message = "Debian's chromium and chromium-driver are needed (.ci/run installs them)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def start_browser(width: int = 375, height: int = 800):
    """A headless Chromium with a phone-sized window, logging the console."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.profile_dir = profile  # type: ignore[attr-defined]
    # A desktop window cannot be narrower than ~500 px: emulate the phone's viewport exactly.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
    )
    return driver


def stop_browser(driver) -> None:
    """Quit the browser and remove its profile."""
    profile = getattr(driver, "profile_dir", None)
    driver.quit()
    if profile:
        shutil.rmtree(profile, ignore_errors=True)


ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
