"""An inline SVG line chart of points over the season (no JavaScript needed to read it).

Each player is a polyline of their cumulative points after every club night; a legend in
HTML (not only colour: each line ends in the player's initials) names the lines.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

#: Colour-blind friendly palette (Okabe-Ito and Tol), cycled.
PALETTE = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#CC79A7",
    "#E69F00",
    "#56B4E9",
    "#332288",
    "#882255",
    "#117733",
    "#999933",
)


@dataclass(frozen=True)
class Series:
    """One line: a label and (date, cumulative value) points in date order."""

    label: str
    points: tuple[tuple[dt.date, Fraction | int], ...]
    colour: str = PALETTE[0]


def colours(count: int) -> list[str]:
    """A colour for each of ``count`` lines."""
    return [PALETTE[i % len(PALETTE)] for i in range(count)]


def line_chart(
    series: Sequence[Series],
    title: str,
    description: str,
    date_label: Callable[[dt.date], str] = dt.date.isoformat,
    width: int = 640,
    height: int = 300,
) -> str:
    """The chart as an SVG string (scales with its container; ``role="img"`` and a title);
    the dates on its axis written by ``date_label`` (the site's: the club's date format)."""
    dates = sorted({d for s in series for d, _ in s.points})
    values = [float(v) for s in series for _, v in s.points] + [0.0]
    left, right, top, bottom = 64, 16, 14, 32
    inner_w, inner_h = width - left - right, height - top - bottom
    low, high = min(values), max(values)
    if high == low:
        high, low = high + 1, low - 1

    across = {  # each date's place along the axis, worked out once
        date: left + inner_w / 2 if len(dates) < 2 else left + inner_w * k / (len(dates) - 1)
        for k, date in enumerate(dates)
    }
    x = across.__getitem__

    def y(value: float) -> float:
        return top + inner_h * (high - value) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img"'
        f' aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<desc id="chart-desc">{escape(description)}</desc>',
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}"'
        ' stroke="#888" stroke-width="1"/>',
    ]
    for value in (high, 0.0, low):
        parts.append(
            f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end" font-size="16"'
            f' fill="#444">{short_label(value)}</text>'
        )
    # The first date starts at its point and the last ends at its own, so neither is cut off
    # at the chart's edges (one date alone is centred).
    ends = [(dates[0], "middle")] if len(dates) == 1 else [(dates[0], "start"), (dates[-1], "end")]
    for date, anchor in ends if dates else []:
        parts.append(
            f'<text x="{x(date):.1f}" y="{height - 8}" text-anchor="{anchor}" font-size="16"'
            f' fill="#444">{escape(date_label(date))}</text>'
        )
    for s in series:
        if not s.points:
            continue
        coords = " ".join(f"{x(d):.1f},{y(float(v)):.1f}" for d, v in s.points)
        parts.append(
            f'<polyline fill="none" stroke="{s.colour}" stroke-width="2" points="{coords}">'
            f"<title>{escape(s.label)}</title></polyline>"
        )
    parts.append("</svg>")
    return "".join(parts)


def short_label(value: float) -> str:
    """An axis label: thousands as ``k``, and the minus sign the pages' numbers use.

    >>> short_label(-223_400), short_label(2.5), short_label(-40)
    ('−223k', '2.5', '−40')
    """
    if abs(value) >= 10000:
        text = f"{value / 1000:.0f}k"
    else:
        text = f"{value:.0f}" if value == int(value) else f"{value:.1f}"
    return text.replace("-", "−")
