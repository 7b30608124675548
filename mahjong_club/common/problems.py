"""Problems found in a workbook: errors stop the run, warnings go to the ``Problems`` sheet.

Every problem names the sheet, the row number as Excel shows it, the column and what was
expected, so the organiser can go straight to the cell. What was wrong is a
:class:`~mahjong_club.messages.Message` (a catalogue code with its parameters), shown in
English on the terminal and in the club's language on the site.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mahjong_club.common.text import printable
from mahjong_club.messages import reading as texts
from mahjong_club.messages.core import Entry, Message, say

Severity = Literal["error", "warning"]
#: What a problem says: a catalogue entry (with its parameters as keywords) or a message.
What = Entry | Message


@dataclass(frozen=True)
class Problem:
    """One problem, located as precisely as the workbook allows."""

    severity: Severity
    sheet: str
    row: int | None
    column: str
    message: Message

    def text(self, language: str = "en") -> str:
        """What is wrong, without the location, in ``language``."""
        return self.message.render(language)

    def render(self, language: str = "en") -> str:
        """'Error: sheet 'Games', row 4, column 'Score': …' in ``language``, fit to print.

        Whatever a cell held, the text never carries a control character (ESC, a line break
        …) to the terminal: each is shown as its escape (``\\x1b``, ``\\n``).
        """
        where = [say(texts.PROBLEM_SHEET, sheet=self.sheet)] if self.sheet else []
        if self.row is not None:
            where.append(say(texts.PROBLEM_ROW, row=self.row))
        if self.column:
            where.append(say(texts.PROBLEM_COLUMN, column=self.column))
        label = texts.PROBLEM_ERROR if self.severity == "error" else texts.PROBLEM_WARNING
        place = ", ".join(w.render(language) for w in where)
        head = label.text(language)
        body = self.text(language)
        return printable(f"{head}: {place}: {body}" if place else f"{head}: {body}")

    def __str__(self) -> str:
        return self.render("en")


@dataclass
class Problems:
    """Collects every problem of a run, so all of them can be reported at once."""

    items: list[Problem] = field(default_factory=list)

    def error(
        self,
        sheet: str,
        row: int | None,
        column: str,
        what: What,
        /,
        **params: object,
    ) -> None:
        """Record an error: the run will stop before anything is written."""
        self.items.append(Problem("error", sheet, row, column, _message(what, params)))

    def warning(
        self,
        sheet: str,
        row: int | None,
        column: str,
        what: What,
        /,
        **params: object,
    ) -> None:
        """Record a warning: the run goes on and lists it in the ``Problems`` sheet."""
        self.items.append(Problem("warning", sheet, row, column, _message(what, params)))

    def amend(self, index: int, message: Message) -> None:
        """Say ``message`` instead in the problem at ``index`` (same place and severity): a
        warning that grows as more rows repeat it."""
        old = self.items[index]
        self.items[index] = Problem(old.severity, old.sheet, old.row, old.column, message)

    @property
    def errors(self) -> list[Problem]:
        """The errors, in the order found."""
        return [p for p in self.items if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        """The warnings, in the order found."""
        return [p for p in self.items if p.severity == "warning"]


def _message(what: What, params: dict[str, object]) -> Message:
    """The message ``what`` says: an entry with ``params``, or a ready-made message."""
    if isinstance(what, Entry):
        return say(what, **params)
    if params:
        raise TypeError(f"a ready-made message takes no parameters: {sorted(params)}")
    return what
