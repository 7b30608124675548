"""A reader gone stops no run: the command's streams while it runs (cli/streams.py)."""

import io
import os
import sys

import pytest

from mahjong_club.cli.streams import Unbroken, readers_may_go


class _Gone(io.StringIO):
    """A stream whose reader has gone: every write and flush fails."""

    def write(self, text: str) -> int:
        raise BrokenPipeError

    def flush(self) -> None:
        raise BrokenPipeError


def test_a_stream_without_a_descriptor_only_stops_raising():
    stream = Unbroken(_Gone())
    assert stream.write("the results\n") == len("the results\n")
    stream.flush()
    assert stream.isatty() is False  # everything else is the stream's own


@pytest.mark.skipif(sys.platform != "linux", reason="looks at /proc")
def test_a_real_pipe_is_pointed_at_the_null_device(tmp_path):
    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "w", buffering=1) as raw:
        stream = Unbroken(raw)  # type: ignore[arg-type]
        stream.write("a line\n")  # the pipe's reader is gone: from now on, the null device
        assert os.path.samefile(f"/proc/self/fd/{raw.fileno()}", os.devnull)
        stream.write("and another\n")
        stream.flush()


def test_other_errors_are_still_errors():
    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        Unbroken(Full()).write("x")


def test_the_streams_are_the_command_s_own_again_after_it():
    before = sys.stdout, sys.stderr
    with readers_may_go():
        assert isinstance(sys.stdout, Unbroken) and sys.stdout.stream is before[0]
        assert isinstance(sys.stderr, Unbroken) and sys.stderr.stream is before[1]
    assert (sys.stdout, sys.stderr) == before
