"""The class board's drawing: its projector view, pooled table rows, mean net and funnel plot.

Pure functions of the board's state (the game's :class:`~banking_games.classroom.board_checks`
description, the entries on the board, whether the exact values are shown), used by
:class:`banking_games.widgets.board.ClassBoard`. They return HTML text (or rows of
plain values for :func:`banking_games.widgets.common.html_table`); no widget is made here.

Sources: the bands are :func:`banking_games.classroom.teaching.band` (two standard errors,
allowing for trials that share a deal) and :func:`~banking_games.classroom.teaching.mean_net`.
"""

from __future__ import annotations

import html
import math
from fractions import Fraction

from ..classroom import teaching as T
from ..i18n import N_, _, localize_number, ngettext
from ..render import MUTED_COLOUR
from .controls import number_text
from .funnel import funnel_svg

__all__ = ["HIDDEN", "PROJECTOR_CSS", "PROJECTOR_FONT_PX", "mean_net_html", "plot_html", "pooled_rows",
           "trials_per_deal"]


def _esc(text: str) -> str:
    """A text for HTML, its quotes left as they are (as the board wrote them before)."""
    return html.escape(text, quote=False)


HIDDEN = N_("hidden until Reveal")
"""What the board shows in place of an exact value while the exact values are hidden
(English; drawn in the language in use)."""


PROJECTOR_FONT_PX = 26
"""The size of the pooled figures in the board's projector view (readable from the back of a
classroom at 1280 x 720; the issue's floor is 24 px)."""

PROJECTOR_CSS = f"""<style>
.bg-board.bg-projector {{ position: fixed; inset: 0; z-index: 2000; overflow: auto; padding: 1rem 2rem;
  background: var(--pst-color-background, var(--jp-layout-color0, #fff)); }}
.bg-board.bg-projector > :not(.bg-projected) {{ display: none !important; }}
.bg-board.bg-projector > * {{ flex-shrink: 0 !important; }}
.bg-board.bg-projector .bg-pooled, .bg-board.bg-projector .bg-pooled > div {{ overflow: visible !important; }}
.bg-board.bg-projector .bg-pooled td, .bg-board.bg-projector .bg-pooled th {{ white-space: normal;
  font-size: {PROJECTOR_FONT_PX}px !important; }}
.bg-board.bg-projector .bg-pooled td + td {{ white-space: nowrap; }}
.bg-board.bg-projector .bg-projected, .bg-board.bg-projector .bg-pooled table {{ font-size: {PROJECTOR_FONT_PX}px; }}
.bg-board.bg-projector .bg-pooled table caption {{ font-size: {PROJECTOR_FONT_PX}px; }}
.bg-board.bg-projector .bg-funnel svg {{ width: min(100%, 1000px) !important; height: auto; }}
</style>"""
"""The projector view's rules, sent with the board itself (the website and JupyterLab alike)."""


