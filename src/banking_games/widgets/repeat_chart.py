"""How a repeat's tally is drawn: the running frequency of each bet as an inline SVG
(:func:`running_frequency_svg`) and the table beside the exact probabilities
(:func:`tally_html`).

Part of the Repeat panel (:mod:`banking_games.widgets.repeat`).
"""

from __future__ import annotations

import html
import math
from fractions import Fraction

from ..i18n import _, localize_number
from ..formatting import number as number_text
from ..render import MUTED_COLOUR
from .common import fmt_amount, html_table, plural
from ..classroom.repeat_plan import RepeatTally


_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
            "#7f7f7f", "#bcbd22")

# ---------------------------------------------------------------- drawing

def _dec(x: float) -> str:
    return localize_number(f"{x:.3f}")


def _exact_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} = {_dec(float(p))}" if p.denominator != 1 else str(p.numerator)


def running_frequency_svg(tally: RepeatTally) -> str:
    """The running frequency of a win of each bet after 1, 2, ... deals, its
    exact chance (dashed) and its band of two standard errors (shaded), as
    an ``<svg>`` string (standard library only; scales down to a phone's
    width). Empty while nothing is dealt."""
    series = [b for b in tally.bets if b.trail]
    if not series or tally.deals < 1:
        return ""
    w, h, left, right, top, bottom = 480, 230, 44, 16, 24, 36
    n = max(b.trail[-1][0] for b in series)
    pw, ph = w - left - right, h - top - bottom
    hi = min(1.0, max(max(f for _, f in b.trail) for b in series) * 1.1 + 0.05,
             max(float(b.p_win) for b in series) * 1.6 + 0.1)
    hi = max(hi, max(float(b.p_win) for b in series) + 0.05)
    hi = min(1.0, math.ceil(hi * 10) / 10)

    def px(i: float) -> float:
        return left + pw * (i / n if n > 1 else 1.0)

    def py(y: float) -> float:
        return top + ph * (1 - min(max(y, 0.0), hi) / hi)

    txt = 'font-family="DejaVu Sans,Arial,sans-serif" font-size="{}" fill="#333"'
    title = _("Running frequency of a win over {deals}").format(deals=plural(tally.deals, 'deal'))
    label = title + "; " + "; ".join(
        _("bet {number} ends at {frequency}, exact {chance}").format(
            number=b.number, frequency=_dec(float(b.frequency)), chance=_dec(float(b.p_win))) for b in series)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
             f'style="max-width:100%;height:auto" role="img" aria-label="{html.escape(label)}">',
             f'<rect width="{w}" height="{h}" fill="#fff"/>',
             f'<text x="{left}" y="15" {txt.format(12)} font-weight="bold">{html.escape(title)}</text>']
    for k in range(0, int(round(hi * 10)) + 1, 1 if hi <= 0.5 else 2):
        y = py(k / 10)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{w - right}" y2="{y:.1f}" stroke="#e3e3e3"/>'
                     f'<text x="{left - 4}" y="{y + 3:.1f}" text-anchor="end" {txt.format(10)}>{localize_number(f"{k / 10:.1f}")}</text>')
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + ph}" stroke="#333"/>'
                 f'<line x1="{left}" y1="{top + ph}" x2="{w - right}" y2="{top + ph}" stroke="#333"/>')
    ticks = sorted({1, n} | {round(n * f) for f in (0.25, 0.5, 0.75)} - {0})
    for i in ticks:
        anchor = "end" if i == n and n > 1 else "middle"  # the last label inside the drawing
        parts.append(f'<text x="{px(i):.1f}" y="{top + ph + 13}" text-anchor="{anchor}" {txt.format(10)}>{localize_number(f"{i:,}")}</text>')
    parts.append(f'<text x="{left + pw / 2:.0f}" y="{h - 6}" text-anchor="middle" {txt.format(10)}>{html.escape(_("deals"))}</text>')
    parts.append(f'<text x="11" y="{top + ph / 2:.0f}" text-anchor="middle" {txt.format(10)} '
                 f'transform="rotate(-90 11 {top + ph / 2:.0f})">{html.escape(_("frequency of a win"))}</text>')
    steps = sorted({max(1, round(n * (j / 60) ** 2)) for j in range(61)})  # dense where the band is wide
    for k, b in enumerate(series):
        colour = _PALETTE[k % len(_PALETTE)]
        p = float(b.p_win)
        # the band of 2 standard errors after i deals placed (taken as i deals: exact where every bet goes down)
        upper = [(px(i), py(p + 2 * math.sqrt(p * (1 - p) / i))) for i in steps]
        lower = [(px(i), py(p - 2 * math.sqrt(p * (1 - p) / i))) for i in reversed(steps)]
        parts.append(f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in upper + lower)}" '
                     f'fill="{colour}" fill-opacity="0.10" stroke="none"/>')
        parts.append(f'<line x1="{left}" y1="{py(p):.1f}" x2="{w - right}" y2="{py(p):.1f}" stroke="{colour}" '
                     'stroke-dasharray="5 4" stroke-width="1.2"/>')
    for k, b in enumerate(series):
        colour = _PALETTE[k % len(_PALETTE)]
        points = " ".join(f"{px(i):.1f},{py(f):.1f}" for i, f in b.trail)
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.8"/>')
    parts.append("</svg>")
    return "".join(parts)


