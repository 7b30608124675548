"""common.publish: a run's outputs appear in the output folder all at once, or not at all.

Real folders and links throughout; where a failure is needed, a real one (a file where a folder
must be) or, said so, an injected one.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mahjong_club.common import files, publish
from mahjong_club.common.carry import draw_output, main_output
from mahjong_club.common.publish import MARKER, RUNS, OutputRefused, PartlyReplaced

NAMES = ["season.xlsx", "report", "outbox"]


def builder(tag: str, pages: int = 3):
    """A build that writes a workbook, ``pages`` pages and one email, all saying ``tag``."""

    def build(folder: Path) -> None:
        (folder / "season.xlsx").write_text(f"workbook {tag}")
        files.write_tree(folder / "report", {f"p{i}.html": f"{tag} {i}" for i in range(pages)})
        files.write_tree(folder / "outbox", {"001-organiser.eml": f"mail {tag}"})

    return build


def shown(out: Path) -> dict[str, str]:
    """What the organiser sees: every file through the links, without ``.runs``."""
    seen = {}
    for root, dirs, names in os.walk(out, followlinks=True):
        dirs[:] = [d for d in dirs if d != RUNS]
        for name in names:
            path = Path(root, name)
            seen[str(path.relative_to(out))] = path.read_text()
    return seen


def expected(tag: str, pages: int = 3) -> dict[str, str]:
    seen = {"season.xlsx": f"workbook {tag}", "outbox/001-organiser.eml": f"mail {tag}"}
    seen.update({f"report/p{i}.html": f"{tag} {i}" for i in range(pages)})
    return seen


def test_the_outputs_are_links_through_current(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("one"))
    assert shown(out) == expected("one")
    assert sorted(os.listdir(out)) == [".runs", "outbox", "report", "season.xlsx"]
    assert os.readlink(out / "report") == ".runs/current/report"
    assert os.readlink(out / "season.xlsx") == ".runs/current/season.xlsx"
    version = publish.current_version(out / RUNS)
    assert version is not None
    assert sorted(os.listdir(out / RUNS)) == sorted([version, "current", "lock"])


def test_a_second_run_keeps_the_previous_one_until_the_third(tmp_path: Path) -> None:
    out = tmp_path / "out"
    versions = []
    for tag in ("one", "two", "three"):
        publish.publish(out, NAMES, builder(tag))
        versions.append(publish.current_version(out / RUNS))
        assert shown(out) == expected(tag)
    kept = sorted(n for n in os.listdir(out / RUNS) if n not in ("current", "lock"))
    assert kept == sorted(versions[1:])


def test_a_failing_build_leaves_the_previous_results_and_no_version(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("old"))
    before = sorted(os.listdir(out / RUNS))

    def half(folder: Path) -> None:
        builder("new")(folder)
        # a page that cannot be written: its folder would be where a page is
        files.write_tree(folder / "report", {"p1.html/more.html": "x"})

    with pytest.raises(FileExistsError, match=r"p1\.html"):
        publish.publish(out, NAMES, half)
    assert shown(out) == expected("old")
    assert sorted(os.listdir(out / RUNS)) == before


def test_an_output_the_new_run_lacks_disappears(tmp_path: Path) -> None:
    out = tmp_path / "out"

    def with_export(folder: Path) -> None:
        builder("old")(folder)
        (folder / "ema-results.csv").write_text("csv")

    publish.publish(out, [*NAMES, "ema-results.csv"], with_export)
    assert (out / "ema-results.csv").read_text() == "csv"
    publish.publish(out, NAMES, builder("new"))
    assert shown(out) == expected("new")
    assert not os.path.lexists(out / "ema-results.csv")


def test_leftovers_of_killed_runs_are_removed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("old"))
    runs = out / RUNS
    (runs / "20200101-000000-abcdef").mkdir()  # a killed run's version
    (runs / "20200101-000000-abcdef" / "season.xlsx").write_text("half")
    os.symlink("20200101-000000-abcdef", runs / ".current.1234abcd.tmp")  # its switch link
    (out / ".report-k2j3h4").mkdir()  # a killed run of the tool before 0.3
    (out / ".season.xlsx.x8y9z0.tmp").write_text("half")
    (out / "notes.txt").write_text("the organiser's")
    publish.publish(out, NAMES, builder("new"))
    assert shown(out) == {**expected("new"), "notes.txt": "the organiser's"}
    assert sorted(os.listdir(out)) == [".runs", "notes.txt", "outbox", "report", "season.xlsx"]
    assert len(os.listdir(runs)) == 4  # current, lock, the previous and this run


def test_results_of_the_tool_before_0_3_become_links_showing_the_same(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "report").mkdir(parents=True)
    for i in range(3):
        (out / "report" / f"p{i}.html").write_text(f"old {i}")
    (out / "outbox").mkdir()
    (out / "outbox" / "001-organiser.eml").write_text("mail old")
    (out / "season.xlsx").write_text("workbook old")
    seen_during = []

    def build(folder: Path) -> None:
        seen_during.append(shown(out))
        builder("new")(folder)

    publish.publish(out, NAMES, build)
    assert seen_during == [expected("old")]
    assert shown(out) == expected("new")
    assert all((out / name).is_symlink() for name in NAMES)


def test_a_page_saved_over_the_link_is_replaced(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("one"))
    (out / "season.xlsx").unlink()  # a program saved the workbook as a real file
    (out / "season.xlsx").write_text("saved by Excel")
    publish.publish(out, NAMES, builder("two"))
    assert shown(out) == expected("two")
    assert (out / "season.xlsx").is_symlink()


def test_a_linked_report_stays_a_link_and_its_folder_gets_the_pages(tmp_path: Path) -> None:
    out, web = tmp_path / "out", tmp_path / "www" / "club"
    web.mkdir(parents=True)
    out.mkdir()
    os.symlink(web, out / "report")
    publish.publish(out, NAMES, builder("one"))
    publish.publish(out, NAMES, builder("two", pages=2))
    assert os.readlink(out / "report") == str(web)
    assert sorted(os.listdir(web)) == [MARKER, "p0.html", "p1.html"]
    assert (web / "p1.html").read_text() == "two 1"
    assert sorted(os.listdir(web.parent)) == ["club"]  # no temporaries beside it
    assert shown(out)["season.xlsx"] == "workbook two"


def test_a_link_to_a_folder_of_other_files_is_refused(tmp_path: Path) -> None:
    out, documents = tmp_path / "out", tmp_path / "Documents"
    documents.mkdir()
    (documents / "season.xlsx").write_text("the organiser's own workbook")
    out.mkdir()
    os.symlink(documents, out / "report")
    with pytest.raises(OutputRefused, match="holds files this tool did not write"):
        publish.publish(out, NAMES, builder("one"))
    assert os.listdir(documents) == ["season.xlsx"]
    assert sorted(os.listdir(out)) == [".runs", "report"]
    assert sorted(os.listdir(out / RUNS)) == ["lock"]


def test_without_links_the_outputs_are_replaced_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a FAT memory stick or Windows without the right to make links (injected: the probe fails)
    monkeypatch.setattr(publish, "_links_work", lambda _runs: False)
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("one"))
    publish.publish(out, NAMES, builder("two"))
    assert shown(out) == expected("two")
    assert not any((out / name).is_symlink() for name in NAMES)
    assert sorted(os.listdir(out / RUNS)) == ["lock"]


def test_without_links_a_failure_after_the_first_output_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(publish, "_links_work", lambda _runs: False)
    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("one"))
    monkeypatch.setattr(files, "exchange", lambda *_: False)
    real_rename = os.rename

    def report_fails(src: str | Path, dst: str | Path) -> None:
        if Path(dst).name == "report" and Path(src).parent != out:  # the new one, not the old
            raise OSError(28, "No space left on device", str(dst))
        real_rename(src, dst)

    monkeypatch.setattr(os, "rename", report_fails)
    with pytest.raises(PartlyReplaced, match="No space left"):
        publish.publish(out, NAMES, builder("two"))
    monkeypatch.undo()
    assert shown(out)["season.xlsx"] == "workbook two"
    assert shown(out)["report/p0.html"] == "one 0"


def test_a_file_where_the_versions_go_is_reported(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / RUNS).write_text("not a folder")
    with pytest.raises(FileExistsError, match="File exists"):
        publish.publish(out, NAMES, builder("one"))
    assert sorted(os.listdir(out)) == [RUNS]


def test_a_disk_out_of_room_for_the_test_link_is_a_full_disk(tmp_path, monkeypatch):
    """An interrupted-runs trial's find: "no space left" making the test link was taken for a
    disk without links, and the outputs were moved in one by one (a kill in between showed
    a mixture). It is a full disk: the run stops before anything changes."""
    import errno

    out = tmp_path / "out"
    publish.publish(out, NAMES, builder("old"))
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    real = os.symlink

    def no_room(source, target, *args, **kwargs):
        if ".probe." in str(target):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))
        return real(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "symlink", no_room)
    with pytest.raises(OSError, match="No space left"):
        publish.publish(out, NAMES, builder("new"))
    monkeypatch.undo()
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert all((out / name).is_symlink() for name in NAMES)  # never moved in one by one


def drawer(tag: str):
    """A build as the draw's: the workbook, its pages in ``report/`` and its seed."""

    def build(folder: Path) -> None:
        (folder / "season.xlsx").write_text(f"drawn {tag}")
        files.write_tree(folder / "report", {"draw.html": f"draw {tag}"})
        (folder / "draw-seed.txt").write_text(f"seed {tag}")

    return build


