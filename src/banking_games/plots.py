"""Matplotlib figures for the book: each function takes data (simulated
results, exact values) and returns a ``matplotlib.figure.Figure``. No game
rule lives here.

Figures have a white background and dark ink, so they read the same in the
website's light and dark themes. They are 5 inches wide (500 px at the
default 100 dpi) with no text under :data:`MIN_FONT_PT` points, so that on a
390 px phone, where the image is scaled to about 358 px, the smallest text
is still about 10 px tall (10 pt = 13.9 px at 100 dpi, times 358/500).
Legends sit under the axes, where they cover no data and no tick.

The words the module writes (legend entries, default axis labels) and the
numbers on the axes are in the language in use (:mod:`banking_games.i18n`):
German and Russian ticks carry a decimal comma (0,05); English figures are
drawn as before.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import ScalarFormatter

from .i18n import N_, _, language, localize_number

__all__ = ["running_mean_figure", "distribution_figure", "paths_figure", "place_legend", "localize_ticks", "MIN_FONT_PT"]

MIN_FONT_PT = 10
WIDTH_IN = 5.0
_EXACT = "#c0142b"
_SIM = "#1d4e89"


def _figure(width: float = WIDTH_IN, height: float = 4.2) -> tuple[Figure, object]:
    fig = Figure(figsize=(width, height), facecolor="white", layout="constrained")
    ax = fig.add_subplot()
    ax.set_facecolor("white")
    ax.tick_params(labelsize=MIN_FONT_PT)
    return fig, ax


def _finish(fig: Figure, ax, title: str, xlabel: str, ylabel: str, ncol: int = 1) -> Figure:
    """Labels at readable sizes and the legend under the axes (outside the data)."""
    ax.set_title(title, fontsize=MIN_FONT_PT + 1, wrap=True)
    ax.set_xlabel(xlabel, fontsize=MIN_FONT_PT)
    ax.set_ylabel(ylabel, fontsize=MIN_FONT_PT)
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="outside lower center", ncol=ncol, fontsize=MIN_FONT_PT,
                   frameon=False)
    localize_ticks(ax)
    return fig


class _LocalFormatter(ScalarFormatter):
    """Matplotlib's usual tick numbers, with the decimal sign of the language in use."""

    def __call__(self, x, pos=None):
        return localize_number(super().__call__(x, pos))


def localize_ticks(ax) -> None:
    """Write the plain-number ticks of ``ax`` (axes whose formatter is
    Matplotlib's default :class:`~matplotlib.ticker.ScalarFormatter`) with the
    decimal sign of the language in use: ``0,05`` in German and Russian.
    English axes are left as they are; logarithmic axes keep their powers of ten."""
    if language() == "en":
        return
    for axis in (ax.xaxis, ax.yaxis):
        if type(axis.get_major_formatter()) is ScalarFormatter:
            axis.set_major_formatter(_LocalFormatter())


def place_legend(fig: Figure, *, ncol: int = 1) -> Figure:
    """Redraw the legend under the axes after a page has added lines to a figure.

    Args:
        fig: a figure made by this module (one axes).
        ncol: legend columns.

    Returns:
        ``fig``, with one legend holding every labelled line of its axes.
    """
    for old in list(fig.legends):
        old.remove()
    ax = fig.axes[0]
    if ax.get_legend() is not None:
        ax.get_legend().remove()
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncol=ncol, fontsize=MIN_FONT_PT, frameon=False)
    return fig


