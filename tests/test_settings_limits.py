"""Settings that go into every email and page are bounded, found by a hostile-files trial:
a `club` of 10 MB made the run take minutes (each email's subject encoded it again) and a
`site_url` of `javascript:…` became the link of every HTML email."""

from __future__ import annotations

import pytest

from tests.test_cli_errors import league, run


@pytest.mark.parametrize("key", ["club", "season", "tournament", "city"])
def test_a_name_setting_longer_than_200_characters_is_an_error(tmp_path, capsys, key):
    sheets = league()
    sheets["Settings"] = [["Key", "Value"], ["club", "Test club"], [key, "Ærøs" * 60]]
    if key == "club":
        del sheets["Settings"][1]
        sheets["Settings"].insert(1, ["season", "2026"])
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1
    assert (
        f"sheet 'Settings', row 3, column 'Value': {key}: is 240 characters long; a name here"
        " may have at most 200"
    ) in err
    assert not (tmp_path / "out").exists()


def test_a_name_of_200_characters_is_taken(tmp_path, capsys):
    sheets = league()
    sheets["Settings"][1] = ["club", "K" * 200]
    code, _ = run(tmp_path, sheets)
    assert code == 0, capsys.readouterr().err


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "data:text/html,<b>x</b>",
        "club",
        "https://a b",
        "ftp://x",
    ],
)
def test_site_url_must_be_a_web_address(tmp_path, capsys, url):
    sheets = league()
    sheets["Settings"].append(["site_url", url])
    code, _ = run(tmp_path, sheets)
    err = capsys.readouterr().err
    assert code == 1
    assert "site_url: expected the site's web address, starting with https:// or http://" in err


@pytest.mark.parametrize(
    ("url", "linked"),
    [
        ("https://club.example.org/results/", "https://club.example.org/results/"),
        ("HTTP://club.dk", "HTTP://club.dk"),
        ("www.mahjong.dk/resultater", "https://www.mahjong.dk/resultater"),  # as typed
    ],
)
def test_a_web_address_is_taken(tmp_path, capsys, url, linked):
    sheets = league()
    sheets["Settings"].append(["site_url", url])
    code, out = run(tmp_path, sheets)
    assert code == 0, capsys.readouterr().err
    emails = b"".join(p.read_bytes() for p in (out / "outbox").glob("*.eml"))
    assert linked.encode() in emails
