"""An inline SVG chart of cumulative totals by tournament session (no JavaScript needed).

The x axis is the sessions in order, the y axis the running total after each. A line may end
in a tag (the player's rank), so a line is named by more than its colour; tags that would
overlap are pushed apart. Lines drawn ``faint`` (the rest of the field on a player's page)
are thin and grey behind the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from mahjong_club.site.charts import short_label as _short

#: Width of the drawing and its margins (the SVG scales to its container).
WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 64, 40, 14, 48
#: The least vertical distance between two tags at the lines' ends.
TAG_GAP = 15
FAINT = "#c4c9ce"


@dataclass(frozen=True)
class Line:
    """One player's line: cumulative totals after each session, in session order.

    ``title`` is its tooltip (the name and the total); ``tag`` is drawn at its end.
    """

    title: str
    values: tuple[int | Fraction, ...]
    colour: str
    tag: str = ""
    faint: bool = False
    strong: bool = False


def session_chart(
    lines: Sequence[Line], sessions: Sequence[str], title: str, description: str, axis: str
) -> str:
    """The chart as an SVG string; ``axis`` names the x axis (``Session``)."""
    values = [float(v) for line in lines for v in line.values] + [0.0]
    low, high = min(values), max(values)
    if high == low:
        high, low = high + 1, low - 1
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        if len(sessions) < 2:
            return LEFT + inner_w / 2
        return LEFT + inner_w * index / (len(sessions) - 1)

    def y(value: float) -> float:
        return TOP + inner_h * (high - value) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        ' aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<desc id="chart-desc">{escape(description)}</desc>',
        f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}"'
        ' stroke="#888" stroke-width="1"/>',
    ]
    for value in (high, 0.0, low):
        parts.append(_text(LEFT - 6, y(value) + 5, _short(value), "end"))
    for index, session in enumerate(sessions):
        parts.append(_text(x(index), HEIGHT - 26, session, "middle"))
    parts.append(_text(LEFT + inner_w / 2, HEIGHT - 4, axis, "middle"))
    ordered = [line for line in lines if line.faint] + [line for line in lines if not line.faint]
    for line in ordered:
        coords = " ".join(f"{x(i):.1f},{y(float(v)):.1f}" for i, v in enumerate(line.values))
        colour = FAINT if line.faint else line.colour
        width = 1 if line.faint else (4 if line.strong else 2)
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="{width}" points="{coords}">'
            f"<title>{escape(line.title)}</title></polyline>"
        )
    tagged = [line for line in lines if line.tag and line.values]
    ends = _spread([y(float(line.values[-1])) for line in tagged])
    for line, end in zip(tagged, ends, strict=True):
        parts.append(_text(x(len(line.values) - 1) + 6, end + 5, line.tag, "start", line.colour))
    parts.append("</svg>")
    return "".join(parts)


def _spread(positions: list[float]) -> list[float]:
    """The positions moved apart (in their order) so that none is closer than TAG_GAP.

    >>> _spread([100.0, 104.0, 200.0])
    [100.0, 115.0, 200.0]
    """
    order = sorted(range(len(positions)), key=lambda i: positions[i])
    placed = list(positions)
    previous: float | None = None
    for i in order:
        if previous is not None and placed[i] < previous + TAG_GAP:
            placed[i] = previous + TAG_GAP
        previous = placed[i]
    return placed


def _text(x: float, y: float, text: str, anchor: str, colour: str = "#444") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="16"'
        f' fill="{colour}">{escape(text)}</text>'
    )
