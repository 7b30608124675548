"""Problems found in a workbook: errors stop the run, warnings go to the ``Problems`` sheet.

Every problem names the sheet, the row number as Excel shows it, the column and what was
expected, so the organiser can go straight to the cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One problem, located as precisely as the workbook allows."""

    severity: Severity
    sheet: str
    row: int | None
    column: str
    message: str

    def __str__(self) -> str:
        where = [f"sheet {self.sheet!r}"] if self.sheet else []
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.column:
            where.append(f"column {self.column!r}")
        label = "Error" if self.severity == "error" else "Warning"
        place = ", ".join(where)
        return f"{label}: {place}: {self.message}" if place else f"{label}: {self.message}"


@dataclass
class Problems:
    """Collects every problem of a run, so all of them can be reported at once."""

    items: list[Problem] = field(default_factory=list)

    def error(self, sheet: str, row: int | None, column: str, message: str) -> None:
        """Record an error: the run will stop before anything is written."""
        self.items.append(Problem("error", sheet, row, column, message))

    def warning(self, sheet: str, row: int | None, column: str, message: str) -> None:
        """Record a warning: the run goes on and lists it in the ``Problems`` sheet."""
        self.items.append(Problem("warning", sheet, row, column, message))

    @property
    def errors(self) -> list[Problem]:
        """The errors, in the order found."""
        return [p for p in self.items if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        """The warnings, in the order found."""
        return [p for p in self.items if p.severity == "warning"]