DRAW_NAMES = ["season.xlsx", "report", "draw-seed.txt"]


@pytest.mark.parametrize("links", [True, False])
def test_each_command_keeps_the_others_outputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: bool
) -> None:
    """The draw and the main command share an output folder: each run keeps what the other
    wrote (``common/carry.py``), writes its own, and a file both write is the latest run's."""
    if not links:
        monkeypatch.setattr(publish, "_links_work", lambda _runs: False)
    out = tmp_path / "out"
    publish.publish(out, DRAW_NAMES, drawer("one"), carry=main_output)
    publish.publish(out, NAMES, builder("one"), carry=draw_output)
    assert shown(out) == {
        **expected("one"),
        "report/draw.html": "draw one",
        "draw-seed.txt": "seed one",
    }
    publish.publish(out, DRAW_NAMES, drawer("two"), carry=main_output)
    assert shown(out) == {
        **expected("one"),
        "season.xlsx": "drawn two",
        "report/draw.html": "draw two",
        "draw-seed.txt": "seed two",
    }
    publish.publish(out, NAMES, builder("three", pages=2), carry=draw_output)
    assert shown(out) == {  # p2.html, the main command's, is not kept by the main command
        **expected("three", pages=2),
        "report/draw.html": "draw two",
        "draw-seed.txt": "seed two",
    }


