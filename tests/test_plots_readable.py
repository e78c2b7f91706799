"""Plots read well on a phone and hide nothing (issue 10).

Expected values are derived here, not read back from the code:

* On a 390 px phone the book's text column is about 358 px wide (390 px less
  the theme's 16 px padding each side), and an image wider than that is
  scaled down to it. Text of s points at the figure's dpi d is s*d/72 px
  tall in the image, so on the phone it is s*d/72 * 358/(w*d) = 358*s/(72*w)
  px for a figure w inches wide: at least 9 px needs s >= 9*72*w/358 points,
  1.81*w (9.05 pt for a 5-inch figure).
* The running average after n deals is (x_1+...+x_n)/n: its first value is
  the first result itself, so for results [3, -1, -1, -1] (a suit row paid
  3 to 1 that wins once, then loses) the running averages are 3, 1, 1/3, 0,
  and the y-axis must reach 3 at the top.
"""

from __future__ import annotations

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg

from banking_games import plots

PHONE_COLUMN_PX = 358


def _texts(fig):
    out = [t for t in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text"))
           if t.get_text().strip() and t.get_visible()]
    return out


def _check_readable(fig):
    FigureCanvasAgg(fig).draw()
    width_in = fig.get_size_inches()[0]
    need = 9 * 72 * width_in / PHONE_COLUMN_PX
    small = [(t.get_text(), t.get_fontsize()) for t in _texts(fig) if t.get_fontsize() < need]
    assert not small, f"text under {need:.2f} pt in a {width_in} in figure: {small[:5]}"
    # the legend lies outside the axes: its box does not overlap the axes' box
    renderer = fig.canvas.get_renderer()
    ax_box = fig.axes[0].get_window_extent(renderer)
    for legend in fig.legends:
        lb = legend.get_window_extent(renderer)
        assert lb.y1 <= ax_box.y0 + 1 or lb.y0 >= ax_box.y1 - 1, "legend overlaps the axes"
        assert lb.x0 >= -1 and lb.x1 <= fig.bbox.x1 + 1, "legend sticks out of the figure"
    assert fig.axes[0].get_legend() is None, "legend drawn inside the axes"


def test_running_mean_shows_whole_average_and_reads_on_phone():
    results = np.array([3, -1, -1, -1] * 50, dtype=float)
    fig = plots.running_mean_figure(results, 0, 3 ** 0.5, title="Suit row, paid 3 to 1", seed=1)
    _check_readable(fig)
    lo, hi = fig.axes[0].get_ylim()
    assert hi >= 3 and lo <= 0, (lo, hi)


def test_distribution_axis_fits_the_data():
    # exact pmf: values -100..100, but all mass within -30..30 except 1e-9 at the ends
    pmf = {v: 0.0 for v in range(-100, 101)}
    pmf[-100] = pmf[100] = 1e-9
    for v in range(-30, 31):
        pmf[v] = (1 - 2e-9) / 61
    sample = np.random.default_rng(5).integers(-30, 31, size=1000)
    fig = plots.distribution_figure(sample, pmf, title="t", xlabel="x", seed=5)
    _check_readable(fig)
    lo, hi = fig.axes[0].get_xlim()
    # data within 30: the axis may add a margin but must not run out to +-100
    assert -40 <= lo <= -30 and 30 <= hi <= 40, (lo, hi)


def test_paths_and_place_legend_read_on_phone():
    fig = plots.paths_figure({"bank wins ties": np.cumsum(np.ones((3, 20)), axis=1)}, title="bankroll")
    fig.axes[0].plot([0, 19], [0, 19], label="expected")
    plots.place_legend(fig)
    _check_readable(fig)
    assert len(fig.legends) == 1
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["bank wins ties", "expected"]


def test_card_codes_in_titles_become_symbols():
    """Frame titles and bet names show cards as the cards do (issue 10):
    rank then suit symbol, spades ♠, hearts ♥, diamonds ♦, clubs ♣."""
    from banking_games.render import card_text

    assert card_text("square 9H 8H 9D 8D") == "square 9♥ 8♥ 9♦ 8♦"
    assert card_text("7S-7H, then 10C") == "7♠-7♥, then 10♣"
    # words are left alone, even when they look like a code at their start or end
    assert card_text("ACE of spades, BACK, AS") == "ACE of spades, BACK, A♠"


def test_compact_html_keeps_every_card_and_its_styles():
    """compact_html moves repeated inline styles into one <style>: each element
    must keep exactly the declarations it had (inline before = class rule +
    what stays inline), and the cards' names must all still be there."""
    import re

    from banking_games.cards import parse_card
    from banking_games.render import back_html, card_html, compact_html, row_html

    cards = [parse_card(c) for c in "10H KS QS 2D".split()]
    frame = str(row_html([card_html(c) for c in cards] + [back_html(), card_html(cards[0], mark="#0a0")]))
    small = str(compact_html(frame))
    assert len(small) < len(frame)
    for c in cards:
        assert small.count(f'aria-label="{c.long_name}"') == frame.count(f'aria-label="{c.long_name}"')
    css = dict(re.findall(r"\.bg-frame \.([\w-]+)\{([^}]*)\}", small))

    def declared(html):  # style of each card, in document order: class rules + inline
        out = []
        for m in re.finditer(r'<div class="(bg-card[^"]*)"[^>]*?(?: style="([^"]*)")?>', html):
            rules = "".join(css.get(k, "") for k in m.group(1).split() if k in css and k != "bg-card")
            out.append(css.get("bg-card", "") * ("bg-card" in m.group(1).split()) + rules + (m.group(2) or ""))
        return out

    before = [m.group(1) for m in re.finditer(r'<div class="bg-card[^"]*"[^>]*? style="([^"]*)">', frame)]
    after = declared(small)
    assert len(after) == len(before) == 6

    def decls(s):
        return sorted(d.strip() for d in s.split(";") if d.strip())

    # bg-back's rule and bg-card's rule together give what the back's inline style said
    assert [decls(a) for a in after] == [decls(b) for b in before]
