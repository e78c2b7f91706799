"""A table's running bankroll: :func:`record_deal`, :func:`bankroll_html` and the chart
(:func:`bankroll_svg`, :class:`BankrollChart`), drawn with the standard library (no
matplotlib: it would take about 100 ms a click and is missing in an offline Pyodide).

No game rule lives here. The names are imported from :mod:`banking_games.widgets.common`
as well (it re-exports them).
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from . import plain
from ..i18n import _, ngettext
from ..formatting import number as number_text
from ..money import Settlement
from .controls import fmt_amount, html_table


# ---------------------------------------------------------------- running bankroll

def record_deal(history: Mapping, bankers: list, banker: Hashable, running: Mapping) -> None:
    """Note a settled deal in a table's running bankroll: append ``banker``
    to ``bankers`` and each player's running net after the deal
    (``running[name]``, as the engine counts it) to ``history[name]``."""
    bankers.append(banker)
    for name, values in history.items():
        values.append(running[name])


def settled_text(banker: Hashable, settlement: Settlement) -> str:
    """The message for a settled deal: ``"Deal settled: banker Anna +3."``."""
    return _("Deal settled: banker {banker} {net}.").format(banker=banker, net=fmt_amount(settlement.banker_net))


def bankroll_html(players: Sequence[Hashable], history: Mapping, bankers: Sequence[Hashable]) -> str:
    """Running bankroll: for each player, the net after the last deal
    settled, the running total since the session began, and how many deals
    they held the bank.

    Args:
        players: names in seating order.
        history: name -> running totals (index 0 is 0, one more per deal settled).
        bankers: who held the bank in each deal settled, in order.
    """
    rows = []
    for p in players:
        values = history[p]
        last = values[-1] - values[-2] if len(values) > 1 else Fraction(0)
        rows.append((p, fmt_amount(last), fmt_amount(values[-1]), sum(1 for b in bankers if b == p)))
    n = len(bankers)
    return html_table((_("player"), _("last deal"), _("running net"), _("deals as banker")), rows,
                      ngettext("Running bankroll after {n} deal settled", "Running bankroll after {n} deals settled",
                               n).format(n=number_text(n)), right=(1, 2, 3))


_PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
            "#bcbd22", "#17becf")


def bankroll_svg(history: Mapping, *, title: str | None = None) -> str:
    """A small line chart of running nets (name -> totals after each deal,
    index 0 before the first) as an ``<svg>`` string, drawn with the
    standard library only (well under a millisecond; no JavaScript, no
    matplotlib). Empty string while fewer than one deal is settled.

    The chart is 340 px wide, so that it fits a phone (a 390 px screen less
    the page's margins) at full size; the legend lies under the plot, its
    names in rows as wide as the chart. In a narrower box it scales down.
    """
    title = _("Running net since the first deal") if title is None else title
    if not history or max((len(v) for v in history.values()), default=0) < 2:
        return ""
    w, h, left, right, top, bottom = 340, 170, 46, 12, 22, 34
    n = max(len(v) for v in history.values()) - 1
    lo = Fraction(min(0, min(min(v) for v in history.values() if len(v))))
    hi = Fraction(max(0, max(max(v) for v in history.values() if len(v))))
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    span = hi - lo  # exact: float(span) is 0.0 for tiny stakes (1e-400) and overflows for huge ones (1e400)
    xs = [f"{left + (w - left - right) * i / n:.1f}" for i in range(n + 1)]  # each x drawn once
    ys: dict = {}  # value -> its y, drawn once per distinct value (exact Fraction arithmetic is the cost)

    def py(y) -> float:
        out = ys.get(y)
        if out is None:
            out = ys[y] = top + (h - top - bottom) * float((hi - Fraction(y)) / span)
        return out

    # colours from the theme (the site's light and dark mode, JupyterLab's themes), the
    # presentation attributes as the fallback where no variable is defined
    txt = 'font-family="DejaVu Sans,Arial,sans-serif" font-size="{}" fill="#333" style="fill:var(--jp-ui-font-color1,#333)"'
    # the legend, under the plot: a 16 px line and the name (about 6.2 px a character at 10 px),
    # entries side by side, a new row when the next would pass the right edge
    legend, lx, row = [], 10.0, 0
    for k, name in enumerate(history):
        label = str(name) if len(str(name)) <= 24 else str(name)[:23] + "\u2026"
        width = 20 + 6.2 * len(label)
        if lx > 10 and lx + width > w - 6:
            lx, row = 10.0, row + 1
        legend.append((k, label, lx, h + 6 + 16 * row))
        lx += width + 14
    full_h = h + 16 + 16 * row if legend else h
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{full_h}" viewBox="0 0 {w} {full_h}" '
             f'style="max-width:100%;height:auto" role="img" aria-label="{html.escape(title)}">',
             f'<rect width="{w}" height="{full_h}" fill="#fff" style="fill:var(--jp-layout-color0,#fff)"/>',
             f'<text x="{left}" y="14" {txt.format(11)} font-weight="bold">{html.escape(title)}</text>',
             f'<line x1="{left}" y1="{py(0):.1f}" x2="{w - right}" y2="{py(0):.1f}" stroke="#999" style="stroke:var(--jp-ui-font-color2,#999)" stroke-width="1"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="#333" style="stroke:var(--jp-ui-font-color1,#333)" stroke-width="1"/>']
    for y in sorted({lo, Fraction(0), hi}):
        parts.append(f'<text x="{left - 4}" y="{py(y) + 3:.1f}" text-anchor="end" {txt.format(9)}>'
                     f"{html.escape(fmt_amount(y))}</text>")
    step = max(1, -(-n // 10))
    for i in range(0, n + 1, step):
        parts.append(f'<text x="{xs[i]}" y="{h - bottom + 12}" text-anchor="middle" {txt.format(9)}>{i}</text>')
    parts.append(f'<text x="{(left + w - right) / 2:.0f}" y="{h - 6}" text-anchor="middle" {txt.format(9)}>'
                 f"{html.escape(_('deals settled'))}</text>")
    parts.append(f'<text x="10" y="{(top + h - bottom) / 2:.0f}" text-anchor="middle" {txt.format(9)} '
                 f'transform="rotate(-90 10 {(top + h - bottom) / 2:.0f})">{html.escape(_("net (units)"))}</text>')
    for k, (name, series) in enumerate(history.items()):
        colour = _PALETTE[k % len(_PALETTE)]
        points = [(xs[i], f"{py(v):.1f}") for i, v in enumerate(series)]
        parts.append(f'<polyline points="{" ".join(f"{x},{y}" for x, y in points)}" fill="none" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.extend(f'<circle cx="{x}" cy="{y}" r="2.5" fill="{colour}"/>' for x, y in points)
    for k, label, lx, ly in legend:
        colour = _PALETTE[k % len(_PALETTE)]
        parts.append(f'<line x1="{lx:.0f}" y1="{ly}" x2="{lx + 16:.0f}" y2="{ly}" stroke="{colour}" '
                     f'stroke-width="2"/><text x="{lx + 20:.0f}" y="{ly + 3.5}" {txt.format(10)}>'
                     f"{html.escape(label)}</text>")
    parts.append("</svg>")
    return "".join(parts)


class BankrollChart(plain.HTML):
    """A small chart of running net amounts (see :func:`bankroll_svg`).

    :meth:`draw` redraws only when the history has changed since the last
    draw (a series added, grown, replaced or with a new last value), so a
    table may call it on every click."""

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("bg-bankroll")
        self._drawn: tuple | None = None

    def draw(self, history: Mapping[Hashable, Sequence[Fraction]]) -> None:
        """Draw ``history`` (name -> running totals, index 0 before the first deal)."""
        # running totals only grow at the end: a series is the same if it is the same list, as long, with
        # the same last value (comparing every value would cost more per click as a session goes on)
        key = tuple((name, id(values), len(values), values[-1] if len(values) else None)
                    for name, values in history.items())
        if key == self._drawn:
            return
        self._drawn = key
        svg = bankroll_svg({str(name): values for name, values in history.items()})
        self.value = (f'<div style="background:#fff;display:inline-block;border-radius:4px">{svg}</div>'
                      if svg else "")