def running_mean_figure(results: np.ndarray, exact_mean, exact_sd, *, title: str,
                        ylabel: str | None = None, seed: int | None = None) -> Figure:
    """The running average of a bet's results against its exact expected value.

    Args:
        results: 1-D array of the punter's net per deal (units of the stake).
        exact_mean: the exact expected value (Fraction, sympy number or float).
        exact_sd: the exact standard deviation of one result.
        title: figure title.
        seed: the seed the results came from, shown in the legend.
        ylabel: the y axis's label; default "average net per unit staked"
            in the language in use.

    Returns:
        A figure: the running average on a log scale of deals, the exact
        value as a line, and a band of the exact value ± 2 standard errors
        (2 × SD / sqrt(n)), inside which the average lies about 95 % of the time.
    """
    ylabel = _("average net per unit staked") if ylabel is None else ylabel
    results = np.asarray(results, dtype=float)
    n = np.arange(1, results.size + 1)
    running = np.cumsum(results) / n
    mean, sd = float(exact_mean), float(exact_sd)
    fig, ax = _figure()
    band = 2 * sd / np.sqrt(n)
    ax.fill_between(n, mean - band, mean + band, color=_EXACT, alpha=0.15, linewidth=0,
                    label=_("exact value ± 2 standard errors"))
    ax.axhline(mean, color=_EXACT, linewidth=1.2,
               label=_("exact expected value {value}").format(value=localize_number(_fmt(exact_mean))))
    label = (_("simulated running average") if seed is None
             else _("simulated running average (seed {seed})").format(seed=seed))
    ax.plot(n, running, color=_SIM, linewidth=1.0, label=label)
    ax.set_xscale("log")
    ax.set_xlim(1, results.size)
    # the whole running average is shown (its first deals included), and at least the band
    # from the 10th deal on
    pad = 0.05 * (running.max() - running.min() or sd)
    lo = min(running.min() - pad, mean - band[min(9, band.size - 1)])
    hi = max(running.max() + pad, mean + band[min(9, band.size - 1)])
    ax.set_ylim(lo, hi)
    return _finish(fig, ax, title, _("number of deals"), ylabel)


def distribution_figure(sample: np.ndarray, exact_pmf: Mapping, *, title: str, xlabel: str,
                        seed: int | None = None) -> Figure:
    """Simulated frequencies of a whole-number or fractional quantity against its exact distribution.

    Args:
        sample: 1-D array of simulated values.
        exact_pmf: ``{value: probability}`` (exact Fractions welcome).
        title, xlabel: labels.
        seed: shown in the legend.

    Returns:
        A figure with bars for the simulated relative frequencies and dots for
        the exact probabilities.
    """
    sample = np.asarray(sample, dtype=float)
    values = np.array([float(v) for v in exact_pmf], dtype=float)
    probs = np.array([float(p) for p in exact_pmf.values()], dtype=float)
    found, counts = np.unique(sample, return_counts=True)
    fig, ax = _figure()
    width = np.min(np.diff(np.sort(values))) * 0.8 if values.size > 1 else 0.8
    runs = localize_number(f"{sample.size:,}")
    label = (_("simulated, {runs} runs") if seed is None
             else _("simulated, {runs} runs (seed {seed})")).format(runs=runs, seed=seed)
    ax.bar(found, counts / sample.size, width=width, color=_SIM, alpha=0.55, label=label)
    ax.plot(values, probs, "o", color=_EXACT, markersize=3.5, label=_("exact probability"))
    # x range: the simulated values and every value of exact probability at least 1e-5
    likely = values[probs >= 1e-5]
    lo = min(found.min(), likely.min()) if found.size else likely.min()
    hi = max(found.max(), likely.max()) if found.size else likely.max()
    pad = max(width, 0.04 * (hi - lo))
    ax.set_xlim(lo - pad, hi + pad)
    return _finish(fig, ax, title, xlabel, _("probability"))


def paths_figure(paths: Mapping[str, np.ndarray], *, title: str, xlabel: str | None = None,
                 ylabel: str | None = None) -> Figure:
    """Several running totals (e.g. a banker's bankroll under each tie rule) on one axis.

    Args:
        paths: label -> 2-D array ``(n_paths, n_steps)`` or 1-D array of running totals.
        xlabel, ylabel: the axes' labels; default "deal" and "banker's
            bankroll (units)" in the language in use.
    """
    xlabel = _(_DEAL) if xlabel is None else xlabel
    ylabel = _(_BANKROLL) if ylabel is None else ylabel
    fig, ax = _figure()
    colours = [_SIM, _EXACT, "#2e7d32", "#6a1b9a", "#ef6c00"]
    for (label, data), colour in zip(paths.items(), colours * 3):
        data = np.atleast_2d(np.asarray(data, dtype=float))
        steps = np.arange(data.shape[1])
        for i, row in enumerate(data):
            ax.plot(steps, row, color=colour, alpha=0.5 if data.shape[0] > 1 else 1.0, linewidth=0.9,
                    label=label if i == 0 else None)
    ax.axhline(0, color="grey", linewidth=0.8)
    return _finish(fig, ax, title, xlabel, ylabel)


_DEAL = N_("deal")
_BANKROLL = N_("banker's bankroll (units)")


def _fmt(x) -> str:
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return str(x)