def test_a_link_inside_the_results_is_not_carried(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, DRAW_NAMES, drawer("one"), carry=main_output)
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the site")
    current = out / RUNS / "current"
    os.symlink(secret, current / "report" / "draw-extra.html")
    publish.publish(out, NAMES, builder("one"), carry=draw_output)
    assert "report/draw-extra.html" not in shown(out)


def test_a_run_without_the_site_keeps_the_draws_pages(tmp_path: Path) -> None:
    """A review's find: a `--no-site` run retired `report` whole, the draw's pages with it."""
    out = tmp_path / "out"
    publish.publish(out, DRAW_NAMES, drawer("one"), carry=main_output)
    publish.publish(out, NAMES, builder("one"), carry=draw_output)

    def no_site(folder: Path) -> None:
        (folder / "season.xlsx").write_text("workbook two")
        files.write_tree(folder / "outbox", {"001-organiser.eml": "mail two"})

    publish.publish(out, ["season.xlsx", "outbox"], no_site, ["report"], carry=draw_output)
    assert shown(out) == {  # the site is gone (it is last week's), the draw's pages are not
        "season.xlsx": "workbook two",
        "outbox/001-organiser.eml": "mail two",
        "report/draw.html": "draw one",
        "draw-seed.txt": "seed one",
    }


def test_through_the_organisers_own_link_the_draw_keeps_the_site(tmp_path: Path) -> None:
    """A review's find: with `report` the organiser's link to a web folder, a run without
    the site leaves that folder alone (as before), and a draw after it replaced the folder
    with its own pages alone: the standings went from the web. The draw now keeps what the
    link shows."""
    out, www = tmp_path / "out", tmp_path / "www"
    out.mkdir()
    www.mkdir()
    os.symlink(www, out / "report")
    publish.publish(out, NAMES, builder("one"), carry=draw_output)
    publish.publish(
        out,
        ["season.xlsx"],
        lambda f: (f / "season.xlsx").write_text("w"),
        ["report", "outbox"],
        carry=draw_output,
    )
    assert sorted(os.listdir(www)) == [".mahjong-club", "p0.html", "p1.html", "p2.html"]
    publish.publish(out, DRAW_NAMES, drawer("two"), carry=main_output)
    assert sorted(os.listdir(www)) == [
        ".mahjong-club",
        "draw.html",
        "p0.html",
        "p1.html",
        "p2.html",
    ]
    assert (www / "p0.html").read_text() == "one 0" and (
        www / "draw.html"
    ).read_text() == "draw two"


def test_the_draw_does_not_keep_another_workbook(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish.publish(out, ["other.xlsx", "report"], builder_named("other.xlsx"), carry=draw_output)
    publish.publish(out, DRAW_NAMES, drawer("one"), carry=main_output)
    assert "other.xlsx" not in os.listdir(out)
    assert "report/p0.html" in shown(out)  # the site is kept, the other workbook is not


def builder_named(workbook: str):
    def build(folder: Path) -> None:
        (folder / workbook).write_text("another workbook")
        files.write_tree(folder / "report", {"p0.html": "site"})

    return build