def _legend_html(tally: RepeatTally) -> str:
    items = []
    for k, b in enumerate(x for x in tally.bets if x.trail):
        colour = _PALETTE[k % len(_PALETTE)]
        items.append(f'<span style="white-space:nowrap;margin-right:12px"><span aria-hidden="true" '
                     f'style="display:inline-block;width:14px;height:3px;background:{colour};vertical-align:middle;'
                     f'margin-right:4px"></span>{html.escape(_("bet {number}").format(number=b.number))}</span>')
    return (f'<div style="font-size:85%">{"".join(items)}<br><span style="color:{MUTED_COLOUR}">'
            + html.escape(_("Solid: the running frequency; dashed: the exact chance; shaded: the exact chance ± 2 "
                            "standard errors after that many deals."), quote=False).replace("±", "&plusmn;")
            + "</span></div>")


def tally_html(tally: RepeatTally) -> str:
    """The tally as HTML: a table of counts and nets, a table of observed
    frequencies against the exact chances and their bands, and the chart."""
    any_missed = any(b.not_placed for b in tally.bets)
    head = ([_("bet"), _("punter"), _("on"), _("stake"), _("won"), _("lost"), _("tied")]
            + ([_("not placed")] if any_missed else []) + [_("net")])
    rows = []
    for b in tally.bets:
        row = [b.number, b.player, b.what, fmt_amount(b.stake).lstrip("+"), number_text(b.won), number_text(b.lost),
               number_text(b.tied)]
        if any_missed:
            row.append(number_text(b.not_placed))
        rows.append(row + [fmt_amount(b.net)])
    how = (_("{deals} (stopped: {asked} asked), seed {seed}").format(
        deals=plural(tally.deals, 'deal'), asked=number_text(tally.requested), seed=tally.seed) if tally.stopped
           else _("{deals}, seed {seed}").format(deals=plural(tally.deals, 'deal'), seed=tally.seed))
    counts = html_table(head, rows, _("Tally of {what}").format(what=how),
                        right=(0, 3, 4, 5, 6, 7) + ((8,) if any_missed else ()))
    rows = []
    for b in tally.bets:
        if not b.placed:
            rows.append((b.number, "-", _exact_text(b.p_win), "-", "-"))
            continue
        lo, hi = b.band
        rows.append((b.number, f"{_dec(float(b.frequency))} ({number_text(b.won)}/{number_text(b.placed)})",
                     _exact_text(b.p_win),
                     _("{low} to {high}").format(low=_dec(max(lo, 0.0)), high=_dec(min(hi, 1.0))),
                     _("yes") if b.inside else _("no")))
    freq = html_table((_("bet"), _("observed win frequency"), _("exact chance"), _("exact ± 2 SE"), _("inside")),
                      rows, _("Frequency of a win against the exact chance"), right=(0,))
    note = (f'<div style="font-size:85%;color:{MUTED_COLOUR}">'
            + html.escape(_("SE, the standard error: √(p(1−p)/N) for the exact chance p over the N deals the bet "
                            "went down in; about 19 repeats in 20 land inside p ± 2 SE."), quote=False)
            .replace("√", "&radic;").replace("−", "&minus;").replace("±", "&plusmn;")
            + f" {html.escape(tally.game)}: {html.escape(_(tally.note) if tally.note else tally.note)}</div>")
    chart = running_frequency_svg(tally)
    # width 0, at least the box's: a wide table scrolls sideways in its own box on a phone, instead of
    # widening the whole panel (a box's own width would otherwise follow its widest table)
    scroll = '<div style="width:0;min-width:100%;overflow-x:auto">{}</div>'
    return scroll.format(counts) + scroll.format(freq) + note + (
        f'<div style="margin-top:6px">{chart}</div>{_legend_html(tally)}' if chart else "")