def trials_per_deal(game, entries, *, common: bool = False) -> int | None:
    """The trials a deal of the board's ``entries`` for ``game`` (a game whose events count
    several trials a deal: Banker and Broker's sections), when every group has the same;
    else None, or with ``common`` the number most groups have."""
    first = next(iter(game.names))
    ks = [e.counts[first][1] // e.code.deals for e in entries]
    if len(set(ks)) == 1:
        return ks[0]
    return max(set(ks), key=ks.count) if common and ks else None


def pooled_rows(game, entries) -> list[dict]:
    """The pooled table of the board's ``entries``, one dict per event of ``game.names``:
    :func:`teaching.summary_rows` of the pooled counts with the exact chances (and, where an
    event is counted several times a deal, the trials a deal and their covariance, as the
    lesson page)."""
    g = game
    exact = g.exact()
    total = T.pool([e.group_counts() for e in entries])
    if not g.lesson.SEVERAL_PER_DEAL or not entries:
        return T.summary_rows(total, exact, dict(g.names))
    k = trials_per_deal(game, entries)
    if k is not None:
        return T.summary_rows(total, exact, dict(g.names), per_deal={n: k for n in g.names},
                              cov={n: exact[f"{n}_cov"] for n in g.names})
    # groups with different numbers of sections a deal: the pooled fraction's variance is the sum
    # of each group's (its band from teaching.band), weighted by its share of the sections
    rows = T.summary_rows(total, exact, dict(g.names))
    for row, name in zip(rows, g.names):
        c = total[name]
        var = 0.0
        for e in entries:
            if name not in e.counts:   # a repeat's code counts W only
                continue
            d, n = e.code.deals, e.counts[name][1]
            se = T.band(exact[name], n, per_deal=n // d, covariance_per_deal=exact[f"{name}_cov"])[0]
            var += (n * se) ** 2
        se = math.sqrt(var) / c.trials
        lo, hi = float(exact[name]) - 2 * se, float(exact[name]) + 2 * se
        row.update({"band (±2 SE)": T.band_text(lo, hi),
                    "inside?": "yes" if lo <= c.fraction <= hi else "no"})
    return rows


def mean_net_html(game, groups, revealed: bool) -> str:
    """The class's mean net per unit staked on the lesson's bets (:func:`teaching.mean_net`),
    with its exact value and band: what the lesson's money question is about."""
    m = T.mean_net(game.key, groups)
    if m is None:
        return ""
    text = _("<b>Mean net per unit staked</b> (one unit on each of the lesson's bets in every deal): "
             "<b>{mean}</b> over {units}; ").format(
        mean=localize_number(f"{float(m.value):+.3f}"),
        units=ngettext("{n} unit", "{n} units", m.stakes).format(n=number_text(m.stakes)))
    if not revealed:
        return (f'<p class="bg-mean-net" style="margin:0.4em 0">{text}'
                f'{_esc(_("exact value and band {hidden}").format(hidden=_(HIDDEN)))}.</p>')
    text += _esc(_("exact {value} ({decimal})").format(
        value=m.expected, decimal=localize_number(f"{float(m.expected):+.3f}")))
    if m.lo is not None:
        verdict = _("band (±2 SE) {band}: inside") if m.lo <= m.value <= m.hi else _("band (±2 SE) {band}: outside")
        text += "; " + _esc(verdict.format(band=T.band_text(m.lo, m.hi, signed=True)))
    return f'<p class="bg-mean-net" style="margin:0.4em 0">{text}.</p>'


def plot_html(game, entries, event: str, revealed: bool, name_of) -> str:
    """The funnel plot of ``event`` (an event key of ``game.names``) with its legend, as HTML;
    while the exact values are hidden, a line saying so instead (the plot draws the exact
    chance). ``name_of(entry)`` names a group's mark."""
    g = game
    if not revealed:       # it draws the exact chance and its band
        return (f'<div style="font-size:90%;color:{MUTED_COLOUR}">'
                + _esc(_("Funnel plot {hidden} (it draws the exact chance).").format(hidden=_(HIDDEN)))
                + "</div>")
    exact = g.exact()
    k, cov = 1, Fraction(0)
    if g.lesson.SEVERAL_PER_DEAL:   # the groups with the trials a deal most have (the funnel is theirs)
        k = trials_per_deal(game, entries, common=True) or 1
        cov = exact[f"{event}_cov"] if k > 1 else Fraction(0)
    points = []
    for e in entries:
        s, n = e.counts.get(event, (0, 0))
        if n and (not g.lesson.SEVERAL_PER_DEAL or n // e.code.deals == k):
            points.append((name_of(e), n, s / n, bool(e.flag)))
    svg = funnel_svg(points, exact[event], T.event_label(g.names[event]), per_deal=k, cov=cov)
    if not svg:
        return ""
    return svg + (f'<div style="font-size:85%;color:{MUTED_COLOUR}">'
                  + _esc(_("Each mark is a group (a square: flagged); dashed: the exact chance; shaded: the exact "
                           "chance ± 2 standard errors for that many trials. With many trials, about 19 groups in "
                           "20 land inside (fewer or more with few trials, where the normal approximation is "
                           "rough).")) + "</div>")
