"""Filling the run's version folder (common/files.write_tree): plain names joined as text,
any other name looked at part by part (the same place either way, hostile names refused),
each folder made once, and the site's pages written as the bytes they were rendered to."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_club.common import files
from mahjong_club.common.files import _inside, target, write_tree
from mahjong_club.site.render import RenderedPages, write_pages

#: Names made of the characters that matter: separators, dots, a drive's colon, a tilde.
NAMES = st.text(alphabet="ab9_-./\\:~ æ", max_size=12) | st.sampled_from(
    ["players/ann.html", "../x", "/etc/x", "a/../../x", ".", "..", "", "a//b", "a/./b", ".a/b"]
)


@given(NAMES)
def test_a_name_lands_where_a_close_look_puts_it(name: str) -> None:
    folder = Path("out") / "report"
    try:
        expected = _inside(folder, name)
    except ValueError:
        with pytest.raises(ValueError, match="not a file name inside its folder"):
            target(folder, os.fspath(folder), name)
        return
    assert Path(target(folder, os.fspath(folder), name)) == expected


@pytest.mark.parametrize(
    "name",
    [
        "../x",
        "/etc/x",
        "a/../../x",
        "..",
        "",
        "players/../../x",
        # Windows: a root, a drive, a drive-relative name, backslashes, a hidden stream
        "\\Windows\\x",
        "C:x",
        "C:\\x",
        "report/C:x",
        "a\\..\\..\\x",
        "page.html:stream",
    ],
)
def test_names_leaving_the_folder_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="not a file name inside its folder"):
        write_tree(tmp_path / "report", {name: "x"})
    assert not (tmp_path / "x").exists()


def test_files_and_folders_each_made_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = os.makedirs

    def makedirs(path: str, exist_ok: bool = False) -> None:
        made.append(path)
        real(path, exist_ok=exist_ok)

    monkeypatch.setattr(files.os, "makedirs", makedirs)
    pages = {f"players/p{n}.html": f"<p>{n} æ</p>" for n in range(50)}
    pages |= {"index.html": "i", "divisions/d/1.html": b"\xc3\xa6", "a b/c.html": "s"}
    write_tree(tmp_path / "report", pages)
    subfolders = ("players", "divisions", "divisions/d", "a b")  # divisions: makedirs's own
    assert sorted(made) == sorted(os.fspath(tmp_path / "report" / sub) for sub in subfolders)
    for name, content in pages.items():
        data = content.encode() if isinstance(content, str) else content
        assert (tmp_path / "report" / name).read_bytes() == data
        assert (tmp_path / "report" / name).stat().st_mode & 0o777 == 0o644


def test_pages_held_compressed_are_written_as_their_bytes(tmp_path: Path) -> None:
    import zlib

    pages = RenderedPages()
    texts = {"index.html": "Ærø — 1.234 ½\n", "players/åse.html": "<td>\u00a0−5</td>\r\n"}
    for file, text in texts.items():
        pages.keep(file, zlib.compress(text.encode("utf-8"), 1))
    assert dict(pages.files()) == {file: text.encode("utf-8") for file, text in texts.items()}
    write_pages(tmp_path / "held", pages)
    write_pages(tmp_path / "text", texts)
    for file, text in texts.items():
        assert (tmp_path / "held" / file).read_bytes() == text.encode("utf-8")
        assert (tmp_path / "text" / file).read_bytes() == text.encode("utf-8")
