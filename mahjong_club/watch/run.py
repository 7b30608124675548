"""One run of the watch: a workbook of the inbox processed as ``mahjong-club WORKBOOK --out
DIR/<workbook>`` would, without printing; what happened is an :class:`Outcome`.

The outputs are published all at once (:func:`~mahjong_club.pipeline.write_outputs`): a
workbook with errors, or a run that cannot write, leaves the previous results as they were.
The workbook itself is only read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mahjong_club.capabilities import Options
from mahjong_club.common.problems import Problem, Problems
from mahjong_club.common.progress import Progress
from mahjong_club.common.publish import OutputRefused
from mahjong_club.common.text import printable, safe_file_name
from mahjong_club.messages import hostile as hostile_texts
from mahjong_club.messages import reading as reading_texts
from mahjong_club.messages import terminal as terminal_texts
from mahjong_club.messages.core import Message, say
from mahjong_club.ooxml.errors import OoxmlError
from mahjong_club.pipeline import (
    build_outputs,
    compute,
    output_workbook_name,
    read_workbook,
    write_outputs,
)
from mahjong_club.reading.tables import WorkbookError

#: Why a run cannot start with this workbook and output folder (see ``cli/failures.py``).
RefusedPaths = Callable[[Path, Path, str], Message | None]
#: What to say when writing the outputs failed: the cause, then the output folder's state.
ExplainFailure = Callable[[Exception, Path], list[Message]]

#: The most problems a report lists, as the terminal does; a line says how many more.
SHOWN_PROBLEMS = 200


@dataclass(frozen=True)
class Checks:
    """The command line's judgements the watch reports with (the same words as the CLI)."""

    refused: RefusedPaths
    explain: ExplainFailure


@dataclass(frozen=True)
class Line:
    """One line of a problems report: ``error`` or ``warning``, and what the CLI prints."""

    severity: str
    text: str


@dataclass
class Outcome:
    """What one run did: published to ``out_dir``, or not (``lines`` say why)."""

    source: Path
    out_dir: Path
    published: bool = False
    errors: int = 0
    warnings: int = 0
    lines: list[Line] = field(default_factory=list)


def out_dir_of(source: Path, out_root: Path) -> Path:
    """``DIR/<workbook name>/``, the name made a safe folder name."""
    return out_root / safe_file_name(source.stem, fallback="workbook")


def error_line(message: Message | str) -> Line:
    """'Error: …', as the CLI prints a problem that has no cell."""
    text = f"{reading_texts.PROBLEM_ERROR.text('en')}: {message}"
    return Line("error", printable(text))


def problem_lines(problems: Problems) -> list[Line]:
    """The problems as the CLI prints them, errors first, at most :data:`SHOWN_PROBLEMS`."""
    ordered: list[Problem] = [*problems.errors, *problems.warnings]
    lines = [Line(p.severity, str(p)) for p in ordered[:SHOWN_PROBLEMS]]
    if len(ordered) > SHOWN_PROBLEMS:
        more = say(hostile_texts.MORE_PROBLEMS, count=len(ordered) - SHOWN_PROBLEMS)
        lines.append(Line("warning", str(more)))
    return lines


def _refused(outcome: Outcome, problems: Problems) -> Outcome:
    outcome.errors = len(problems.errors)
    outcome.warnings = len(problems.warnings)
    outcome.lines = problem_lines(problems)
    return outcome


def process(
    source: Path,
    out_root: Path,
    checks: Checks,
    options: Options | None = None,
    progress: Progress | None = None,
) -> Outcome:
    """Read, check, compute and publish ``source`` into ``out_root/<name>/``, each step told
    to ``progress``."""
    outcome = Outcome(source, out_dir_of(source, out_root))
    refused = checks.refused(source, outcome.out_dir, output_workbook_name(source))
    if refused is not None:
        outcome.errors, outcome.lines = 1, [error_line(refused)]
        return outcome
    try:
        season, problems = read_workbook(source, progress)
    except WorkbookError as exc:
        outcome.errors, outcome.lines = 1, [error_line(exc.message)]
        return outcome
    if problems.errors:
        return _refused(outcome, problems)
    result = compute(season, problems, options, progress)
    if problems.errors:
        return _refused(outcome, problems)
    outputs = build_outputs(result, source, progress)
    try:
        written = write_outputs(source, outcome.out_dir, outputs, progress)
    except (OSError, OoxmlError, OutputRefused) as exc:
        outcome.errors = 1
        cause, *state = checks.explain(exc, outcome.out_dir)
        outcome.lines = [error_line(cause), *(Line("error", printable(str(m))) for m in state)]
        return outcome
    outcome.published = True
    outcome.warnings = len(problems.warnings)
    outcome.lines = problem_lines(problems)
    for kept in written.kept:  # real files under the outputs' names, kept: said so
        said = say(terminal_texts.KEPT_REAL, name=outcome.out_dir / kept.name, kept=kept)
        outcome.lines.append(Line("warning", printable(str(said))))
    return outcome
