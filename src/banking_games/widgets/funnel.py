"""The class board's funnel plot: :func:`funnel_svg`, an inline SVG (the page's Python has no
numpy or matplotlib) of each group's fraction against its trials, with the exact chance and
its band of two standard errors.

Part of the class board (:mod:`banking_games.widgets.board`).
"""

from __future__ import annotations

import html
import math
from fractions import Fraction
from typing import Sequence

from ..i18n import _, localize_number
from ..classroom import teaching as T
from ..render import ALERT_COLOUR
from .common import plural


# ---------------------------------------------------------------- the funnel plot

def funnel_svg(points: Sequence[tuple[str, int, float, bool]], p: Fraction, label: str, *,
               per_deal: int = 1, cov: Fraction = Fraction(0)) -> str:
    """Each group's fraction against its number of trials, with the exact
    chance ``p`` and the funnel ``p +- 2 SE`` (from :func:`teaching.band`
    with ``per_deal`` trials a deal sharing the covariance ``cov``), as an
    ``<svg>`` string in the page's theme colours (CSS variables). ``points``
    are ``(name, trials, fraction, flagged)``. Empty without points."""
    points = [pt for pt in points if pt[1] > 0]
    if not points:
        return ""
    w, h, left, right, top, bottom = 480, 250, 46, 14, 26, 38
    pw, ph = w - left - right, h - top - bottom
    k = max(1, per_deal)
    nmax = max(n for _, n, _, _ in points)
    xmax = max(k * 2, math.ceil(nmax * 1.15 / k) * k)
    ys = [f for _, _, f, _ in points] + [float(p)]
    ns = sorted({k * max(1, round(xmax / k * (j / 80) ** 2)) for j in range(81)})
    bands = [(n, T.band(p, n, per_deal=k, covariance_per_deal=cov)) for n in ns]
    lo_min = min(b[1] for _, b in bands[2:] or bands)
    hi_max = max(b[2] for _, b in bands[2:] or bands)
    ylo = max(0.0, math.floor(min(min(ys), lo_min) * 10 - 0.5) / 10)
    yhi = min(1.0, math.ceil(max(max(ys), hi_max) * 10 + 0.5) / 10)
    if yhi <= ylo:
        yhi = min(1.0, ylo + 0.1)

    def px(n: float) -> float:
        return left + pw * n / xmax

    def py(y: float) -> float:
        return top + ph * (1 - (min(max(y, ylo), yhi) - ylo) / (yhi - ylo))

    ink = 'fill="#333" style="fill:var(--jp-ui-font-color1,#333)"'
    txt = 'font-family="DejaVu Sans,Arial,sans-serif" font-size="{}" ' + ink
    inside = sum(1 for _, n, f, _ in points
                 if T.band(p, n, per_deal=k, covariance_per_deal=cov)[1] <= f <= T.band(p, n, per_deal=k,
                                                                                           covariance_per_deal=cov)[2])
    title = _("{label}: each group's fraction").format(label=label)
    aria = (_("Funnel plot of {label}: {groups}, {inside} inside the band of 2 standard errors around the exact "
              "chance {p} = {value}; ").format(label=label, groups=plural(len(points), 'group'), inside=inside, p=p,
                                                value=localize_number(f"{float(p):.3f}"))
            + "; ".join(_("{name}: {fraction} over {n}").format(name=name, fraction=localize_number(f"{f:.3f}"),
                                                                 n=n) for name, n, f, _unused in points))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
             f'style="max-width:100%;height:auto" role="img" aria-label="{html.escape(aria)}">',
             f'<rect width="{w}" height="{h}" fill="#fff" style="fill:var(--jp-layout-color0,#fff)"/>',
             f'<text x="{left}" y="16" {txt.format(12)} font-weight="bold">{html.escape(title)}</text>']
    step = 0.1 if yhi - ylo > 0.3 else 0.05
    y = ylo
    while y <= yhi + 1e-9:
        parts.append(f'<line x1="{left}" y1="{py(y):.1f}" x2="{w - right}" y2="{py(y):.1f}" stroke="#ddd" '
                     'style="stroke:var(--jp-layout-color2,#ddd)"/>'
                     f'<text x="{left - 4}" y="{py(y) + 3:.1f}" text-anchor="end" {txt.format(10)}>{y:.2f}</text>')
        y += step
    upper = [(px(n), py(b[2])) for n, b in bands]
    lower = [(px(n), py(b[1])) for n, b in reversed(bands)]
    parts.append(f'<polygon points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in upper + lower)}" fill="#1a5fb4" '
                 'fill-opacity="0.22" style="fill:var(--jp-brand-color1,#1a5fb4)" stroke="none"/>')
    parts.append(f'<line x1="{left}" y1="{py(float(p)):.1f}" x2="{w - right}" y2="{py(float(p)):.1f}" '
                 'stroke="#1a5fb4" style="stroke:var(--jp-brand-color1,#1a5fb4)" stroke-width="1.5" '
                 'stroke-dasharray="6 4"/>')
    axis = 'stroke="#333" style="stroke:var(--jp-ui-font-color1,#333)"'
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + ph}" {axis}/>'
                 f'<line x1="{left}" y1="{top + ph}" x2="{w - right}" y2="{top + ph}" {axis}/>')
    for frac in (0, 0.25, 0.5, 0.75, 1):
        n = round(xmax * frac)
        anchor = "start" if frac == 0 else "end" if frac == 1 else "middle"
        parts.append(f'<text x="{px(n):.1f}" y="{top + ph + 13}" text-anchor="{anchor}" {txt.format(10)}>{localize_number(f"{n:,}")}</text>')
    what = _("sections counted by the group") if k > 1 else _("trials counted by the group")
    parts.append(f'<text x="{left + pw / 2:.0f}" y="{h - 6}" text-anchor="middle" {txt.format(10)}>'
                 f"{html.escape(what)}</text>")
    parts.append(f'<text x="11" y="{top + ph / 2:.0f}" text-anchor="middle" {txt.format(10)} '
                 f'transform="rotate(-90 11 {top + ph / 2:.0f})">{html.escape(_("fraction"))}</text>')
    seen: dict[tuple, int] = {}
    for name, n, f, flagged in points:
        # groups with the same point are set side by side, 6 px apart, so each shows
        same = seen[(n, round(f, 9))] = seen.get((n, round(f, 9)), -1) + 1
        x = px(n) - 6 * same
        colour = "#b00020" if flagged else "#333"
        style = ALERT_COLOUR if flagged else "var(--jp-ui-font-color1,#333)"
        shape = (f'<rect x="{x - 4.5:.1f}" y="{py(f) - 4.5:.1f}" width="9" height="9"' if flagged
                 else f'<circle cx="{x:.1f}" cy="{py(f):.1f}" r="4.5"')
        parts.append(f'{shape} fill="{colour}" fill-opacity="0.75" style="fill:{style}">'
                     f"<title>{html.escape(_('{name}: {fraction} over {n}').format(name=name, fraction=localize_number(f'{f:.3f}'), n=n))}"
                     f"</title></{shape.split()[0][1:]}>")
    parts.append(f'<text x="{w - right}" y="{py(float(p)) - 5:.1f}" text-anchor="end" {txt.format(10)}>'
                 f"{html.escape(_('exact {p}').format(p=p))}</text>")
    parts.append("</svg>")
    return "".join(parts)
