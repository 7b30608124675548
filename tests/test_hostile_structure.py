"""Hostile shapes of the workbook's small parts, found by a hostile-files trial: a package of
384 KB whose content types, relationships, workbook and styles nest 1.4 million elements deep
took 3.5 GB and 92 s (the tool's tag list of each part, and expat's stack); an XML encoding
expat cannot read (Shift_JIS, UTF-7, an unknown name) was an internal error. Each is now a
located refusal, in well under a second and a few megabytes."""

from __future__ import annotations

import re
import zipfile

import pytest

from mahjong_club.cli import main
from mahjong_club.ooxml import wellformed
from tests.builders import write_workbook
from tests.test_cli_errors import league
from tests.test_hostile_files import rebuild, run

DEEP = b"<a>" * 200_000 + b"</a>" * 200_000


def nested_inside(data: bytes) -> bytes:
    """The part with a deep nest inside its root element, before its end tag."""
    end = data.rindex(b"</")
    return data[:end] + DEEP + data[end:]


@pytest.mark.parametrize(
    ("part", "named"),
    [
        ("[Content_Types].xml", "the part [Content_Types].xml (the parts' content types)"),
        ("_rels/.rels", "the part _rels/.rels"),
        ("xl/workbook.xml", "the part xl/workbook.xml (the list of sheets)"),
        ("xl/_rels/workbook.xml.rels", "the part xl/_rels/workbook.xml.rels"),
        ("xl/styles.xml", "the part xl/styles.xml (the cell formats)"),
    ],
)
def test_a_small_part_nested_deep_is_refused_at_once(tmp_path, capsys, part, named):
    source = write_workbook(tmp_path / "source.xlsx", league())
    deep = rebuild(source, tmp_path / "deep.xlsx", {part: nested_inside})
    code, err, peak = run(deep, tmp_path, capsys)
    assert code == 1
    assert named in err
    assert "its elements are nested more than 100 deep, which no spreadsheet program writes" in err
    assert peak < 64 * 1024 * 1024  # Python's allocations; gigabytes before


def test_a_small_part_with_too_many_elements_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(wellformed, "MAX_ELEMENTS", 50)  # (a million: the same check)
    source = write_workbook(tmp_path / "source.xlsx", league())
    wide = rebuild(
        source,
        tmp_path / "wide.xlsx",
        {"xl/workbook.xml": lambda d: d.replace(b"</workbook>", b"<x/>" * 60 + b"</workbook>")},
    )
    code, err, _ = run(wide, tmp_path, capsys)
    assert code == 1 and "it has more than 50 elements" in err


@pytest.mark.parametrize("encoding", ["Shift_JIS", "UTF-7", "GBK", "UTF-32", "foo-bar"])
@pytest.mark.parametrize("part", ["[Content_Types].xml", "xl/worksheets/sheet1.xml"])
def test_an_encoding_expat_cannot_read_is_named(tmp_path, capsys, encoding, part):
    source = write_workbook(tmp_path / "source.xlsx", league())

    def declared(data: bytes) -> bytes:
        body = re.sub(rb"^<\?xml[^>]*\?>", b"", data)
        return f'<?xml version="1.0" encoding="{encoding}"?>'.encode() + body

    odd = rebuild(source, tmp_path / "odd.xlsx", {part: declared})
    code, err, _ = run(odd, tmp_path, capsys)
    assert code == 1
    assert f"it declares the encoding '{encoding}', which spreadsheet files never use" in err


def test_an_odd_encoding_in_a_part_never_read_is_no_concern(tmp_path, capsys):
    source = write_workbook(tmp_path / "source.xlsx", league())

    def declared(data: bytes) -> bytes:
        return b'<?xml version="1.0" encoding="foo-bar"?>' + re.sub(rb"^<\?xml[^>]*\?>", b"", data)

    odd = rebuild(source, tmp_path / "odd.xlsx", {"docProps/core.xml": declared})
    with zipfile.ZipFile(odd) as package:
        assert b'encoding="foo-bar"' in package.read("docProps/core.xml")
    assert main([str(odd), "--out", str(tmp_path / "out"), "-q"]) == 0
    assert "Internal error" not in capsys.readouterr().err
