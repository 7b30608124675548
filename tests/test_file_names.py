"""Every file name the tool writes is bounded, unique, readable and valid on every system."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_club.common.text import MAX_NAME_BYTES, safe_file_name, slugify
from process import main
from tests.builders import write_workbook
from tests.test_cli_errors import league

RESERVED = re.compile(r"(con|prn|aux|nul|clock\$|conin\$|conout\$|(com|lpt)[0-9¹²³])", re.I)
REFUSED_CHARACTERS = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')


def assert_valid(name: str, limit: int = MAX_NAME_BYTES) -> None:
    """A name every file system takes, inside its folder, within ``limit`` bytes."""
    assert 0 < len(name.encode("utf-8")) <= limit, name
    assert not REFUSED_CHARACTERS.search(name), name
    assert not name.startswith(".") and not name.endswith((".", " ")), name
    assert not RESERVED.fullmatch(name.split(".")[0].rstrip(" ")), name


@given(st.lists(st.text(max_size=400), min_size=1, max_size=8), st.sampled_from(["", ".html"]))
def test_any_names_become_valid_unique_file_names(names: list[str], suffix: str) -> None:
    taken: set[str] = set()
    made = [safe_file_name(name, taken, suffix=suffix) for name in names]
    for name in made:
        assert_valid(name)
        assert name.endswith(suffix)
    assert len({m.casefold() for m in made}) == len(made)


@pytest.mark.parametrize(
    ("name", "suffix", "made"),
    [
        ("CON", ".xlsx", "CON_.xlsx"),
        ("nul", "", "nul_"),
        ("Aux ", ".eml", "Aux_.eml"),
        ("com1.backup", ".csv", "com1_.backup.csv"),
        ("LPT9", ".html", "LPT9_.html"),
        ("COM¹", "", "COM¹_"),
        ("console", ".xlsx", "console.xlsx"),
        ("../../etc/passwd", "", "_.._etc_passwd"),
        ("..", ".html", "file.html"),
        ("season 2026...", ".xlsx", "season 2026.xlsx"),
        ("Åse: Mølgaard?", ".eml", "Åse_ Mølgaard_.eml"),
        ("", ".csv", "file.csv"),
    ],
)
def test_reserved_and_refused_names(name: str, suffix: str, made: str) -> None:
    assert safe_file_name(name, suffix=suffix) == made
    assert_valid(made)


def test_long_names_stay_readable_and_unique() -> None:
    taken: set[str] = set()
    name = "Søren Østergaard-Mølgaard " * 12
    first, second = (safe_file_name(name, taken, suffix=".xlsx") for _ in range(2))
    assert first.startswith("Søren Østergaard-Mølgaard Søren")
    assert second.endswith("-2.xlsx")
    assert len(first.encode()) <= MAX_NAME_BYTES and len(second.encode()) <= MAX_NAME_BYTES
    slugs: set[str] = set()
    assert [slugify(name, slugs, limit=20) for _ in range(2)] == [
        "soren-ostergaard-mol",
        "soren-ostergaard-m-2",
    ]


def shown_names(folder: Path) -> list[str]:
    """Every file and folder name an organiser sees in the output folder (through links)."""
    found = []
    for _root, dirs, names in os.walk(folder, followlinks=True):
        dirs[:] = [d for d in dirs if d != ".runs"]
        found += dirs + names
    return found


def long_league() -> tuple[dict[str, list[list[object]]], list[str]]:
    """The league with 300-character player and division names, two alike for 250."""
    sheets = league()
    long = {p: "Åse Mølgaard-Østergaard " * 10 + p * 60 for p in "ABCDE"}
    division = "Division of the Long Winter Evenings " * 8
    for sheet in ("Players", "Divisions", "Games"):
        for row in sheets[sheet][1:]:
            row[:] = [long.get(v, v) if isinstance(v, str) else v for v in row]
            if sheet != "Players":
                row[:] = [division if v == "R1" else v for v in row]
    return sheets, list(long.values())


def test_long_player_and_division_names_give_bounded_unique_pages(tmp_path: Path) -> None:
    sheets, players = long_league()
    source = write_workbook(tmp_path / "season.xlsx", sheets)
    out = tmp_path / "out"
    assert main([str(source), "--out", str(out)]) == 0
    names = shown_names(out)
    for name in names:
        assert_valid(name)
    pages = sorted(n for n in names if n.startswith("player-"))
    assert len(pages) == len(set(pages)) == len(players)
    index = (out / "report" / "index.html").read_text(encoding="utf-8")
    for page in pages:
        assert f'href="{page}"' in index
    emails = [n for n in names if n.endswith(".eml")]
    assert len(emails) == len(players) + 1


@pytest.mark.parametrize(
    ("stem", "made"),
    [("con", "con_.xlsx"), ("Sæson 2026 " * 20, None), ("season. ", "season.xlsx")],
)
def test_the_output_workbook_and_folder_are_named_safely(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stem: str, made: str | None
) -> None:
    source = write_workbook(tmp_path / f"{stem}.xlsx", league())
    monkeypatch.chdir(tmp_path)
    assert main([str(source)]) == 0  # the default output folder: out/<the name>/
    [folder] = os.listdir(tmp_path / "out")
    workbooks = [n for n in os.listdir(tmp_path / "out" / folder) if n.endswith(".xlsx")]
    assert_valid(folder)
    assert len(workbooks) == 1
    assert_valid(workbooks[0])
    if made is not None:
        assert workbooks[0] == made
    assert source.read_bytes()[:2] == b"PK"  # the input is where it was
