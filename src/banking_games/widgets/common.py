"""Building blocks shared by the dealing tables: a deal replay that works on
a static page, a message bar that shows refused actions, a guard that turns
rule errors into messages, and a small bankroll chart.

No game rule lives here. Widgets are ipywidgets 8.
"""

from __future__ import annotations

import functools
import html
import io
import time
from fractions import Fraction
from typing import Callable, Mapping, Sequence

import ipywidgets as widgets

from ..errors import GameError

__all__ = ["DealReplay", "MessageBar", "guarded", "bankroll_chart_svg", "BankrollChart", "fmt_amount"]


def fmt_amount(x: Fraction | int) -> str:
    """Format an exact amount for a reader: ``+3``, ``-1/2``, ``0``."""
    x = Fraction(x)
    text = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return ("+" + text) if x > 0 else text


class DealReplay(widgets.VBox):
    """Step through a deal's frames in the browser, with or without a kernel.

    A ``Play`` button and a slider are linked *in the browser* (``jslink``)
    to a ``Stack`` of HTML frames, so on a static web page the reader can
    play or drag through a deal computed when the page was built.

    Args:
        frames: HTML fragments, one per step of the deal (e.g. from a
            ``display`` module's table function), first to last. At least one.
        interval_ms: time between frames when playing, in milliseconds.
        label: text before the slider (e.g. ``"Card"``).

    Raises:
        ValueError: if ``frames`` is empty.
    """

    def __init__(self, frames: Sequence[str], *, interval_ms: int = 900, label: str = "Step") -> None:
        if not frames:
            raise ValueError("a DealReplay needs at least one frame")
        self.play = widgets.Play(value=0, min=0, max=len(frames) - 1, step=1, interval=interval_ms,
                                 description="Play the deal", show_repeat=False)
        self.slider = widgets.IntSlider(value=0, min=0, max=len(frames) - 1, step=1, description=label,
                                        continuous_update=True,
                                        layout=widgets.Layout(width="min(420px, 90%)"))
        self.stack = widgets.Stack([widgets.HTML(str(f)) for f in frames], selected_index=0)
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        widgets.jslink((self.slider, "value"), (self.stack, "selected_index"))
        super().__init__([widgets.HBox([self.play, self.slider]), self.stack])
        self.add_class("bg-replay")

    @property
    def n_frames(self) -> int:
        return len(self.stack.children)

    def set_frames(self, frames: Sequence[str], *, index: int | None = None) -> None:
        """Replace the frames (in a kernel) and show frame ``index`` (default: the last)."""
        if not frames:
            raise ValueError("a DealReplay needs at least one frame")
        index = len(frames) - 1 if index is None else index
        old = list(self.stack.children)
        for child, frame in zip(old, frames):
            if child.value != str(frame):
                child.value = str(frame)
        if len(frames) != len(old):
            self.stack.children = old[: len(frames)] + [widgets.HTML(str(f)) for f in frames[len(old):]]
        top = len(frames) - 1
        # widen before moving the value, narrow after, so no value is ever out of range
        self.play.max = max(self.play.max, top)
        self.slider.max = max(self.slider.max, top)
        self.slider.value = index
        self.play.value = index
        self.stack.selected_index = index
        self.play.max = top
        self.slider.max = top


class MessageBar(widgets.HTML):
    """One line that tells the reader what happened or why an action was refused."""

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("bg-message")

    def error(self, text: str) -> None:
        self.value = (f'<div role="alert" style="color:#b00020;font-weight:bold;padding:2px 0">'
                      f"⚠ {html.escape(text)}</div>")

    def info(self, text: str) -> None:
        self.value = f'<div style="padding:2px 0">{html.escape(text)}</div>'

    def clear(self) -> None:
        self.value = ""

    @property
    def is_error(self) -> bool:
        return 'role="alert"' in self.value


def guarded(method: Callable) -> Callable:
    """Decorate a table's action so that errors show in its ``message`` bar.

    A :class:`~banking_games.errors.GameError` (a refused action: bad card,
    illegal bet, wrong moment) is shown as its message; the engine has left
    the state as it was. Any other exception is shown too, as a bug, rather
    than as a traceback in the notebook. The wrapped call's duration in
    seconds is kept in ``self.last_action_seconds``.
    """

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        start = time.perf_counter()
        try:
            result = method(self, *args, **kwargs)
        except GameError as exc:
            self.message.error(str(exc))
            result = None
        except Exception as exc:  # a bug: show it in the widget, not as a traceback
            self.message.error(f"Unexpected error ({type(exc).__name__}): {exc}. Please report it.")
            result = None
        self.last_action_seconds = time.perf_counter() - start
        return result

    return wrapper


def bankroll_chart_svg(history: Mapping[str, Sequence[Fraction]], *, width_in: float = 4.2,
                       height_in: float = 1.8, title: str = "Running net since the first deal") -> str:
    """Draw each person's running net amount after each deal as an SVG line chart.

    Args:
        history: name -> list of running totals, one per settled deal
            (index 0 is before the first deal: normally 0).

    Returns:
        An ``<svg>`` document as text (matplotlib, no JavaScript), or an empty
        string if there is nothing to draw yet.
    """
    if not history or max((len(v) for v in history.values()), default=0) < 2:
        return ""
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width_in, height_in))
    ax = fig.add_subplot()
    for name, values in history.items():
        ax.plot(range(len(values)), [float(v) for v in values], marker="o", markersize=3, label=str(name))
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("deals settled", fontsize=8)
    ax.set_ylabel("net (units)", fontsize=8)
    ax.set_title(title, fontsize=9)
    ax.tick_params(labelsize=7)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.subplots_adjust(left=0.14, right=0.78, bottom=0.25, top=0.86)
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg")
    text = buffer.getvalue()
    return text[text.index("<svg"):]


class BankrollChart(widgets.HTML):
    """A small chart of running net amounts (see :func:`bankroll_chart_svg`)."""

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("bg-bankroll")

    def draw(self, history: Mapping[str, Sequence[Fraction]]) -> None:
        svg = bankroll_chart_svg(history)
        self.value = (f'<div style="background:#fff;display:inline-block;border-radius:4px">{svg}</div>'
                      if svg else "")
