"""The command, run as a program, ends at once without freeing what the run made
(``mahjong_club/cli/ending.py``): everything it printed still arrives, the exit handlers still
run, a working thread is still waited for, the exit status is the run's; called as a library
nothing of this applies."""

import gc
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mahjong_club.cli import ending, process
from process import main

ROOT = Path(__file__).resolve().parents[1]
#: What a test program prints when it ends the ordinary way.
ORDINARY = "ended the ordinary way"
SEASON = ROOT / "sample_sheets" / "season.xlsx"


def program(body: str, tmp_path: Path, **popen: object) -> subprocess.Popen[bytes]:
    """A program whose ``main`` is ``body``, ended by :func:`ending.program`; its stdout
    buffered, as a program's is when it goes to a pipe or a file. It prints
    :data:`ORDINARY` when it ends the ordinary way (``SystemExit``)."""
    script = tmp_path / "program.py"
    script.write_text(
        "import atexit, sys, threading, time\n"
        "from mahjong_club.cli import ending\n"
        "def main():\n" + textwrap.indent(textwrap.dedent(body), "    ") + "\n"
        "try:\n"
        "    ending.program(main)\n"
        "except SystemExit:\n"
        f"    print({ORDINARY!r})\n"
        "    raise\n"
        "print('never here')\n",
        encoding="utf-8",
    )
    return subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},
        **popen,  # type: ignore[call-overload]
    )


def test_what_was_printed_arrives_and_the_exit_handlers_run(tmp_path: Path):
    done = tmp_path / "handler-ran"
    child = program(
        f"""
        atexit.register(lambda: open({str(done)!r}, "w").write("yes"))
        atexit.register(lambda: print("said at exit", file=sys.stderr))
        atexit.register(lambda: print("printed at exit"))
        for n in range(100_000):
            print(f"line {{n}}")
        print("problems", file=sys.stderr)
        return 3
        """,
        tmp_path,
    )
    out, err = child.communicate(timeout=60)
    assert child.returncode == 3
    lines = out.decode().splitlines()
    assert len(lines) == 100_001 and lines[-2] == "line 99999"  # the buffer flushed
    assert lines[-1] == "printed at exit"  # after the handlers
    assert err.decode().splitlines() == ["problems", "said at exit"]  # handlers: last first
    assert done.read_text() == "yes"


def test_a_working_thread_is_waited_for(tmp_path: Path):
    done = tmp_path / "thread-finished"
    child = program(
        f"""
        def work():
            time.sleep(0.5)
            open({str(done)!r}, "w").write("finished")
        threading.Thread(target=work).start()
        return 4
        """,
        tmp_path,
    )
    stdout, _ = child.communicate(timeout=60)
    assert child.returncode == 4
    assert done.read_text() == "finished"
    assert stdout.decode().splitlines() == [ORDINARY]


def test_a_reader_gone_is_no_error(tmp_path: Path):
    """``mahjong-club … | head``: what is left to print has nowhere to go; the files are
    written, so the run's status stands and nothing is said about the pipe."""
    child = program(
        """
        time.sleep(0.5)  # the reader has gone by now
        print("the summary, still in the buffer")
        return 0
        """,
        tmp_path,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait(timeout=60) == 0
    assert err == b""


def test_the_program_prints_what_main_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    argv = [str(SEASON), "--out", str(tmp_path / "a"), "-v"]
    assert main(argv) == 0
    expected = capsys.readouterr()
    by_program = subprocess.run(
        [sys.executable, str(ROOT / "process.py"), str(SEASON), "--out", str(tmp_path / "b"), "-v"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert by_program.returncode == 0, by_program.stderr
    assert by_program.stdout.replace("/b/", "/a/") == expected.out
    assert by_program.stderr == expected.err
    assert (tmp_path / "b" / "season.xlsx").is_file()


def test_a_failing_program_ends_with_its_status(tmp_path: Path):
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a workbook")
    done = subprocess.run(
        [sys.executable, "-m", "mahjong_club", str(broken), "--out", str(tmp_path / "out")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("Error: ")
    assert not (tmp_path / "out").exists()


def test_a_run_that_ends_at_once_keeps_its_results_frozen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(ending, "_kept", [])
    frozen_before_build = []
    real = process.build_outputs

    def build_outputs(*args, **kwargs):
        frozen_before_build.append(gc.get_freeze_count())
        return real(*args, **kwargs)

    monkeypatch.setattr(process, "build_outputs", build_outputs)
    try:
        assert main([str(SEASON), "--out", str(tmp_path / "out"), "-q"]) == 0
        assert gc.isenabled()  # on again for what comes after the run (sending)
        # nothing the run made is walked again: what it built for the outputs too
        assert gc.get_freeze_count() > frozen_before_build[0] > 0
        (made,) = ending._kept
        assert isinstance(made, tuple) and made[2].workbook.name == "season.xlsx"
    finally:
        gc.unfreeze()


def test_the_real_program_ends_at_once(tmp_path: Path):
    """Through :func:`ending.program` with the real ``main``: the run's results kept, what it
    made frozen, the collector on, and the end at once."""
    out = tmp_path / "out"
    child = program(
        f"""
        import gc
        from mahjong_club.cli import main as real_main
        def seen():
            print(f"kept {{len(ending._kept)}} frozen {{gc.get_freeze_count() > 0}}"
                  f" collector {{gc.isenabled()}}")
        atexit.register(seen)
        return real_main([{str(SEASON)!r}, "--out", {str(out)!r}, "-q"])
        """,
        tmp_path,
    )
    stdout, stderr = child.communicate(timeout=120)
    assert child.returncode == 0, stderr
    assert stdout.decode().splitlines() == ["kept 1 frozen True collector True"]
    assert (out / "season.xlsx").is_file()


@pytest.mark.parametrize(
    ("watched", "ordinary"),
    [
        ("", False),
        ("sys.settrace(lambda *args: None)", True),  # a tracer (trace, coverage)
        ("sys.setprofile(lambda *args: None)", True),  # a profiler (cProfile)
        ("return None", True),  # a status that is no number: as sys.exit(None)
    ],
    ids=["at once", "traced", "profiled", "no number"],
)
def test_what_still_expects_the_ordinary_ending_gets_it(
    tmp_path: Path, watched: str, ordinary: bool
):
    child = program(f"{watched}\nreturn 0", tmp_path)
    stdout, stderr = child.communicate(timeout=60)
    assert child.returncode == 0, stderr
    assert stdout.decode().splitlines() == ([ORDINARY] if ordinary else [])


def test_a_profile_of_the_program_is_written(tmp_path: Path):
    profile = tmp_path / "run.prof"
    done = subprocess.run(
        [
            *(sys.executable, "-m", "cProfile", "-o", str(profile), str(ROOT / "process.py")),
            *(str(SEASON), "--out", str(tmp_path / "out"), "-q"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert profile.stat().st_size > 0


def test_a_library_call_keeps_nothing(tmp_path: Path):
    assert not ending.at_once()
    assert main([str(SEASON), "--out", str(tmp_path / "out"), "-q"]) == 0
    assert ending._kept is None
    assert gc.isenabled() and gc.get_freeze_count() == 0
